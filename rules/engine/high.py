"""High hands: the best five of five to seven cards, by a table-driven evaluator (R-RANK-1)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.engine import _tables as t
from rules.engine._hand import HIGH_CATEGORIES, Hand, HighCategory, as_cards
from rules.engine.cards import Card, Suit

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

# How many cards of each rank digit a category uses, in key-digit order.
_PATTERNS: dict[HighCategory, tuple[int, ...]] = {
    HighCategory.HIGH_CARD: (1, 1, 1, 1, 1),
    HighCategory.ONE_PAIR: (2, 1, 1, 1),
    HighCategory.TWO_PAIR: (2, 2, 1),
    HighCategory.THREE_OF_A_KIND: (3, 1, 1),
    HighCategory.FULL_HOUSE: (3, 2),
    HighCategory.FOUR_OF_A_KIND: (4, 1),
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
    hand = as_cards(cards)
    key = high_key(hand)
    strength, digits = t.unpack(key)
    category = HIGH_CATEGORIES[strength]
    by_rank: dict[int, list[Card]] = {}
    # Within a rank the higher suits come first, so the choice of cards is deterministic.
    for card in sorted(hand, key=lambda card: card.suit.order, reverse=True):
        by_rank.setdefault(int(card.rank), []).append(card)
    if category in (HighCategory.STRAIGHT, HighCategory.STRAIGHT_FLUSH, HighCategory.FLUSH):
        suited = category is not HighCategory.STRAIGHT
        flush_suit = _flush_suit(hand) if suited else None
        ranks = _straight_ranks(digits[0]) if category is not HighCategory.FLUSH else digits
        chosen = [
            next(c for c in by_rank[rank] if flush_suit is None or c.suit is flush_suit)
            for rank in ranks
        ]
    else:
        chosen = []
        for rank, count in zip(digits, _PATTERNS[category], strict=False):
            chosen.extend(by_rank[rank][:count])
    return Hand(tuple(chosen), category, key)


def _straight_ranks(top: int) -> list[int]:
    return [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))


def _flush_suit(cards: Sequence[Card]) -> Suit:
    suits = [card.suit for card in cards]
    return max(set(suits), key=suits.count)


def _show(cards: Iterable[object]) -> str:
    return " ".join(str(card) for card in cards)
