"""A fixed-limit betting round: bring-in, completion, open pair, cap, short all-ins."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from operator import attrgetter
from typing import Any, Final

from rules.engine.cards import Card
from rules.engine.games import Game
from rules.engine.profiles import DEFAULT_PROFILE, HeadsUpCap, Profile
from rules.engine.reasons import Reason
from rules.engine.stakes import LimitReason, Stakes, Street, street_limits
from rules.engine.structure import _check_chips

__all__ = [
    "Action",
    "ActionKind",
    "BetReason",
    "BettingRound",
    "BringInCorrection",
    "LegalAction",
    "LegalActions",
    "correct_bring_in",
    "legal_actions",
    "start_round",
]


class BetReason(StrEnum):
    """Every reason code this module emits (the site has one sentence per code)."""

    BRING_IN_FORCED = "bring_in_forced"  # R-BRING-4: post the bring-in or complete, no check
    BRING_IN_NO_FOLD = "bring_in_no_fold"  # R-BRING-4: the forced bet is posted, not folded
    BRING_IN_ALL_IN_FOR_LESS = "bring_in_all_in_for_less"  # R-BRING-9
    COMPLETION_IS_THE_BET = "completion_is_the_bet"  # R-BRING-5
    FACING_BRING_IN = "facing_bring_in"  # R-BRING-6: fold, call the bring-in or complete
    FULL_BRING_IN_TO_CALL = "full_bring_in_to_call"  # R-BRING-9: call the full bring-in
    NO_BRING_IN_OPTION = "no_bring_in_option"  # R-BRING-7: round over when all just call
    LOW_CARD_ALL_IN_NEXT_OPENS = "low_card_all_in_next_opens"  # R-BRING-8
    NEXT_OPENER_MAY_FOLD = "next_opener_may_fold"  # R-BRING-8 (RR, TDA; WSOP silent)
    NEXT_OPENER_MUST_OPEN = "next_opener_must_open"  # R-BRING-8 (PokerKit)
    WRONG_BRING_IN_CORRECTED = "wrong_bring_in_corrected"  # R-BRING-10: chips back, true low
    WRONG_BRING_IN_STANDS = "wrong_bring_in_stands"  # R-BRING-10: next player already acted
    CORRECTED_MUST_BRING_IN = "corrected_must_bring_in"  # R-BRING-10 (RR, WSOP-LA)
    CORRECTED_MAY_COMPLETE = "corrected_may_complete"  # R-BRING-10 (WSOP-T)
    PREMATURE_CARD_NO_RAISE = "premature_card_no_raise"  # R-IRR-10 (RR): may only check/call
    RAISES_LEFT = "raises_left"  # R-BET-5
    CAP_REACHED = "cap_reached"  # R-BET-5
    HEADS_UP_UNCAPPED = "heads_up_uncapped"  # R-BET-6
    HEADS_UP_STILL_CAPPED = "heads_up_still_capped"  # R-BET-6
    CALL_ALL_IN_FOR_LESS = "call_all_in_for_less"  # R-BET-7: a call for all one's chips
    RAISE_ALL_IN_FOR_LESS = "raise_all_in_for_less"  # R-BET-7: a bet or raise for all one's chips
    SHORT_ALL_IN_NOT_REOPENED = "short_all_in_not_reopened"  # R-BET-7: may only call or fold
    SHORT_ALL_IN_MAY_COMPLETE = "short_all_in_may_complete"  # R-BET-7: may complete the bet
    ALL_IN_COUNTS_AS_FULL = "all_in_counts_as_full"  # R-BET-7: half a bet or more reopens
    FOLD_WITH_NO_BET = "fold_with_no_bet"  # R-IRR-3: legal and binding, though nobody has bet


def _reason(rule: str, code: StrEnum, **fields: Any) -> Reason:
    """A ``Reason`` whose code is the plain string value of ``code``."""
    return Reason(rule, code.value, **fields)


def _cap_params(profile: Profile) -> dict[str, object]:
    """The cap's number, and whether the rulebook leaves it to the house (TDA 48: "the house
    limit applies"), so a sentence never presents the house's number as the rulebook's."""
    params: dict[str, object] = {"max_raises": profile.max_raises}
    if profile.raises_set_by_house:
        params["house_cap"] = True
        params["profile"] = profile.name
    return params


class ActionKind(StrEnum):
    """What a player can do in turn."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"

    @property
    def is_aggressive(self) -> bool:
        """Completion, bet and raise: the actions that increase the level to call."""
        return self in _AGGRESSIVE


_AGGRESSIVE: Final = frozenset({ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE})


@dataclass(frozen=True, slots=True)
class Action:
    """A player's action; ``amount`` is his total bet on this street after acting ("to").

    Fold and check carry no amount. Without an amount the other actions go to the smallest
    legal total (the call, the bring-in, the completion, the small bet or raise).

    >>> Action(ActionKind.RAISE, 10)
    Action(kind=<ActionKind.RAISE: 'raise'>, amount=10)
    >>> Action(ActionKind.CHECK, 5)
    Traceback (most recent call last):
    ...
    ValueError: action 'check' takes no amount, not 5
    """

    kind: ActionKind
    amount: int | None = None

    def __post_init__(self) -> None:
        if self.kind.__class__ is not ActionKind:
            object.__setattr__(self, "kind", ActionKind(self.kind))
        if self.kind in (ActionKind.FOLD, ActionKind.CHECK):
            if self.amount is not None:
                raise ValueError(f"action {self.kind.value!r} takes no amount, not {self.amount!r}")
        elif self.amount is not None:
            _check_chips(f"{self.kind.value} amount", self.amount, minimum=1)

    def __str__(self) -> str:
        return self.kind.value if self.amount is None else f"{self.kind.value} {self.amount}"


@dataclass(frozen=True, slots=True)
class LegalAction:
    """One legal kind of action with the totals it may go to (fixed-limit: a few fixed choices).

    ``amounts`` are street totals ("to"), smallest first; empty for fold and check.

    >>> action = LegalAction(ActionKind.RAISE, (10, 15))
    >>> action.min_amount, action.max_amount
    (10, 15)
    """

    kind: ActionKind
    amounts: tuple[int, ...] = ()
    reasons: tuple[Reason, ...] = ()

    @property
    def min_amount(self) -> int | None:
        """The smallest total allowed, or ``None`` for fold and check."""
        return self.amounts[0] if self.amounts else None

    @property
    def max_amount(self) -> int | None:
        """The largest total allowed, or ``None`` for fold and check."""
        return self.amounts[-1] if self.amounts else None


@dataclass(frozen=True, slots=True)
class LegalActions:
    """The legal actions of the seat to act, and reasons about the situation as a whole.

    ``reasons`` explain what is *not* offered (the cap is reached, a short all-in did not
    reopen the betting, the low card all-in for the ante passes the opening on).

    >>> legal = LegalActions(1, (LegalAction(ActionKind.FOLD), LegalAction(ActionKind.CALL, (2,))))
    >>> legal.kinds, legal.get("call").amounts, legal.get("raise")
    ((<ActionKind.FOLD: 'fold'>, <ActionKind.CALL: 'call'>), (2,), None)
    """

    seat: int | None
    actions: tuple[LegalAction, ...]
    reasons: tuple[Reason, ...] = ()

    def __iter__(self) -> Iterator[LegalAction]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The legal kinds in order."""
        return tuple(action.kind for action in self.actions)

    def get(self, kind: ActionKind | str) -> LegalAction | None:
        """The legal action of ``kind``, or ``None`` when it is not legal."""
        if kind.__class__ is not ActionKind:
            kind = ActionKind(kind)
        for action in self.actions:
            if action.kind is kind:
                return action
        return None

    def refusal(self, action: Action) -> tuple[Reason, ...]:
        """Why ``action`` is not legal here: the rule it breaks first, then the rest.

        A fold or a check by the bring-in breaks the forced bet (R-BRING-4); a bet or raise of
        the wrong size breaks the size rule its legal twin gives (R-BET-1, R-BET-2); a raise
        past the cap breaks the cap (R-BET-5). The note that a fold with no bet is legal is
        about the fold, so it comes only when the refused action is a fold.

        >>> legal = LegalActions(0, (LegalAction(ActionKind.BRING_IN, (2,)),))
        >>> [r.code for r in legal.refusal(Action(ActionKind.FOLD))]
        ['bring_in_no_fold']
        """
        kind = action.kind
        first: list[Reason] = []
        bring_in = self.get(ActionKind.BRING_IN)
        if bring_in is not None and kind in (ActionKind.FOLD, ActionKind.CHECK):
            forced = [r for r in bring_in.reasons if r.code == BetReason.BRING_IN_FORCED.value]
            if kind is ActionKind.FOLD:
                first.append(
                    _reason(
                        "R-BRING-4",
                        BetReason.BRING_IN_NO_FOLD,
                        seats=() if self.seat is None else (self.seat,),
                        amounts=bring_in.amounts[:1],
                    )
                )
            else:
                first.extend(forced)
        twin = self.get(kind)
        if twin is None and kind.is_aggressive:
            twin = next((a for a in self.actions if a.kind.is_aggressive), None)
        if twin is not None:
            first.extend(twin.reasons)
        elif kind.is_aggressive:
            first.extend(r for r in self.reasons if r.code == BetReason.CAP_REACHED.value)
        rest = [*self.reasons, *(r for a in self.actions for r in a.reasons)]
        if kind is not ActionKind.FOLD:
            rest = [r for r in rest if r.code != BetReason.FOLD_WITH_NO_BET.value]
        return tuple(dict.fromkeys([*first, *rest]))


@dataclass(frozen=True, slots=True)
class BettingRound:
    """One betting round, immutable: ``apply`` returns the next round state.

    Seats are indexed in dealing order; ``live`` is False for a seat that is empty or folded.
    ``stacks`` are chips behind (antes already taken); ``bets`` are this street's chips.
    Build it with ``start_round``.

    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> rnd = start_round(Game.RAZZ, Street.SIXTH, stakes=stakes, stacks=[80, 80], first=0)
    >>> rnd = rnd.apply(Action(ActionKind.BET, 10)).apply(Action(ActionKind.RAISE, 20))
    >>> rnd.bets, rnd.raises, rnd.heads_up, rnd.cap_applies(), rnd.is_complete
    ((10, 20), 2, True, False, False)
    """

    game: Game
    street: Street
    stakes: Stakes
    profile: Profile
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    live: tuple[bool, ...]
    acted: tuple[bool, ...]
    may_raise: tuple[bool, ...]
    to_act: int | None
    current: int  # the total each player must reach to call
    full_level: int  # the last full bet or raise level (R-BET-7)
    increments: tuple[int, ...]  # the sizes a bet or raise may have now
    raises: int  # full completions, bets and raises so far (the completion is the bet)
    opened: bool  # 3rd street: the bring-in (or a completion) is in
    forced_seat: int | None  # 3rd street: who must open
    substitute: bool  # R-BRING-8: the forced seat stands in for a low card all-in for the ante
    open_pair: bool
    started_heads_up: bool
    capped: bool  # R-BET-6 (RR): the cap was reached before the round got heads-up
    last_aggressor: int | None
    short_all_in: bool  # R-BET-7: the level to call includes an all-in short of a full raise
    bring_in_only: bool = False  # R-BRING-10: a corrected true low card may not complete (RR)
    corrected: bool = False  # R-BRING-10: the forced seat replaces a wrongly named bring-in
    no_raise: frozenset[int] = frozenset()  # R-IRR-10 (RR): seats that may not bet or raise
    # ``legal_actions`` memo: computed on first use, then shared by every caller (the action's
    # check in ``apply``, the hand's event log, a policy...). Not part of the value: a copy
    # (``replace``) starts without it, and it never shows in ``==``, ``hash`` or ``repr``.
    _legal: LegalActions | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def is_complete(self) -> bool:
        """Whether nobody has to act any more."""
        return self.to_act is None

    @property
    def seats(self) -> int:
        """The number of seats at the table."""
        return len(self.stacks)

    @property
    def heads_up(self) -> bool:
        """Fewer than three live players with chips behind (RR: 'three or more not all-in')."""
        return sum(1 for seat in range(self.seats) if self._contesting(seat)) <= 2

    @property
    def max_bets(self) -> int:
        """The completion/bet plus the profile's raises (R-BET-5)."""
        return 1 + self.profile.max_raises

    def cap_applies(self) -> bool:
        """Whether the cap limits raising now, under the profile's heads-up rule (R-BET-6)."""
        rule = self.profile.heads_up_cap
        if rule is HeadsUpCap.ALWAYS_CAPPED:
            return True
        if rule is HeadsUpCap.UNLIMITED_IF_ROUND_STARTS_HEADS_UP:
            return not self.started_heads_up
        return self.capped or not self.heads_up

    def _contesting(self, seat: int) -> bool:
        return self.live[seat] and self.stacks[seat] > 0

    def legal_actions(self) -> LegalActions:
        """The legal actions of the seat to act; see the module function ``legal_actions``."""
        return legal_actions(self)

    def apply(self, action: Action) -> BettingRound:
        """The round after ``action`` by the seat to act; an illegal action raises ValueError.

        >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
        >>> rnd = start_round(Game.STUD, Street.THIRD, stakes=stakes, stacks=[99, 99, 99],
        ...                   first=1, forced=True)
        >>> rnd = rnd.apply(Action(ActionKind.BRING_IN, 2))
        >>> rnd.to_act, rnd.current
        (2, 2)
        >>> rnd.apply(Action(ActionKind.RAISE, 10))
        Traceback (most recent call last):
        ...
        ValueError: seat 2 may not raise: legal actions are fold, call 2, complete 5
        """
        return _apply(self, action)


def start_round(
    game: Game,
    street: Street,
    *,
    stakes: Stakes,
    stacks: Sequence[int],
    first: int,
    live: Sequence[bool] | None = None,
    forced: bool = False,
    substitute: bool = False,
    profile: Profile = DEFAULT_PROFILE,
    boards: Sequence[Sequence[Card] | None] = (),
    no_raise: Collection[int] = (),
) -> BettingRound:
    """A new betting round; ``first`` is the first seat to act (or, if it cannot, the next).

    On 3rd street pass ``forced=True`` with ``first`` the bring-in seat; ``substitute=True``
    when that seat only opens because the low card is all-in for the ante (R-BRING-8).
    ``boards`` (upcards per seat) decide the 4th-street open-pair option (R-BET-2).
    ``no_raise`` seats may only check, call or fold (RR #14: a player who kept a premature
    7th-street card may not bet or raise on 6th street, R-IRR-10).

    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> rnd = start_round(Game.STUD, Street.FIFTH, stakes=stakes, stacks=[50, 50], first=1)
    >>> rnd.to_act, rnd.increments
    (1, (10,))
    """
    game, street = Game(game), Street(street)
    stacks_t = tuple(_check_chips(f"stacks[{i}]", s) for i, s in enumerate(stacks))
    seats = len(stacks_t)
    if seats < 2:
        raise ValueError(f"a betting round needs at least 2 seats, not {seats}")
    live_t = tuple(bool(x) for x in live) if live is not None else (True,) * seats
    if len(live_t) != seats:
        raise ValueError(f"live has {len(live_t)} entries for {seats} seats")
    if not (isinstance(first, int) and 0 <= first < seats):
        raise ValueError(f"unknown seat {first!r}: seats are 0..{seats - 1}")
    if boards and len(boards) != seats:
        raise ValueError(f"boards has {len(boards)} entries for {seats} seats")
    if forced and street is not Street.THIRD:
        raise ValueError(f"only 3rd street has a bring-in, not {street.value}")
    limits = street_limits(game, street, stakes, profile=profile, boards=boards)
    contesting = sum(1 for seat in range(seats) if live_t[seat] and stacks_t[seat] > 0)
    bets, acted = (0,) * seats, (False,) * seats
    if forced:
        if not (live_t[first] and stacks_t[first] > 0):
            raise ValueError(f"seat {first} cannot open: it is folded, empty or has no chips")
        to_act: int | None = first
    else:
        to_act = _next_seat(
            first - 1, live=live_t, stacks=stacks_t, acted=acted, bets=bets, current=0, opened=True
        )
    return BettingRound(
        game=game,
        street=street,
        stakes=stakes,
        profile=profile,
        stacks=stacks_t,
        bets=bets,
        live=live_t,
        acted=acted,
        may_raise=(True,) * seats,
        to_act=to_act,
        current=0,
        full_level=0,
        increments=limits.amounts,
        raises=0,
        opened=not forced,
        forced_seat=first if forced else None,
        substitute=substitute and forced,
        open_pair=len(limits.amounts) > 1,
        started_heads_up=contesting <= 2,
        capped=False,
        last_aggressor=None,
        short_all_in=False,
        no_raise=frozenset(_seat(seat, seats, "no_raise") for seat in no_raise),
    )


def _seat(seat: object, seats: int, name: str) -> int:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise ValueError(f"{name}: unknown seat {seat!r}: seats are 0..{seats - 1}")
    return seat


def _next_seat(
    after: int,
    *,
    live: Sequence[bool],
    stacks: Sequence[int],
    acted: Sequence[bool],
    bets: Sequence[int],
    current: int,
    opened: bool,
) -> int | None:
    """The next seat after ``after`` that must act (live, chips behind, not done), or ``None``.

    Works on plain values so that ``apply`` can find it before building the next round.
    """
    seats = len(stacks)
    if sum(live) <= 1:
        return None
    for step in range(1, seats + 1):
        seat = (after + step) % seats
        if live[seat] and stacks[seat] > 0 and (not acted[seat] or bets[seat] < current):
            # A lone player with chips facing nothing has no one to bet against; but the forced
            # opening is owed even against all-in players (R-BRING-8).
            if (
                bets[seat] >= current
                and opened
                and not any(
                    live[other] and stacks[other] > 0 for other in range(seats) if other != seat
                )
            ):
                return None
            return seat
    return None


def legal_actions(rnd: BettingRound) -> LegalActions:
    """The legal actions of the seat to act, with the totals they may go to, and why.

    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> rnd = start_round(Game.STUD, Street.THIRD, stakes=stakes, stacks=[99, 99, 99],
    ...                   first=0, forced=True)
    >>> [(a.kind.value, a.amounts) for a in legal_actions(rnd)]
    [('bring_in', (2,)), ('complete', (5,))]
    >>> rnd = rnd.apply(Action(ActionKind.BRING_IN, 2))
    >>> [(a.kind.value, a.amounts) for a in legal_actions(rnd)]
    [('fold', ()), ('call', (2,)), ('complete', (5,))]
    """
    legal = rnd._legal
    if legal is None:
        legal = _legal_actions(rnd)
        # A memo on an immutable round: the answer only depends on the round's fields.
        object.__setattr__(rnd, "_legal", legal)
    return legal


def _legal_actions(rnd: BettingRound) -> LegalActions:
    seat = rnd.to_act
    if seat is None:
        return LegalActions(None, ())
    total = rnd.bets[seat] + rnd.stacks[seat]
    if not rnd.opened:
        return _opening_actions(rnd, seat, total)
    actions: list[LegalAction] = []
    situation: list[Reason] = []
    facing_bring_in = rnd.street is Street.THIRD and rnd.raises == 0 and rnd.current > 0
    if rnd.bets[seat] < rnd.current:
        actions.append(LegalAction(ActionKind.FOLD))
        call_to = min(rnd.current, total)
        why: list[Reason] = []
        if facing_bring_in:
            why.append(
                _reason(
                    "R-BRING-6",
                    BetReason.FACING_BRING_IN,
                    seats=(seat,),
                    amounts=(rnd.stakes.bring_in,),
                )
            )
            if rnd.forced_seat is not None and rnd.bets[rnd.forced_seat] < rnd.stakes.bring_in:
                why.append(
                    _reason(
                        "R-BRING-9",
                        BetReason.FULL_BRING_IN_TO_CALL,
                        seats=(rnd.forced_seat,),
                        amounts=(rnd.bets[rnd.forced_seat], rnd.stakes.bring_in),
                    )
                )
        if call_to < rnd.current:
            why.append(
                _reason(
                    "R-BET-7", BetReason.CALL_ALL_IN_FOR_LESS, seats=(seat,), amounts=(call_to,)
                )
            )
        actions.append(LegalAction(ActionKind.CALL, (call_to,), tuple(why)))
    else:
        # R-IRR-3 (RR Seven-Card Stud #7, WSOP-LA 222, WSOP-T 84, TDA 58): folding in turn
        # when not facing a bet is legal and binding (pointless, and penalised in tournaments).
        fold = _reason("R-IRR-3", BetReason.FOLD_WITH_NO_BET, seats=(seat,))
        actions.append(LegalAction(ActionKind.FOLD, (), (fold,)))
        actions.append(LegalAction(ActionKind.CHECK))
    if total <= rnd.current:
        return LegalActions(seat, tuple(actions), tuple(situation))
    if seat in rnd.no_raise:
        situation.append(_reason("R-IRR-10", BetReason.PREMATURE_CARD_NO_RAISE, seats=(seat,)))
        return LegalActions(seat, tuple(actions), tuple(situation))
    if not rnd.may_raise[seat]:
        situation.append(
            _reason(
                "R-BET-7",
                BetReason.SHORT_ALL_IN_NOT_REOPENED,
                seats=(seat,),
                amounts=(rnd.current, rnd.full_level),
            )
        )
        return LegalActions(seat, tuple(actions), tuple(situation))
    if rnd.raises >= rnd.max_bets and rnd.cap_applies():
        situation.append(
            _reason(
                "R-BET-5",
                BetReason.CAP_REACHED,
                amounts=(rnd.raises - 1,),
                params=_cap_params(rnd.profile),
            )
        )
        if rnd.heads_up:
            situation.append(
                _reason(
                    "R-BET-6",
                    BetReason.HEADS_UP_STILL_CAPPED,
                    params={"heads_up_cap": rnd.profile.heads_up_cap.value},
                )
            )
        return LegalActions(seat, tuple(actions), tuple(situation))
    actions.append(_aggressive_action(rnd, seat, total))
    return LegalActions(seat, tuple(actions), tuple(situation))


def _opening_actions(rnd: BettingRound, seat: int, total: int) -> LegalActions:
    stakes = rnd.stakes
    situation: list[Reason] = []
    actions: list[LegalAction] = []
    if rnd.substitute:
        situation.append(
            _reason(
                "R-BRING-8",
                BetReason.LOW_CARD_ALL_IN_NEXT_OPENS,
                seats=(seat,),
            )
        )
        if rnd.profile.allin_low_card_next_player_may_fold:
            situation.append(_reason("R-BRING-8", BetReason.NEXT_OPENER_MAY_FOLD, seats=(seat,)))
            actions.append(LegalAction(ActionKind.FOLD))
        else:
            situation.append(_reason("R-BRING-8", BetReason.NEXT_OPENER_MUST_OPEN, seats=(seat,)))
    if rnd.corrected:
        code = (
            BetReason.CORRECTED_MUST_BRING_IN
            if rnd.bring_in_only
            else BetReason.CORRECTED_MAY_COMPLETE
        )
        situation.append(_reason("R-BRING-10", code, seats=(seat,)))
    bring_in = min(stakes.bring_in, total)
    why = [_reason("R-BRING-4", BetReason.BRING_IN_FORCED, seats=(seat,), amounts=(bring_in,))]
    if bring_in < stakes.bring_in:
        why.append(
            _reason(
                "R-BRING-9",
                BetReason.BRING_IN_ALL_IN_FOR_LESS,
                seats=(seat,),
                amounts=(bring_in, stakes.bring_in),
            )
        )
    actions.append(LegalAction(ActionKind.BRING_IN, (bring_in,), tuple(why)))
    if total > stakes.bring_in and not rnd.bring_in_only:
        complete = min(stakes.small_bet, total)
        actions.append(
            LegalAction(
                ActionKind.COMPLETE,
                (complete,),
                (_reason("R-BRING-5", BetReason.COMPLETION_IS_THE_BET, amounts=(complete,)),),
            )
        )
    return LegalActions(seat, tuple(actions), tuple(situation))


def _aggressive_action(rnd: BettingRound, seat: int, total: int) -> LegalAction:
    if rnd.raises == 0:
        kind = ActionKind.COMPLETE if rnd.street is Street.THIRD else ActionKind.BET
    else:
        kind = ActionKind.RAISE
    targets = sorted({min(rnd.full_level + inc, total) for inc in rnd.increments})
    why: list[Reason] = []
    if kind is ActionKind.COMPLETE:
        why.append(_reason("R-BRING-5", BetReason.COMPLETION_IS_THE_BET, amounts=(targets[0],)))
    elif not rnd.open_pair:
        small = rnd.street in (Street.THIRD, Street.FOURTH)
        code = LimitReason.SMALL_BET_STREET if small else LimitReason.BIG_BET_STREET
        why.append(
            _reason("R-BET-1", code, amounts=rnd.increments, params={"street": rnd.street.value})
        )
    if rnd.short_all_in:
        why.append(
            _reason(
                "R-BET-7",
                BetReason.SHORT_ALL_IN_MAY_COMPLETE,
                seats=(seat,),
                amounts=(rnd.current, targets[-1]),
            )
        )
    if rnd.open_pair:
        if len(rnd.increments) > 1:
            why.append(
                _reason(
                    "R-BET-2",
                    LimitReason.OPEN_PAIR_OPTION,
                    amounts=(rnd.stakes.small_bet, rnd.stakes.big_bet),
                )
            )
        else:
            why.append(_reason("R-BET-2", LimitReason.OPEN_PAIR_BIG_MADE, amounts=rnd.increments))
    if kind is ActionKind.RAISE:
        if rnd.raises >= rnd.max_bets:
            why.append(
                _reason(
                    "R-BET-6",
                    BetReason.HEADS_UP_UNCAPPED,
                    params={"heads_up_cap": rnd.profile.heads_up_cap.value},
                )
            )
        else:
            why.append(
                _reason(
                    "R-BET-5",
                    BetReason.RAISES_LEFT,
                    amounts=(rnd.max_bets - rnd.raises,),
                    params=_cap_params(rnd.profile),
                )
            )
    if targets[-1] == total and total < rnd.full_level + max(rnd.increments):
        why.append(
            _reason("R-BET-7", BetReason.RAISE_ALL_IN_FOR_LESS, seats=(seat,), amounts=(total,))
        )
        smallest = min(rnd.increments)
        num, den = rnd.profile.reopen_fraction_num, rnd.profile.reopen_fraction_den
        if total - rnd.full_level < smallest and (total - rnd.full_level) * den >= smallest * num:
            why.append(
                _reason("R-BET-7", BetReason.ALL_IN_COUNTS_AS_FULL, seats=(seat,), amounts=(total,))
            )
    return LegalAction(kind, tuple(targets), tuple(why))


@dataclass(frozen=True, slots=True)
class BringInCorrection:
    """The answer to a wrongly named bring-in (R-BRING-10, Q8): corrected or standing."""

    corrected: bool
    round: BettingRound
    reasons: tuple[Reason, ...]


def correct_bring_in(rnd: BettingRound, true_seat: int) -> BringInCorrection:
    """Fix a bring-in posted by the wrong player, if the next player has not acted yet.

    Corrected: the wrong player takes his chips back and ``true_seat`` must bring in (RR #9,
    WSOP-LA 218), or may bring in or complete (WSOP-T, ``corrected_bring_in_may_complete``).
    Too late: the wrong bring-in stands and the true low card owes nothing.

    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> rnd = start_round(Game.STUD, Street.THIRD, stakes=stakes, stacks=[99, 99, 99],
    ...                   first=0, forced=True).apply(Action(ActionKind.BRING_IN, 2))
    >>> fixed = correct_bring_in(rnd, 2)
    >>> fixed.corrected, fixed.round.to_act, fixed.round.legal_actions().kinds
    (True, 2, (<ActionKind.BRING_IN: 'bring_in'>, <ActionKind.COMPLETE: 'complete'>))
    >>> correct_bring_in(rnd.apply(Action(ActionKind.CALL)), 2).corrected
    False
    """
    seats = rnd.seats
    _seat(true_seat, seats, "true_seat")
    wrong = rnd.forced_seat
    if rnd.street is not Street.THIRD or wrong is None or not rnd.opened:
        raise ValueError("only a bring-in already posted on 3rd street can be corrected")
    if true_seat == wrong:
        raise ValueError(f"seat {true_seat} already holds the bring-in")
    if not rnd._contesting(true_seat):
        raise ValueError(f"seat {true_seat} cannot bring in: it is folded, empty or has no chips")
    others_acted = any(rnd.acted[seat] for seat in range(seats) if seat != wrong)
    if others_acted:
        why = _reason("R-BRING-10", BetReason.WRONG_BRING_IN_STANDS, seats=(wrong, true_seat))
        return BringInCorrection(False, rnd, (why,))
    stacks = list(rnd.stacks)
    stacks[wrong] += rnd.bets[wrong]
    fresh = start_round(
        rnd.game,
        Street.THIRD,
        stakes=rnd.stakes,
        stacks=stacks,
        first=true_seat,
        live=rnd.live,
        forced=True,
        profile=rnd.profile,
        no_raise=rnd.no_raise,
    )
    fresh = replace(
        fresh, corrected=True, bring_in_only=not rnd.profile.corrected_bring_in_may_complete
    )
    why = _reason(
        "R-BRING-10",
        BetReason.WRONG_BRING_IN_CORRECTED,
        seats=(wrong, true_seat),
        amounts=(rnd.bets[wrong],),
    )
    return BringInCorrection(True, fresh, (why,))


def _describe(legal: LegalActions) -> str:
    parts = []
    for action in legal.actions:
        amounts = "/".join(str(a) for a in action.amounts)
        parts.append(f"{action.kind.value} {amounts}" if amounts else action.kind.value)
    return ", ".join(parts)


def _apply(rnd: BettingRound, action: Action) -> BettingRound:
    if not isinstance(action, Action):
        raise ValueError(f"expected an Action, not {action!r}")
    seat = rnd.to_act
    if seat is None:
        raise ValueError(f"action {action.kind.value!r} is illegal: the betting round is over")
    legal = legal_actions(rnd)
    offered = legal.get(action.kind)
    if offered is None:
        raise ValueError(
            f"seat {seat} may not {action.kind.value}: legal actions are {_describe(legal)}"
        )
    amount = action.amount
    if offered.amounts:
        if amount is None:
            amount = offered.amounts[0]
        if amount not in offered.amounts:
            raise ValueError(
                f"seat {seat} may not {action.kind.value} to {amount}: "
                f"allowed totals are {', '.join(str(a) for a in offered.amounts)}"
            )
    stacks, bets = list(rnd.stacks), list(rnd.bets)
    acted, may_raise, live = list(rnd.acted), list(rnd.may_raise), list(rnd.live)
    changes: dict[str, object] = {}
    kind = action.kind
    if kind is ActionKind.FOLD:
        live[seat] = False
        acted[seat] = True
        if not rnd.opened:
            # R-BRING-8: the duty to open passes on to the next player with chips.
            changes["forced_seat"] = None
    elif kind is ActionKind.CHECK:
        acted[seat] = True
    else:
        assert amount is not None
        stacks[seat] -= amount - bets[seat]
        bets[seat] = amount
        acted[seat] = True
        may_raise[seat] = False
        if kind is ActionKind.BRING_IN:
            changes.update(opened=True, current=rnd.stakes.bring_in, forced_seat=seat)
        elif kind.is_aggressive:
            changes.update(_raise_changes(rnd, seat, amount, acted, may_raise))
            changes["opened"] = True
            if not rnd.opened:
                changes["forced_seat"] = seat
    opened, current = changes.get("opened", rnd.opened), changes.get("current", rnd.current)
    raises = changes.get("raises", rnd.raises)
    assert isinstance(opened, bool) and isinstance(current, int) and isinstance(raises, int)
    # The next round is built once, with who acts next worked out on the plain values.
    if not opened and kind is ActionKind.FOLD:
        to_act = _pass_forced_opening(seat, live=live, stacks=stacks, acted=acted)
        changes["forced_seat"] = to_act
    else:
        to_act = _next_seat(
            seat,
            live=live,
            stacks=stacks,
            acted=acted,
            bets=bets,
            current=current,
            opened=opened,
        )
    contesting = sum(1 for other in range(rnd.seats) if live[other] and stacks[other] > 0)
    if raises >= rnd.max_bets and contesting > 2:  # the cap is reached before heads-up
        changes["capped"] = True
    return _evolve(
        rnd,
        stacks=tuple(stacks),
        bets=tuple(bets),
        live=tuple(live),
        acted=tuple(acted),
        may_raise=tuple(may_raise),
        to_act=to_act,
        **changes,
    )


_ROUND_FIELDS: Final = tuple(f.name for f in fields(BettingRound) if f.init)
_round_values: Final = attrgetter(*_ROUND_FIELDS)


def _evolve(rnd: BettingRound, **changes: Any) -> BettingRound:
    """``replace(rnd, **changes)``, with less overhead (rounds are copied once per action)."""
    values = _round_values(rnd)
    return BettingRound(
        *[changes.get(name, value) for name, value in zip(_ROUND_FIELDS, values, strict=True)]
    )


def _raise_changes(
    rnd: BettingRound, seat: int, amount: int, acted: list[bool], may_raise: list[bool]
) -> dict[str, object]:
    smallest = min(rnd.increments)
    raised_by = amount - rnd.full_level
    num, den = rnd.profile.reopen_fraction_num, rnd.profile.reopen_fraction_den
    full = raised_by >= smallest or raised_by * den >= smallest * num
    changes: dict[str, object] = {"current": max(rnd.current, amount), "last_aggressor": seat}
    if full:
        changes.update(full_level=amount, raises=rnd.raises + 1, short_all_in=False)
        if rnd.open_pair and raised_by >= rnd.stakes.big_bet:
            changes["increments"] = (rnd.stakes.big_bet,)
        for other in range(rnd.seats):
            if other != seat:
                acted[other] = False
                may_raise[other] = True
    else:
        changes["short_all_in"] = True
    return changes


def _pass_forced_opening(
    folded: int, *, live: Sequence[bool], stacks: Sequence[int], acted: Sequence[bool]
) -> int | None:
    """The seat that must now open after ``folded`` folded instead (``None``: round over)."""
    seats = len(stacks)
    for step in range(1, seats):
        seat = (folded + step) % seats
        if live[seat] and stacks[seat] > 0 and not acted[seat]:
            if sum(live) <= 1:
                break
            return seat
    return None
