"""``{% course_continue as next %}``: the lesson a learner continues with, for any page."""

from __future__ import annotations

from typing import Any

from django import template

from tutorials.presenters import continue_item, first_item, lesson_item_for, path_items
from tutorials.progress import SEEN, course_progress_load
from tutorials.queries import kind_lessons

register = template.Library()


@register.simple_tag(takes_context=True)
def course_continue(context: dict[str, Any]) -> dict[str, Any] | None:
    """``{"title", "url", "started"}``: the next lesson once the learner has started, else the
    first lesson (``started`` false); ``None`` when every lesson is done. It reads the learner
    record (found by its cookie), so a page using it varies by cookie and must not be cached
    whole."""
    request = context.get("request")
    progress = course_progress_load(request) if request is not None else None
    if progress is not None and progress.started:
        found = continue_item(progress)
        return None if found is None else {**found, "started": True}
    return {**first_item(), "started": False}


@register.simple_tag
def course_kinds(kinds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The practice hub's kinds in course order (stud skills first), each with ``lesson``: the
    lesson that teaches it (``{"title", "url"}``), or ``None``."""
    lessons = kind_lessons()
    order = {slug: index for index, slug in enumerate(lessons)}
    ranked = sorted(kinds, key=lambda item: order.get(item["quiz"].slug, len(order)))
    return [{**item, "lesson": lesson_item_for(lessons.get(item["quiz"].slug))} for item in ranked]


@register.simple_tag
def course_paths(game: str | None = None) -> list[dict[str, Any]]:
    """The short paths to a goal (of one game): ``{"title", "summary", "url", "count"}``."""
    return path_items(str(game) if game else None)


@register.simple_tag(takes_context=True)
def course_answers(context: dict[str, Any]) -> dict[str, int]:
    """``{"answered", "right"}``: the learner's answers in lessons (steps, and the checks'
    current attempts), for the practice hub's count."""
    request = context.get("request")
    if request is None:
        return {"answered": 0, "right": 0}
    progress = course_progress_load(request)
    marks = "".join(results for _key, results in progress.parts) + "".join(
        state.results for _key, state in progress.checks
    )
    return {"answered": len(marks) - marks.count(SEEN), "right": marks.count("1")}
