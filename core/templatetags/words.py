"""Display names in templates: ``{% load words %}``, then ``{{ value|percent }}`` and friends."""

from __future__ import annotations

from django import template

from core import words

register = template.Library()


@register.filter
def percent(value: object) -> str:
    """``{{ 35|percent }}``: "35%" in English, "35 %" in Swedish, Danish and Finnish."""
    return words.percent(value)


@register.filter
def amount(value: object) -> str:
    """``{{ 5|amount }}``: "$5", or as the language writes amounts."""
    return words.amount(value)


@register.filter
def game_name(value: object) -> str:
    """``{{ "stud8"|game_name }}``: the game's one name in the page's language."""
    return words.game_name(value)
