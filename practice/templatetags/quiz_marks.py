"""Marks on a marked answer: each option says whether it was right, a wrong pick, or missed."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

register = template.Library()

_UNSET: Any = object()


@dataclass(frozen=True, slots=True)
class Mark:
    """``css`` goes on the option's box; ``html`` (an icon and words) inside its label."""

    state: str
    css: str
    html: SafeString


_NONE = Mark("", "", SafeString(""))


def _as_set(value: Any) -> set[str]:
    if value is None:
        return set()
    if isinstance(value, (str, int, bool)):
        return {str(value)}
    if isinstance(value, Iterable):
        return {str(item) for item in value}
    return {str(value)}


def mark_for(*, right: bool, picked: bool, multi: bool) -> Mark:
    """The mark of one option: a wrong pick never gets a tick."""
    if picked and right:
        return Mark(
            "right",
            "option--right",
            format_html(
                '<span class="mark mark--right"><span aria-hidden="true">✓</span> '
                '<span class="mark__words">{}</span></span>',
                gettext("Your answer: right"),
            ),
        )
    if picked:
        return Mark(
            "wrong",
            "option--wrong",
            format_html(
                '<span class="mark mark--wrong"><span aria-hidden="true">✗</span> '
                '<span class="mark__words">{}</span></span>',
                gettext("Your answer: wrong"),
            ),
        )
    if right and multi:
        return Mark(
            "missed",
            "option--missed",
            format_html(
                '<span class="mark mark--missed"><span aria-hidden="true">✓</span> '
                '<span class="mark__words">{}</span></span>',
                gettext("Missed"),
            ),
        )
    if right:
        return Mark(
            "answer",
            "option--answer",
            format_html(
                '<span class="mark mark--right"><span aria-hidden="true">✓</span> '
                '<span class="mark__words">{}</span></span>',
                gettext("Right answer"),
            ),
        )
    return _NONE


@register.simple_tag
def option_mark(
    result: Any,
    *,
    value: Any = _UNSET,
    answer: Any = _UNSET,
    given: Any = _UNSET,
    right: Any = _UNSET,
    picked: Any = _UNSET,
    multi: bool = False,
) -> Mark:
    """``{% option_mark result value=v answer=question.answer given=result.given as mark %}``
    compares as text (``multi`` when answer and given are collections); or pass ``right`` and
    ``picked`` directly. Nothing is marked before the answer is checked."""
    if not result:
        return _NONE
    if right is _UNSET:
        key = str(value)
        if multi:
            right, picked = key in _as_set(answer), key in _as_set(given)
        else:
            right, picked = key == str(answer), key == str(given)
    if multi and getattr(result, "correct", False):
        right = picked  # a right answer may pick other, equal cards than the engine's
    return mark_for(right=bool(right), picked=bool(picked), multi=multi)


@register.filter
def at(sequence: Any, index: int) -> Any:
    """``result.given|at:forloop.counter0``: an item by position (None if there is none)."""
    try:
        return sequence[int(index)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def pair_value(pairs: Any, key: Any) -> Any:
    """The value for ``key`` in a sequence of (key, value) pairs."""
    try:
        return dict(pairs).get(key)
    except (TypeError, ValueError):
        return None
