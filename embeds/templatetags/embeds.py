"""``{% load embeds %}``: the "Embed" link of an item and the oEmbed discovery link of a page."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlencode

from django import template
from django.http import HttpRequest
from django.urls import Resolver404, resolve, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language, get_language_from_path, override

from embeds.services import RANKING_PAGES, embeddable_from_path, embeddable_view_names

register = template.Library()


@register.simple_tag
def embed_code_url(path: str) -> str:
    """The embed-code page for the page at ``path``, or "" if that page has no embed.

    Only the URL pattern is checked (the item is on the page that links it). A game page links
    some fifty items, so the answer is memoised: it depends only on the path, the active
    language and the URL patterns, which do not change while the process runs."""
    return _embed_code_url(path, get_language())


@lru_cache(maxsize=8192)
def _embed_code_url(path: str, active_language: str | None) -> str:
    language = get_language_from_path(path)
    if language is None:
        return ""
    with override(language):
        try:
            match = resolve(path)
        except Resolver404:
            return ""
    if match.view_name not in embeddable_view_names():
        return ""
    if match.view_name == "rules:page-detail" and match.kwargs["slug"] not in RANKING_PAGES:
        return ""  # only the hand-ranking pages are embedded whole
    return f"{reverse('embeds:code')}?{urlencode({'url': path})}"


@register.simple_tag(takes_context=True)
def oembed_discovery(context: template.Context) -> SafeString | str:
    """``<link rel="alternate" type="application/json+oembed">`` for an embeddable page."""
    request: HttpRequest | None = context.get("request")
    if request is None or request.resolver_match is None or context.get("embedded"):
        return ""
    if request.resolver_match.view_name not in embeddable_view_names():
        return ""
    item = embeddable_from_path(request.path)
    if item is None:
        return ""
    page_url = request.build_absolute_uri(request.path)
    endpoint = request.build_absolute_uri(reverse("oembed"))
    return format_html(
        '<link rel="alternate" type="application/json+oembed" href="{}?{}" title="{}">',
        endpoint,
        urlencode({"url": page_url, "format": "json"}),
        item.title,
    )
