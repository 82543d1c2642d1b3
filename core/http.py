"""The HTMX request type and the one error response every app gives (a page, or a fragment)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

__all__ = ["HtmxHttpRequest", "bad_request"]


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (``request.htmx``)."""

    htmx: HtmxDetails


def bad_request(
    request: HttpRequest,
    message: str,
    *,
    status: int = 400,
    page_template: str = "400.html",
    context: dict[str, object] | None = None,
) -> HttpResponse:
    """An error in the reader's language: for htmx just the message, swapped in place of the
    feedback; otherwise the whole error page (``page_template``, the site's 400 by default)."""
    values = {"message": message, "status": status, **(context or {})}
    if getattr(request, "htmx", False):
        return render(request, "includes/htmx_error.html", values, status=status)
    return render(request, page_template, values, status=status)
