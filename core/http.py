"""The HTMX request type and the one error response every app gives (a page, or a fragment)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails

__all__ = ["HtmxHttpRequest", "bad_request", "client_ip"]


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


def client_ip(request: HttpRequest) -> str:
    """The client's address: from ``settings.CLIENT_IP_HEADER`` (set by the site's own proxy,
    which overwrites whatever the client sent) when configured, else ``REMOTE_ADDR``."""
    header = getattr(settings, "CLIENT_IP_HEADER", "")
    if header:
        # X-Forwarded-For lists every hop: the last one is the address our proxy saw.
        value = request.headers.get(header, "").split(",")[-1].strip()
        if value:
            return value
    return str(request.META.get("REMOTE_ADDR") or "")
