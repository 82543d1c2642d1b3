"""Course views: the courses, one course's units and lessons, a lesson with its check."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core import words
from core.http import HtmxHttpRequest, bad_request
from learn import services
from learn.course import COURSES, Course, Lesson, lesson_find
from rules import services as rules_services
from rules.forms import DEFAULT_SEED, SeedForm, query_error
from rules.models import Step
from tutorials import presenters
from tutorials.quiz import AnswerError, Result
from tutorials.services import question_answer


def _lesson_or_404(course: str, lesson: str) -> tuple[Course, Lesson]:
    found = lesson_find(course, lesson)
    if found is None:
        raise Http404(lesson)
    return found


def _lesson_url(course: Course, lesson: Lesson) -> str:
    return reverse("learn:lesson", kwargs={"course": course.slug, "lesson": lesson.slug})


def _lesson_item(
    course: Course, lesson: Lesson, steps: dict[str, Step], progress: services.CourseProgress
) -> dict[str, Any]:
    key = services.lesson_key(course, lesson)
    return {
        "lesson": lesson,
        "course": course,
        "key": key,
        "title": services.lesson_title(lesson),
        "url": _lesson_url(course, lesson),
        "minutes": services.lesson_minutes(lesson, steps),
        "done": key in progress.done,
    }


def _course_summary(course: Course, progress: services.CourseProgress) -> dict[str, Any]:
    keys = [services.lesson_key(course, lesson) for lesson in course.lessons]
    done = sum(1 for key in keys if key in progress.done)
    first = course.lessons[0]
    return {
        "course": course,
        "title": words.game_name(course.game),
        "url": reverse("learn:course", kwargs={"course": course.slug}),
        "done": done,
        "total": len(keys),
        "percent": round(100 * done / len(keys)),
        "first_url": _lesson_url(course, first),
    }


def continue_item(progress: services.CourseProgress) -> dict[str, Any] | None:
    found = services.progress_continue(progress)
    if found is None or not progress.started:
        return None
    course, lesson = found
    return {"title": services.lesson_title(lesson), "url": _lesson_url(course, lesson)}


def lesson_item_for(found: tuple[Course, Lesson] | None) -> dict[str, Any] | None:
    """``{"title", "url"}`` of a lesson, for links from other pages."""
    if found is None:
        return None
    course, lesson = found
    return {"title": services.lesson_title(lesson), "url": _lesson_url(course, lesson)}


def first_item() -> dict[str, Any]:
    course = next(iter(COURSES.values()))
    lesson = course.lessons[0]
    return {"title": services.lesson_title(lesson), "url": _lesson_url(course, lesson)}


@require_GET
def course_index(request: HtmxHttpRequest) -> HttpResponse:
    """The three courses with the learner's progress in each."""
    progress = services.progress_load(request.session)
    courses = [_course_summary(course, progress) for course in COURSES.values()]
    return render(
        request,
        "learn/course_index.html",
        {"courses": courses, "continue": continue_item(progress)},
    )


@require_GET
def course_detail(request: HtmxHttpRequest, course: str) -> HttpResponse:
    """One course: its units and lessons, done ticks and a progress bar."""
    found = COURSES.get(course)
    if found is None:
        raise Http404(course)
    progress = services.progress_load(request.session)
    steps = services.steps_get(services.course_step_keys(found))
    units: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    for unit in found.units:
        title = unit.title.get(request.LANGUAGE_CODE, unit.title.get("en", ""))
        if not title and unit.section:
            page, section = unit.section.split("/")
            first = next(
                (
                    s
                    for s in steps.values()
                    if s.section.page.slug == page and s.section.slug == section
                ),
                None,
            )
            title = first.section.title if first else unit.slug
        lessons = [_lesson_item(found, lesson, steps, progress) for lesson in unit.lessons]
        for item in lessons:
            items.append(item)
            item["position"] = len(items)
        units.append({"unit": unit, "title": title, "lessons": lessons})
    next_found = services.progress_continue(progress)
    summary = _course_summary(found, progress)
    next_lesson = None
    if next_found is not None and next_found[0].slug == found.slug:
        next_lesson = _lesson_item(found, next_found[1], steps, progress)
    elif summary["done"] < summary["total"]:
        next_lesson = next(item for item in items if not item["done"])
    builds_on = [_course_summary(COURSES[name], progress) for name in found.builds_on]
    return render(
        request,
        "learn/course_detail.html",
        {
            **summary,
            "units": units,
            "next_lesson": next_lesson,
            "started": summary["done"] > 0 or progress.last.startswith(f"{found.slug}/"),
            "builds_on": builds_on,
        },
    )


def _check_context(
    request: HtmxHttpRequest,
    course: Course,
    lesson: Lesson,
    steps: dict[str, Step],
    *,
    answered: tuple[int, Result] | None = None,
) -> dict[str, Any]:
    """The check: the question to answer now, or the one just answered with its feedback,
    or the result of the attempt."""
    key = services.lesson_key(course, lesson)
    progress = services.progress_load(request.session)
    state = progress.check(key)
    questions = services.check_questions(
        course=course, lesson=lesson, attempt=state.attempt, steps=steps
    )
    context: dict[str, Any] = {
        "check": state,
        "check_size": services.CHECK_SIZE,
        "pass_mark": services.PASS_MARK,
        "has_check": bool(questions),
        "done": key in progress.done,
        "answer_url": reverse(
            "learn:answer", kwargs={"course": course.slug, "lesson": lesson.slug}
        ),
        "retry_url": reverse("learn:retry", kwargs={"course": course.slug, "lesson": lesson.slug}),
        "read_url": reverse("learn:read", kwargs={"course": course.slug, "lesson": lesson.slug}),
        "lesson_url": _lesson_url(course, lesson),
    }
    index = answered[0] if answered else state.answered
    if questions and index < len(questions):
        quiz, question = questions[index]
        context.update(
            quiz=quiz,
            question=question,
            view=presenters.question_view(quiz, question),
            index=index,
            number=index + 1,
        )
        if answered:
            result = answered[1]
            context.update(result=result, feedback=presenters.feedback_view(quiz, question, result))
    return context


def _lesson_context(
    request: HtmxHttpRequest, course: Course, lesson: Lesson, *, seed: int
) -> dict[str, Any]:
    steps = services.steps_get(services.course_step_keys(course))
    lesson_steps = services.lesson_steps(lesson, steps)
    for step in lesson_steps:
        step.example_box = None  # type: ignore[attr-defined]
        if step.example_kind and step.example_game:
            step.example_box = rules_services.example_box(  # type: ignore[attr-defined]
                kind=step.example_kind,
                game=step.example_game,
                seed=seed,
                base_url=request.path,
                level=3,
            )
    lessons = list(course.lessons)
    index = lessons.index(lesson)
    progress = services.progress_load(request.session)
    unit = next(unit for unit in course.units if lesson in unit.lessons)

    def item(other: Lesson | None) -> dict[str, Any] | None:
        return None if other is None else _lesson_item(course, other, steps, progress)

    next_course = None
    if index + 1 == len(lessons):
        later = [c for c in COURSES.values() if course.slug in c.builds_on]
        if later:
            next_course = _course_summary(later[0], progress)
    return {
        "course": course,
        "course_title": words.game_name(course.game),
        "course_url": reverse("learn:course", kwargs={"course": course.slug}),
        "unit": unit,
        "lesson": lesson,
        "title": services.lesson_title(lesson),
        "steps": lesson_steps,
        "position": index + 1,
        "total": len(lessons),
        "minutes": services.lesson_minutes(lesson, steps),
        "previous": item(lessons[index - 1] if index > 0 else None),
        "next": item(lessons[index + 1] if index + 1 < len(lessons) else None),
        "next_course": next_course,
        "_steps": steps,
    }


@require_GET
def lesson_detail(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """A lesson: its rule steps in reading order, worked examples, and "Check yourself"."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    query = SeedForm(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    seed = query.cleaned_data["seed"]
    services.progress_visit(request.session, key=services.lesson_key(found_course, found_lesson))
    context = _lesson_context(request, found_course, found_lesson, seed=seed)
    context.update(_check_context(request, found_course, found_lesson, context.pop("_steps")))
    if request.htmx:
        return render(request, "learn/lesson_detail.html#check", context)
    return render(request, "learn/lesson_detail.html", context)


@require_POST
def lesson_answer(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Mark one answer of the check; the fragment for HTMX, the whole lesson otherwise."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    key = services.lesson_key(found_course, found_lesson)
    steps = services.steps_get(services.course_step_keys(found_course))
    state = services.progress_load(request.session).check(key)
    questions = services.check_questions(
        course=found_course, lesson=found_lesson, attempt=state.attempt, steps=steps
    )
    try:
        index = int(request.POST.get("index", ""))
    except ValueError:
        return bad_request(request, _("That answer could not be read. Please choose again."))
    if not questions or not 0 <= index < len(questions):
        return bad_request(request, _("That answer could not be read. Please choose again."))
    if index > state.answered or (state.finished and index >= state.answered):
        # Out of turn (an old tab): show the check as it stands.
        return HttpResponseRedirect(_lesson_url(found_course, found_lesson) + "#check")
    quiz, question = questions[index]
    try:
        result = question_answer(quiz=quiz, question=question, data=dict(request.POST.lists()))
    except AnswerError:
        return bad_request(request, _("That answer could not be read. Please choose again."))
    services.progress_check_answer(request.session, key=key, index=index, correct=result.correct)
    context = _check_context(request, found_course, found_lesson, steps, answered=(index, result))
    if request.htmx:
        return render(request, "learn/lesson_detail.html#check", context)
    context.update(_lesson_context(request, found_course, found_lesson, seed=DEFAULT_SEED))
    context.pop("_steps")
    return render(request, "learn/lesson_detail.html", context)


@require_POST
def lesson_retry(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Start the check again with three new questions."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    services.progress_check_retry(
        request.session, key=services.lesson_key(found_course, found_lesson)
    )
    return HttpResponseRedirect(_lesson_url(found_course, found_lesson) + "#check")


@require_POST
def lesson_read(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """ "I've read this": marks a lesson done that has no check."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    if found_lesson.checks:
        return bad_request(request, _("This lesson is finished by passing its check."))
    services.progress_mark_read(
        request.session, key=services.lesson_key(found_course, found_lesson)
    )
    return HttpResponseRedirect(_lesson_url(found_course, found_lesson) + "#check")
