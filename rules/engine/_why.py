"""A shorthand for building ``Reason`` values from the reason-code enums of each module."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from rules.engine.cards import Card
from rules.engine.reasons import Reason

__all__ = ["reason"]


def reason(
    rule: str,
    code: StrEnum,
    *,
    seats: tuple[int, ...] = (),
    cards: tuple[Card, ...] = (),
    params: Mapping[str, object] | None = None,
) -> Reason:
    """A ``Reason`` whose code is the plain string value of ``code``.

    >>> from rules.engine.forced import BringInCode
    >>> reason("R-BRING-2", BringInCode.LOWEST_DOOR_CARD, seats=(1,)).code
    'lowest_door_card'
    """
    return Reason(rule, code.value, seats=seats, cards=cards, params=params or {})
