"""Exposed hands ("boards") on 4th-7th street: which board is best (R-ACT-2, R-ACT-3, R-ACT-6)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from rules.engine import _tables as t
from rules.engine.cards import Card
from rules.engine.games import Game
from rules.engine.high import high_key
from rules.engine.low import low_key
from rules.engine.ranking import (
    HIGH_CATEGORIES,
    LOW_CATEGORIES,
    HighCategory,
    KeyOrdered,
    LowCategory,
)
from rules.engine.ranking import as_cards as _as_cards

__all__ = ["Board", "high_board", "low_board", "rank_board"]


@dataclass(frozen=True, slots=True, eq=False)
class Board(KeyOrdered):
    """One player's upcards ranked as an exposed hand; boards compare by ``key``.

    ``key`` is larger for the board that acts first: the best high board in stud and stud/8,
    the best (lowest) low board in razz. It uses the same scale as ``Hand.key``. ``cards``
    keep the order they were given (players may not rearrange their upcards, R-DEAL-4).
    Boards with the same ranks are equal whatever their suits: R-ACT-4 then breaks the tie.

    >>> high_board("Kh Qd") == high_board("Ks Qc"), high_board("2c 2d") > high_board("Ah Kh")
    (True, True)
    """

    cards: tuple[Card, ...]
    category: HighCategory | LowCategory
    key: int

    def __post_init__(self) -> None:
        if not 1 <= len(self.cards) <= 5 or len(set(self.cards)) != len(self.cards):
            raise ValueError(f"a board is 1 to 5 different cards, not {_show(self.cards)!r}")

    @classmethod
    def _trusted(
        cls, cards: tuple[Card, ...], category: HighCategory | LowCategory, key: int
    ) -> Board:
        """A board of cards already checked (1-5 different cards): skips validation."""
        board = object.__new__(cls)
        object.__setattr__(board, "cards", cards)
        object.__setattr__(board, "category", category)
        object.__setattr__(board, "key", key)
        return board

    @property
    def is_low(self) -> bool:
        """Whether this is a razz (ace-to-five low) board."""
        return isinstance(self.category, LowCategory)

    def __str__(self) -> str:
        return _show(self.cards)


def high_board(cards: Iterable[Card] | str) -> Board:
    """Rank 1-5 upcards as a high board (stud, stud/8: R-ACT-1, R-ACT-3).

    With 1-4 cards only high cards, one pair, two pair, trips and quads exist: straights and
    flushes need five cards and never count (R-ACT-2), so ``7h 8h 9h`` is just nine-high. With
    five exposed cards (four upcards and a community card, R-ACT-6) the normal five-card
    ranking applies, straights and flushes included: rules-facts R-ACT-6 marks this [U] and
    calls it the natural reading of RR #15.

    >>> high_board("7h 8h 9h") < high_board("2c 2s 3d")
    True
    >>> high_board("5c 6d 7h 8s").category, high_board("5c 6d 7h 8s 9c").category
    (<HighCategory.HIGH_CARD: 'high_card'>, <HighCategory.STRAIGHT: 'straight'>)
    """
    return _high_board(_board_cards(cards))


def low_board(cards: Iterable[Card] | str) -> Board:
    """Rank 1-5 upcards as a razz low board, the ace low (R-ACT-1, R-ACT-3).

    Any unpaired board beats any paired board; unpaired boards compare their highest cards
    first (lower is better); paired boards compare the paired ranks first. Straights and
    flushes never count in ace-to-five low (R-LOW-1).

    >>> low_board("3h 2s") > low_board("Ah 4s"), low_board("Qs 8s") > low_board("7h 7s")
    (True, True)
    >>> low_board("7h 7s").category
    <LowCategory.ONE_PAIR: 'one_pair'>
    """
    return _low_board(_board_cards(cards))


def rank_board(game: Game | str, cards: Iterable[Card] | str) -> Board:
    """The board as ``game`` ranks it for first to act: low in razz, high otherwise (R-ACT-1).

    Stud/8 uses the high board on every street after 3rd.

    >>> rank_board("stud8", "Ah 2h") < rank_board("stud8", "Kd Kc")
    True
    >>> rank_board("razz", "Ah 2h") > rank_board("razz", "Kd Qc")
    True
    """
    return low_board(cards) if Game(game) is Game.RAZZ else high_board(cards)


def _high_board(board: list[Card]) -> Board:
    """``high_board`` of 1-5 cards already checked (``_board_cards``)."""
    if len(board) == 5:
        key = high_key(board)
    else:
        ranks = _rank_field(board)
        cached = _HIGH_KEYS.get(ranks)
        if cached is None:
            counts = [0] * 15
            for card in board:
                counts[card.rank] += 1
            cached = _HIGH_KEYS[ranks] = t.high_key_from_counts(counts)
        key = cached
    return Board._trusted(tuple(board), HIGH_CATEGORIES[key >> 20], key)


def _low_board(board: list[Card]) -> Board:
    """``low_board`` of 1-5 cards already checked (``_board_cards``)."""
    if len(board) == 5:
        five = low_key(board, qualifier=None)
        assert five is not None
        key = five
    else:
        ranks = _rank_field(board)
        cached = _LOW_KEYS.get(ranks)
        if cached is None:
            counts = [0] * 14
            for card in board:
                counts[card.rank.low_value] += 1
            cached = _LOW_KEYS[ranks] = t.low_key_from_counts(counts, size=len(board))
        key = cached
    return Board._trusted(tuple(board), LOW_CATEGORIES[key >> 20], key)


def _rank_field(cards: list[Card]) -> int:
    """The cards' rank counts packed in one int (the evaluators' code): the board's ranks."""
    code = 0
    for card in cards:
        code += _CODE[card.rank][card.suit]
    return code & t.RANK_FIELD


# A board of fewer than five cards is ranked by its ranks alone: its key, by the rank counts
# (at most a few thousand multisets of one to four ranks).
_CODE: Final = t.CODE
_HIGH_KEYS: Final[dict[int, int]] = {}
_LOW_KEYS: Final[dict[int, int]] = {}


def _board_cards(cards: Iterable[Card] | str) -> list[Card]:
    board = _as_cards(cards)
    if not 1 <= len(board) <= 5:
        raise ValueError(f"a board is 1 to 5 upcards, not {len(board)} ({_show(board)!r})")
    return board


def _show(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)
