"""The courses as values: course -> units -> lessons -> short steps, and paths to a goal.

The course is content: ``tutorials/content/*.yaml`` (all four languages side by side), loaded
into the database by ``manage.py loadcourse`` and edited in the admin. This module reads it from the
database into frozen values the views and services share; until the database holds a course (a
fresh checkout before ``make content``), it reads the files themselves.

A lesson names the rule steps it covers as ``page/section/step`` (the ``rules`` app's ``Step``
objects, so no rule text is copied): the check only asks questions whose reasons cite their rules
(see ``tutorials.services``). Its *parts* are the steps the learner takes: one idea in a few
words and a question a quiz kind deals, answered before the explanation shows.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path as FilePath
from typing import Any

import yaml
from django.db import DatabaseError

from practice.quiz import Level
from rules.engine import Game

__all__ = [
    "CONTENT_DIR",
    "CheckSource",
    "Course",
    "CourseContent",
    "Lesson",
    "Part",
    "Path",
    "Unit",
    "content_from_files",
    "content_read",
    "course_cache_clear",
    "courses",
    "lesson_find",
    "paths",
]

CONTENT_DIR = FilePath(__file__).resolve().parent / "content"
LANGUAGES = ("sv", "da", "fi", "en")

Texts = dict[str, str]


@dataclass(frozen=True, slots=True)
class CheckSource:
    """A quiz kind, game and level the lesson's check may draw questions from."""

    kind: str
    game: Game
    level: Level = Level.NORMAL
    #: A review question: it may ask about any rule taught so far, not only this lesson's (for
    #: lessons whose own rules have few questions).
    review: bool = False


@dataclass(frozen=True, slots=True)
class Part:
    """One step of a lesson: an idea in about 80 words and a question dealt by ``kind``, which
    must cite one of ``teaches`` (the rule step's rules when empty)."""

    slug: str
    rule: str
    kind: str
    game: Game
    level: Level
    text: Texts
    teaches: tuple[str, ...] = ()

    @property
    def source(self) -> CheckSource:
        return CheckSource(self.kind, self.game, self.level)


@dataclass(frozen=True, slots=True)
class Lesson:
    slug: str
    title: Texts
    steps: tuple[str, ...]
    checks: tuple[CheckSource, ...] = ()
    parts: tuple[Part, ...] = ()

    def __post_init__(self) -> None:
        if not 1 <= len(self.steps) <= 6:
            raise ValueError(f"lesson {self.slug!r} has {len(self.steps)} rule steps, not 1 to 6")
        if set(self.title) != set(LANGUAGES):
            raise ValueError(f"lesson {self.slug!r} needs a title in sv, da, fi and en")


@dataclass(frozen=True, slots=True)
class Unit:
    slug: str
    lessons: tuple[Lesson, ...]
    #: The rule section ("page/section") whose title the unit shows, unless it has its own.
    section: str = ""
    title: Texts = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Course:
    slug: str
    game: Game
    units: tuple[Unit, ...]
    #: Courses whose lessons come before this one's (their rules count as already taught).
    builds_on: tuple[str, ...] = ()

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(lesson for unit in self.units for lesson in unit.lessons)


@dataclass(frozen=True, slots=True)
class Path:
    """A short path to a goal: lessons (``course/lesson``) taken from the courses."""

    slug: str
    game: Game
    title: Texts
    summary: Texts
    lessons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CourseContent:
    courses: dict[str, Course]
    paths: dict[str, Path]


# Building the values -----------------------------------------------------------------------


def _texts(raw: Any, where: str, *, optional: bool = False) -> Texts:
    if raw is None and optional:
        return {}
    if not isinstance(raw, dict) or any(not raw.get(code) for code in LANGUAGES):
        raise ValueError(f"{where}: needs a text in each of {', '.join(LANGUAGES)}")
    return {code: str(raw[code]) for code in LANGUAGES}


def _part(raw: dict[str, Any], where: str) -> Part:
    return Part(
        slug=raw["slug"],
        rule=raw["rule"],
        kind=raw["kind"],
        game=Game(raw["game"]),
        level=Level(raw.get("level", "normal")),
        text=_texts(raw.get("text"), f"{where}/{raw['slug']}"),
        teaches=tuple(raw.get("teaches") or ()),
    )


def _lesson(raw: dict[str, Any], where: str) -> Lesson:
    where = f"{where}/{raw['slug']}"
    return Lesson(
        slug=raw["slug"],
        title=_texts(raw.get("title"), where),
        steps=tuple(raw.get("steps") or ()),
        checks=tuple(
            CheckSource(
                item["kind"],
                Game(item["game"]),
                Level(item.get("level", "normal")),
                bool(item.get("review", False)),
            )
            for item in raw.get("checks") or ()
        ),
        parts=tuple(_part(item, where) for item in raw.get("parts") or ()),
    )


def course_from_data(raw: dict[str, Any]) -> Course:
    """A course from its file's data (``tutorials/content/courses/<slug>.yaml``)."""
    slug = raw["slug"]
    return Course(
        slug=slug,
        game=Game(raw["game"]),
        builds_on=tuple(raw.get("builds_on") or ()),
        units=tuple(
            Unit(
                slug=unit["slug"],
                section=unit.get("section", ""),
                title=_texts(unit.get("title"), f"{slug}/{unit['slug']}", optional=True),
                lessons=tuple(_lesson(item, f"{slug}/{unit['slug']}") for item in unit["lessons"]),
            )
            for unit in raw["units"]
        ),
    )


def path_from_data(raw: dict[str, Any]) -> Path:
    return Path(
        slug=raw["slug"],
        game=Game(raw["game"]),
        title=_texts(raw.get("title"), raw["slug"]),
        summary=_texts(raw.get("summary"), raw["slug"]),
        lessons=tuple(raw["lessons"]),
    )


def content_read(directory: FilePath = CONTENT_DIR) -> tuple[list[dict[str, Any]], list[dict]]:  # type: ignore[type-arg]
    """The raw data of the course files (courses in their ``order``) and of ``paths.yaml``."""
    raw_courses = []
    for file in sorted((directory / "courses").glob("*.yaml")):
        data = yaml.safe_load(file.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError(f"{file.name}: not a course")
        raw_courses.append(data)
    raw_courses.sort(key=lambda data: (data.get("order", 0), data["slug"]))
    raw_paths: list[dict[str, Any]] = []
    paths_file = directory / "paths.yaml"
    if paths_file.exists():
        raw_paths = list((yaml.safe_load(paths_file.read_text(encoding="utf-8")) or {})["paths"])
        raw_paths.sort(key=lambda data: (data.get("order", 0), data["slug"]))
    return raw_courses, raw_paths


def content_from_files() -> CourseContent:
    raw_courses, raw_paths = content_read()
    return CourseContent(
        courses={data["slug"]: course_from_data(data) for data in raw_courses},
        paths={data["slug"]: path_from_data(data) for data in raw_paths},
    )


def _row_texts(row: Any, name: str) -> Texts:
    return {code: getattr(row, f"{name}_{code}") or "" for code in LANGUAGES}


def _from_database() -> CourseContent | None:
    from tutorials import models

    rows = list(models.Course.objects.all())
    if not rows:
        return None
    units: dict[int, list[Any]] = {}
    for unit in models.Unit.objects.all():
        units.setdefault(unit.course_id, []).append(unit)
    lessons: dict[int, list[Any]] = {}
    for lesson in models.Lesson.objects.all():
        lessons.setdefault(lesson.unit_id, []).append(lesson)
    parts: dict[int, list[Any]] = {}
    for part in models.LessonPart.objects.all():
        parts.setdefault(part.lesson_id, []).append(part)
    result: dict[str, Course] = {}
    for row in rows:
        raw = {
            "slug": row.slug,
            "game": row.game,
            "builds_on": row.builds_on,
            "units": [
                {
                    "slug": unit.slug,
                    "section": unit.section,
                    "title": _row_texts(unit, "title") if unit.title_en else None,
                    "lessons": [
                        {
                            "slug": lesson.slug,
                            "title": _row_texts(lesson, "title"),
                            "steps": lesson.steps,
                            "checks": lesson.checks,
                            "parts": [
                                {
                                    "slug": part.slug,
                                    "rule": part.rule,
                                    "kind": part.kind,
                                    "game": part.game,
                                    "level": part.level,
                                    "teaches": part.teaches,
                                    "text": _row_texts(part, "text"),
                                }
                                for part in sorted(parts.get(lesson.pk, []), key=_order)
                            ],
                        }
                        for lesson in sorted(lessons.get(unit.pk, []), key=_order)
                    ],
                }
                for unit in sorted(units.get(row.pk, []), key=_order)
            ],
        }
        result[row.slug] = course_from_data(raw)
    found_paths = {
        path.slug: path_from_data(
            {
                "slug": path.slug,
                "game": path.game,
                "title": _row_texts(path, "title"),
                "summary": _row_texts(path, "summary"),
                "lessons": path.lessons,
            }
        )
        for path in models.Path.objects.all()
    }
    return CourseContent(courses=result, paths=found_paths)


def _order(row: Any) -> tuple[int, str]:
    return (row.order, row.slug)


# The cache -------------------------------------------------------------------------------

#: How long a process trusts its copy before it asks for the content version again.
_RECHECK_SECONDS = 2.0
_lock = threading.Lock()
_cached: dict[str, Any] = {}


def course_cache_clear() -> None:
    """Forget this process's copy (a save in the admin or ``loadcourse`` calls it)."""
    with _lock:
        _cached.clear()


def _content() -> CourseContent:
    from rules.versioning import content_version

    now = time.monotonic()
    with _lock:
        content = _cached.get("content")
        if content is not None and now - _cached["checked"] < _RECHECK_SECONDS:
            return content  # type: ignore[no-any-return]
    version = content_version()
    with _lock:
        content = _cached.get("content")
        if content is not None and _cached.get("version") == version:
            _cached["checked"] = now
            return content  # type: ignore[no-any-return]
    try:
        content = _from_database() or content_from_files()
    except DatabaseError:  # no tables yet (before migrate): the files are the course
        content = content_from_files()
    with _lock:
        _cached.update(content=content, version=version, checked=now)
    return content


def courses() -> dict[str, Course]:
    """Every course, in the order the learner meets them: stud first, the others build on it."""
    return _content().courses


def paths() -> dict[str, Path]:
    """The short paths to a goal, in their order."""
    return _content().paths


def lesson_find(course: str, lesson: str) -> tuple[Course, Lesson] | None:
    found = courses().get(course)
    if found is None:
        return None
    for item in found.lessons:
        if item.slug == lesson:
            return found, item
    return None
