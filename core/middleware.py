"""Middleware every app relies on."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.translation import gettext as _

from core.http import bad_request

__all__ = [
    "BAD_HOST_PAGE",
    "FORM_MAX_BYTES",
    "MULTIPART_MAX_BYTES",
    "allowed_host",
    "refuse_uploads",
]

#: The answer to a request for another site: no template, no link (nothing asks for the host).
BAD_HOST_PAGE = b"<!doctype html><title>400 Bad Request</title><h1>400 Bad Request</h1>\n"

#: The largest multipart body read at all: no form of the site comes near it.
MULTIPART_MAX_BYTES = 64 * 1024
#: The largest body a public form may send (a quiz answer is a few hundred bytes); the admin's
#: forms may send up to ``DATA_UPLOAD_MAX_MEMORY_SIZE``.
FORM_MAX_BYTES = 16 * 1024


def refuse_uploads(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """No view of the site takes files, and no public form sends more than a few KB (a larger
    body is answered 413 unread, outside the admin). Django's size limits do not count file
    parts, and the quiz answer of an embed is CSRF-exempt, so a large ``multipart/*`` body (or
    one of unknown length) is answered 413 before anything reads it; file parts of small ones
    are dropped unread (``FILE_UPLOAD_HANDLERS = []``), so nothing is ever stored."""

    admin = "/" + settings.ADMIN_PATH

    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or -1)
        except ValueError:
            length = -1
        if request.META.get("CONTENT_TYPE", "").lower().startswith("multipart/"):
            if not 0 <= length <= MULTIPART_MAX_BYTES:
                message = _("This site does not accept file uploads.")
                return bad_request(request, message, status=413)
        elif length > FORM_MAX_BYTES and not request.path.startswith(admin):
            # Read unparsed: a large urlencoded body would hold a worker while it is decoded.
            message = _("What the form sent is too large.")
            return bad_request(request, message, status=413)
        return get_response(request)

    return middleware


def allowed_host(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """A Host header that ``ALLOWED_HOSTS`` refuses (or none at all) gets a plain 400 here,
    before any middleware, view or error page asks for the host (the 400 page's links would
    ask again and fail with a 500). nginx refuses such hosts first (its default server)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        try:
            request.get_host()
        except DisallowedHost:
            return HttpResponseBadRequest(BAD_HOST_PAGE)
        return get_response(request)

    return middleware
