"""The HTMX request type, the one error response every app gives (a page, or a fragment), and
the same-origin check that protects forms on pages shared by everyone."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.urls import get_callable
from django.views.decorators.csrf import csrf_exempt
from django_htmx.middleware import HtmxDetails

__all__ = ["HtmxHttpRequest", "bad_request", "client_ip", "same_origin_post", "sent_from_this_site"]

type View = Callable[..., HttpResponseBase]


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
        return render(request, "includes/feedback_error.html", values, status=status)
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


def sent_from_this_site(request: HttpRequest) -> bool:
    """Whether a request came from one of the site's own pages: by the ``Origin`` header that
    browsers send with every POST (forms and htmx alike), else by ``Sec-Fetch-Site``. A client
    that sends neither is not a browser another site could drive (every browser in use sends
    at least one), so it is let through, as Go's ``CrossOriginProtection`` does."""
    origin = request.headers.get("Origin")
    if origin is not None:
        own = f"{request.scheme}://{request.get_host()}"
        return origin == own or origin in settings.CSRF_TRUSTED_ORIGINS
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    return True


def same_origin_post(view: View) -> View:
    """CSRF protection without a token, for forms on pages that are the same for everyone (a
    page cached whole and shared holds no per-visitor token): a POST (or any unsafe method)
    from another site gets the site's CSRF failure page (403, in the reader's language);
    safe methods pass untouched. Replaces Django's token check for this view only."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if request.method not in ("GET", "HEAD", "OPTIONS", "TRACE") and not (
            sent_from_this_site(request)
        ):
            failure = get_callable(settings.CSRF_FAILURE_VIEW)
            response: HttpResponseBase = failure(request, reason="cross-site request")
            return response
        return view(request, *args, **kwargs)

    return csrf_exempt(wrapped)
