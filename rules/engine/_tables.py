"""Precomputed tables and per-card codes behind the fast hand evaluators (high.py, low.py)."""

from __future__ import annotations

from typing import Final

from rules.engine.cards import Card, Rank, Suit

# A card's code packs three things, so that the plain sum of a hand's codes describes it:
#   bits 0..38    rank counts, 3 bits per rank (2 .. ace), at most 4 of a rank;
#   bits 39..50   suit counts, 3 bits per suit (clubs .. spades), at most 7 cards;
#   bits 51..102  one bit per card: a repeated card carries, so the popcount drops.
RANK_FIELD: Final = (1 << 39) - 1
SUIT_SHIFT: Final = 39
CARD_SHIFT: Final = 51

# Bits in 13-bit rank masks: high masks put the 2 at bit 0 and the ace at bit 12; low masks put
# the ace at bit 0 and the king at bit 12 (the ace is 1 in ace-to-five, R-LOW-1).
HIGH_BIT: Final[list[int]] = [0, 0] + [1 << (rank - 2) for rank in range(2, 15)]
LOW_BIT: Final[list[int]] = [0, 0] + [1 << (rank - 1) for rank in range(2, 14)] + [1]
SUIT_INDEX: Final[dict[Suit, int]] = {suit: suit.order for suit in Suit}

CODE: Final[list[dict[Suit, int]]] = [{}, {}] + [
    {
        suit: (1 << (3 * (rank - 2)))
        | (1 << (SUIT_SHIFT + 3 * suit.order))
        | (1 << (CARD_SHIFT + Card(Rank(rank), suit).index))
        for suit in Suit
    }
    for rank in range(2, 15)
]
"""``CODE[card.rank][card.suit]``: the packed code of one card."""

SHIFTS: Final = (16, 12, 8, 4, 0)
HIGH_STRAIGHT: Final = 4
HIGH_FLUSH: Final = 5
HIGH_STRAIGHT_FLUSH: Final = 8


def pack(strength: int, digits: list[int] | tuple[int, ...]) -> int:
    """A key: the category strength, then up to five 4-bit digits (missing digits are 0)."""
    key = strength
    for i in range(5):
        key = (key << 4) | (digits[i] if i < len(digits) else 0)
    return key


def _straight_top(mask: int) -> int:
    for top in range(14, 5, -1):
        run = 0b11111 << (top - 6)
        if mask & run == run:
            return top
    wheel = HIGH_BIT[14] | HIGH_BIT[2] | HIGH_BIT[3] | HIGH_BIT[4] | HIGH_BIT[5]
    return 5 if mask & wheel == wheel else 0


def _ranks_desc(mask: int) -> list[int]:
    return [rank for rank in range(14, 1, -1) if mask & HIGH_BIT[rank]]


STRAIGHT_TOP: Final[list[int]] = [_straight_top(mask) for mask in range(1 << 13)]
"""``STRAIGHT_TOP[high_mask]``: the top rank of the best straight in the mask, else 0."""


def _flush_key(mask: int) -> int:
    if mask.bit_count() < 5:
        return 0
    top = STRAIGHT_TOP[mask]
    if top:
        return pack(HIGH_STRAIGHT_FLUSH, [top])
    return pack(HIGH_FLUSH, _ranks_desc(mask)[:5])


FLUSH_KEY: Final[list[int]] = [_flush_key(mask) for mask in range(1 << 13)]
"""``FLUSH_KEY[high_mask]``: the key of the flush (or straight flush) on those ranks."""


def _flush_suit(field: int) -> int:
    for order in range(4):
        if (field >> (3 * order)) & 7 >= 5:
            return order
    return -1


FLUSH_SUIT: Final[list[int]] = [_flush_suit(field) for field in range(1 << 12)]
"""``FLUSH_SUIT[suit_counts]``: the order of a suit with five or more cards, else -1."""


def high_key_from_counts(counts: list[int]) -> int:
    """The best non-flush high key of a rank multiset (``counts[rank]``, ranks 2..14).

    Straights count only when the multiset holds five or more cards.
    """
    mask = 0
    quads: list[int] = []
    trips: list[int] = []
    pairs: list[int] = []
    for rank in range(14, 1, -1):
        count = counts[rank]
        if count:
            mask |= HIGH_BIT[rank]
            if count == 4:
                quads.append(rank)
            elif count == 3:
                trips.append(rank)
            elif count == 2:
                pairs.append(rank)
    present = _ranks_desc(mask)
    top = STRAIGHT_TOP[mask] if sum(counts) >= 5 else 0
    if quads:
        kickers = [rank for rank in present if rank != quads[0]][:1]
        return pack(7, [quads[0], *kickers])
    if trips and len(trips) + len(pairs) >= 2:
        return pack(6, [trips[0], max(trips[1:] + pairs)])
    if top:
        return pack(HIGH_STRAIGHT, [top])
    if trips:
        return pack(3, [trips[0], *[rank for rank in present if rank != trips[0]][:2]])
    if len(pairs) >= 2:
        high, low = pairs[0], pairs[1]
        return pack(2, [high, low, *[rank for rank in present if rank not in (high, low)][:1]])
    if pairs:
        return pack(1, [pairs[0], *[rank for rank in present if rank != pairs[0]][:3]])
    return pack(0, present[:5])


def _build_high_ranks() -> dict[int, int]:
    table: dict[int, int] = {}
    counts = [0] * 15

    def visit(rank: int, total: int, code: int) -> None:
        if rank > 14:
            if total >= 5:
                table[code] = high_key_from_counts(counts)
            return
        for count in range(min(4, 7 - total) + 1):
            counts[rank] = count
            visit(rank + 1, total + count, code | (count << (3 * (rank - 2))))
        counts[rank] = 0

    visit(2, 0, 0)
    return table


HIGH_RANKS: Final[dict[int, int]] = {}


def high_ranks() -> dict[int, int]:
    """``high_ranks()[code & RANK_FIELD]``: the non-flush key of every 5-7 card rank multiset.

    Built on first use (about 74,000 entries), then kept.
    """
    if not HIGH_RANKS:
        HIGH_RANKS.update(_build_high_ranks())
    return HIGH_RANKS


def low_digits(values: list[int]) -> list[int]:
    """Low digits for ace-to-five values (ace 1 .. king 13): lower cards give larger digits."""
    return [14 - value for value in values]


def _low5(mask: int) -> int:
    if mask.bit_count() < 5:
        return 0
    values = [value for value in range(1, 14) if mask & (1 << (value - 1))][:5]
    return pack(5, low_digits(values[::-1]))


LOW5: Final[list[int]] = [_low5(mask) for mask in range(1 << 13)]
"""``LOW5[low_mask]``: the no-pair low key of the five lowest ranks in the mask, else 0."""


def low_key_from_counts(counts: list[int], size: int = 5) -> int:
    """The best ace-to-five low key using ``size`` (1-5) of the cards (``counts[value]``, 1..13).

    Pairs count against the hand (R-LOW-5): use as many different ranks as possible, then
    pair the lowest ranks available, preferring two pair to trips and a full house to quads.
    """
    present = [value for value in range(1, 14) if counts[value]]
    if len(present) >= size:
        chosen = present[:size]
        return pack(5, low_digits(chosen[::-1]))
    extra = size - len(present)
    # Ranks that can supply a second (third, fourth) card, lowest first.
    best: tuple[int, list[int]] | None = None
    for shape in _SHAPES[(len(present), extra)]:
        groups = _fill(counts, present, shape)
        if groups is None:
            continue
        strength, digits = groups
        candidate = pack(strength, digits)
        if best is None or candidate > pack(*best):
            best = (strength, digits)
    assert best is not None, "a multiset of `size` cards always fits one shape"
    return pack(*best)


# (distinct ranks used, extra cards) -> the multiplicity shapes to try, best category first,
# each as (strength, multiplicities of the repeated ranks).
_SHAPES: Final[dict[tuple[int, int], tuple[tuple[int, tuple[int, ...]], ...]]] = {
    (4, 1): ((4, (2,)),),
    (3, 2): ((3, (2, 2)), (2, (3,))),
    (3, 1): ((4, (2,)),),
    (2, 3): ((1, (3, 2)), (0, (4,))),
    (2, 2): ((3, (2, 2)), (2, (3,))),
    (2, 1): ((4, (2,)),),
    (1, 3): ((0, (4,)),),
    (1, 2): ((2, (3,)),),
    (1, 1): ((4, (2,)),),
}


def _fill(
    counts: list[int], present: list[int], shape: tuple[int, tuple[int, ...]]
) -> tuple[int, list[int]] | None:
    strength, multiplicities = shape
    used: list[int] = []
    groups: list[tuple[int, int]] = []
    for multiplicity in multiplicities:
        for value in present:
            if value not in used and counts[value] >= multiplicity:
                used.append(value)
                groups.append((multiplicity, value))
                break
        else:
            return None
    # Repeated ranks in order of significance: bigger groups first, then higher rank first.
    groups.sort(key=lambda group: (-group[0], -group[1]))
    kickers = sorted((value for value in present if value not in used), reverse=True)
    return strength, low_digits([value for _, value in groups] + kickers)
