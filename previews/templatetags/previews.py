"""Template tags for link previews: ``{% capture as name %}...{% endcapture %}`` keeps rendered
output (a page's title block) for use twice, and ``{% preview_meta as og %}`` gives the Open
Graph facts of the current page (see ``previews.services``)."""

from __future__ import annotations

from typing import Any

from django import template
from django.template.base import Parser, Token
from django.utils.safestring import mark_safe

from previews.services import PreviewMeta, preview_meta

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
    return preview_meta(request, address=context.get("page_address"))
