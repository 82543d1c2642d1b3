"""Template tags for link previews: ``{% capture as name %}...{% endcapture %}`` keeps rendered
output (a page's title block) for use twice, and ``{% preview_meta as og %}`` gives the Open
Graph facts of the current page (see ``search.previews``)."""

from __future__ import annotations

import re
from typing import Any

from django import template
from django.template.base import Parser, Token
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from search.previews import PreviewMeta, preview_meta

register = template.Library()


class CaptureNode(template.Node):
    def __init__(self, nodelist: template.NodeList, name: str) -> None:
        self.nodelist = nodelist
        self.name = name

    def render(self, context: template.Context) -> str:
        # Already rendered (and escaped) output: safe to print as is.
        context[self.name] = mark_safe(self.nodelist.render(context).strip())
        return ""


@register.tag
def capture(parser: Parser, token: Token) -> CaptureNode:
    """``{% capture as page_title %}{% block title %}...{% endblock %}{% endcapture %}``:
    blocks inside stay overridable by child templates."""
    bits = token.split_contents()
    if len(bits) != 3 or bits[1] != "as":
        raise template.TemplateSyntaxError("usage: {% capture as name %}...{% endcapture %}")
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, bits[2])


@register.simple_tag(takes_context=True, name="preview_meta")
def preview_meta_tag(context: dict[str, Any]) -> PreviewMeta | None:
    request = context.get("request")
    if request is None:
        return None
    return preview_meta(request)


_LINK = re.compile(r"\{\{([^{}]*)\}\}")
_BROKEN_LINK = re.compile(r"\{\{[^{}]*$")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_CARDS = re.compile(r"\[([^\[\]]+)\]")


@register.filter
def markup_plain(html: str) -> str:
    """A rendered description with the rule-text markup it may still hold made plain: links
    by their text (or the target's title), ``**bold**`` unmarked, ``[As Kd]`` as card names."""
    from core.cards import card_name_of
    from rules.engine import parse_cards
    from rules.services import content_index

    text = str(html)
    if "{{" not in text and "**" not in text and "[" not in text:
        return mark_safe(text)
    language = get_language() or "en"

    def link(match: re.Match[str]) -> str:
        head, _bar, label = match.group(1).partition("|")
        if label.strip():
            return label.strip()
        kind, _colon, target = head.strip().partition(":")
        entry = content_index().get((kind.strip(), target.strip()))
        title = entry[2].get(language, "") if entry else ""
        return escape(title or target.strip())

    def cards(match: re.Match[str]) -> str:
        try:
            parsed = parse_cards(match.group(1), distinct=False)
        except ValueError:
            return match.group(0)
        return escape(", ".join(card_name_of(card) for card in parsed))

    text = _LINK.sub(link, text)
    text = _BROKEN_LINK.sub("", text).rstrip()
    text = _BOLD.sub(r"\1", text).replace("**", "")
    text = _CARDS.sub(cards, text)
    return mark_safe(text)
