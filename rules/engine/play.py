"""A whole hand as an immutable state machine: antes, deal, betting rounds, showdown, payout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final

from rules.engine.betting import Action, ActionKind, BettingRound, LegalActions, start_round
from rules.engine.cards import Card
from rules.engine.deck import (
    MAX_PLAYERS,
    DeckState,
    SeventhProcedure,
    deal_seventh_street,
    new_deck,
)
from rules.engine.forced import BringInCode, bring_in
from rules.engine.games import Game
from rules.engine.order import ShowdownOrder, first_to_act, showdown_order
from rules.engine.pots import Settlement, settle
from rules.engine.profiles import DEFAULT_PROFILE, Profile, get_profile
from rules.engine.reasons import Reason
from rules.engine.stakes import Stakes, Street

__all__ = [
    "DEFAULT_STAKES",
    "Event",
    "EventKind",
    "HandReason",
    "HandState",
    "new_hand",
    "play_random_hand",
    "random_action",
]

DEFAULT_STAKES: Final = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
"""The sheet's default structure for examples: $5/$10 with a $1 ante and a $2 bring-in."""


class EventKind(StrEnum):
    """What an event records."""

    POSTED = "posted"  # antes
    DEALT = "dealt"  # cards to a seat (or the community card)
    BURNED = "burned"
    STREET = "street"  # a street's betting starts (who acts first and why) or is skipped
    BET = "bet"  # a player's action: fold, check, call, bring-in, complete, bet, raise
    SHOWDOWN = "showdown"
    AWARDED = "awarded"  # one pot's result


class HandReason(StrEnum):
    """Reason codes this module adds to the events (the site has one sentence per code)."""

    ANTE_POSTED = "ante_posted"  # R-ANTE-1
    ANTE_ALL_IN = "ante_all_in"  # R-ANTE-1, R-BRING-8: the ante took the player's last chips
    DEALT_DOWN = "dealt_down"  # R-DEAL-1/2
    DEALT_UP = "dealt_up"  # R-DEAL-1/2
    BURNED = "burned"  # R-DEAL-3
    COMMUNITY_CARD = "community_card"  # R-CARDS-1/2
    NO_BETTING_ALL_IN = "no_betting_all_in"  # R-ACT-5: fewer than two players can still bet
    NO_BRING_IN_OPTION = "no_bring_in_option"  # R-BRING-7: all called the bring-in, round over
    EVERYONE_ELSE_FOLDED = "everyone_else_folded"  # R-POT-7: the last live player wins


def _reason(rule: str, code: StrEnum, **fields: Any) -> Reason:
    return Reason(rule, code.value, **fields)


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the hand's log for walkthroughs: what happened, to whom, and why.

    ``amounts`` depend on the kind: antes posted per seat (POSTED); the street total and the
    chips added (BET); the shares of the pot's winners (AWARDED).

    >>> event = new_hand("stud", stacks=[20, 20], seed=1).events[0]
    >>> event.kind.value, event.seats, event.amounts, event.reasons[0].code
    ('posted', (0, 1), (1, 1), 'ante_posted')
    """

    kind: EventKind
    street: Street | None
    seats: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    amounts: tuple[int, ...] = ()
    action: ActionKind | None = None
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True, slots=True)
class HandState:
    """The whole state of one hand. Immutable: ``apply`` returns the next state.

    Seats are in dealing order (seat 0 first to the dealer's left); ``dealt_in[i]`` is False
    for an empty seat. ``stacks`` are chips behind; ``committed`` the chips put in on earlier
    streets (antes included); the current street's bets live in ``round``.

    >>> state = new_hand("stud", stacks=[30, None, 30], seed=2)
    >>> state.seats, state.live, state.pot, [len(state.cards(s)) for s in (0, 2)]
    (3, (True, False, True), 2, [3, 3])
    >>> state.board(1) is None, state.street.value, state.is_over
    (True, 'third', False)
    """

    game: Game
    profile: Profile
    stakes: Stakes
    seed: int | str
    starting_stacks: tuple[int | None, ...]
    dealt_in: tuple[bool, ...]
    folded: tuple[bool, ...]
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    down: tuple[tuple[Card, ...], ...]
    up: tuple[tuple[Card, ...], ...]
    community: Card | None
    deck: DeckState
    street: Street
    round: BettingRound | None
    bring_in_seat: int | None
    seventh_aggressor: int | None
    events: tuple[Event, ...]
    showdown: ShowdownOrder | None = None
    settlement: Settlement | None = None

    # --- reading the state -----------------------------------------------------------------

    @property
    def seats(self) -> int:
        """The number of seats (empty ones included)."""
        return len(self.dealt_in)

    @property
    def live(self) -> tuple[bool, ...]:
        """Seats still in the hand (dealt in and not folded)."""
        return tuple(d and not f for d, f in zip(self.dealt_in, self.folded, strict=True))

    @property
    def is_over(self) -> bool:
        """Whether the hand is settled."""
        return self.settlement is not None

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or ``None`` when the hand is over."""
        return None if self.round is None else self.round.to_act

    @property
    def contributions(self) -> tuple[int, ...]:
        """All the chips each seat has put in so far."""
        bets = self.round.bets if self.round is not None else (0,) * self.seats
        return tuple(c + b for c, b in zip(self.committed, bets, strict=True))

    @property
    def pot(self) -> int:
        """The chips in the middle."""
        return sum(self.contributions)

    def cards(self, seat: int) -> tuple[Card, ...]:
        """Seat ``seat``'s own cards in dealing order (down cards first, then upcards)."""
        self._check_seat(seat)
        return self.down[seat] + self.up[seat]

    def board(self, seat: int) -> tuple[Card, ...] | None:
        """Seat ``seat``'s upcards, or ``None`` if the seat is folded or empty."""
        self._check_seat(seat)
        return self.up[seat] if self.live[seat] else None

    @property
    def boards(self) -> tuple[tuple[Card, ...] | None, ...]:
        """Every seat's upcards (``None`` for folded and empty seats)."""
        live = self.live
        return tuple(self.up[seat] if live[seat] else None for seat in range(self.seats))

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat to act (none once the hand is over).

        >>> state = new_hand("stud", stacks=[100, 100, 100], seed=1)
        >>> state.to_act, state.legal_actions().kinds
        (1, (<ActionKind.BRING_IN: 'bring_in'>, <ActionKind.COMPLETE: 'complete'>))
        """
        if self.round is None:
            return LegalActions(None, ())
        return self.round.legal_actions()

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < self.seats:
            raise ValueError(f"unknown seat {seat!r}: seats are 0..{self.seats - 1}")

    # --- acting ------------------------------------------------------------------------------

    def apply(self, action: Action | ActionKind | str, amount: int | None = None) -> HandState:
        """The state after the seat to act takes ``action``; the old state is unchanged.

        ``amount`` is the player's total for this street ("to"), needed for bring-in,
        completion, bet and raise unless the action is already an ``Action``. An illegal
        action raises ``ValueError`` naming it and the legal choices.

        >>> state = new_hand("stud", stacks=[100, 100, 100], seed=1)
        >>> state.apply("check")
        Traceback (most recent call last):
        ...
        ValueError: seat 1 may not check: legal actions are bring_in 2, complete 5
        >>> state.apply("bring_in", 2).to_act
        2
        """
        if not isinstance(action, Action):
            action = Action(ActionKind(action), amount)
        if self.round is None or self.round.to_act is None:
            raise ValueError(f"action {action.kind.value!r} is illegal: the hand is over")
        seat = self.round.to_act
        offered = self.round.legal_actions().get(action.kind)
        before = self.round.bets[seat]
        rnd = self.round.apply(action)
        total = rnd.bets[seat]
        event = Event(
            EventKind.BET,
            self.street,
            seats=(seat,),
            amounts=(total, total - before),
            action=action.kind,
            reasons=offered.reasons if offered is not None else (),
        )
        folded = tuple(
            self.folded[i] or (self.dealt_in[i] and not rnd.live[i]) for i in range(self.seats)
        )
        state = _evolve(
            self,
            round=rnd,
            stacks=rnd.stacks,
            folded=folded,
            events=(*self.events, event),
        )
        if rnd.is_complete:
            state = state._end_street()
        return state

    # --- the machinery ------------------------------------------------------------------------

    def _log(self, *events: Event) -> HandState:
        return _evolve(self, events=(*self.events, *events))

    def _end_street(self) -> HandState:
        rnd = self.round
        state = self
        if rnd is not None:
            if self.street is Street.SEVENTH:
                state = _evolve(state, seventh_aggressor=rnd.last_aggressor)
            if (
                self.street is Street.THIRD
                and rnd.raises == 0
                and rnd.forced_seat is not None
                and sum(rnd.live) > 1
            ):
                state = state._log(
                    Event(
                        EventKind.STREET,
                        self.street,
                        seats=(rnd.forced_seat,),
                        reasons=(
                            _reason(
                                "R-BRING-7",
                                HandReason.NO_BRING_IN_OPTION,
                                seats=(rnd.forced_seat,),
                            ),
                        ),
                    )
                )
            state = _evolve(
                state,
                committed=state.contributions,
                stacks=rnd.stacks,
                round=None,
            )
        return state._advance()

    def _advance(self) -> HandState:
        """The street's betting is over: deal and run streets until someone must act or the
        hand is settled."""
        state = self
        while True:
            live = [seat for seat, flag in enumerate(state.live) if flag]
            if len(live) == 1:
                return state._award(uncontested=live[0])
            nxt = state.street.next
            if nxt is None:
                return state._award(uncontested=None)
            state = state._deal(nxt)._open_betting()
            if state.round is not None:
                return state

    def _deal(self, street: Street) -> HandState:
        live = tuple(seat for seat, flag in enumerate(self.live) if flag)
        deck = self.deck
        events: list[Event] = []
        down, up = list(self.down), list(self.up)
        community = self.community
        if street is Street.SEVENTH:
            deal = deal_seventh_street(deck, live, profile=self.profile)
            deck = deal.deck
            plan_reasons = deal.plan.reasons
            if deal.plan.procedure is SeventhProcedure.NORMAL:
                events.append(
                    Event(
                        EventKind.BURNED,
                        street,
                        cards=deck.burns[-1:],
                        reasons=(_reason("R-DEAL-3", HandReason.BURNED),),
                    )
                )
            elif deal.community is None:
                # R-CARDS: the deck ran short; the plan's reasons say what the dealer did.
                events.append(Event(EventKind.BURNED, street, reasons=plan_reasons))
            if deal.community is not None:
                community = deal.community
                events.append(
                    Event(
                        EventKind.DEALT,
                        street,
                        cards=(community,),
                        reasons=(
                            *plan_reasons,
                            _reason("R-CARDS-1", HandReason.COMMUNITY_CARD, cards=(community,)),
                        ),
                    )
                )
            else:
                for seat, card in deal.cards:
                    down[seat] = (*down[seat], card)
                    events.append(
                        Event(
                            EventKind.DEALT,
                            street,
                            seats=(seat,),
                            cards=(card,),
                            reasons=(_reason("R-DEAL-2", HandReason.DEALT_DOWN, seats=(seat,)),),
                        )
                    )
        else:
            burned, deck = deck.burn()
            events.append(
                Event(
                    EventKind.BURNED,
                    street,
                    cards=(burned,),
                    reasons=(_reason("R-DEAL-3", HandReason.BURNED),),
                )
            )
            cards, deck = deck.deal(len(live))
            for seat, card in zip(live, cards, strict=True):
                up[seat] = (*up[seat], card)
                events.append(
                    Event(
                        EventKind.DEALT,
                        street,
                        seats=(seat,),
                        cards=(card,),
                        reasons=(_reason("R-DEAL-2", HandReason.DEALT_UP, seats=(seat,)),),
                    )
                )
        return _evolve(
            self,
            deck=deck,
            down=tuple(down),
            up=tuple(up),
            community=community,
            street=street,
            events=(*self.events, *events),
        )

    def _open_betting(self) -> HandState:
        """Start the current street's betting round, or log why there is none."""
        live_flags = self.live
        contesting = [
            seat for seat in range(self.seats) if live_flags[seat] and self.stacks[seat] > 0
        ]
        if self.street is Street.THIRD:
            return self._open_third(contesting)
        if len(contesting) < 2:
            return self._log(
                Event(
                    EventKind.STREET,
                    self.street,
                    seats=tuple(contesting),
                    reasons=(
                        _reason("R-ACT-5", HandReason.NO_BETTING_ALL_IN, seats=tuple(contesting)),
                    ),
                )
            )._skip_round()
        all_in = tuple(s for s in range(self.seats) if live_flags[s] and self.stacks[s] == 0)
        community = self.community if self.street is Street.SEVENTH else None
        boards = self.boards
        decision = first_to_act(
            self.game,
            boards,
            profile=self.profile,
            all_in=all_in,
            community=community,
        )
        rnd = start_round(
            self.game,
            self.street,
            stakes=self.stakes,
            stacks=self.stacks,
            first=decision.seat,
            live=live_flags,
            profile=self.profile,
            boards=boards,
        )
        event = Event(
            EventKind.STREET, self.street, seats=(decision.seat,), reasons=decision.reasons
        )
        return _evolve(self, round=rnd, events=(*self.events, event))._settle_if_idle()

    def _open_third(self, contesting: list[int]) -> HandState:
        upcards = tuple(self.up[s][0] if self.dealt_in[s] else None for s in range(self.seats))
        if not contesting:
            return self._log(
                Event(
                    EventKind.STREET,
                    self.street,
                    reasons=(_reason("R-ACT-5", HandReason.NO_BETTING_ALL_IN),),
                )
            )._skip_round()
        stranded = {s for s in range(self.seats) if self.dealt_in[s] and self.stacks[s] == 0}
        decision = bring_in(self.game, upcards, profile=self.profile, all_in_for_ante=stranded)
        substitute = any(
            r.code == BringInCode.LOW_CARD_ALL_IN_FOR_ANTE.value for r in decision.reasons
        )
        rnd = start_round(
            self.game,
            Street.THIRD,
            stakes=self.stakes,
            stacks=self.stacks,
            first=decision.seat,
            live=self.live,
            forced=True,
            substitute=substitute,
            profile=self.profile,
        )
        event = Event(
            EventKind.STREET, Street.THIRD, seats=(decision.seat,), reasons=decision.reasons
        )
        return _evolve(
            self, round=rnd, bring_in_seat=decision.seat, events=(*self.events, event)
        )._settle_if_idle()

    def _skip_round(self) -> HandState:
        return _evolve(self, round=None)

    def _settle_if_idle(self) -> HandState:
        if self.round is not None and self.round.is_complete:
            return _evolve(self, round=None)
        return self

    def _award(self, *, uncontested: int | None) -> HandState:
        live = self.live
        hands: list[tuple[Card, ...] | None] = [
            self.cards(seat) if live[seat] else None for seat in range(self.seats)
        ]
        folded = [not flag for flag in live]
        events: list[Event] = []
        order: ShowdownOrder | None = None
        if uncontested is None:
            chips = self.committed
            top = max(chips[s] for s in range(self.seats) if live[s])
            short = tuple(s for s in range(self.seats) if live[s] and chips[s] < top)
            order = showdown_order(
                self.game,
                self.boards,
                last_aggressor=self.seventh_aggressor,
                profile=self.profile,
                all_in=short,
                community=self.community,
            )
            events.append(
                Event(
                    EventKind.SHOWDOWN,
                    Street.SEVENTH,
                    seats=order.seats,
                    cards=tuple(card for seat in order.seats for card in self.cards(seat)),
                    reasons=order.first.reasons,
                )
            )
        else:
            events.append(
                Event(
                    EventKind.STREET,
                    self.street,
                    seats=(uncontested,),
                    reasons=(
                        _reason("R-POT-7", HandReason.EVERYONE_ELSE_FOLDED, seats=(uncontested,)),
                    ),
                )
            )
        settlement = settle(
            self.game,
            hands=hands,
            contributions=self.committed,
            folded=folded,
            profile=self.profile,
            community=self.community if uncontested is None else None,
        )
        for pot in settlement.pots:
            winners = pot.winners
            events.append(
                Event(
                    EventKind.AWARDED,
                    self.street,
                    seats=winners,
                    amounts=tuple(pot.shares[s] for s in winners),
                    reasons=pot.reasons,
                )
            )
        return _evolve(
            self,
            round=None,
            showdown=order,
            settlement=settlement,
            events=(*self.events, *events),
        )

    # --- results -------------------------------------------------------------------------------

    @property
    def final_stacks(self) -> tuple[int | None, ...]:
        """Each seat's chips after the payout (``None`` for empty seats); needs a finished hand."""
        if self.settlement is None:
            raise ValueError("the hand is not over yet")
        return tuple(
            None if not self.dealt_in[s] else self.stacks[s] + self.settlement.payouts[s]
            for s in range(self.seats)
        )


_STATE_FIELDS: Final = tuple(f.name for f in fields(HandState) if f.init)
_state_values: Final = attrgetter(*_STATE_FIELDS)


def _evolve(state: HandState, **changes: Any) -> HandState:
    """``dataclasses.replace(state, **changes)``, with less overhead (once per action)."""
    values = _state_values(state)
    return HandState(
        *[changes.get(name, value) for name, value in zip(_STATE_FIELDS, values, strict=True)]
    )


def new_hand(
    game: Game | str,
    *,
    stacks: Sequence[int | None],
    seed: int | str,
    stakes: Stakes = DEFAULT_STAKES,
    profile: Profile | str = DEFAULT_PROFILE,
) -> HandState:
    """Start a hand: post antes, deal 3rd street from a seeded deck, name the bring-in.

    ``stacks[i]`` are seat i's chips (``None`` for an empty seat), seats in dealing order.
    The returned state waits for the first action on 3rd street (R-ANTE-1, R-DEAL-1/2,
    R-BRING-2/3/8).

    >>> state = new_hand("razz", stacks=[50, None, 50, 50], seed=7)
    >>> [len(state.cards(s)) for s in (0, 2, 3)], state.pot
    ([3, 3, 3], 3)
    >>> new_hand("stud", stacks=[50], seed=1)
    Traceback (most recent call last):
    ...
    ValueError: a hand needs 2 to 8 players dealt in, not 1
    """
    game = Game(game)
    profile = get_profile(profile)
    if not isinstance(stakes, Stakes):
        raise ValueError(f"stakes must be a Stakes, not {stakes!r}")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ValueError(f"seed must be an int or a string, not {seed!r}")
    starting: list[int | None] = []
    for seat, stack in enumerate(stacks):
        if stack is not None and (
            not isinstance(stack, int) or isinstance(stack, bool) or stack <= 0
        ):
            raise ValueError(
                f"stacks[{seat}] must be a positive int (or None for an empty seat), not {stack!r}"
            )
        starting.append(stack)
    dealt_in = tuple(stack is not None for stack in starting)
    players = sum(dealt_in)
    if not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"a hand needs 2 to {MAX_PLAYERS} players dealt in, not {players}")
    seats = len(starting)
    antes = tuple(min(stakes.ante, s) if s is not None else 0 for s in starting)
    behind = tuple((s or 0) - a for s, a in zip(starting, antes, strict=True))
    events: list[Event] = []
    in_seats = tuple(s for s in range(seats) if dealt_in[s])
    if stakes.ante:
        reasons = [_reason("R-ANTE-1", HandReason.ANTE_POSTED, amounts=(stakes.ante,))]
        broke = tuple(s for s in in_seats if behind[s] == 0)
        if broke:
            reasons.append(_reason("R-ANTE-1", HandReason.ANTE_ALL_IN, seats=broke))
        events.append(
            Event(
                EventKind.POSTED,
                Street.THIRD,
                seats=in_seats,
                amounts=tuple(antes[s] for s in in_seats),
                reasons=tuple(reasons),
            )
        )
    deck = new_deck(seed)
    cards, deck = deck.deal(3 * players)
    down: list[tuple[Card, ...]] = [()] * seats
    up: list[tuple[Card, ...]] = [()] * seats
    for index, seat in enumerate(in_seats):
        # Three passes, one card at a time: down, down, up (R-DEAL-1).
        first, second, door = cards[index], cards[index + players], cards[index + 2 * players]
        down[seat] = (first, second)
        up[seat] = (door,)
    for seat in in_seats:
        events.append(
            Event(
                EventKind.DEALT,
                Street.THIRD,
                seats=(seat,),
                cards=down[seat],
                reasons=(_reason("R-DEAL-1", HandReason.DEALT_DOWN, seats=(seat,)),),
            )
        )
        events.append(
            Event(
                EventKind.DEALT,
                Street.THIRD,
                seats=(seat,),
                cards=up[seat],
                reasons=(_reason("R-DEAL-1", HandReason.DEALT_UP, seats=(seat,)),),
            )
        )
    state = HandState(
        game=game,
        profile=profile,
        stakes=stakes,
        seed=seed,
        starting_stacks=tuple(starting),
        dealt_in=dealt_in,
        folded=(False,) * seats,
        stacks=behind,
        committed=antes,
        down=tuple(down),
        up=tuple(up),
        community=None,
        deck=deck,
        street=Street.THIRD,
        round=None,
        bring_in_seat=None,
        seventh_aggressor=None,
        events=tuple(events),
    )
    state = state._open_betting()
    if state.round is None:
        state = state._advance()
    return state


def random_action(state: HandState, rng: random.Random) -> Action:
    """A simple seeded policy: rarely fold, mostly check or call, sometimes bet or raise.

    >>> state = new_hand("stud", stacks=[100, 100], seed=3)
    >>> random_action(state, random.Random(0)).kind in state.legal_actions().kinds
    True
    """
    legal = state.legal_actions()
    if not legal.actions:
        raise ValueError("no one is to act: the hand is over")
    weights = {
        ActionKind.FOLD: 1,
        ActionKind.CHECK: 6,
        ActionKind.CALL: 6,
        ActionKind.BRING_IN: 6,
        ActionKind.COMPLETE: 2,
        ActionKind.BET: 3,
        ActionKind.RAISE: 2,
    }
    choices = list(legal.actions)
    if legal.get(ActionKind.CHECK) is not None:
        # Folding when nobody has bet is legal (R-IRR-3) but throws the hand away for nothing.
        choices = [a for a in choices if a.kind is not ActionKind.FOLD]
    chosen = rng.choices(choices, weights=[weights[a.kind] for a in choices])[0]
    amount = rng.choice(chosen.amounts) if chosen.amounts else None
    return Action(chosen.kind, amount)


def play_random_hand(
    game: Game | str,
    *,
    seed: int | str,
    stacks: Sequence[int | None] | None = None,
    stakes: Stakes = DEFAULT_STAKES,
    profile: Profile | str = DEFAULT_PROFILE,
    until: Street | None = None,
) -> HandState:
    """Play a whole hand from ``seed`` with ``random_action``: the same seed, the same hand.

    Without ``stacks``, 2 to 8 players get 5 to 150 chips each (so all-ins and side pots
    happen), drawn from the seed. With ``until``, stop as soon as that street's betting is
    about to start (the hand may end first, and streets without betting are passed over):
    handy for quiz situations.

    >>> done = play_random_hand("stud8", seed=11)
    >>> done.is_over, sum(done.settlement.payouts) == done.pot
    (True, True)
    >>> play_random_hand("stud8", seed=11).events == done.events
    True
    >>> play_random_hand("stud", seed=4, stacks=[90] * 4, until=Street.FIFTH).street.value
    'fifth'
    """
    rng = random.Random(f"policy:{seed}")
    if stacks is None:
        stacks = [rng.randint(5, 150) for _ in range(rng.randint(2, MAX_PLAYERS))]
    state = new_hand(game, stacks=stacks, seed=seed, stakes=stakes, profile=profile)
    until = Street(until) if until is not None else None
    while not state.is_over:
        if until is not None and state.street.number >= until.number:
            break
        state = state.apply(random_action(state, rng))
    return state
