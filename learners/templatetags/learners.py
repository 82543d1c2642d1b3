"""``{% today_card %}`` and ``{% learner_moments %}``: the learner's day and milestones.

Both render nothing for a visitor without a learner cookie (no query) and on a page being
cached for everyone (``request.page_cacheable``), so they may sit on any page.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from core import words
from learners import services
from tutorials.course import courses
from tutorials.presenters import continue_item
from tutorials.progress import course_progress_load
from tutorials.queries import lesson_title

register = template.Library()


def _personal(context: Any) -> Any:
    request = context.get("request")
    if request is None or getattr(request, "page_cacheable", False):
        return None
    return request


@register.inclusion_tag("learners/today.html", takes_context=True)
def today_card(context: Any, continue_link: bool = True, more_link: bool = True) -> dict[str, Any]:
    request = _personal(context)
    today = services.today_for(request) if request is not None else None
    if today is None:
        return {"today": None}
    found = None
    if continue_link:
        found = continue_item(course_progress_load(request))
    return {
        "today": today,
        "next_review_when": (
            review_when(today.next_in_days, today.next_review) if today.next_review else ""
        ),
        "next_lesson": found,
        "more_link": more_link,
        "csrf_token": context.get("csrf_token"),
        "request": request,
    }


_WEEKDAYS = (
    pgettext_lazy("a review falls due", "on Monday"),
    pgettext_lazy("a review falls due", "on Tuesday"),
    pgettext_lazy("a review falls due", "on Wednesday"),
    pgettext_lazy("a review falls due", "on Thursday"),
    pgettext_lazy("a review falls due", "on Friday"),
    pgettext_lazy("a review falls due", "on Saturday"),
    pgettext_lazy("a review falls due", "on Sunday"),
)


def review_when(days: int, day: date) -> str:
    """When the next review falls due (``days`` from today, on ``day``), as the Today card
    says it: "tomorrow", "on Thursday" within the week, "in 12 days" beyond it."""
    if days <= 1:
        return pgettext("a review falls due", "tomorrow")
    if days < 7:
        return str(_WEEKDAYS[day.weekday()])
    return pgettext("a review falls due", "in %(days)s days") % {"days": days}


def _lesson_title(key: str) -> str:
    course_slug, _slash, lesson_slug = key.partition("/")
    course = courses().get(course_slug)
    for lesson in course.lessons if course else ():
        if lesson.slug == lesson_slug:
            return lesson_title(lesson)
    return ""


def moment_text(kind: str, ref: str) -> str:
    if kind == "lesson" and (title := _lesson_title(ref)):
        return _("Lesson done: %(title)s") % {"title": title}
    if kind == "course" and ref in courses():
        return _("Course finished: %(game)s. Well played!") % {
            "game": words.game_name(courses()[ref].game)
        }
    if kind == "path":
        return _("Path finished. You know what you need to sit down and play.")
    if kind == "scoop":
        return _("Your first scoop: one hand took both halves of the pot.")
    if kind == "streak":
        return _("Ten days in a row. Keep it going!")
    return ""


@register.inclusion_tag("learners/moments.html", takes_context=True)
def learner_moments(context: Any) -> dict[str, Any]:
    request = _personal(context)
    found = services.moments_pop(request) if request is not None else []
    texts = [text for kind, ref in found if (text := moment_text(kind, ref))]
    return {"moments": texts}
