"""Gives every request its learner store and sends the learner cookie when the record needs it
(and deletes the learner's cookies when the learner asked to be forgotten)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponseBase
from django.utils.cache import patch_vary_headers

from learners.store import COOKIE, COOKIE_AGE, TZ_COOKIE, store_for


def learner_store(
    get_response: Callable[[HttpRequest], HttpResponseBase],
) -> Callable[[HttpRequest], HttpResponseBase]:
    def middleware(request: HttpRequest) -> HttpResponseBase:
        store = store_for(request)
        response = get_response(request)
        if store.accessed:
            patch_vary_headers(response, ["Cookie"])
        if store.forgotten and not store.new_token:
            response.delete_cookie(COOKIE, samesite="Lax")
            if TZ_COOKIE in request.COOKIES:
                response.delete_cookie(TZ_COOKIE, samesite="Lax")
        elif store.written:
            # Sent again with every write, so the cookie lasts 400 days from the last answer.
            token = store.new_token or request.COOKIES.get(COOKIE, "")
            response.set_cookie(
                COOKIE,
                token,
                max_age=COOKIE_AGE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response

    return middleware
