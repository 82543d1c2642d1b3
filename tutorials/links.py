"""Addresses of the course's lessons that other apps ask for (the practice set's summary links a
skill to revisit to the lesson that teaches it, through ``practice.lessons``)."""

from __future__ import annotations

from django.urls import reverse

from tutorials.course import Course, Lesson
from tutorials.queries import all_lessons, kind_lessons

__all__ = ["kind_lesson_url"]


def kind_lesson_url(kind: str, game: str) -> str | None:
    """The lesson that teaches quiz ``kind`` for ``game``: the game's own course first (a lesson
    whose check uses the kind in that game), else the kind's lesson on the path."""
    for course, lesson in all_lessons():
        if any(source.kind == kind and str(source.game) == game for source in lesson.checks):
            return _lesson_url(course, lesson)
    found = kind_lessons().get(kind)
    return None if found is None else _lesson_url(*found)


def _lesson_url(course: Course, lesson: Lesson) -> str:
    return reverse("tutorials:lesson", kwargs={"course": course.slug, "lesson": lesson.slug})
