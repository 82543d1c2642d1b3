"""Site-wide middleware that renders pages (the apps' own middleware lives in core)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render


def method_not_allowed_page(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    """A 405 (``@require_POST`` opened by a link, a reload, a language switch) is a page in the
    reader's language with the way back, not Django's empty body. Its ``Allow`` stays."""

    def middleware(request: HttpRequest) -> HttpResponseBase:
        response = get_response(request)
        if response.status_code != 405 or getattr(response, "content", b"x") != b"":
            return response
        page = render(request, "405.html", status=405)
        if "Allow" in response:
            page["Allow"] = response["Allow"]
        return page

    return middleware
