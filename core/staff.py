"""Admin sessions end at logout (security review F11). Sessions are signed cookies, which the
server cannot revoke: a copied cookie stayed valid for two weeks after its owner logged out.
So a login notes the user's ``last_login`` in the session, a logout moves ``last_login`` on,
and an admin request whose session names an older login is logged out (``current_login``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

__all__ = ["current_login"]

LOGIN_AT_KEY = "_staff_login_at"


def _stamp(user: Any) -> str:
    return user.last_login.isoformat() if user.last_login else ""


def _note_login(sender: object, request: HttpRequest, user: Any, **kwargs: object) -> None:
    if request is not None and hasattr(request, "session"):
        request.session[LOGIN_AT_KEY] = _stamp(user)


def _end_logins(sender: object, request: HttpRequest, user: Any, **kwargs: object) -> None:
    if user is not None and getattr(user, "pk", None) is not None:
        user.last_login = timezone.now()
        user.save(update_fields=["last_login"])


# After django.contrib.auth's own receiver, which sets last_login at login.
user_logged_in.connect(_note_login, dispatch_uid="core-staff-note-login")
user_logged_out.connect(_end_logins, dispatch_uid="core-staff-end-logins")


def current_login(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """In the admin, a session from before its user's last logout is flushed (the request goes
    on logged out). Other pages never read the session here (they may be cached whole)."""
    admin = "/" + settings.ADMIN_PATH

    def middleware(request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        if session is not None and request.path.startswith(admin) and SESSION_KEY in session:
            last_login = (
                get_user_model()
                .objects.filter(pk=session[SESSION_KEY])
                .values_list("last_login", flat=True)
                .first()
            )
            stamp = last_login.isoformat() if last_login else ""
            if session.get(LOGIN_AT_KEY) != stamp:
                session.flush()
        return get_response(request)

    return middleware
