"""The search page (/<lang>/search/?q=) and its HTMX fragments."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from core.http import HtmxHttpRequest
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
