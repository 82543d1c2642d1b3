"""Middleware every app relies on."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core import pagemirror
from core.http import bad_request

__all__ = ["MULTIPART_MAX_BYTES", "page_mirror", "refuse_uploads"]

#: The largest multipart body read at all: no form of the site comes near it.
MULTIPART_MAX_BYTES = 64 * 1024


def refuse_uploads(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """No view of the site takes files. Django's size limits do not count file parts, and the
    quiz answer of an embed is CSRF-exempt, so a large ``multipart/*`` body (or one of unknown
    length) is answered 413 before anything reads it; file parts of small ones are dropped
    unread (``FILE_UPLOAD_HANDLERS = []``), so nothing is ever stored."""

    def middleware(request: HttpRequest) -> HttpResponse:
        if request.META.get("CONTENT_TYPE", "").lower().startswith("multipart/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or -1)
            except ValueError:
                length = -1
            if not 0 <= length <= MULTIPART_MAX_BYTES:
                message = _("This site does not accept file uploads.")
                return bad_request(request, message, status=413)
        return get_response(request)

    return middleware


def page_mirror(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """With ``settings.PAGE_MIRROR_ROOT``: once the answer is complete (every header set), a
    page the page cache answered is written out for nginx (``core.pagemirror``)."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if settings.PAGE_MIRROR_ROOT:
            pagemirror.mirror_response(request, response)
        return response

    return middleware
