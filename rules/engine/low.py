"""Ace-to-five low hands: eight-or-better (stud/8) and razz, by table look-up (R-LOW-1..6)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.engine import _tables as t
from rules.engine.cards import Card
from rules.engine.ranking import LOW_CATEGORIES, Hand, LowCategory, as_cards

__all__ = ["Hand", "LowCategory", "best_low", "low_key"]

_LOW_BIT = t.LOW_BIT
_LOW5 = t.LOW5
_CODE = t.CODE
_CARD_SHIFT = t.CARD_SHIFT
# A low digit (13 for the ace .. 1 for the king) back to the card rank (14 for the ace).
_RANK_OF_DIGIT = [0, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 14]
_LOW_VALUE = [0, 0, *range(2, 14), 1]

# How many cards of each key digit a category uses, in key-digit order.
_PATTERNS: dict[LowCategory, tuple[int, ...]] = {
    LowCategory.NO_PAIR: (1, 1, 1, 1, 1),
    LowCategory.ONE_PAIR: (2, 1, 1, 1),
    LowCategory.TWO_PAIR: (2, 2, 1),
    LowCategory.THREE_OF_A_KIND: (3, 1, 1),
    LowCategory.FULL_HOUSE: (3, 2),
    LowCategory.FOUR_OF_A_KIND: (4, 1),
}


def low_key(cards: Sequence[Card], *, qualifier: int | None = 8) -> int | None:
    """The key of the best ace-to-five low in 5-7 distinct cards, or ``None`` when none qualifies.

    The same number as ``best_low(cards, qualifier=...).key``; larger is the better (lower)
    low. With ``qualifier=8`` this is one pass over the cards and one list look-up.

    >>> from rules.engine.cards import parse_cards
    >>> low_key(parse_cards("Ah 2d 3c 4s 5h 6d 7c")) > low_key(parse_cards("8h 7d 6c 5s 4h"))
    True
    >>> low_key(parse_cards("Ah 2d 3c 4s 9h 9d Kc")) is None
    True
    """
    n = len(cards)
    if n < 5 or n > 7:
        raise ValueError(f"a low hand needs 5 to 7 cards, not {n} ({_show(cards)!r})")
    mask = 0
    seen = 0
    for card in cards:
        mask |= _LOW_BIT[card.rank]
        seen |= _CODE[card.rank][card.suit]
    if (seen >> _CARD_SHIFT).bit_count() != n:
        raise ValueError(f"a card appears twice in {_show(cards)!r}")
    if qualifier is None:
        return _LOW5[mask] or _paired_low(cards)
    if qualifier.__class__ is not int or not 5 <= qualifier <= 13:
        raise ValueError(f"bad low qualifier {qualifier!r}: use 5 to 13 (8 for stud/8) or None")
    return _LOW5[mask & ((1 << qualifier) - 1)] or None


def _paired_low(cards: Sequence[Card]) -> int:
    counts = [0] * 14
    for card in cards:
        counts[card.rank.low_value] += 1
    return t.low_key_from_counts(counts)


def best_low(cards: Iterable[Card] | str, *, qualifier: int | None = 8) -> Hand | None:
    """The best ace-to-five low of 5-7 distinct cards (R-LOW-1..5); ``None`` if none qualifies.

    ``qualifier=8`` (stud/8, R-LOW-3): five different ranks, each 8 or lower (ace = 1);
    straights and flushes do not matter. ``qualifier=None`` (razz, R-LOW-5): every hand has a
    low, and pairs count against it: no pair, then one pair, two pair, trips, full house,
    quads; within a category the paired ranks compare first (lower is better), then kickers.
    The hand's cards run from highest to lowest, the ace last.

    >>> str(best_low("Ah 2d 3c 4s 4h 8d Kc"))
    '8d 4s 3c 2d Ah'
    >>> best_low("Ah 2d 3c 4s 9h 9d Kc") is None
    True
    >>> razz = best_low("Ah Ad Ac 2s 2h 2d 3c", qualifier=None)
    >>> str(razz), razz.category
    ('3c 2s 2h Ah Ad', <LowCategory.TWO_PAIR: 'two_pair'>)
    >>> best_low("Kh Qd Jc Ts 9h", qualifier=None) > best_low("2c 2d Ah 3s 4h", qualifier=None)
    True
    """
    hand = as_cards(cards, check_repeats=False)
    try:
        key = low_key(hand, qualifier=qualifier)
    except ValueError:
        as_cards(hand)  # names the repeated card, if that was the problem
        raise
    if key is None:
        return None
    strength = key >> 20
    category = LOW_CATEGORIES[strength]
    chosen: list[Card] = []
    for shift, count in zip(t.SHIFTS, _PATTERNS[category], strict=False):
        rank = _RANK_OF_DIGIT[(key >> shift) & 15]
        group = [card for card in hand if card.rank == rank]
        if len(group) > 1:
            # Higher suits first: a stable display, and the pick when not all are used.
            group.sort(key=lambda card: t.SUIT_INDEX[card.suit], reverse=True)
        chosen.extend(group[:count])
    chosen.sort(key=lambda card: _LOW_VALUE[card.rank], reverse=True)
    return Hand._trusted(tuple(chosen), category, key)


def _show(cards: Iterable[object]) -> str:
    return " ".join(str(card) for card in cards)
