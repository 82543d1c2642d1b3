"""Where a learner's progress is kept, as the practice and course apps see it.

Their progress functions take the request's session, as they always have. When the
``learners`` app is installed its middleware hangs a store on the session
(``session.learner_store``): the progress then lives in the learner record in the database,
and every change is one atomic read-modify-write, so two tabs answering at once lose nothing.
Without a store (a plain dict in a test, a request outside the middleware) the session itself
keeps the progress, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from typing import Any, Protocol

__all__ = [
    "Event",
    "ProgressStore",
    "progress_change",
    "progress_event",
    "progress_kept",
    "progress_read",
    "session_change",
]

#: Something the learner did, told to the record: a name and its facts (see ``event``).
type Event = tuple[str, dict[str, Any]]


class ProgressStore(Protocol):
    def read(self, key: str) -> Any:
        """The raw value kept under ``key`` (None when there is none)."""
        ...

    def change[T](
        self,
        key: str,
        change: Callable[[Any], tuple[Any, T]],
        then: Callable[[T], Sequence[Event]] | None = None,
        *,
        create: bool = True,
    ) -> T:
        """Replace the value under ``key`` by ``change(old)[0]`` atomically; returns
        ``change(old)[1]``. ``change`` may run more than once (a retry) and must be pure.
        ``then(result)`` names what the learner did, recorded in the same transaction.
        ``create=False``: a bookmark, not progress (the lesson opened last): for a browser
        without a record it is kept in the session, and makes no record."""
        ...

    def kept(self) -> bool:
        """Whether the browser has a record already (asking makes none)."""
        ...

    def event(self, name: str, **facts: Any) -> None:
        """Something the learner did: ``answer`` (skill, correct), ``step``, ``lesson_done``
        (key, course_done), ``path_done`` (path), ``scoop``, ``hand`` (game)."""
        ...


def _store(session: Mapping[str, Any] | None) -> ProgressStore | None:
    return getattr(session, "learner_store", None)


def progress_kept(session: Mapping[str, Any]) -> bool:
    """Whether this browser's progress is kept already: its record exists (without a store the
    session keeps it, so always). A change then makes no new record."""
    store = _store(session)
    return store.kept() if store is not None else True


def progress_read(session: Mapping[str, Any], key: str) -> Any:
    store = _store(session)
    return store.read(key) if store is not None else session.get(key)


def progress_change[T](
    session: MutableMapping[str, Any],
    key: str,
    change: Callable[[Any], tuple[Any, T]],
    then: Callable[[T], Sequence[Event]] | None = None,
    *,
    create: bool = True,
) -> T:
    """Change the value under ``key`` (see ``ProgressStore.change``); without a store the
    session keeps it and ``then``'s events go nowhere."""
    store = _store(session)
    if store is not None:
        return store.change(key, change, then, create=create)
    return session_change(session, key, change)


def session_change[T](
    session: MutableMapping[str, Any], key: str, change: Callable[[Any], tuple[Any, T]]
) -> T:
    """``change`` applied to the value the session keeps under ``key`` (None: removed)."""
    value, result = change(session.get(key))
    if value is None:
        session.pop(key, None)
    else:
        session[key] = value
    return result


def progress_event(session: Mapping[str, Any], name: str, **facts: Any) -> None:
    store = _store(session)
    if store is not None:
        store.event(name, **facts)
