"""The search page (/<lang>/search/?q=) and its HTMX fragments, and the link-preview images."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from core.http import HtmxHttpRequest
from search.previews import preview_image
from search.services import search_query


@require_GET
def search(request: HtmxHttpRequest) -> HttpResponse:
    """Results for ``q`` in the reader's language: the whole page, or for active search the
    results fragment (``panel=1``: the header's compact list)."""
    raw = request.GET.get("q", "")
    typing = bool(request.htmx)
    panel = typing and bool(request.GET.get("panel"))
    outcome = search_query(
        query=raw, language=get_language() or "en", typing=typing, snippets=not panel
    )
    template = "search/search_page.html"
    if request.htmx:
        template += "#panel" if panel else "#results"
    response = render(request, template, {"outcome": outcome, "query": outcome.query})
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
def og_image(request: HtmxHttpRequest, kind: str, key: str) -> HttpResponse:
    """A page's link-preview image (1200×630 PNG), drawn once and then served from the cache."""
    png = preview_image(kind=kind, key=key)
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
