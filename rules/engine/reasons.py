"""Structured reasons: what a decision rests on (rule id, code, cards, seats, amounts)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final

from rules.engine.cards import Card

__all__ = ["Decision", "Reason"]

_EMPTY: Final[Mapping[str, object]] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Reason:
    """One step of an explanation.

    ``rule`` is a rule id from ``rules-facts.md`` (``"R-BRING-2"``); ``code`` names the reason
    in snake case (``"lowest_door_card"``) so the site can pick a sentence for it; the other
    fields carry what the sentence mentions.

    >>> Reason("R-BRING-2", "lowest_door_card", seats=(1,)).rule
    'R-BRING-2'
    """

    rule: str
    code: str
    seats: tuple[int, ...] = ()
    cards: tuple[Card, ...] = ()
    amounts: tuple[int, ...] = ()
    params: Mapping[str, object] = field(default=_EMPTY, hash=False)

    def __post_init__(self) -> None:
        if not self.rule.startswith("R-"):
            raise ValueError(f"unknown rule id {self.rule!r}: rule ids look like 'R-BRING-2'")
        if not self.code or not self.code.replace("_", "").isalnum() or not self.code.islower():
            raise ValueError(f"bad reason code {self.code!r}: use snake_case")
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision about one seat (who brings in, who acts first, who shows first) and why.

    >>> Decision(2, (Reason("R-ACT-1", "highest_board", seats=(2,)),)).rules
    ('R-ACT-1',)
    """

    seat: int
    reasons: tuple[Reason, ...]

    @property
    def rules(self) -> tuple[str, ...]:
        """The rule ids cited, in order, without repeats."""
        return tuple(dict.fromkeys(reason.rule for reason in self.reasons))
