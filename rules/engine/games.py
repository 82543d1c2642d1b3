"""The three games and the facts that tell them apart, as data (R-BRING-2/3, R-ACT-1, R-LOW-3/5)."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Game"]


class Game(StrEnum):
    """Seven Card Stud (high), Stud Hi/Lo eight-or-better, Razz.

    >>> Game("razz").is_low_only, Game("stud8").has_low_half
    (True, True)
    """

    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"

    @property
    def has_high_half(self) -> bool:
        """Whether the best high hand wins (all or half of) the pot."""
        return self is not Game.RAZZ

    @property
    def has_low_half(self) -> bool:
        """Whether a low hand wins (half of or all of) the pot."""
        return self is not Game.STUD

    @property
    def is_low_only(self) -> bool:
        """Razz: the lowest hand wins everything, with no qualifier (R-LOW-5)."""
        return self is Game.RAZZ

    @property
    def low_qualifier(self) -> int | None:
        """8 for stud/8 (R-LOW-3), ``None`` for razz, where every hand has a low."""
        return 8 if self is Game.STUD8 else None
