"""The five-card ``Hand`` value and its categories, shared by high and low (R-RANK-1, R-LOW-5)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from rules.engine._tables import CARD_SHIFT, CODE
from rules.engine.cards import Card, parse_cards

__all__ = ["Hand", "HighCategory", "KeyOrdered", "LowCategory", "as_cards"]


class HighCategory(StrEnum):
    """High-hand categories, weakest first (R-RANK-1); ``strength`` is 0 (high card) to 8."""

    HIGH_CARD = "high_card"
    ONE_PAIR = "one_pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"
    STRAIGHT_FLUSH = "straight_flush"

    @property
    def strength(self) -> int:
        """0 for a high card up to 8 for a straight flush: the top field of a high key."""
        return _HIGH_STRENGTH[self]


class LowCategory(StrEnum):
    """Ace-to-five low categories, best first (R-LOW-5); ``strength`` is 5 (no pair) to 0 (quads).

    An eight-or-better low (R-LOW-3) is always ``NO_PAIR``; razz lows can be any category.
    """

    NO_PAIR = "no_pair"
    ONE_PAIR = "one_pair"
    TWO_PAIR = "two_pair"
    THREE_OF_A_KIND = "three_of_a_kind"
    FULL_HOUSE = "full_house"
    FOUR_OF_A_KIND = "four_of_a_kind"

    @property
    def strength(self) -> int:
        """5 for no pair down to 0 for four of a kind: the top field of a low key."""
        return _LOW_STRENGTH[self]


HIGH_CATEGORIES: Final[tuple[HighCategory, ...]] = tuple(HighCategory)
LOW_CATEGORIES: Final[tuple[LowCategory, ...]] = tuple(reversed(LowCategory))
_HIGH_STRENGTH: Final = {category: i for i, category in enumerate(HIGH_CATEGORIES)}
_LOW_STRENGTH: Final = {category: i for i, category in enumerate(LOW_CATEGORIES)}


class KeyOrdered:
    """Equality, hashing and ordering by ``key`` for values that also have ``is_low``.

    High and low values never compare with each other.
    """

    __slots__ = ()
    key: int

    @property
    def is_low(self) -> bool:
        raise NotImplementedError

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.is_low, self.key))

    def _other_key(self, other: object) -> int | None:
        if type(other) is type(self):
            assert isinstance(other, KeyOrdered)
            if other.is_low == self.is_low:
                return other.key
        return None

    def __eq__(self, other: object) -> bool:
        key = self._other_key(other)
        return NotImplemented if key is None else self.key == key

    def __lt__(self, other: object) -> bool:
        key = self._other_key(other)
        return NotImplemented if key is None else self.key < key

    def __le__(self, other: object) -> bool:
        key = self._other_key(other)
        return NotImplemented if key is None else self.key <= key

    def __gt__(self, other: object) -> bool:
        key = self._other_key(other)
        return NotImplemented if key is None else self.key > key

    def __ge__(self, other: object) -> bool:
        key = self._other_key(other)
        return NotImplemented if key is None else self.key >= key


@dataclass(frozen=True, slots=True, eq=False)
class Hand(KeyOrdered):
    """Five cards that make a high or a low hand, with an orderable ``key``.

    ``key`` is an ``int``, larger is better (a stronger high, a lower low):
    the category strength in bits 20 and up, then five 4-bit digits in order of significance.
    High digits are ranks 2..14 (ace 14; a wheel's top card is the 5). Low digits are
    ``14 - value`` with the ace as 1, so the ace is 13 and the king 1. Hands compare by key
    only, so equal ranks tie whatever the suits (R-RANK-1, R-SHOW-2). A high and a low hand do
    not compare.

    ``cards`` are the five cards in display order: for high, the paired (or trips, quads) cards
    first, then kickers high to low; straights high to low with a wheel as ``5 4 3 2 A``; for
    low, highest to lowest with the ace lowest.

    >>> from rules.engine.high import best_high
    >>> hand = best_high("Kd Kh 7c 7s 2d")
    >>> hand.category, str(hand)
    (<HighCategory.TWO_PAIR: 'two_pair'>, 'Kh Kd 7s 7c 2d')
    >>> hand == best_high("Ks Kc 7d 7h 2c"), hand < best_high("Ac Ad 3c 3d 2h")
    (True, True)
    """

    cards: tuple[Card, ...]
    category: HighCategory | LowCategory
    key: int

    def __post_init__(self) -> None:
        if len(self.cards) != 5 or _distinct(self.cards) != 5:
            raise ValueError(f"a hand is five different cards, not {_show(self.cards)!r}")
        if not isinstance(self.category, HighCategory | LowCategory):
            raise ValueError(f"unknown hand category {self.category!r}")

    @classmethod
    def _trusted(
        cls, cards: tuple[Card, ...], category: HighCategory | LowCategory, key: int
    ) -> Hand:
        """A hand built by the evaluators, whose cards are already checked: skips validation."""
        hand = object.__new__(cls)
        object.__setattr__(hand, "cards", cards)
        object.__setattr__(hand, "category", category)
        object.__setattr__(hand, "key", key)
        return hand

    @property
    def is_low(self) -> bool:
        """Whether this is an ace-to-five low hand."""
        return isinstance(self.category, LowCategory)

    def __str__(self) -> str:
        return _show(self.cards)


def _distinct(cards: tuple[Card, ...]) -> int:
    seen = 0
    for card in cards:
        if type(card) is not Card:
            raise ValueError(f"not a card: {card!r}")
        seen |= CODE[card.rank][card.suit]
    return (seen >> CARD_SHIFT).bit_count()


def _show(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)


def as_cards(cards: Iterable[Card] | str, *, check_repeats: bool = True) -> list[Card]:
    """Cards from a list of ``Card`` or from text; a non-card or a repeated card is an error.

    ``check_repeats=False`` leaves repeats to a caller that detects them anyway.
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    hand = list(cards)
    seen = 0
    for card in hand:
        if type(card) is not Card:
            raise ValueError(f"not a card: {card!r}")
        if check_repeats:
            bit = CODE[card.rank][card.suit] >> CARD_SHIFT
            if seen & bit:
                raise ValueError(f"card {str(card)!r} appears twice")
            seen |= bit
    return hand
