"""The learner's course progress, kept in the learner record (``learners.store``) under one
small key, with language-free keys (``course/lesson`` slugs), so it survives a change of
language and needs no account::

    {"d": ["stud/the-game", ...],          # lessons done
     "c": {"stud/who-brings-in": [1, "10"]},  # check: attempt number, results so far (1 = right)
     "p": {"stud/who-brings-in": "10"},     # the lesson's steps answered, in order (1 = right)
     "l": "stud/who-brings-in",             # the lesson opened last
     "w": "stud-hi-lo-home-game"}           # the path the learner follows

A lesson is done when its steps are answered and its check is passed (a lesson without a check:
when its steps are answered). Every read and write of it goes through this module; the
functions take the request. Opening a lesson or a path is a bookmark, not progress: it makes no
record (``create=False``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

from django.http import HttpRequest

from learners.store import Event, progress_change, progress_read
from practice.quiz import MAX_SEED
from tutorials.course import Course, Lesson, courses, paths
from tutorials.queries import (
    CHECK_SIZE,
    PASS_MARK,
    all_lessons,
    lesson_key,
    lesson_keys,
    lesson_of,
    path_lessons,
)

__all__ = [
    "SEEN",
    "CheckState",
    "CourseProgress",
    "course_progress_load",
    "parts_reachable",
    "progress_check_answer",
    "progress_check_retry",
    "progress_continue",
    "progress_follow",
    "progress_mark_known",
    "progress_mark_read",
    "progress_part_answer",
    "progress_visit",
]

KEY: Final = "course"


@dataclass(frozen=True, slots=True)
class CheckState:
    attempt: int = 0
    results: str = ""

    @property
    def answered(self) -> int:
        return len(self.results)

    @property
    def right(self) -> int:
        return self.results.count("1")

    @property
    def finished(self) -> bool:
        return self.answered >= CHECK_SIZE

    @property
    def passed(self) -> bool:
        return self.finished and self.right >= PASS_MARK


@dataclass(frozen=True, slots=True)
class CourseProgress:
    done: frozenset[str] = frozenset()
    checks: tuple[tuple[str, CheckState], ...] = ()
    last: str = ""
    #: Per lesson, its steps answered so far, in order ("1" right, "0" wrong).
    parts: tuple[tuple[str, str], ...] = ()
    #: The path the learner follows ("" for none).
    path: str = ""

    @property
    def started(self) -> bool:
        return bool(self.last or self.done)

    def check(self, key: str) -> CheckState:
        return dict(self.checks).get(key, CheckState())

    def parts_answered(self, key: str) -> int:
        return len(dict(self.parts).get(key, ""))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"d": sorted(self.done)}
        if self.checks:
            data["c"] = {key: [state.attempt, state.results] for key, state in self.checks}
        if self.parts:
            data["p"] = dict(self.parts)
        if self.last:
            data["l"] = self.last
        if self.path:
            data["w"] = self.path
        return data


def course_progress_load(request: HttpRequest) -> CourseProgress:
    """The learner's course progress; unknown lessons and malformed values are dropped."""
    return _parse(progress_read(request, KEY))


def _parse(raw: object) -> CourseProgress:
    if not isinstance(raw, dict):
        return CourseProgress()
    keys = lesson_keys()
    done = raw.get("d")
    checks = raw.get("c")
    parts = raw.get("p")
    last = raw.get("l")
    path = raw.get("w")
    states: list[tuple[str, CheckState]] = []
    if isinstance(checks, dict):
        for key, value in sorted(checks.items()):
            if (
                key in keys
                and isinstance(value, list)
                and len(value) == 2
                and isinstance(value[0], int)
                and 0 <= value[0] <= MAX_SEED
                and isinstance(value[1], str)
                and set(value[1]) <= {"0", "1"}
                and len(value[1]) <= CHECK_SIZE
            ):
                states.append((key, CheckState(value[0], value[1])))
    answered: list[tuple[str, str]] = []
    if isinstance(parts, dict):
        answered = [
            (key, value)
            for key, value in sorted(parts.items())
            if key in keys
            and isinstance(value, str)
            and set(value) <= {"0", "1", SEEN}
            and len(value) <= 20
        ]
    return CourseProgress(
        done=frozenset(key for key in done if key in keys)
        if isinstance(done, list)
        else frozenset(),
        checks=tuple(states),
        last=last if isinstance(last, str) and last in keys else "",
        parts=tuple(answered),
        path=path if isinstance(path, str) and path in paths() else "",
    )


def _change(
    request: HttpRequest,
    change: Callable[[CourseProgress], CourseProgress | None],
    *,
    step: bool = False,
    bookmark: bool = False,
) -> CourseProgress:
    """Apply ``change`` to the stored progress atomically (None: leave it as it is; ``change``
    may run more than once). In the same transaction the learner record hears of each lesson
    it marks done, a course or a path finished and, with ``step``, of a step taken. A
    ``bookmark`` (a lesson opened, a path followed) makes no learner record: a visit is not
    progress, and a crawler's visits must not leave records behind."""

    def apply(raw: object) -> tuple[object, tuple[CourseProgress, CourseProgress, bool]]:
        before = _parse(raw)
        after = change(before)
        if after is None:
            return raw, (before, before, False)
        return after.to_json(), (before, after, True)

    def then(result: tuple[CourseProgress, CourseProgress, bool]) -> list[Event]:
        before, after, changed = result
        events: list[Event] = [("step", {})] if step and changed else []
        for key in sorted(after.done - before.done):
            events.append(("lesson_done", {"key": key, "course_done": _course_done(after, key)}))
        path = after.path
        if path and after.done - before.done:
            keys = {lesson_key(course, lesson) for course, lesson in path_lessons(path)}
            if keys and keys <= after.done and not keys <= before.done:
                events.append(("path_done", {"path": path}))
        return events

    _before, progress, _changed = progress_change(request, KEY, apply, then, create=not bookmark)
    return progress


def _course_done(progress: CourseProgress, key: str) -> str:
    """The course slug when ``key`` completes its course, else ""."""
    course = courses().get(key.split("/")[0])
    if course is None:
        return ""
    keys = {lesson_key(course, lesson) for lesson in course.lessons}
    return course.slug if keys <= progress.done else ""


def _with_check(progress: CourseProgress, key: str, state: CheckState) -> CourseProgress:
    checks = dict(progress.checks)
    checks[key] = state
    return replace(progress, checks=tuple(sorted(checks.items())))


def _parts_done(progress: CourseProgress, key: str) -> bool:
    lesson = lesson_of(key)
    return lesson is not None and progress.parts_answered(key) >= len(lesson.parts)


def _finish_if_done(progress: CourseProgress, key: str) -> CourseProgress:
    """Mark the lesson done once its steps are answered and its check passed (a lesson with no
    check: once its steps are answered)."""
    lesson = lesson_of(key)
    if lesson is None or key in progress.done or not _parts_done(progress, key):
        return progress
    if lesson.checks and not progress.check(key).passed:
        return progress
    if not lesson.checks and not lesson.parts:
        return progress  # only "I've read this" finishes it
    return replace(progress, done=progress.done | {key})


def progress_visit(request: HttpRequest, *, key: str) -> CourseProgress:
    """Remember the lesson the learner opened (the home page offers to continue from it)."""
    if key not in lesson_keys() or course_progress_load(request).last == key:
        return course_progress_load(request)

    def change(progress: CourseProgress) -> CourseProgress | None:
        return None if progress.last == key else replace(progress, last=key)

    return _change(request, change, bookmark=True)


#: An idea card's mark in a lesson's step results: shown, nothing asked ("1" right, "0" wrong).
SEEN = "-"


def progress_part_answer(
    request: HttpRequest, *, key: str, index: int, correct: bool, seen: bool = False
) -> tuple[CourseProgress, bool]:
    """Count the answer to step ``index`` of a lesson: the next step unanswered counts (an
    earlier one answered again changes nothing); ``seen``: an idea card was shown. Returns the
    progress and whether it counted."""
    counted = False

    def change(progress: CourseProgress) -> CourseProgress | None:
        nonlocal counted
        lesson = lesson_of(key)
        results = dict(progress.parts).get(key, "")
        counted = lesson is not None and 0 <= index < len(lesson.parts) and index == len(results)
        if not counted:
            return None
        answered = dict(progress.parts)
        answered[key] = results + (SEEN if seen else "1" if correct else "0")
        return _finish_if_done(replace(progress, parts=tuple(sorted(answered.items()))), key)

    progress = _change(request, change, step=not seen)
    return progress, counted


def parts_reachable(lesson: Lesson, answered: int) -> int:
    """How many of a lesson's parts the learner may have passed: those answered and the idea
    cards right after them (a card asks nothing: its "Continue" is a link to the next step)."""
    reachable = answered
    while reachable < len(lesson.parts) and lesson.parts[reachable].is_idea:
        reachable += 1
    return reachable


def progress_check_answer(
    request: HttpRequest, *, key: str, index: int, correct: bool
) -> tuple[CourseProgress, bool]:
    """Count the answer to question ``index`` of the lesson's current check. Returns the new
    progress and whether it counted (a repeated or out-of-turn post is not). Passing the
    check (``PASS_MARK`` of ``CHECK_SIZE``) after the steps marks the lesson done."""
    counted = False

    def change(progress: CourseProgress) -> CourseProgress | None:
        nonlocal counted
        state = progress.check(key)
        counted = key in lesson_keys() and not state.finished and index == state.answered
        if not counted:
            return None
        state = CheckState(state.attempt, state.results + ("1" if correct else "0"))
        return _finish_if_done(_with_check(progress, key, state), key)

    progress = _change(request, change, step=True)
    return progress, counted


def progress_check_retry(request: HttpRequest, *, key: str) -> CourseProgress:
    """Start a new attempt at a lesson's check, with new questions (a lesson once done stays
    done)."""
    if key not in lesson_keys():
        return course_progress_load(request)

    def change(progress: CourseProgress) -> CourseProgress:
        state = progress.check(key)
        return _with_check(progress, key, CheckState(min(state.attempt + 1, MAX_SEED), ""))

    return _change(request, change)


def progress_mark_read(request: HttpRequest, *, key: str) -> CourseProgress:
    """Mark a lesson done that has nothing to answer ("I've read this")."""

    def change(progress: CourseProgress) -> CourseProgress | None:
        if key not in lesson_keys() or key in progress.done:
            return None
        return replace(progress, done=progress.done | {key})

    return _change(request, change, step=True)


def progress_mark_known(request: HttpRequest, *, keys: Iterable[str]) -> CourseProgress:
    """Mark lessons done that the learner showed they know (the test-out)."""
    known = frozenset(keys) & lesson_keys()

    def change(progress: CourseProgress) -> CourseProgress | None:
        if known <= progress.done:
            return None
        return replace(progress, done=progress.done | known)

    return _change(request, change)


def progress_follow(request: HttpRequest, *, path: str) -> CourseProgress:
    """Remember the path the learner follows (its lessons then lead on along it)."""

    def change(progress: CourseProgress) -> CourseProgress | None:
        if path not in paths() or progress.path == path:
            return None
        return replace(progress, path=path)

    return _change(request, change, bookmark=True)


def progress_continue(progress: CourseProgress) -> tuple[Course, Lesson] | None:
    """The lesson to continue with: the one opened last if not done yet, else the first lesson
    not done after it on the path (stud, then Stud Hi/Lo, then razz), else any not done."""
    lessons: list[tuple[Course, Lesson]] = all_lessons()
    keys = [lesson_key(course, lesson) for course, lesson in lessons]
    if progress.last and progress.last not in progress.done:
        current: tuple[Course, Lesson] = lessons[keys.index(progress.last)]
        return current
    start = keys.index(progress.last) + 1 if progress.last else 0
    order: list[int] = [*range(start, len(keys)), *range(start)]
    pending = [lessons[index] for index in order if keys[index] not in progress.done]
    return pending[0] if pending else None
