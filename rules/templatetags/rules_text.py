"""``{% load rules_text %}``: ``{{ step.body|rule_text }}`` renders the content markup as HTML;
``{{ step.body|rule_plain }}`` as plain text (meta descriptions: card names, never card codes);
``|description`` shortens it for a meta description at a word's end."""

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


@register.filter
def description(text: str, length: int = 160) -> str:
    """``text`` in at most ``length`` characters, cut after a whole word and marked with "…"
    (search results and link previews show it: never half a word).

    >>> description("Anten är döda pengar: den räknas aldrig in", 30)
    'Anten är döda pengar: den…'
    >>> description("kort text")
    'kort text'
    """
    text = " ".join(str(text).split())
    if len(text) <= length:
        return text
    cut = text[: length - 1].rsplit(" ", 1)[0].rstrip(",;:–-")
    return f"{cut}…"
