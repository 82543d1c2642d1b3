"""``{% load rules_text %}``: ``{{ step.body|rule_text }}`` renders the content markup as HTML;
``{{ step.body|rule_plain }}`` as plain text (meta descriptions: card names, never card codes)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from rules.rendering import text_plain, text_render

register = template.Library()


@register.filter
def rule_text(text: str | None) -> SafeString | str:
    """A rule text (WRITING.md markup) as safe HTML in the active language."""
    if not text:
        return ""
    return text_render(text)


@register.filter
def rule_plain(text: str | None) -> str:
    """A rule text as plain text in the active language (escaped by the template)."""
    if not text:
        return ""
    return text_plain(text)
