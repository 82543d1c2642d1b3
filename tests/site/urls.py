"""The site's URLs plus views that fail on purpose or may be framed, for the error tests."""

from __future__ import annotations

from django.conf.urls.i18n import i18n_patterns
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.http import HttpRequest, HttpResponse
from django.urls import path

from embeds.framing import allow_framing
from stud_site.urls import handler400, handler403, handler404, handler500
from stud_site.urls import urlpatterns as site_urlpatterns

__all__ = ["handler400", "handler403", "handler404", "handler500", "urlpatterns"]


def bad_request(request: HttpRequest) -> HttpResponse:
    raise SuspiciousOperation("a malformed request, on purpose")


def forbidden(request: HttpRequest) -> HttpResponse:
    raise PermissionDenied


def broken(request: HttpRequest) -> HttpResponse:
    raise RuntimeError("secret details that must never reach the reader")


@allow_framing
def framed_anywhere(request: HttpRequest) -> HttpResponse:
    return HttpResponse("<p>embed</p>")


@allow_framing(ancestors=["https://example.org"])
def framed_by_one_site(request: HttpRequest) -> HttpResponse:
    return HttpResponse("<p>embed</p>")


urlpatterns = [
    *site_urlpatterns,
    *i18n_patterns(
        path("test/400/", bad_request),
        path("test/403/", forbidden),
        path("test/500/", broken),
        path("test/framed/", framed_anywhere),
        path("test/framed-one/", framed_by_one_site),
        prefix_default_language=True,
    ),
]
