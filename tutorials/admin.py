"""The course in the admin: every text in all four languages together, with change history."""

from __future__ import annotations

from django.contrib import admin
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline
from simple_history.admin import SimpleHistoryAdmin

from tutorials.models import Course, Lesson, LessonPart, Path, Unit


class _TranslatedHistoryAdmin(SimpleHistoryAdmin, TranslationAdmin):  # type: ignore[misc,type-arg]
    """Plain (untabbed) translation fields plus history."""


class UnitInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Unit
    fields = ("slug", "order", "section")
    extra = 0
    show_change_link = True


class LessonInline(TranslationStackedInline):  # type: ignore[type-arg]
    model = Lesson
    fields = ("slug", "order", "title", "steps", "checks")
    extra = 0
    show_change_link = True


class LessonPartInline(TranslationStackedInline):  # type: ignore[type-arg]
    model = LessonPart
    fields = ("slug", "order", "rule", "kind", "game", "level", "teaches", "title", "text")
    extra = 0


@admin.register(Course)
class CourseAdmin(SimpleHistoryAdmin):  # type: ignore[misc]
    list_display = ("slug", "game", "order")
    inlines = (UnitInline,)


@admin.register(Unit)
class UnitAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "course", "slug", "order")
    list_filter = ("course",)
    inlines = (LessonInline,)


@admin.register(Lesson)
class LessonAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "unit", "slug", "order")
    list_filter = ("unit__course",)
    search_fields = ("slug", "title_en", "title_sv", "title_da", "title_fi")
    inlines = (LessonPartInline,)


@admin.register(LessonPart)
class LessonPartAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "lesson", "kind", "game", "order")
    list_filter = ("kind", "game")
    search_fields = ("slug", "text_en", "text_sv", "text_da", "text_fi")


@admin.register(Path)
class PathAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "slug", "game", "order")
