"""A fixed-limit structure's four sizes: its own module, so that a rule profile (house rules
play their own structure) and the betting limits can both name it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Stakes"]


def _check_chips(name: str, value: object, *, minimum: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        raise ValueError(f"{name} must be an int of at least {minimum}, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Stakes:
    """The four independent sizes of a fixed-limit stud structure (R-ANTE-1, R-BRING-1, R-BET-1).

    >>> Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10).big_bet
    10
    >>> Stakes(ante=1, bring_in=5, small_bet=5, big_bet=10)
    Traceback (most recent call last):
    ...
    ValueError: bring_in 5 must be smaller than the small bet 5 (R-BRING-1)
    """

    ante: int
    bring_in: int
    small_bet: int
    big_bet: int

    def __post_init__(self) -> None:
        _check_chips("ante", self.ante)
        _check_chips("bring_in", self.bring_in, minimum=1)
        _check_chips("small_bet", self.small_bet, minimum=1)
        _check_chips("big_bet", self.big_bet, minimum=1)
        if self.bring_in >= self.small_bet:
            raise ValueError(
                f"bring_in {self.bring_in} must be smaller than the small bet "
                f"{self.small_bet} (R-BRING-1)"
            )
        if self.big_bet < self.small_bet:
            raise ValueError(
                f"big_bet {self.big_bet} must be at least the small bet {self.small_bet}"
            )
