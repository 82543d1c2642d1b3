"""The learner record under every app's progress: the functions the apps call with the request.

``progress_read(request, key)``, ``progress_change(request, key, change, then)`` and
``progress_kept(request)`` read and change the value an app keeps under its own key in
``Learner.data`` (``quiz_progress``, ``walkthrough``, ``course``, ``table_hands``). Each change
is one transaction that takes the record's row lock first (``UPDATE`` on SQLite, which takes
the database's write lock, ``SELECT ... FOR UPDATE`` on PostgreSQL), and ``then`` names what
the learner did (``learners.events``), recorded in the same transaction: two tabs answering at
once lose nothing. When SQLite reports the database locked the transaction is tried again.

The request's ``LearnerStore`` (``store_for``; ``learners.middleware`` sends its cookie)
touches nothing until asked: a page that reads no progress reads no cookie, no session and no
database, so pages cached for everyone stay so. A browser without the learner cookie has no
record until it first records progress; the record and its cookie are made then. Before that,
a bookmark (``create=False``: the lesson opened last, the path followed) is kept in the
browser's session under ``BOOKMARKS_KEY``, so that a visit, a crawler's too, makes no record;
the bookmarks become the new record's first values.
"""

from __future__ import annotations

import hashlib
import logging
import random
import secrets
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from django.conf import settings
from django.db import OperationalError, transaction
from django.http import HttpRequest
from django.utils import timezone

from learners.events import Event, record_event, zone
from learners.limits import tally_add
from learners.models import Learner, LearnerKey

__all__ = [
    "BOOKMARKS_KEY",
    "COOKIE",
    "COOKIE_AGE",
    "TZ_COOKIE",
    "Event",
    "LearnerStore",
    "digest",
    "has_progress_cookie",
    "progress_change",
    "progress_kept",
    "progress_read",
    "store_for",
]

logger = logging.getLogger(__name__)

COOKIE: Final = "learner"
#: The browser's time zone, set by the Today card's script (Intl), read with each answer.
TZ_COOKIE: Final = "tz"
COOKIE_AGE: Final = 400 * 24 * 60 * 60  # the longest a browser keeps a cookie
#: The session key of a browser's bookmarks while it has no record: {record key: value}.
BOOKMARKS_KEY: Final = "learner_bookmarks"
#: New records one address may make in NEW_RECORDS_SECONDS (a classroom behind one address
#: starts at once; a script making a record a request does not get far). Beyond it, progress
#: is not kept until the window ends (learners.limits counts for every worker alike).
NEW_RECORDS: Final = 50
NEW_RECORDS_SECONDS: Final = 10 * 60
_TRIES: Final = 40


class _RecordRefused(Exception):
    """The address made NEW_RECORDS records just now: none is made for this request."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class _Unset:
    pass


_UNSET: Final = _Unset()


class LearnerStore:
    """One request's view of its learner record (see the module docstring)."""

    def __init__(self, request: HttpRequest) -> None:
        self.request = request
        self._learner: Learner | _Unset | None = _UNSET
        #: A new key to send in the cookie (a record made, or attached, in this request).
        self.new_token = ""
        #: Whether the record was read or written (the answer then varies by cookie).
        self.accessed = False
        self.written = False
        self.forgotten = False

    # Finding the record --------------------------------------------------------------------

    @property
    def has_cookie(self) -> bool:
        return bool(self.request.COOKIES.get(COOKIE))

    def learner(self) -> Learner | None:
        self.accessed = True
        if isinstance(self._learner, _Unset):
            self._learner = self._find()
        return self._learner

    def _find(self) -> Learner | None:
        token = self.new_token or self.request.COOKIES.get(COOKIE, "")
        if not token or len(token) > 100:
            return None
        found = digest(token)
        key = _retrying(
            lambda: LearnerKey.objects.select_related("learner").filter(digest=found).first()
        )
        return key.learner if key is not None else None

    def attach(self, learner: Learner) -> None:
        """Give this browser a key of its own to ``learner`` (a code from another device).
        The browser's own record, if it had one, is left behind: deleted when no other
        browser holds a key to it."""
        old = self.request.COOKIES.get(COOKIE, "")
        if old:
            left = LearnerKey.objects.filter(digest=digest(old)).first()
            if left is not None and left.learner_id != learner.pk:
                left.delete()
                Learner.objects.filter(pk=left.learner_id, keys__isnull=True).delete()
        token = secrets.token_urlsafe(32)
        LearnerKey.objects.create(digest=digest(token), learner=learner)
        self.new_token = token
        self._learner = learner
        self.written = True

    def forget(self) -> None:
        """Delete everything kept about the learner: the record, and with it every key to it
        (every browser holding one then has nothing), its days, lessons done and open codes;
        and this browser's own session keys (bookmarks, practice choices, a test-out under way;
        the keys Django and the staff login keep start with "_" and stay). The middleware then
        deletes the cookies."""
        learner = self.learner()
        if learner is not None:
            Learner.objects.filter(pk=learner.pk).delete()
        session = getattr(self.request, "session", None)
        if session is not None:
            for key in [key for key, _value in session.items() if not key.startswith("_")]:
                del session[key]
        self._learner = None
        self.new_token = ""
        self.forgotten = True

    def _session(self) -> Any:
        """The request's session, when the browser sent one or this request wrote to it (else
        None: a page that reads no session varies by no cookie)."""
        session = getattr(self.request, "session", None)
        if session is None:
            return None
        if settings.SESSION_COOKIE_NAME in self.request.COOKIES or session.modified:
            return session
        return None

    def _bookmarks(self) -> dict[str, Any]:
        session = self._session()
        found = session.get(BOOKMARKS_KEY) if session is not None else None
        return dict(found) if isinstance(found, dict) else {}

    # Reading and changing ------------------------------------------------------------------

    def read(self, key: str) -> Any:
        learner = self.learner()
        if learner is None:  # a browser without a record: its bookmarks, if any
            return self._bookmarks().get(key)
        return learner.data.get(key)

    def change[T](
        self,
        key: str,
        change: Callable[[Any], tuple[Any, T]],
        then: Callable[[T], Sequence[Event]] | None = None,
        *,
        create: bool = True,
    ) -> T:
        """Replace the value under ``key`` by ``change(old)[0]`` (None: removed) atomically;
        returns ``change(old)[1]``. ``change`` may run more than once (a retry) and must be
        pure. ``then(result)`` names what the learner did, recorded in the same transaction.
        ``create=False``: a bookmark, not progress: for a browser without a record it is kept
        in the session, and makes no record."""

        def apply(learner: Learner) -> T:
            value, result = change(learner.data.get(key))
            if value is None:
                learner.data.pop(key, None)
            else:
                learner.data[key] = value
            for name, facts in then(result) if then is not None else ():
                record_event(learner, name, facts)
            return result

        if self.learner() is None and not create:
            return self._bookmark(key, change)
        try:
            return self._write(apply)
        except _RecordRefused:  # kept nowhere: the answer is still checked
            return change(None)[1]

    def _bookmark[T](self, key: str, change: Callable[[Any], tuple[Any, T]]) -> T:
        session = getattr(self.request, "session", None)
        if session is None:
            return change(None)[1]
        bookmarks = self._bookmarks()
        value, result = change(bookmarks.get(key))
        if value is None:
            bookmarks.pop(key, None)
        else:
            bookmarks[key] = value
        if bookmarks:
            session[BOOKMARKS_KEY] = bookmarks
        else:
            session.pop(BOOKMARKS_KEY, None)
        return result

    def kept(self) -> bool:
        """Whether the browser has a record already (asking makes none)."""
        return self.learner() is not None

    # Writing -------------------------------------------------------------------------------

    def _write[T](self, apply: Callable[[Learner], T]) -> T:
        """Run ``apply`` on the locked record (made first, from the session's bookmarks, when
        there is none) and save it. Raises ``_RecordRefused`` when a record would be made
        beyond the address's limit."""
        current = self._learner if isinstance(self._learner, Learner) else None
        if current is None and (
            tally_add("records", self.request, seconds=NEW_RECORDS_SECONDS) > NEW_RECORDS
        ):
            raise _RecordRefused
        bookmarks = self._bookmarks() if current is None else {}
        tz = self.request.COOKIES.get(TZ_COOKIE, "")

        def attempt() -> tuple[Learner, str, T]:
            token = ""
            with transaction.atomic():
                learner = _locked(current.pk) if current is not None else None
                if learner is None:
                    token = secrets.token_urlsafe(32)
                    learner = Learner.objects.create(seen=timezone.now(), data=dict(bookmarks))
                    LearnerKey.objects.create(digest=digest(token), learner=learner)
                if zone(tz) is not None:
                    learner.timezone = tz
                learner.seen = timezone.now()
                result = apply(learner)
                learner.save(update_fields=["data", "seen", "timezone"])
            return learner, token, result

        learner, token, result = _retrying(attempt)
        if token:
            self.new_token = token
            session = self._session()
            if session is not None:
                session.pop(BOOKMARKS_KEY, None)  # in the record now
        self._learner = learner
        self.accessed = self.written = True
        return result


def _retrying[T](work: Callable[[], T]) -> T:
    """``work()``, tried again while SQLite says the database (or, for the shared in-memory
    database of the tests, a table) is locked; a transaction in it is rolled back whole."""
    for attempt in range(_TRIES):
        try:
            return work()
        except OperationalError as error:
            if "locked" not in str(error) or attempt == _TRIES - 1:
                raise
            time.sleep(random.uniform(0.005, 0.02) * min(attempt + 1, 10))
    raise AssertionError("unreachable")


def _locked(pk: int) -> Learner | None:
    # The UPDATE first: on SQLite it takes the write lock before anything is read, so two
    # writers queue instead of both reading the old value.
    if not Learner.objects.filter(pk=pk).update(seen=timezone.now()):
        return None  # forgotten meanwhile (in another browser)
    return Learner.objects.select_for_update().filter(pk=pk).first()


def store_for(request: HttpRequest) -> LearnerStore:
    """The request's store, made on first use (by the middleware, or a progress function
    called on a request that did not pass through it)."""
    store = getattr(request, "learner_store", None)
    if store is None:
        store = LearnerStore(request)
        request.learner_store = store  # type: ignore[attr-defined]
    assert isinstance(store, LearnerStore)
    return store


def has_progress_cookie(request: HttpRequest) -> bool:
    """Whether the browser may have progress: a learner cookie, or a session (which may hold
    bookmarks). Without either a page shows no one's progress."""
    return bool(request.COOKIES.get(COOKIE)) or settings.SESSION_COOKIE_NAME in request.COOKIES


# What the apps call --------------------------------------------------------------------------


def progress_read(request: HttpRequest, key: str) -> Any:
    """The value the learner's record keeps under ``key`` (None when there is none)."""
    return store_for(request).read(key)


def progress_change[T](
    request: HttpRequest,
    key: str,
    change: Callable[[Any], tuple[Any, T]],
    then: Callable[[T], Sequence[Event]] | None = None,
    *,
    create: bool = True,
) -> T:
    """Change the value under ``key`` in one transaction (``LearnerStore.change``)."""
    return store_for(request).change(key, change, then, create=create)


def progress_kept(request: HttpRequest) -> bool:
    """Whether this browser's progress is kept already: its record exists (a change then
    makes no new record)."""
    return store_for(request).kept()
