"""For editors: where learners drop off, as aggregates only (no record is shown one by one)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone

from learners.models import LearnerDay, LessonDone
from tutorials.course import courses
from tutorials.queries import lesson_key, lesson_title

#: Days the admin's tables look back.
DAYS = 60


class _Aggregate(admin.ModelAdmin):  # type: ignore[type-arg]
    template = ""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def rows(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": self.model._meta.verbose_name_plural,
            "rows": self.rows(),
            "days": DAYS,
        }
        return TemplateResponse(request, self.template, context)


@admin.register(LearnerDay)
class DailyActiveAdmin(_Aggregate):
    template = "admin/learners/daily.html"

    def rows(self) -> list[dict[str, Any]]:
        since = timezone.now().date() - timedelta(days=DAYS)
        return [
            dict(row)
            for row in LearnerDay.objects.filter(day__gte=since)
            .values("day")
            .annotate(learners=Count("learner", distinct=True), steps=Sum("steps"))
            .order_by("-day")
        ]


@admin.register(LessonDone)
class CompletionsAdmin(_Aggregate):
    template = "admin/learners/completions.html"

    def rows(self) -> list[dict[str, Any]]:
        since = timezone.now().date() - timedelta(days=DAYS)
        counts = {
            row["lesson"]: row
            for row in LessonDone.objects.values("lesson").annotate(
                total=Count("id"), recent=Count("id", filter=Q(day__gte=since))
            )
        }
        rows = []
        for course in courses().values():
            for position, lesson in enumerate(course.lessons, start=1):
                key = lesson_key(course, lesson)
                found = counts.pop(key, {"total": 0, "recent": 0})
                rows.append(
                    {
                        "course": course.slug,
                        "position": position,
                        "title": lesson_title(lesson),
                        "total": found["total"],
                        "recent": found["recent"],
                    }
                )
        for key, found in sorted(counts.items()):  # lessons no longer in the course
            rows.append({"course": "", "position": "", "title": key, **found})
        return rows
