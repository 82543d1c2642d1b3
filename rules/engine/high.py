"""High hands: the best five of five to seven cards, by a table-driven evaluator (R-RANK-1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.engine import _tables as t
from rules.engine.cards import Card, Suit
from rules.engine.ranking import HIGH_CATEGORIES, Hand, HighCategory, as_cards

__all__ = ["Hand", "HighCategory", "best_high", "high_key"]

_CODE = t.CODE
_RANK_FIELD = t.RANK_FIELD
_SUIT_SHIFT = t.SUIT_SHIFT
_CARD_SHIFT = t.CARD_SHIFT
_FLUSH_SUIT = t.FLUSH_SUIT
_FLUSH_KEY = t.FLUSH_KEY
_HIGH_BIT = t.HIGH_BIT
_SUIT_INDEX = t.SUIT_INDEX
_HIGH_RANKS = t.HIGH_RANKS
_RUNS_AND_FLUSHES = frozenset({t.HIGH_STRAIGHT, t.HIGH_FLUSH, t.HIGH_STRAIGHT_FLUSH})

# Per category: (the shift of a key digit, how many cards of that rank the hand uses).
_PATTERNS: dict[HighCategory, tuple[tuple[int, int], ...]] = {
    category: tuple(zip(t.SHIFTS, counts, strict=False))
    for category, counts in (
        (HighCategory.HIGH_CARD, (1, 1, 1, 1, 1)),
        (HighCategory.ONE_PAIR, (2, 1, 1, 1)),
        (HighCategory.TWO_PAIR, (2, 2, 1)),
        (HighCategory.THREE_OF_A_KIND, (3, 1, 1)),
        (HighCategory.FULL_HOUSE, (3, 2)),
        (HighCategory.FOUR_OF_A_KIND, (4, 1)),
    )
}


def high_key(cards: Sequence[Card]) -> int:
    """The key of the best five-card high hand in 5-7 distinct cards, without building a ``Hand``.

    The same number as ``best_high(cards).key``; larger is stronger. A 7-card hand costs one
    pass over the cards and a table look-up: no enumeration of the 21 five-card subsets.

    >>> from rules.engine.cards import parse_cards
    >>> high_key(parse_cards("As Ks Qs Js Ts 2c 2d")) > high_key(parse_cards("9h 9d 9c 9s 2c"))
    True
    >>> high_key(parse_cards("As Ks"))
    Traceback (most recent call last):
    ...
    ValueError: a high hand needs 5 to 7 cards, not 2 ('As Ks')
    """
    n = len(cards)
    if n < 5 or n > 7:
        raise ValueError(f"a high hand needs 5 to 7 cards, not {n} ({_show(cards)!r})")
    code = 0
    for card in cards:
        code += _CODE[card.rank][card.suit]
    if (code >> _CARD_SHIFT).bit_count() != n:
        raise ValueError(f"a card appears twice in {_show(cards)!r}")
    suit = _FLUSH_SUIT[(code >> _SUIT_SHIFT) & 0xFFF]
    if suit < 0:
        try:
            return _HIGH_RANKS[code & _RANK_FIELD]
        except KeyError:  # the table is built on first use
            return t.high_ranks()[code & _RANK_FIELD]
    mask = 0
    for card in cards:
        if _SUIT_INDEX[card.suit] == suit:
            mask |= _HIGH_BIT[card.rank]
    return _FLUSH_KEY[mask]


def best_high(cards: Iterable[Card] | str) -> Hand:
    """The best five-card high hand of 5-7 distinct cards (R-RANK-1, R-DECK-1).

    The ace plays high, or low in the wheel ``5 4 3 2 A`` (the lowest straight); straights do
    not wrap around the ace. Text is parsed with ``parse_cards``.

    >>> hand = best_high("As 2s 3s 4s 5s Kd Kh")
    >>> str(hand), hand.category
    ('5s 4s 3s 2s As', <HighCategory.STRAIGHT_FLUSH: 'straight_flush'>)
    >>> str(best_high("Qh Kd As 2c 3h 9d 9c")), best_high("Qh Kd As 2c 3h").category
    ('9d 9c As Kd Qh', <HighCategory.HIGH_CARD: 'high_card'>)
    >>> str(best_high("As Ad Kc Kd Qh Qs 2c"))
    'As Ad Kd Kc Qs'
    >>> best_high("As Ks Qs Js 9s 9s")
    Traceback (most recent call last):
    ...
    ValueError: card '9s' appears twice
    """
    hand = as_cards(cards, check_repeats=False)
    try:
        key = high_key(hand)
    except ValueError:
        as_cards(hand)  # names the repeated card, if that was the problem
        raise
    strength = key >> 20
    category = HIGH_CATEGORIES[strength]
    chosen: list[Card] = []
    if strength in _RUNS_AND_FLUSHES:
        digits = [(key >> shift) & 15 for shift in t.SHIFTS]
        flush_suit = _flush_suit(hand) if strength != t.HIGH_STRAIGHT else None
        ranks = digits if strength == t.HIGH_FLUSH else _straight_ranks(digits[0])
        for rank in ranks:
            group = [c for c in hand if c.rank == rank and flush_suit in (None, c.suit)]
            chosen.append(max(group, key=_suit_order))
        return Hand._trusted(tuple(chosen), category, key)
    by_rank: dict[int, list[Card]] = {}
    for card in hand:
        same = by_rank.get(card.rank)
        if same is None:
            by_rank[card.rank] = [card]
        else:
            same.append(card)
    for shift, count in _PATTERNS[category]:
        group = by_rank[(key >> shift) & 15]
        if len(group) > 1:
            # Higher suits first: a stable display, and the pick when not all are used.
            group.sort(key=_suit_order, reverse=True)
        chosen.extend(group[:count])
    return Hand._trusted(tuple(chosen), category, key)


def _suit_order(card: Card) -> int:
    return _SUIT_INDEX[card.suit]


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))


def _flush_suit(cards: Sequence[Card]) -> Suit:
    suits = [card.suit for card in cards]
    return max(set(suits), key=suits.count)


def _show(cards: Iterable[object]) -> str:
    return " ".join(str(card) for card in cards)
