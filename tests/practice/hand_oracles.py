"""Hand values written out from the rules text, independently of the engine: the oracles
the hand-reading quiz tests check the generators against (R-RANK-1, R-LOW-1..5, R-ACT-1..4)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations

HIGH_ORDER = "23456789TJQKA"  # ace high (R-RANK-1)
LOW_ORDER = "A23456789TJQK"  # ace low (R-LOW-1)
SUIT_ORDER = "cdhs"  # clubs < diamonds < hearts < spades (0.3)

type Value = tuple[int, ...]


def texts(cards: Iterable[object]) -> list[str]:
    return [str(card) for card in cards]


def _shape(counts: Counter[int]) -> tuple[int, int]:
    """(largest group, number of groups of two or more): high card (1, 0) < pair (2, 1) <
    two pair (2, 2) < trips (3, 1) < full house (3, 2) < quads (4, 1)."""
    return max(counts.values()), sum(1 for n in counts.values() if n >= 2)


def _groups(counts: Counter[int]) -> list[int]:
    """Ranks by group size, then by rank, largest first: pairs before kickers."""
    return [
        rank for rank, _n in sorted(counts.items(), key=lambda rn: (rn[1], rn[0]), reverse=True)
    ]


def high_value(cards: Sequence[str]) -> Value:
    """A five-card high hand as a comparable tuple, larger is stronger (R-RANK-1)."""
    ranks = [HIGH_ORDER.index(card[0]) + 2 for card in cards]
    counts = Counter(ranks)
    flush = len({card[1] for card in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            top = distinct[0]
        elif distinct == [14, 5, 4, 3, 2]:
            top = 5  # the wheel: the ace plays low
    if top and flush:
        return (8, top)
    shape = _shape(counts)
    if shape == (4, 1):
        return (7, *_groups(counts))
    if shape == (3, 2):
        return (6, *_groups(counts))
    if flush:
        return (5, *sorted(ranks, reverse=True))
    if top:
        return (4, top)
    category = {(3, 1): 3, (2, 2): 2, (2, 1): 1, (1, 0): 0}[shape]
    return (category, *_groups(counts))


def low_value(cards: Sequence[str], *, qualifier: int | None) -> Value | None:
    """A five-card ace-to-five low as a tuple, SMALLER is better; None if it does not qualify
    (R-LOW-3: five different ranks, each ``qualifier`` or lower; R-LOW-5: pairs count against)."""
    values = [LOW_ORDER.index(card[0]) + 1 for card in cards]
    counts = Counter(values)
    if qualifier is not None and (len(counts) < 5 or max(values) > qualifier):
        return None
    return (*_shape(counts), *_groups(counts))


def best_high_value(seven: Sequence[str]) -> Value:
    return max(high_value(five) for five in combinations(seven, 5))


def best_low_value(seven: Sequence[str], *, qualifier: int | None) -> Value | None:
    values = [low_value(five, qualifier=qualifier) for five in combinations(seven, 5)]
    qualified = [value for value in values if value is not None]
    return min(qualified) if qualified else None


def board_value(game: str, board: Sequence[str]) -> Value:
    """An exposed board of one to four upcards, larger acts first: the high board in stud and
    stud/8, the low board in razz; straights and flushes never count (R-ACT-1..3)."""
    if len(board) == 5 and game != "razz":
        # Four upcards and a community card (R-ACT-6, [U]): the normal five-card ranking.
        return high_value(board)
    if game == "razz":
        counts = Counter(LOW_ORDER.index(card[0]) + 1 for card in board)
        return tuple(-part for part in (*_shape(counts), *_groups(counts)))
    counts = Counter(HIGH_ORDER.index(card[0]) + 2 for card in board)
    return (*_shape(counts), *_groups(counts))


def card_by_suit(game: str, card: str) -> tuple[int, int]:
    order = LOW_ORDER if game == "razz" else HIGH_ORDER
    return order.index(card[0]), SUIT_ORDER.index(card[1])


#: R-ACT-4 in each profile (rules-facts section 13): True = high card by suit, False = position.
TIE_BY_SUIT = {
    "robert": {"stud": False, "stud8": False, "razz": False},
    "wsop_la": {"stud": False, "stud8": False, "razz": False},
    "tda": {"stud": True, "stud8": True, "razz": True},
    "wsop": {"stud": True, "stud8": False, "razz": False},
}


#: R-ACT-6: the rulebooks whose 7th-street opener is the best board with the community card
#: (RR #15; WSOP-LA 228 and WSOP-T are silent); under TDA RP-10-H-D the 6th-street boards decide.
COMMON_CARD_JOINS = frozenset({"robert", "wsop_la", "wsop"})


def first_to_act_seat(
    game: str,
    boards: Sequence[Sequence[str] | None],
    *,
    profile: str,
    all_in: Iterable[int] = (),
    community: str | None = None,
) -> int:
    """Who acts first (R-ACT-1..6), from the rules text."""
    if community is not None and profile in COMMON_CARD_JOINS:
        boards = [None if board is None else [*board, community] for board in boards]
    live = [seat for seat, board in enumerate(boards) if board is not None]
    values = {seat: board_value(game, boards[seat]) for seat in live}  # type: ignore[arg-type]
    best = max(values.values())
    tied = [seat for seat in live if values[seat] == best]
    if TIE_BY_SUIT[profile][game]:
        leader = max(
            tied,
            key=lambda seat: max(card_by_suit(game, card) for card in boards[seat]),  # type: ignore[union-attr]
        )
    else:
        leader = min(tied)
    skipped = set(all_in)
    seat = leader
    while seat in skipped:  # R-ACT-5: the next live player clockwise who is not all-in
        seat = (seat + 1) % len(boards)
        while boards[seat] is None:
            seat = (seat + 1) % len(boards)
    return seat
