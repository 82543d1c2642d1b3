"""``loadcourse``: the course files (``tutorials/content``) into the database, idempotently.

Each object is matched by its slugs; a field is written only when its value differs, so a second
load changes nothing and leaves no history. Objects no longer in the files are deleted. Nothing is
written unless every file is valid (one transaction).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import models, transaction

from practice.kinds import KINDS
from tutorials import models as course_models
from tutorials.course import (
    CONTENT_DIR,
    LANGUAGES,
    content_read,
    course_cache_clear,
    course_from_data,
    path_from_data,
)

__all__ = ["CourseLoadReport", "course_load"]

#: About 80 words a step: a little room for languages that need more words than English.
MAX_PART_WORDS = 90


class CourseContentError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass
class CourseLoadReport:
    created: int = 0
    updated: int = 0
    deleted: int = 0
    unchanged: int = 0
    changes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, {self.deleted} deleted, "
            f"{self.unchanged} unchanged"
        )


def _check(raw_courses: list[dict[str, Any]], raw_paths: list[dict[str, Any]]) -> list[str]:
    problems: list[str] = []
    lesson_keys: set[str] = set()
    for raw in raw_courses:
        try:
            course = course_from_data(raw)
        except (KeyError, ValueError) as error:
            problems.append(f"course {raw.get('slug')!r}: {error}")
            continue
        for lesson in course.lessons:
            lesson_keys.add(f"{course.slug}/{lesson.slug}")
            for source in (*lesson.checks, *(part.source for part in lesson.parts)):
                quiz = KINDS.get(source.kind)
                if quiz is None:
                    problems.append(f"{course.slug}/{lesson.slug}: no quiz kind {source.kind!r}")
                elif source.game not in quiz.games:
                    problems.append(
                        f"{course.slug}/{lesson.slug}: {source.kind} is not played in {source.game}"
                    )
            rules = [part.rule for part in lesson.parts]
            if len(rules) != len(set(rules)):
                problems.append(f"{course.slug}/{lesson.slug}: two steps link the same rule")
            for part in lesson.parts:
                for code in LANGUAGES:
                    words = len(part.text[code].split())
                    if words > MAX_PART_WORDS:
                        problems.append(
                            f"{course.slug}/{lesson.slug}/{part.slug} ({code}): {words} words, "
                            f"more than {MAX_PART_WORDS}"
                        )
    for raw in raw_paths:
        try:
            path = path_from_data(raw)
        except (KeyError, ValueError) as error:
            problems.append(f"path {raw.get('slug')!r}: {error}")
            continue
        problems.extend(
            f"path {path.slug}: no lesson {key!r}" for key in path.lessons if key not in lesson_keys
        )
    return problems


def _translated(name: str, texts: dict[str, str] | None) -> dict[str, str]:
    texts = texts or {}
    return {f"{name}_{code}": texts.get(code, "") for code in LANGUAGES}


def _upsert(
    report: CourseLoadReport,
    model: type[models.Model],
    lookup: dict[str, Any],
    values: dict[str, Any],
) -> Any:
    obj = model._default_manager.filter(**lookup).first()
    if obj is None:
        obj = model._default_manager.create(**lookup, **values)
        report.created += 1
        report.changes.append(f"created {model.__name__} {lookup}")
        return obj
    changed = [name for name, value in values.items() if getattr(obj, name) != value]
    if changed:
        for name in changed:
            setattr(obj, name, values[name])
        obj.save()
        report.updated += 1
        report.changes.append(f"updated {model.__name__} {lookup}: {', '.join(changed)}")
    else:
        report.unchanged += 1
    return obj


def _prune(report: CourseLoadReport, queryset: models.QuerySet[Any], keep: set[int]) -> None:
    for obj in queryset.exclude(pk__in=keep):
        report.deleted += 1
        report.changes.append(f"deleted {type(obj).__name__} {obj.pk}")
        obj.delete()


def course_load(directory: Path = CONTENT_DIR) -> CourseLoadReport:
    """Load the course files into the database; ``CourseContentError`` lists every problem
    and nothing is written."""
    raw_courses, raw_paths = content_read(directory)
    problems = _check(raw_courses, raw_paths)
    if problems:
        raise CourseContentError(problems)
    report = CourseLoadReport()
    with transaction.atomic():
        kept_courses: set[int] = set()
        for order, raw in enumerate(raw_courses, start=1):
            course = _upsert(
                report,
                course_models.Course,
                {"slug": raw["slug"]},
                {
                    "game": raw["game"],
                    "order": raw.get("order", order),
                    "builds_on": list(raw.get("builds_on") or []),
                },
            )
            kept_courses.add(course.pk)
            kept_units: set[int] = set()
            for unit_order, raw_unit in enumerate(raw["units"], start=1):
                unit = _upsert(
                    report,
                    course_models.Unit,
                    {"course": course, "slug": raw_unit["slug"]},
                    {
                        "order": unit_order,
                        "section": raw_unit.get("section", ""),
                        **_translated("title", raw_unit.get("title")),
                    },
                )
                kept_units.add(unit.pk)
                kept_lessons: set[int] = set()
                for lesson_order, raw_lesson in enumerate(raw_unit["lessons"], start=1):
                    lesson = _upsert(
                        report,
                        course_models.Lesson,
                        {"unit": unit, "slug": raw_lesson["slug"]},
                        {
                            "order": lesson_order,
                            "steps": list(raw_lesson.get("steps") or []),
                            "checks": list(raw_lesson.get("checks") or []),
                            **_translated("title", raw_lesson["title"]),
                        },
                    )
                    kept_lessons.add(lesson.pk)
                    kept_parts: set[int] = set()
                    for part_order, raw_part in enumerate(raw_lesson.get("parts") or [], 1):
                        part = _upsert(
                            report,
                            course_models.LessonPart,
                            {"lesson": lesson, "slug": raw_part["slug"]},
                            {
                                "order": part_order,
                                "rule": raw_part["rule"],
                                "kind": raw_part["kind"],
                                "game": raw_part["game"],
                                "level": raw_part.get("level", "normal"),
                                "teaches": list(raw_part.get("teaches") or []),
                                **_translated("text", raw_part["text"]),
                            },
                        )
                        kept_parts.add(part.pk)
                    _prune(
                        report, course_models.LessonPart.objects.filter(lesson=lesson), kept_parts
                    )
                _prune(report, course_models.Lesson.objects.filter(unit=unit), kept_lessons)
            _prune(report, course_models.Unit.objects.filter(course=course), kept_units)
        _prune(report, course_models.Course.objects.all(), kept_courses)
        kept_paths: set[int] = set()
        for order, raw_path in enumerate(raw_paths, start=1):
            path = _upsert(
                report,
                course_models.Path,
                {"slug": raw_path["slug"]},
                {
                    "game": raw_path["game"],
                    "order": raw_path.get("order", order),
                    "lessons": list(raw_path["lessons"]),
                    **_translated("title", raw_path["title"]),
                    **_translated("summary", raw_path["summary"]),
                },
            )
            kept_paths.add(path.pk)
        _prune(report, course_models.Path.objects.all(), kept_paths)
        transaction.on_commit(course_cache_clear)
    course_cache_clear()
    return report
