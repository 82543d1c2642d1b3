"""Course views: thin. They read the request, call ``tutorials.progress`` to record progress and
``tutorials.presenters`` for what the templates show."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.http import HtmxHttpRequest, bad_request
from practice.quiz import MAX_SEED, AnswerError
from practice.services import question_answer
from rules.forms import query_error
from tutorials import presenters
from tutorials.course import Course, Lesson, courses, lesson_find, paths
from tutorials.progress import (
    course_progress_load,
    parts_reachable,
    progress_check_answer,
    progress_check_retry,
    progress_follow,
    progress_mark_read,
    progress_part_answer,
    progress_visit,
)
from tutorials.queries import course_step_keys, lesson_key, steps_get
from tutorials.questions import check_questions, part_question


def _bad_answer() -> str:
    return _("That answer could not be read. Please choose again.")


def _progress_lost() -> str:
    return _(
        "Your progress in this lesson was not found (perhaps forgotten in another tab, or "
        "expired), so the lesson starts again from here."
    )


#: An answer that cannot be read (as the practice pages answer it).
ANSWER_ERROR_STATUS = 422
#: A post the learner's progress in the lesson does not lead to (forgotten, expired, an old
#: tab): the step to take instead, with a message.
LOST_STATUS = 409


class LessonQuery(forms.Form):
    """``?step=2&deal=3``: which step of the lesson, and which of its questions."""

    step = forms.IntegerField(required=False, min_value=1, max_value=20)
    deal = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    #: ``?check=2``: the check (its question number makes each "Next question" a new URL).
    check = forms.IntegerField(required=False, min_value=1, max_value=20)


class LessonPost(forms.Form):
    """The lesson's own fields in the form of a step (its deal) or of the check (the question's
    number). They are named ``lesson-…`` so that no question's own answer fields, posted in the
    same form, can have their names (a "running out of cards" question has its own ``deal``)."""

    prefix = "lesson"
    deal = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    index = forms.IntegerField(required=False, min_value=0, max_value=20)


def _lesson_or_404(course: str, lesson: str) -> tuple[Course, Lesson]:
    found = lesson_find(course, lesson)
    if found is None:
        raise Http404(lesson)
    return found


def _lesson_page(
    request: HtmxHttpRequest,
    course: Course,
    lesson: Lesson,
    *,
    step: int | None,
    deal: int = 0,
    check: bool = False,
    message: str = "",
    status: int = 200,
) -> HttpResponse:
    """The lesson at ``step`` (None: where the learner is), with ``message`` above the question
    (an answer that could not be read, a progress that was lost); for HTMX the fragment the
    page shows (a step, or the check), which takes the place of the one posted from."""
    context = presenters.lesson_context(request, course, lesson, step=step, deal=deal, check=check)
    context["error"] = message
    if request.htmx:
        fragment = "#check" if context["show_check"] else "#part"
        return render(request, f"tutorials/lesson_detail.html{fragment}", context, status=status)
    return render(request, "tutorials/lesson_detail.html", context, status=status)


def _progress_lost_page(
    request: HtmxHttpRequest, course: Course, lesson: Lesson, *, check: bool = False
) -> HttpResponse:
    """A post the learner's progress does not lead to (forgotten in another tab, expired, an
    old tab): the step or check question to take now, with a word on why."""
    return _lesson_page(
        request,
        course,
        lesson,
        step=None,
        check=check,
        message=_progress_lost(),
        status=LOST_STATUS,
    )


def _unreadable_page(
    request: HtmxHttpRequest, course: Course, lesson: Lesson, error: AnswerError, **where: Any
) -> HttpResponse:
    """An answer that cannot be read (another question's shape, a missing choice): the same
    question again, with what is wrong."""
    message = error.user_message or _bad_answer()
    return _lesson_page(
        request, course, lesson, message=message, status=ANSWER_ERROR_STATUS, **where
    )


@require_GET
def course_index(request: HtmxHttpRequest) -> HttpResponse:
    """The courses and the paths, with the learner's progress in each."""
    return render(request, "tutorials/course_index.html", presenters.course_index_context(request))


@require_GET
def course_detail(request: HtmxHttpRequest, course: str) -> HttpResponse:
    """One course: its units and lessons, done ticks and a progress bar."""
    found = courses().get(course)
    if found is None:
        raise Http404(course)
    context = presenters.course_detail_context(request, found, request.LANGUAGE_CODE)
    return render(request, "tutorials/course_detail.html", context)


@require_GET
def path_detail(request: HtmxHttpRequest, path: str) -> HttpResponse:
    """A short path to a goal: its lessons in order; opening it makes it the learner's path."""
    found = paths().get(path)
    if found is None:
        raise Http404(path)
    progress_follow(request, path=found.slug)
    return render(request, "tutorials/path_detail.html", presenters.path_context(request, found))


@require_GET
def lesson_detail(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """A lesson: the step the learner is at (``?step=`` another), or its check."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    query = LessonQuery(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    progress_visit(request, key=lesson_key(found_course, found_lesson))
    return _lesson_page(
        request,
        found_course,
        found_lesson,
        step=query.cleaned_data["step"],
        deal=query.cleaned_data["deal"] or 0,
        check=query.cleaned_data["check"] is not None,
    )


@require_POST
def part_answer(request: HtmxHttpRequest, course: str, lesson: str, number: int) -> HttpResponse:
    """Mark the answer to one step's question, then show its explanation."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    if not 1 <= number <= len(found_lesson.parts) or found_lesson.parts[number - 1].is_idea:
        raise Http404(str(number))  # no such step, or an idea card, which asks nothing
    sent = LessonPost(request.POST)
    if not sent.is_valid():
        return _lesson_page(
            request, found_course, found_lesson, step=number, message=_bad_answer(), status=400
        )
    deal = sent.cleaned_data["deal"] or 0
    key = lesson_key(found_course, found_lesson)
    answered = course_progress_load(request).parts_answered(key)
    if number - 1 > parts_reachable(found_lesson, answered):
        # A step the learner's progress does not reach yet.
        return _progress_lost_page(request, found_course, found_lesson)
    for card in range(answered, number - 1):
        # The idea cards before this step were shown (their "Continue" led here).
        progress_part_answer(request, key=key, index=card, correct=True, seen=True)
    steps = steps_get(course_step_keys(found_course))
    quiz, question = part_question(
        course=found_course, lesson=found_lesson, index=number - 1, deal=deal, steps=steps
    )
    try:
        result = question_answer(quiz=quiz, question=question, data=dict(request.POST.lists()))
    except AnswerError as error:
        return _unreadable_page(request, found_course, found_lesson, error, step=number, deal=deal)
    progress_part_answer(request, key=key, index=number - 1, correct=result.correct)
    context = presenters.lesson_context(
        request, found_course, found_lesson, step=number, deal=deal, answered=result
    )
    if request.htmx:
        return render(request, "tutorials/lesson_detail.html#part", context)
    return render(request, "tutorials/lesson_detail.html", context)


@require_POST
def lesson_answer(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Mark one answer of the check; the fragment for HTMX, the whole lesson otherwise."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    key = lesson_key(found_course, found_lesson)
    steps = steps_get(course_step_keys(found_course))
    progress = course_progress_load(request)
    state = progress.check(key)
    questions = check_questions(
        course=found_course, lesson=found_lesson, attempt=state.attempt, steps=steps
    )
    sent = LessonPost(request.POST)
    index = sent.cleaned_data["index"] if sent.is_valid() else None
    if index is None or not questions or not index < len(questions):
        return bad_request(request, _bad_answer())
    answered = progress.parts_answered(key)
    if parts_reachable(found_lesson, answered) < len(found_lesson.parts) or (
        index > state.answered
    ):
        # The steps come first, and the check's questions in turn: a progress forgotten in
        # another tab, expired, or an old tab. The step or question to take, with a word on why.
        return _progress_lost_page(request, found_course, found_lesson, check=True)
    if state.finished and index >= state.answered:
        # The check is over (an old tab): show it as it stands.
        lesson_url = presenters.lesson_url(found_course, found_lesson)
        return HttpResponseRedirect(lesson_url + "#check")
    for card in range(answered, len(found_lesson.parts)):
        # The idea cards after the last step were shown (their "Continue" led here).
        progress_part_answer(request, key=key, index=card, correct=True, seen=True)
    quiz, question = questions[index]
    try:
        result = question_answer(quiz=quiz, question=question, data=dict(request.POST.lists()))
    except AnswerError as error:
        return _unreadable_page(request, found_course, found_lesson, error, step=None, check=True)
    progress_check_answer(request, key=key, index=index, correct=result.correct)
    context = presenters.check_context(
        request, found_course, found_lesson, steps, answered=(index, result)
    )
    if request.htmx:
        return render(request, "tutorials/lesson_detail.html#check", context)
    page = presenters.lesson_context(request, found_course, found_lesson, step=None, deal=0)
    page.update(context)
    page["show_check"] = True
    return render(request, "tutorials/lesson_detail.html", page)


@require_POST
def lesson_retry(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Start the check again with three new questions."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    progress_check_retry(request, key=lesson_key(found_course, found_lesson))
    return HttpResponseRedirect(presenters.lesson_url(found_course, found_lesson) + "#check")


@require_POST
def lesson_read(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """ "I've read this": marks a lesson done that has nothing to answer."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    if found_lesson.checks or found_lesson.parts:
        return bad_request(request, _("This lesson is finished by answering its questions."))
    progress_mark_read(request, key=lesson_key(found_course, found_lesson))
    return HttpResponseRedirect(presenters.lesson_url(found_course, found_lesson) + "#check")
