"""The learner record as the progress functions see it: ``LearnerStore``, hung on the session.

``learners.middleware`` gives every request a store (``request.session.learner_store``,
``core.progress_store`` finds it there). It touches nothing until asked: a page that reads no
progress reads no cookie, no session and no database, so pages cached for everyone stay so. A
browser without the learner cookie has no record until it first records progress; the record
and its cookie are made then. A session that still holds progress from before the learner
record (its old keys) is carried over once, on the first request that reads progress: merged
into the record, then taken out of the session.

Every change is one transaction that takes the record's row lock first (``UPDATE`` on SQLite,
which takes the database's write lock, ``SELECT ... FOR UPDATE`` on PostgreSQL), so two tabs
answering at once lose nothing; when SQLite reports the database locked the transaction is
tried again.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import random
import re
import secrets
import time
from collections.abc import Callable, Sequence
from datetime import date, datetime, timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import OperationalError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from core.progress_store import Event, session_change
from learners.limits import tally_add
from learners.models import Learner, LearnerDay, LearnerKey, LessonDone

__all__ = [
    "COOKIE",
    "COOKIE_AGE",
    "INTERVALS",
    "LearnerStore",
    "digest",
    "has_progress_cookie",
    "learner_today",
    "store_for",
]

logger = logging.getLogger(__name__)

COOKIE: Final = "learner"
#: The browser's time zone, set by the Today card's script (Intl), read with each answer.
TZ_COOKIE: Final = "tz"
COOKIE_AGE: Final = 400 * 24 * 60 * 60  # the longest a browser keeps a cookie
#: Session keys of the progress kept in the session before the learner record.
SESSION_KEYS: Final = ("quiz_progress", "course", "walkthrough")
#: Days until a skill comes due for review again, by its Leitner box.
INTERVALS: Final = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}
BOXES: Final = 5
#: New records one address may make in NEW_RECORDS_SECONDS (a classroom behind one address
#: starts at once; a script making a record a request does not get far). Beyond it, progress
#: is not kept until the window ends (learners.limits counts for every worker alike).
NEW_RECORDS: Final = 50
NEW_RECORDS_SECONDS: Final = 10 * 60


class _RecordRefused(Exception):
    """The address made NEW_RECORDS records just now: none is made for this request."""


STREAK_MILESTONE: Final = 10
_TRIES: Final = 40
_TZ_NAME: Final = re.compile(r"^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$")


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def zone(name: str) -> ZoneInfo | None:
    if not _TZ_NAME.match(name or ""):
        return None
    try:
        return ZoneInfo(name)
    except (ValueError, OSError, KeyError):  # unknown, or not a zone file
        return None


def learner_today(learner: Learner, now: datetime | None = None) -> date:
    """Today in the learner's time zone (UTC when it is unknown)."""
    tz = zone(learner.timezone) or ZoneInfo("UTC")
    return (now or timezone.now()).astimezone(tz).date()


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
            self._carry_over(bookmarks_too=False)
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
        """Delete the record (every browser holding a key to it then has nothing)."""
        learner = self.learner()
        if learner is not None:
            Learner.objects.filter(pk=learner.pk).delete()
        self._learner = None
        self.new_token = ""
        self.forgotten = True

    def _session(self) -> Any:
        """The request's session, when the browser sent one (else None)."""
        if settings.SESSION_COOKIE_NAME not in self.request.COOKIES:
            return None
        return getattr(self.request, "session", None)

    def _carry_over(self, *, bookmarks_too: bool) -> None:
        """Move the progress a session still holds into the record, once. A session that
        holds only bookmarks (the lesson opened last, the path followed: kept there for a
        browser without a record, see ``change``) makes no record of its own: it goes in with
        the first answer or step (``bookmarks_too``)."""
        session = self._session()
        if session is None:
            return
        found = {key: session[key] for key in SESSION_KEYS if key in session}
        if not found:
            return
        only_bookmarks = not any(_holds_progress(key, value) for key, value in found.items())
        if self._learner is None and not bookmarks_too and only_bookmarks:
            return

        def merge(learner: Learner) -> None:
            for key, value in found.items():
                learner.data[key] = _merged(key, learner.data.get(key), value)

        try:
            self._write(merge)
        except _RecordRefused:
            return
        for key in found:
            session.pop(key, None)

    # The ProgressStore protocol (core.progress_store) --------------------------------------

    def read(self, key: str) -> Any:
        learner = self.learner()
        if learner is None:  # a browser without a record: its bookmarks, if any
            session = self._session()
            return session.get(key) if session is not None and key in SESSION_KEYS else None
        return learner.data.get(key)

    def change[T](
        self,
        key: str,
        change: Callable[[Any], tuple[Any, T]],
        then: Callable[[T], Sequence[Event]] | None = None,
        *,
        create: bool = True,
    ) -> T:
        def apply(learner: Learner) -> T:
            value, result = change(learner.data.get(key))
            if value is None:
                learner.data.pop(key, None)
            else:
                learner.data[key] = value
            for name, facts in then(result) if then is not None else ():
                _event(learner, name, facts)
            return result

        if self.learner() is None:  # carries the session's progress over first
            if not create:
                # A bookmark for a browser without a record: kept in its session, so that a
                # visit (a crawler's too) makes no record; it goes in with the first answer.
                session = getattr(self.request, "session", None)
                return change(None)[1] if session is None else session_change(session, key, change)
            self._carry_over(bookmarks_too=True)
        try:
            return self._write(apply)
        except _RecordRefused:  # kept nowhere: the answer is still checked
            return change(None)[1]

    def kept(self) -> bool:
        return self.learner() is not None

    def event(self, name: str, **facts: Any) -> None:
        if self.learner() is None:
            self._carry_over(bookmarks_too=True)
        with contextlib.suppress(_RecordRefused):
            self._write(lambda learner: _event(learner, name, facts))

    # Writing -------------------------------------------------------------------------------

    def _write[T](self, apply: Callable[[Learner], T]) -> T:
        """Run ``apply`` on the locked record (made first when there is none) and save it.
        Raises ``_RecordRefused`` when a record would be made beyond the address's limit."""
        current = self._learner if isinstance(self._learner, Learner) else None
        if current is None and (
            tally_add("records", self.request, seconds=NEW_RECORDS_SECONDS) > NEW_RECORDS
        ):
            raise _RecordRefused
        tz = self.request.COOKIES.get(TZ_COOKIE, "")

        def attempt() -> tuple[Learner, str, T]:
            token = ""
            with transaction.atomic():
                learner = _locked(current.pk) if current is not None else None
                if learner is None:
                    token = secrets.token_urlsafe(32)
                    learner = Learner.objects.create(seen=timezone.now())
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


def _merged(key: str, mine: Any, theirs: Any) -> Any:
    """The record's value of ``key`` with the session's merged in (the session's where the
    record has none; the course: lessons done from both; practice: the longer history)."""
    if not isinstance(mine, dict):
        return theirs
    if not isinstance(theirs, dict):
        return mine
    if key == "course":
        done = sorted({*mine.get("d", []), *theirs.get("d", [])})
        checks = {**theirs.get("c", {}), **mine.get("c", {})}
        merged = {**theirs, **mine, "d": done}
        if checks:
            merged["c"] = checks
        return merged
    count = "answered" if key == "quiz_progress" else "predicted"
    return theirs if _number(theirs.get(count)) > _number(mine.get(count)) else mine


def _holds_progress(key: str, value: Any) -> bool:
    """Whether a session value is progress (answers, lessons done), not only bookmarks."""
    if key == "course" and isinstance(value, dict):
        return any(value.get(field) for field in ("d", "c", "p"))
    return bool(value)


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0


# What the learner did ------------------------------------------------------------------------


def _moment(learner: Learner, kind: str, ref: str = "", *, once: bool = False) -> None:
    reached = learner.data.setdefault("reached", [])
    name = f"{kind}:{ref}"
    if once and name in reached:
        return
    if name not in reached:
        reached.append(name)
    moments = learner.data.setdefault("moments", [])
    if [kind, ref] not in moments:
        moments.append([kind, ref])
        del moments[:-5]


def _active(learner: Learner, today: date) -> None:
    """Count one step or answer today; a ten-day streak is a milestone."""
    # One UPDATE on a day already begun (the usual case), an INSERT on the day's first: the
    # caller holds the record's lock, so no other request counts this day meanwhile.
    counted = LearnerDay.objects.filter(learner=learner, day=today).update(steps=F("steps") + 1)
    created = not counted
    if created:
        LearnerDay.objects.create(learner=learner, day=today, steps=1)
    if created and day_streak(learner, today) >= STREAK_MILESTONE:
        _moment(learner, "streak", str(STREAK_MILESTONE), once=True)


def day_streak(learner: Learner, today: date) -> int:
    """Days in a row with at least one step or answer, ending today (or yesterday, when today
    has none yet: the streak is not lost before the day is over)."""
    days = set(
        LearnerDay.objects.filter(learner=learner, day__gte=today - timedelta(days=400))
        .filter(steps__gt=0)
        .values_list("day", flat=True)
    )
    current = today if today in days else today - timedelta(days=1)
    streak = 0
    while current in days:
        streak += 1
        current -= timedelta(days=1)
    return streak


def _event(learner: Learner, name: str, facts: dict[str, Any]) -> None:
    today = learner_today(learner)
    if name == "answer":
        _active(learner, today)
        review = learner.data.setdefault("review", {})
        skill = str(facts["skill"])
        box = review.get(skill, [0])[0] if isinstance(review.get(skill), list) else 0
        box = min(BOXES, int(box) + 1) if facts["correct"] else 1
        review[skill] = [box, (today + timedelta(days=INTERVALS[box])).isoformat()]
    elif name == "step":
        _active(learner, today)
    elif name == "lesson_done":
        key = str(facts["key"])
        LessonDone.objects.get_or_create(learner=learner, lesson=key, defaults={"day": today})
        _moment(learner, "lesson", key)
        if facts.get("course_done"):
            _moment(learner, "course", str(facts["course_done"]))
    elif name == "path_done":
        _moment(learner, "path", str(facts["path"]))
    elif name == "scoop":
        _moment(learner, "scoop", once=True)
    elif name == "hand":
        _active(learner, today)
        hands = learner.data.setdefault("hands", {})
        game = str(facts["game"])
        hands[game] = _number(hands.get(game)) + 1
    else:
        raise ValueError(f"unknown learner event {name!r}")


def has_progress_cookie(request: HttpRequest) -> bool:
    """Whether the browser may have progress: a learner cookie, or a session (which may still
    hold progress to carry over). Without either a page shows no one's progress."""
    return bool(request.COOKIES.get(COOKIE)) or settings.SESSION_COOKIE_NAME in request.COOKIES


def store_for(request: HttpRequest) -> LearnerStore:
    """The request's store (made here when the middleware did not run, e.g. in a test)."""
    session = getattr(request, "session", None)
    store = getattr(session, "learner_store", None) or getattr(request, "learner_store", None)
    if store is None:
        store = LearnerStore(request)
        if session is not None:
            session.learner_store = store
        request.learner_store = store  # type: ignore[attr-defined]
    assert isinstance(store, LearnerStore)
    return store
