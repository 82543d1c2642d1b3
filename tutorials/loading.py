"""``loadcourse``: the course files (``tutorials/content``) into the database, idempotently.

Each object is matched by its slugs; a field is written only when its value differs, so a second
load changes nothing and leaves no history. Nothing is written unless every file is valid (one
transaction), checked by the same rules as the admin (``tutorials.validators``, and each object's
``full_clean`` before it is saved); each problem names the file, the item and the field.

The database is the course the site shows, and the admin edits it: like ``loadrules``, each
object keeps in ``loaded`` a fingerprint of every field as last loaded, so a field edited in the
admin since then is kept and reported as a conflict instead of overwritten (``force``
overwrites). An object made in the admin and missing from the files is kept the same way.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import translation

from rules.loaded import LoadedFields, LoadReport
from tutorials import models as course_models
from tutorials.course import (
    CONTENT_DIR,
    LANGUAGES,
    RawCourses,
    content_build,
    content_read,
    course_cache_clear,
)

__all__ = ["CourseContentError", "CourseLoadReport", "course_load"]

#: About 80 words a step: a little room for languages that need more words than English.
MAX_PART_WORDS = 90


class CourseContentError(ValueError):
    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class CourseLoadReport(LoadReport):
    """What ``course_load`` did (its summary names the deleted before the unchanged)."""

    def summary(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, {self.deleted} deleted, "
            f"{self.unchanged} unchanged, {len(self.conflicts)} conflicts"
        )


def _check(raw_courses: RawCourses, raw_paths: Any) -> list[str]:
    """Every problem of the files: the items the course could not show (the admin's rules,
    with the rule content checked), and the steps too long or linking one rule twice."""
    problems: list[str] = []
    content = content_build(
        raw_courses,
        raw_paths,
        paths_where="paths.yaml: paths",
        report=problems.append,
        strict=True,
    )
    files = {raw.get("slug"): where for where, raw in raw_courses if isinstance(raw, dict)}
    for course in content.courses.values():
        for unit in course.units:
            for lesson in unit.lessons:
                where = f"{files[course.slug]} units[{unit.slug}].lessons[{lesson.slug}]"
                rules = [part.rule for part in lesson.parts]
                if len(rules) != len(set(rules)):
                    problems.append(f"{where}.parts: two steps link the same rule")
                for part in lesson.parts:
                    for code in LANGUAGES:
                        words = len(part.text[code].split())
                        if words > MAX_PART_WORDS:
                            problems.append(
                                f"{where}.parts[{part.slug}].text.{code}: {words} words, "
                                f"more than {MAX_PART_WORDS}"
                            )
    return problems


def fingerprint(value: Any) -> str:
    """What ``loaded`` keeps of a field's value (the migration that added it keeps a copy)."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _field_name(name: str) -> str:
    """``title_sv`` as the files write it: ``title.sv``."""
    base, _, code = name.rpartition("_")
    return f"{base}.{code}" if base and code in LANGUAGES else name


def _full_clean(obj: models.Model, where: str) -> None:
    """The admin's checks, before the save: a problem stops the load (nothing is written)."""
    try:
        obj.full_clean()
    except ValidationError as error:
        with translation.override("en"):
            problems = [
                f"{where} {_field_name(name)}: {' '.join(str(m) for m in messages)}"
                for name, messages in error.message_dict.items()
            ]
        raise CourseContentError(problems) from error


@dataclass
class _Loader:
    report: CourseLoadReport
    force: bool

    def upsert(
        self,
        model: type[course_models.LoadedModel],
        lookup: dict[str, Any],
        values: dict[str, Any],
        where: str,
    ) -> Any:
        obj = model._default_manager.filter(**lookup).first()
        created = obj is None
        if obj is None:
            obj = model(**lookup)
        fields = LoadedFields(
            obj, created=created, force=self.force, fingerprint=fingerprint, report=self.report
        )
        for name, new in values.items():
            fields.merge(
                name,
                new,
                current=getattr(obj, name),
                forced=f"{where} {_field_name(name)}",
                conflict=(
                    f"{where} {_field_name(name)}: edited in the admin since the last load; "
                    "kept the edit"
                ),
            )
        fields.save(where, lambda: _full_clean(obj, where))
        return obj

    def prune(self, queryset: models.QuerySet[Any], keep: set[int], where: str) -> None:
        """Delete what the files no longer have, but what was made in the admin (never
        loaded) only with ``force``."""
        for obj in queryset.exclude(pk__in=keep):
            label = f"{where}[{obj.slug}]"
            if not obj.loaded and not self.force:
                self.report.conflicts.append(
                    f"{label}: made in the admin and not in the files; kept it"
                )
                continue
            if not obj.loaded:
                self.report.forced.append(f"{label} (deleted)")
            self.report.deleted += 1
            self.report.changes.append(f"deleted {label}")
            obj.delete()

    def course(self, order: int, where: str, raw: dict[str, Any]) -> int:
        """One course and everything under it; its primary key."""
        course = self.upsert(
            course_models.Course,
            {"slug": raw["slug"]},
            {
                "game": raw["game"],
                "order": raw.get("order", order),
                "builds_on": list(raw.get("builds_on") or []),
            },
            where,
        )
        kept = {
            self.unit(course, unit_order, raw_unit, where)
            for unit_order, raw_unit in enumerate(raw["units"], start=1)
        }
        self.prune(course_models.Unit.objects.filter(course=course), kept, f"{where} units")
        return int(course.pk)

    def unit(
        self, course: course_models.Course, order: int, raw: dict[str, Any], course_where: str
    ) -> int:
        where = f"{course_where} units[{raw['slug']}]"
        unit = self.upsert(
            course_models.Unit,
            {"course": course, "slug": raw["slug"]},
            {
                "order": order,
                "section": raw.get("section", ""),
                **_translated("title", raw.get("title")),
            },
            where,
        )
        kept = {
            self.lesson(unit, lesson_order, raw_lesson, where)
            for lesson_order, raw_lesson in enumerate(raw["lessons"], start=1)
        }
        self.prune(course_models.Lesson.objects.filter(unit=unit), kept, f"{where}.lessons")
        return int(unit.pk)

    def lesson(
        self, unit: course_models.Unit, order: int, raw: dict[str, Any], unit_where: str
    ) -> int:
        where = f"{unit_where}.lessons[{raw['slug']}]"
        lesson = self.upsert(
            course_models.Lesson,
            {"unit": unit, "slug": raw["slug"]},
            {
                "order": order,
                "steps": list(raw.get("steps") or []),
                "checks": list(raw.get("checks") or []),
                **_translated("title", raw["title"]),
            },
            where,
        )
        kept = {
            self.part(lesson, part_order, raw_part, where)
            for part_order, raw_part in enumerate(raw.get("parts") or [], 1)
        }
        self.prune(course_models.LessonPart.objects.filter(lesson=lesson), kept, f"{where}.parts")
        return int(lesson.pk)

    def part(
        self, lesson: course_models.Lesson, order: int, raw: dict[str, Any], lesson_where: str
    ) -> int:
        part = self.upsert(
            course_models.LessonPart,
            {"lesson": lesson, "slug": raw["slug"]},
            {
                "order": order,
                "rule": raw["rule"],
                "kind": raw["kind"],
                "game": raw["game"],
                "level": raw.get("level", "normal"),
                "teaches": list(raw.get("teaches") or []),
                **_translated("title", raw.get("title")),
                **_translated("text", raw["text"]),
            },
            f"{lesson_where}.parts[{raw['slug']}]",
        )
        return int(part.pk)

    def path(self, order: int, raw: dict[str, Any]) -> int:
        path = self.upsert(
            course_models.Path,
            {"slug": raw["slug"]},
            {
                "game": raw["game"],
                "order": raw.get("order", order),
                "lessons": list(raw["lessons"]),
                **_translated("title", raw["title"]),
                **_translated("summary", raw["summary"]),
            },
            f"paths.yaml: paths[{raw['slug']}]",
        )
        return int(path.pk)


def _translated(name: str, texts: dict[str, str] | None) -> dict[str, str]:
    texts = texts or {}
    return {f"{name}_{code}": texts.get(code, "") for code in LANGUAGES}


def course_load(directory: Path = CONTENT_DIR, *, force: bool = False) -> CourseLoadReport:
    """Load the course files into the database; ``CourseContentError`` lists every problem
    and nothing is written. A field edited in the admin since the last load is kept and
    reported in ``conflicts`` unless ``force``."""
    try:
        raw_courses, raw_paths = content_read(directory)
    except (OSError, ValueError, yaml.YAMLError) as error:
        raise CourseContentError([f"cannot read the course files: {error}"]) from error
    problems = _check(raw_courses, raw_paths)
    if problems:
        raise CourseContentError(problems)
    report = CourseLoadReport()
    load = _Loader(report, force)
    with transaction.atomic():
        kept_courses = {
            load.course(order, where, raw)
            for order, (where, raw) in enumerate(raw_courses, start=1)
        }
        load.prune(course_models.Course.objects.all(), kept_courses, "courses")
        kept_paths = {
            load.path(order, raw_path) for order, raw_path in enumerate(raw_paths or [], start=1)
        }
        load.prune(course_models.Path.objects.all(), kept_paths, "paths.yaml: paths")
        transaction.on_commit(course_cache_clear)
    course_cache_clear()
    return report
