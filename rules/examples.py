"""Worked examples drawn by the engine: a reproducible situation from a seed, and the answer.

``example_build(kind=..., game=..., seed=...)`` deals a situation for one of the outline's
example kinds, asks the engine, and returns what the template shows: the seats and their
cards, the question, the engine's answer and its reasons as sentences (``explain.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from core import numerals, words
from rules import engine
from rules.engine import Card, Game, Reason
from rules.explain import Explanation, explain_reasons

__all__ = ["EXAMPLE_KINDS", "MAX_SEED", "Example", "Outcome", "SeatView", "example_build"]

MAX_SEED = 10**9


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the example shows it: hidden or shown down cards, upcards, a note."""

    seat: int
    label: str
    down: tuple[Card | None, ...] = ()
    up: tuple[Card, ...] = ()
    highlight: tuple[Card, ...] | None = None  # the cards that play (a best hand)
    note: str = ""
    marked: bool = False  # the seat the answer is about
    folded: bool = False


@dataclass(frozen=True, slots=True)
class Outcome:
    """The engine's answer under one rulebook, and why."""

    heading: str
    answer: str
    reasons: tuple[Explanation, ...]


@dataclass(frozen=True, slots=True)
class Example:
    kind: str
    game: str
    seed: int
    question: str
    seats: tuple[SeatView, ...]
    outcomes: tuple[Outcome, ...]
    facts: tuple[tuple[str, str], ...] = field(default=())  # (label, value) rows
    community: Card | None = None

    @property
    def dom_id(self) -> str:
        return f"example-{self.kind}-{self.game}"


def _rng(kind: str, game: str, seed: int) -> random.Random:
    return random.Random(f"{kind}:{game}:{seed}")


def _deck(rng: random.Random) -> list[Card]:
    cards = list(engine.DECK)
    rng.shuffle(cards)
    return cards


def _outcome(reasons: Sequence[Reason], answer: str, game: str, heading: str = "") -> Outcome:
    return Outcome(heading, answer, tuple(explain_reasons(reasons, game=game)))


# --------------------------------------------------------------------------------------------
# The kinds


def _bring_in(game: str, seed: int) -> Example:
    rng = _rng("bring_in", game, seed)
    deck = _deck(rng)
    players = rng.randint(3, 8)
    doors = [deck.pop() for _ in range(players)]
    if rng.random() < 0.3:  # now and then two doors of the same rank: the suit decides
        a, b = rng.sample(range(players), 2)
        # (none left when the other three of that rank are already among the doors)
        twin = next((card for card in deck if card.rank == doors[a].rank), None)
        if twin is not None:
            deck.remove(twin)
            doors[b] = twin
    decision = engine.bring_in(game, doors)
    seats = tuple(
        SeatView(
            seat,
            words.seat_label(seat),
            down=(None, None),
            up=(door,),
            marked=seat == decision.seat,
        )
        for seat, door in enumerate(doors)
    )
    answer = gettext("%(seat)s brings in.") % {"seat": words.seat_label(decision.seat)}
    return Example(
        "bring_in",
        game,
        seed,
        gettext("Third street is dealt. Who brings in?"),
        seats,
        (_outcome(decision.reasons, answer, game),),
    )


def _first_to_act(game: str, seed: int) -> Example:
    rng = _rng("first_to_act", game, seed)
    deck = _deck(rng)
    players = rng.randint(2, 6)
    upcount = rng.randint(2, 4)
    boards: list[list[Card] | None] = [[deck.pop() for _ in range(upcount)] for _ in range(players)]
    if rng.random() < 0.35 and players > 1:  # tempt a tie: copy one board's ranks to another
        a, b = rng.sample(range(players), 2)
        copy = []
        for card in boards[a] or []:
            same = next((c for c in deck if c.rank == card.rank), None)
            if same is None:
                break
            deck.remove(same)
            copy.append(same)
        if len(copy) == upcount:
            boards[b] = copy
    if players > 2 and rng.random() < 0.3:
        boards[rng.randrange(players)] = None  # a folded seat
    street = ("fourth", "fifth", "sixth")[upcount - 2]
    outcomes = []
    marked: int | None = None
    for profile in ("robert", "tda"):
        decision = engine.first_to_act(game, boards, profile=profile)
        marked = decision.seat if marked is None else marked
        answer = gettext("%(seat)s acts first.") % {"seat": words.seat_label(decision.seat)}
        outcomes.append(_outcome(decision.reasons, answer, game, words.profile_name(profile)))
    if outcomes[0].answer == outcomes[1].answer:
        outcomes = [Outcome("", outcomes[0].answer, outcomes[0].reasons)]
    seats = tuple(
        SeatView(
            seat,
            words.seat_label(seat),
            down=() if board is None else (None, None),
            up=tuple(board or ()),
            marked=seat == marked,
            folded=board is None,
            note=gettext("folded") if board is None else "",
        )
        for seat, board in enumerate(boards)
    )
    question = gettext("The boards on %(street)s. Who acts first?") % {
        "street": words.street_name(street)
    }
    return Example("first_to_act", game, seed, question, seats, tuple(outcomes))


def _showdown_hands(
    game: str, seed: int, kind: str, players: int
) -> tuple[random.Random, list[list[Card]]]:
    rng = _rng(kind, game, seed)
    deck = _deck(rng)
    return rng, [[deck.pop() for _ in range(7)] for _ in range(players)]


def _settle_example(
    kind: str, game: str, seed: int, *, players: int, contributions: Sequence[int], question: str
) -> Example:
    from rules.engine import settle

    _rng_unused, hands = _showdown_hands(game, seed, kind, players)
    settlement = settle(
        Game(game), hands=hands, contributions=list(contributions), folded=[False] * players
    )
    seats = []
    # "Which low wins?" is answered by the low hand's seat (when a low qualifies), not by
    # every seat paid: the high half's winner is no answer to it.
    low_winners = {seat for pot in settlement.pots for seat in pot.low_winners}
    low_question = kind == "best_low" and bool(low_winners)
    for seat, hand in enumerate(hands):
        notes = []
        high = settlement.high_hands[seat]
        low = settlement.low_hands[seat]
        highlight: tuple[Card, ...] | None = None
        if game != "razz" and high is not None:
            notes.append(gettext("High: %(hand)s") % {"hand": words.category_name(high.category)})
            highlight = high.cards
        if game != "stud":
            if low is not None:
                low_ranks = words.rank_run(low.cards)
                notes.append(gettext("Low: %(low)s") % {"low": low_ranks})
                # A low question ("Which low wins?") marks the low five, not the high hand.
                if game == "razz" or highlight is None or kind == "best_low":
                    highlight = low.cards
            else:
                notes.append(gettext("No qualifying low"))
                if kind == "best_low":
                    highlight = None
        seats.append(
            SeatView(
                seat,
                words.seat_label(seat),
                down=(hand[0], hand[1], hand[6]),
                up=tuple(hand[2:6]),
                highlight=highlight,
                note=" · ".join(notes),
                marked=seat in low_winners if low_question else settlement.payouts[seat] > 0,
            )
        )
    winners = [seat for seat, paid in enumerate(settlement.payouts) if paid]
    # One sentence: only its first seat takes a capital ("Seat 1 gets $30; seat 3 gets $30.").
    answer = capfirst(
        "; ".join(
            gettext("%(seat)s gets %(amount)s")
            % {"seat": words.seat_name(s), "amount": words.amount(p)}
            for s, p in enumerate(settlement.payouts)
            if p
        )
    )
    answer = (answer + ".") if winners else ""
    facts = (
        (pgettext("poker pot", "Pot"), words.amount(sum(contributions))),
        *(
            (words.seat_label(seat), words.amount(chips))
            for seat, chips in enumerate(contributions)
            if len(set(contributions)) > 1
        ),
    )
    return Example(
        kind,
        game,
        seed,
        question,
        tuple(seats),
        (_outcome(settlement.reasons, answer, game),),
        facts=facts,
    )


def _best_high(game: str, seed: int) -> Example:
    players = 2 + seed % 2
    return _settle_example(
        "best_high",
        game,
        seed,
        players=players,
        contributions=[20] * players,
        question=gettext("Seventh street is over and the cards are shown. Who wins?"),
    )


def _best_low(game: str, seed: int) -> Example:
    return _settle_example(
        "best_low",
        game,
        seed,
        players=2,
        contributions=[20, 20],
        question=gettext("Seventh street is over. Which low wins?"),
    )


def _split_pot(game: str, seed: int) -> Example:
    rng = _rng("split_pot_stakes", game, seed)
    players = rng.randint(2, 4)
    contributions = [rng.choice((20, 30, 45, 51))] * players
    if players > 2 and rng.random() < 0.6:
        contributions[rng.randrange(players)] = rng.choice((9, 12, 17))  # an all-in: a side pot
    return _settle_example(
        "split_pot",
        game,
        seed,
        players=players,
        contributions=contributions,
        question=gettext("How is the pot split?"),
    )


def _showdown_order(game: str, seed: int) -> Example:
    rng = _rng("showdown_order", game, seed)
    deck = _deck(rng)
    players = rng.randint(2, 6)
    boards: list[list[Card] | None] = [[deck.pop() for _ in range(4)] for _ in range(players)]
    if players > 2 and rng.random() < 0.4:
        boards[rng.randrange(players)] = None
    live = [seat for seat, board in enumerate(boards) if board is not None]
    aggressor = rng.choice(live) if rng.random() < 0.5 else None
    order = engine.showdown_order(game, boards, last_aggressor=aggressor)
    seats = tuple(
        SeatView(
            seat,
            words.seat_label(seat),
            down=() if board is None else (None, None, None),
            up=tuple(board or ()),
            marked=seat == order.first.seat,
            folded=board is None,
            note=(
                gettext("folded")
                if board is None
                else gettext("made the last bet on seventh street")
                if seat == aggressor
                else ""
            ),
        )
        for seat, board in enumerate(boards)
    )
    answer = gettext("%(seat)s shows first; the order is %(order)s.") % {
        "seat": words.seat_label(order.first.seat),
        "order": words.seat_list(order.seats),
    }
    question = (
        gettext("Seventh street was checked through. Who shows first?")
        if aggressor is None
        else gettext("%(seat)s made the last bet on seventh street. Who shows first?")
        % {"seat": words.seat_label(aggressor)}
    )
    return Example(
        "showdown_order",
        game,
        seed,
        question,
        seats,
        (_outcome(order.first.reasons, answer, game),),
    )


def _bet_sizes(game: str, seed: int) -> Example:
    from rules.engine import Stakes, Street, street_limits

    rng = _rng("bet_sizes", game, seed)
    deck = _deck(rng)
    small = rng.choice((2, 5, 10, 15, 20))
    stakes = Stakes(
        ante=max(1, small // 5), bring_in=max(1, small // 3), small_bet=small, big_bet=2 * small
    )
    street = rng.choice(
        (Street.THIRD, Street.FOURTH, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
    )
    seats: tuple[SeatView, ...] = ()
    boards: list[list[Card]] = []
    if street is Street.FOURTH:
        players = rng.randint(2, 5)
        boards = [[deck.pop(), deck.pop()] for _ in range(players)]
        if rng.random() < 0.5:  # an open pair
            seat = rng.randrange(players)
            first = boards[seat][0]
            pair = next(card for card in deck if card.rank == first.rank)
            deck.remove(pair)
            boards[seat] = [first, pair]
        seats = tuple(
            SeatView(seat, words.seat_label(seat), down=(None, None), up=tuple(board))
            for seat, board in enumerate(boards)
        )
    outcomes = []
    for profile in ("robert", "tda"):
        limits = street_limits(
            Game(game), street, stakes, profile=engine.get_profile(profile), boards=boards
        )
        amounts = words.join_or([words.amount(a) for a in limits.amounts])
        answer = gettext("Bets and raises on %(street)s: %(amounts)s.") % {
            "street": words.street_name(street.value),
            "amounts": amounts,
        }
        outcomes.append(_outcome(limits.reasons, answer, game, words.profile_name(profile)))
    if outcomes[0].answer == outcomes[1].answer:
        outcomes = [Outcome("", outcomes[0].answer, outcomes[0].reasons)]
    facts = (
        (gettext("Ante"), words.amount(stakes.ante)),
        (gettext("Bring-in"), words.amount(stakes.bring_in)),
        (gettext("Small bet"), words.amount(stakes.small_bet)),
        (gettext("Big bet"), words.amount(stakes.big_bet)),
    )
    question = gettext("What may a player bet or raise on %(street)s?") % {
        "street": words.street_name(street.value)
    }
    return Example("bet_sizes", game, seed, question, seats, tuple(outcomes), facts=facts)


def _community_card(game: str, seed: int) -> Example:
    from rules.engine import seventh_street_plan

    rng = _rng("community_card", game, seed)
    dealt_in = rng.choice((6, 7, 7, 8, 8, 8))
    counts = []
    left = dealt_in
    for _ in range(4):
        if rng.random() < 0.2 and left > 5:
            left -= 1
        counts.append(left)
    outcomes = []
    plan = None
    for profile in ("robert", "tda"):
        plan = seventh_street_plan(dealt_in, tuple(counts), profile=engine.get_profile(profile))
        answer = (
            gettext("A single community card is dealt face up for everyone.")
            if plan.community_card
            else gettext("Everyone gets a seventh card of his own; no community card.")
        )
        outcomes.append(_outcome(plan.reasons, answer, game, words.profile_name(profile)))
    assert plan is not None
    if [o.reasons for o in outcomes[:1]] == [o.reasons for o in outcomes[1:]]:
        outcomes = [Outcome("", outcomes[0].answer, outcomes[0].reasons)]
    facts = (
        (gettext("Players dealt in"), str(dealt_in)),
        (gettext("Players on seventh street"), str(counts[3])),
        (gettext("Cards left in the stub"), str(plan.stub)),
    )
    question = capfirst(
        gettext(
            "%(dealt_words)s players were dealt in and %(players_words)s reach seventh street. "
            "Are there enough cards?"
        )
        % numerals.counts(dealt=dealt_in, players=counts[3])
    )
    return Example("community_card", game, seed, question, (), tuple(outcomes), facts=facts)


def _deal(game: str, seed: int) -> Example:
    from rules.engine import EventKind, new_hand

    rng = _rng("deal", game, seed)
    players = rng.randint(2, 8)
    state = new_hand(game, stacks=[100] * players, seed=f"deal:{game}:{seed}")
    reasons: list[Reason] = []
    seen_codes: set[str] = set()
    for event in state.events:
        for reason in event.reasons:
            # One sentence per kind of dealing step: the full log repeats it for every seat.
            if reason.code in ("dealt_down", "dealt_up") and reason.code in seen_codes:
                continue
            seen_codes.add(reason.code)
            reasons.append(reason)
        if event.kind is EventKind.STREET:
            break
    seats = tuple(
        SeatView(
            seat,
            words.seat_label(seat),
            down=tuple(state.down[seat]),
            up=tuple(state.up[seat]),
            marked=seat == state.bring_in_seat,
        )
        for seat in range(players)
    )
    answer = gettext("Each player has two cards down and one up; %(seat)s has the bring-in.") % {
        "seat": words.seat_name(state.bring_in_seat) if state.bring_in_seat is not None else "-"
    }
    question = capfirst(
        gettext("%(count_words)s players: how is third street dealt?")
        % numerals.counts(count=players)
    )
    facts = ((pgettext("poker pot", "Pot after the antes"), words.amount(state.pot)),)
    return Example(
        "deal", game, seed, question, seats, (_outcome(reasons, answer, game),), facts=facts
    )


EXAMPLE_KINDS: dict[str, Callable[[str, int], Example]] = {
    "bring_in": _bring_in,
    "first_to_act": _first_to_act,
    "best_high": _best_high,
    "best_low": _best_low,
    "split_pot": _split_pot,
    "showdown_order": _showdown_order,
    "bet_sizes": _bet_sizes,
    "community_card": _community_card,
    "deal": _deal,
}


def example_build(*, kind: str, game: str, seed: int) -> Example | None:
    """The worked example of ``kind`` for ``game`` dealt from ``seed``, or ``None`` when the
    engine cannot draw that kind yet. Unknown kinds, games and seeds raise ``ValueError``."""
    if kind not in EXAMPLE_KINDS:
        raise ValueError(f"unknown example kind {kind!r}")
    game = Game(game).value
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {seed!r}")
    try:
        return EXAMPLE_KINDS[kind](game, seed)
    except ImportError:
        return None  # the engine does not have this piece yet
