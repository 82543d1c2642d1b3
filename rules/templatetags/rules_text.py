"""``{% load rules_text %}``: ``{{ step.body|rule_text }}`` renders the content markup as HTML;
``{{ step.body|rule_plain }}`` as plain text (meta descriptions: card names, never card codes);
``|description`` shortens it for a meta description at a word's end; ``|on_page:page`` turns
the links to a page's own sections and steps into links to their places on that page."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.urls import Resolver404, get_script_prefix, resolve
from django.utils.safestring import SafeString, mark_safe

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


_HREF = re.compile(r'href="([^"#?]+)"')


@register.filter
def on_page(html: str, page: Any) -> SafeString:
    """Rendered ``html`` whose links to a section or step of ``page`` (its own URL, in the
    reader's language) point at that section's or step's place on the page instead: ``#betting``,
    ``#forced-bets--who-brings-in``. Other links stay as they are."""
    page_url = page.get_absolute_url()
    prefix = get_script_prefix()

    def anchor(match: re.Match[str]) -> str:
        url = match[1]
        if not url.startswith(page_url) or url == page_url:
            return match[0]
        try:
            found = resolve("/" + url.removeprefix(prefix))
        except Resolver404:
            return match[0]
        kwargs = found.kwargs
        if kwargs.get("page") != page.slug:
            return match[0]
        if found.url_name == "section-detail":
            return f'href="#{kwargs["section"]}"'
        if found.url_name == "step-detail":
            return f'href="#{kwargs["section"]}--{kwargs["step"]}"'
        return match[0]

    return mark_safe(_HREF.sub(anchor, str(html)))  # only slugs are put in
