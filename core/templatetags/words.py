"""Display names in templates: ``{% load words %}``, then ``{{ value|percent }}``."""

from __future__ import annotations

from django import template

from core import numerals, words

register = template.Library()


@register.filter
def percent(value: object) -> str:
    """``{{ 35|percent }}``: "35%" in English, "35 %" in Swedish, Danish and Finnish."""
    return words.percent(value)


@register.filter
def number_words(value: object) -> str:
    """``{{ 3|number_words }}``: "three", "tre", "kolme"; digits above ten (core.numerals)."""
    return numerals.number_words(int(str(value)))
