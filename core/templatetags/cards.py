"""Card template tags: ``{% load cards %}``, then ``{% card %}``, ``{% cards %}``, ``card_name``.

See ``core.cards`` for what they draw.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import pgettext

from core.cards import CardLike, as_card, card_html, card_name_of, cards_html

register = template.Library()


@register.simple_tag(name="card")
def card_tag(value: CardLike, used: bool | None = None, compact: bool = False) -> SafeString:
    """One card. ``used=True`` highlights it, ``used=False`` dims it; ``None`` is face down."""
    return card_html(value, used=used, compact=compact)


@register.simple_tag(name="cards")
def cards_tag(
    value: object, highlight: object = None, compact: bool = False, label: str = ""
) -> SafeString:
    """A row of cards; see ``cards_html``."""
    return cards_html(value, highlight=highlight, compact=compact, label=label)


@register.filter
def card_name(value: CardLike) -> str:
    """``{{ card|card_name }}``: "ace of spades" in the page's language."""
    card_value = as_card(value)
    return pgettext("card", "face-down card") if card_value is None else card_name_of(card_value)
