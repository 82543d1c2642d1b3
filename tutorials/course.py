"""The courses as values: course -> units -> lessons -> short steps, and paths to a goal.

The course is content: ``tutorials/content/*.yaml`` (all four languages side by side), loaded
into the database by ``manage.py loadcourse`` and edited in the admin. This module reads it from
the database into frozen values the views and the other modules share; until the database holds
a course (a fresh checkout before ``make content``), it reads the files themselves.

A lesson names the rule steps it covers as ``page/section/step`` (the ``rules`` app's ``Step``
objects, so no rule text is copied): the check only asks questions whose reasons cite their rules
(see ``tutorials.questions``). Its *parts* are the steps the learner takes: one idea in a few
words and a question a quiz kind deals, answered before the explanation shows.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path as FilePath
from typing import Any

import yaml
from django.core.exceptions import ValidationError
from django.db import DatabaseError
from django.utils import translation

from practice.quiz import Level
from rules.engine import Game
from tutorials import validators

__all__ = [
    "CONTENT_DIR",
    "CheckSource",
    "Course",
    "CourseContent",
    "Lesson",
    "Part",
    "Path",
    "Unit",
    "content_build",
    "content_from_files",
    "content_read",
    "course_cache_clear",
    "courses",
    "lesson_find",
    "paths",
]

logger = logging.getLogger(__name__)

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
    must cite one of ``teaches`` (the rule step's rules when empty). Of ``kind`` "idea", an
    idea card: a ``title`` and the text with its cards on one screen, asking nothing, shown
    before a step whose question needs its rules (``teaches``)."""

    slug: str
    rule: str
    kind: str
    game: Game
    level: Level
    text: Texts
    teaches: tuple[str, ...] = ()
    title: Texts = field(default_factory=dict)

    @property
    def is_idea(self) -> bool:
        return self.kind == validators.IDEA

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
#
# One walk over the raw data (a file's, or the rows' rebuilt as the files would give them): an
# item that cannot be shown is left out and reported by ``report`` with the item and field that
# are wrong ("units[basics].lessons[the-game].checks[0].game: ..."), the rest is built. Reading
# the database, the report is a logged error; ``loadcourse`` collects them and loads nothing.


def _at(where: str, name: str) -> str:
    """``name`` inside ``where``: "stud.yaml: units", "units[basics].lessons"."""
    return f"{where} {name}".strip() if not where or where.endswith(":") else f"{where}.{name}"


class _Bad(Exception):
    """An item that cannot be built; its text names the item and field."""


def _english(error: ValidationError) -> str:
    with translation.override("en"):
        return " ".join(str(message) for message in error.messages)


def _log(problem: str) -> None:
    logger.error("course item left out: %s", problem)


@dataclass
class _Builder:
    report: Callable[[str], None] = _log
    #: Also check what the course names in the rule content (``loadcourse``).
    strict: bool = False

    def value(
        self, raw: Any, name: str, where: str, *validators: Callable[[Any], None], **kw: Any
    ) -> Any:
        if not isinstance(raw, Mapping):
            raise _Bad(f"{where}: not a mapping")
        if raw.get(name) is None:
            if "default" not in kw:
                raise _Bad(f"{_at(where, name)}: missing")
            return kw["default"]
        value = raw[name]
        checks = (*validators, *(kw.get("exists", ()) if self.strict else ()))
        for check in checks:
            try:
                check(value)
            except ValidationError as error:
                raise _Bad(f"{_at(where, name)}: {_english(error)}") from error
        return value

    def slug(self, raw: Any, where: str) -> str:
        slug = self.value(raw, "slug", where)
        if not isinstance(slug, str) or not slug:
            raise _Bad(f"{_at(where, 'slug')}: {slug!r} is not a slug")
        return slug

    def texts(self, raw: Any, name: str, where: str, *, optional: bool = False) -> Texts:
        texts = self.value(raw, name, where, **({"default": None} if optional else {}))
        if texts is None:
            return {}
        if not isinstance(texts, Mapping):
            raise _Bad(f"{_at(where, name)}: needs a text in each of {', '.join(LANGUAGES)}")
        missing = [code for code in LANGUAGES if not texts.get(code)]
        if missing:
            raise _Bad(f"{_at(where, name)}.{missing[0]}: missing (write it in each language)")
        return {code: str(texts[code]) for code in LANGUAGES}

    def each[T](self, items: Any, where: str, build: Callable[[Any, str], T]) -> tuple[T, ...]:
        """The items that build, each bad one reported and left out."""
        if not isinstance(items, list):
            self.report(f"{where}: not a list")
            return ()
        built = []
        for index, item in enumerate(items):
            slug = item.get("slug") if isinstance(item, Mapping) else None
            label = slug if isinstance(slug, str) and slug else index
            try:
                built.append(build(item, f"{where}[{label}]"))
            except (_Bad, KeyError, TypeError, ValueError) as error:
                self.report(str(error) if isinstance(error, _Bad) else f"{where}[{label}]: {error}")
        return tuple(built)

    def check(self, raw: Any, where: str) -> CheckSource:
        try:
            validators.validate_check_source(raw)
        except ValidationError as error:
            raise _Bad(f"{where}: {_english(error)}") from error
        return CheckSource(
            raw["kind"],
            Game(raw["game"]),
            Level(raw.get("level", "normal")),
            bool(raw.get("review", False)),
        )

    def part(self, raw: Any, where: str) -> Part:
        kind = self.value(raw, "kind", where, validators.validate_part_kind)
        game = self.value(raw, "game", where, validators.validate_game)
        self.value(raw, "game", where, lambda game: validators.validate_kind_game(kind, game))
        idea = kind == validators.IDEA
        if idea and not self.value(raw, "teaches", where, default=[]):
            raise _Bad(f"{_at(where, 'teaches')}: an idea card names the rule ids it teaches")
        return Part(
            title=self.texts(raw, "title", where, optional=not idea),
            slug=self.slug(raw, where),
            rule=self.value(raw, "rule", where, exists=(validators.validate_rule_step_exists,)),
            kind=kind,
            game=Game(game),
            level=Level(
                self.value(raw, "level", where, validators.validate_level, default="normal")
            ),
            text=self.texts(raw, "text", where),
            teaches=tuple(
                self.value(
                    raw,
                    "teaches",
                    where,
                    validators.validate_rule_ids,
                    default=[],
                    exists=(validators.validate_rule_ids_exist,),
                )
            ),
        )

    def lesson(self, raw: Any, where: str) -> Lesson:
        steps = self.value(
            raw,
            "steps",
            where,
            validators.validate_rule_steps,
            exists=(validators.validate_rule_steps_exist,),
        )
        return Lesson(
            slug=self.slug(raw, where),
            title=self.texts(raw, "title", where),
            steps=tuple(steps),
            checks=self.each(
                self.value(raw, "checks", where, default=[]), _at(where, "checks"), self.check
            ),
            parts=self.each(
                self.value(raw, "parts", where, default=[]), _at(where, "parts"), self.part
            ),
        )

    def unit(self, raw: Any, where: str) -> Unit:
        return Unit(
            slug=self.slug(raw, where),
            section=self.value(
                raw, "section", where, default="", exists=(validators.validate_rule_section_exists,)
            ),
            title=self.texts(raw, "title", where, optional=True),
            lessons=self.each(
                self.value(raw, "lessons", where), _at(where, "lessons"), self.lesson
            ),
        )

    def course(self, raw: Any, where: str) -> Course:
        return Course(
            slug=self.slug(raw, where),
            game=Game(self.value(raw, "game", where, validators.validate_game)),
            builds_on=tuple(
                self.value(raw, "builds_on", where, validators.validate_slugs, default=[])
            ),
            units=self.each(self.value(raw, "units", where), _at(where, "units"), self.unit),
        )

    def path(self, raw: Any, where: str) -> Path:
        return Path(
            slug=self.slug(raw, where),
            game=Game(self.value(raw, "game", where, validators.validate_game)),
            title=self.texts(raw, "title", where),
            summary=self.texts(raw, "summary", where),
            lessons=tuple(self.value(raw, "lessons", where, validators.validate_lesson_keys)),
        )


def course_from_data(
    raw: dict[str, Any],
    *,
    where: str = "",
    report: Callable[[str], None] = _log,
    strict: bool = False,
) -> Course | None:
    """A course from its file's data (``tutorials/content/courses/<slug>.yaml``), without the
    items that cannot be shown (each reported); None if the course itself cannot be."""
    builder = _Builder(report, strict)
    try:
        return builder.course(raw, where)
    except (_Bad, KeyError, TypeError, ValueError) as error:
        report(str(error) if isinstance(error, _Bad) else f"{where}{error}")
        return None


#: Raw course data as read: ``(where, data)``, where names its file ("courses/stud.yaml:").
RawCourses = list[tuple[str, Any]]


def content_read(directory: FilePath = CONTENT_DIR) -> tuple[RawCourses, Any]:
    """The raw data of the course files (courses in their ``order``, each with the name of its
    file) and the ``paths`` list of ``paths.yaml``."""
    raw_courses: RawCourses = []
    for file in sorted((directory / "courses").glob("*.yaml")):
        raw_courses.append((f"courses/{file.name}:", yaml.safe_load(file.read_text("utf-8"))))
    raw_courses.sort(key=lambda item: _order_of(item[1]))
    raw_paths: Any = []
    paths_file = directory / "paths.yaml"
    if paths_file.exists():
        data = yaml.safe_load(paths_file.read_text(encoding="utf-8"))
        raw_paths = data.get("paths") if isinstance(data, dict) else None
        if isinstance(raw_paths, list):
            raw_paths.sort(key=_order_of)
    return raw_courses, raw_paths


def _order_of(data: Any) -> tuple[int, str]:
    if not isinstance(data, dict):
        return (0, "")
    order = data.get("order", 0)
    return (order if isinstance(order, int) else 0, str(data.get("slug", "")))


def content_build(
    raw_courses: RawCourses,
    raw_paths: Any,
    *,
    paths_where: str,
    report: Callable[[str], None] = _log,
    strict: bool = False,
) -> CourseContent:
    """The course from raw data, without the items that cannot be shown (each reported): a
    path keeps only the lessons the courses have."""
    built: dict[str, Course] = {}
    for where, raw in raw_courses:
        if not isinstance(raw, dict):
            report(f"{where} not a course")
            continue
        course = course_from_data(raw, where=where, report=report, strict=strict)
        if course is not None:
            built[course.slug] = course
    lesson_keys = {f"{c.slug}/{lesson.slug}" for c in built.values() for lesson in c.lessons}
    found: dict[str, Path] = {}
    for path in _Builder(report).each(raw_paths, paths_where, _Builder(report).path):
        missing = [key for key in path.lessons if key not in lesson_keys]
        for key in missing:
            report(f"{paths_where}[{path.slug}].lessons: no lesson {key!r}")
        found[path.slug] = replace(
            path, lessons=tuple(key for key in path.lessons if key in lesson_keys)
        )
    return CourseContent(courses=built, paths=found)


def content_from_files(directory: FilePath = CONTENT_DIR) -> CourseContent:
    raw_courses, raw_paths = content_read(directory)
    return content_build(raw_courses, raw_paths, paths_where="paths.yaml: paths")


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
    raw_courses: RawCourses = []
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
                                    "title": _row_texts(part, "title") if part.title_en else None,
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
        raw_courses.append((f"course {row.slug}:", raw))
    raw_paths = [
        {
            "slug": path.slug,
            "game": path.game,
            "title": _row_texts(path, "title"),
            "summary": _row_texts(path, "summary"),
            "lessons": path.lessons,
        }
        for path in models.Path.objects.all()
    ]
    return content_build(raw_courses, raw_paths, paths_where="paths")


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
