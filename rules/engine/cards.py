"""Cards, suits and ranks: parsing and the orderings the rules use (R-DECK-1, 0.3 notation)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Final

__all__ = [
    "DECK",
    "Card",
    "Rank",
    "Suit",
    "parse_card",
    "parse_cards",
]


class Suit(StrEnum):
    """The four suits; their order (clubs < diamonds < hearts < spades) only breaks forced-bet,
    first-to-act and odd-chip ties, never a pot (0.3, R-SHOW-2)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def order(self) -> int:
        """0 for clubs up to 3 for spades."""
        return _SUIT_ORDER[self]


_SUIT_ORDER: Final = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


class Rank(IntEnum):
    """Ranks valued for high hands: the ace is 14 (it plays low only in a wheel or a low hand)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The one-letter symbol: ``A K Q J T 9 .. 2``."""
        return _RANK_SYMBOLS[self]

    @property
    def low_value(self) -> int:
        """The value in ace-to-five low: the ace is 1 (R-LOW-1)."""
        return 1 if self is Rank.ACE else int(self)


_RANK_SYMBOLS: Final = {
    Rank.TWO: "2",
    Rank.THREE: "3",
    Rank.FOUR: "4",
    Rank.FIVE: "5",
    Rank.SIX: "6",
    Rank.SEVEN: "7",
    Rank.EIGHT: "8",
    Rank.NINE: "9",
    Rank.TEN: "T",
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_SYMBOL: Final = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()} | {"10": Rank.TEN}
_TOKEN: Final = re.compile(r"^(10|[2-9TJQKA])([shdc])$", re.IGNORECASE)
_BAD_CARD: Final = "unknown card {!r}: ranks are A K Q J T 9-2 (10 for ten), suits s h d c"


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card of the 52-card deck.

    >>> Card(Rank.ACE, Suit.SPADES)
    Card('As')
    >>> str(parse_card("10h"))
    'Th'
    """

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        if not isinstance(self.rank, Rank):
            raise ValueError(f"unknown rank {self.rank!r}: expected a Rank")
        if not isinstance(self.suit, Suit):
            raise ValueError(f"unknown suit {self.suit!r}: expected a Suit")

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    @property
    def index(self) -> int:
        """A dense index 0..51 (rank-major, suit-minor), handy for tables and bitmasks."""
        return (self.rank - 2) * 4 + self.suit.order

    @property
    def high_by_suit(self) -> tuple[int, int]:
        """Sort key for 'highest card by suit' with the ace high (R-BRING-2, R-POT-6)."""
        return (int(self.rank), self.suit.order)

    @property
    def low_by_suit(self) -> tuple[int, int]:
        """Sort key for 'highest card by suit' with the ace low, as razz counts it (R-BRING-3)."""
        return (self.rank.low_value, self.suit.order)


def parse_card(token: str) -> Card:
    """Parse one card such as ``As``, ``td`` or ``10c``.

    >>> parse_card("2c")
    Card('2c')
    >>> parse_card("Xx")
    Traceback (most recent call last):
    ...
    ValueError: unknown card 'Xx': ranks are A K Q J T 9-2 (10 for ten), suits s h d c
    """
    match = _TOKEN.match(token.strip()) if isinstance(token, str) else None
    if match is None:
        raise ValueError(_BAD_CARD.format(token))
    rank_text, suit_text = match.groups()
    return Card(_RANK_BY_SYMBOL[rank_text.upper()], Suit(suit_text.lower()))


def parse_cards(text: str, *, distinct: bool = True) -> list[Card]:
    """Parse cards separated by white space (or written together): ``"As Kd 7c"``, ``"AsKd"``.

    With ``distinct`` (the default) a card written twice is an error, since no hand can hold
    one card twice.

    >>> parse_cards("As Kd 10c")
    [Card('As'), Card('Kd'), Card('Tc')]
    >>> parse_cards("As As")
    Traceback (most recent call last):
    ...
    ValueError: card 'As' appears twice
    """
    if not isinstance(text, str):
        raise ValueError(f"cards must be given as text, not {text!r}")
    tokens: list[str] = []
    for chunk in text.split():
        tokens.extend(_split_run(chunk))
    cards = [parse_card(token) for token in tokens]
    if distinct:
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise ValueError(f"card {str(card)!r} appears twice")
            seen.add(card)
    return cards


def _split_run(chunk: str) -> list[str]:
    """Split ``"AsKd10c"`` into tokens; anything that does not split cleanly is reported whole."""
    tokens = re.findall(r"10[shdcSHDC]|[2-9TJQKAtjqka][shdcSHDC]", chunk)
    if "".join(tokens) != chunk:
        bad = chunk if len(tokens) <= 1 else _first_bad(chunk)
        raise ValueError(_BAD_CARD.format(bad))
    return tokens


def _first_bad(chunk: str) -> str:
    rest = chunk
    while rest:
        match = re.match(r"10[shdcSHDC]|[2-9TJQKAtjqka][shdcSHDC]", rest)
        if match is None:
            return rest[:2] if len(rest) >= 2 else rest
        rest = rest[match.end() :]
    return chunk


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for rank in Rank for suit in Suit)
"""The 52 cards in a fixed order (twos first, clubs first within a rank)."""
