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

from embeds.services import RANKING_PAGES, embeddable_from_match, embeddable_view_names

register = template.Library()


@register.simple_tag(takes_context=True)
def embed_code_url(context: template.Context, path: str) -> str:
    """The embed-code page for the page at ``path``, or "" if that page has no embed.

    Only the URL pattern is checked (the item is on the page that links it). The page's own
    path is already resolved (``request.resolver_match``); another path is resolved once and
    memoised: a game page links some fifty items, and the answer depends only on the path, the
    active language and the URL patterns, which do not change while the process runs."""
    request: HttpRequest | None = context.get("request")
    match = getattr(request, "resolver_match", None)
    if request is not None and match is not None and path == request.path:
        return _code_url(match.view_name, match.kwargs, path)
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
    return _code_url(match.view_name, match.kwargs, path)


def _code_url(view_name: str, kwargs: dict[str, object], path: str) -> str:
    if view_name not in embeddable_view_names():
        return ""
    if view_name == "rules:page-detail" and kwargs["slug"] not in RANKING_PAGES:
        return ""  # only the hand-ranking pages are embedded whole
    return f"{reverse('embeds:code')}?{urlencode({'url': path})}"


@register.simple_tag(takes_context=True)
def oembed_discovery(context: template.Context) -> SafeString | str:
    """``<link rel="alternate" type="application/json+oembed">`` for an embeddable page."""
    request: HttpRequest | None = context.get("request")
    if request is None or request.resolver_match is None or context.get("embedded"):
        return ""
    match = request.resolver_match
    if match.view_name not in embeddable_view_names():
        return ""
    language = get_language_from_path(request.path)
    if language is None:
        return ""
    item = embeddable_from_match(match.view_name, match.kwargs, language)
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
