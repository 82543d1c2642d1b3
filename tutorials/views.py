"""Course views: thin. They read the request, call ``tutorials.services`` to record progress and
``tutorials.presenters`` for what the templates show."""

from __future__ import annotations

from django import forms
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.http import HtmxHttpRequest, bad_request
from practice.quiz import MAX_SEED, AnswerError
from practice.services import question_answer
from rules.forms import query_error
from tutorials import presenters, services
from tutorials.course import Course, Lesson, courses, lesson_find, paths


def _bad_answer() -> str:
    return _("That answer could not be read. Please choose again.")


class LessonQuery(forms.Form):
    """``?step=2&deal=3``: which step of the lesson, and which of its questions."""

    step = forms.IntegerField(required=False, min_value=1, max_value=20)
    deal = forms.IntegerField(required=False, min_value=0, max_value=MAX_SEED)
    #: ``?check=2``: the check (its question number makes each "Next question" a new URL).
    check = forms.IntegerField(required=False, min_value=1, max_value=20)


def _lesson_or_404(course: str, lesson: str) -> tuple[Course, Lesson]:
    found = lesson_find(course, lesson)
    if found is None:
        raise Http404(lesson)
    return found


@require_GET
def course_index(request: HtmxHttpRequest) -> HttpResponse:
    """The courses and the paths, with the learner's progress in each."""
    return render(
        request, "tutorials/course_index.html", presenters.course_index_context(request.session)
    )


@require_GET
def course_detail(request: HtmxHttpRequest, course: str) -> HttpResponse:
    """One course: its units and lessons, done ticks and a progress bar."""
    found = courses().get(course)
    if found is None:
        raise Http404(course)
    context = presenters.course_detail_context(request.session, found, request.LANGUAGE_CODE)
    return render(request, "tutorials/course_detail.html", context)


@require_GET
def path_detail(request: HtmxHttpRequest, path: str) -> HttpResponse:
    """A short path to a goal: its lessons in order; opening it makes it the learner's path."""
    found = paths().get(path)
    if found is None:
        raise Http404(path)
    services.progress_follow(request.session, path=found.slug)
    return render(
        request, "tutorials/path_detail.html", presenters.path_context(request.session, found)
    )


@require_GET
def lesson_detail(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """A lesson: the step the learner is at (``?step=`` another), or its check."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    query = LessonQuery(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    services.progress_visit(request.session, key=services.lesson_key(found_course, found_lesson))
    context = presenters.lesson_context(
        request.session,
        found_course,
        found_lesson,
        step=query.cleaned_data["step"],
        deal=query.cleaned_data["deal"] or 0,
        check=query.cleaned_data["check"] is not None,
    )
    if request.htmx:
        fragment = "#check" if context["show_check"] else "#part"
        return render(request, f"tutorials/lesson_detail.html{fragment}", context)
    return render(request, "tutorials/lesson_detail.html", context)


@require_POST
def part_answer(request: HtmxHttpRequest, course: str, lesson: str, number: int) -> HttpResponse:
    """Mark the answer to one step's question, then show its explanation."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    if not 1 <= number <= len(found_lesson.parts):
        raise Http404(str(number))
    query = LessonQuery(request.POST)
    if not query.is_valid():
        return bad_request(request, _bad_answer())
    deal = query.cleaned_data["deal"] or 0
    steps = services.steps_get(services.course_step_keys(found_course))
    quiz, question = services.part_question(
        course=found_course, lesson=found_lesson, index=number - 1, deal=deal, steps=steps
    )
    try:
        result = question_answer(quiz=quiz, question=question, data=dict(request.POST.lists()))
    except AnswerError as error:
        return bad_request(request, error.user_message or _bad_answer())
    key = services.lesson_key(found_course, found_lesson)
    services.progress_part_answer(
        request.session, key=key, index=number - 1, correct=result.correct
    )
    context = presenters.lesson_context(
        request.session, found_course, found_lesson, step=number, deal=deal, answered=result
    )
    if request.htmx:
        return render(request, "tutorials/lesson_detail.html#part", context)
    return render(request, "tutorials/lesson_detail.html", context)


@require_POST
def lesson_answer(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Mark one answer of the check; the fragment for HTMX, the whole lesson otherwise."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    key = services.lesson_key(found_course, found_lesson)
    steps = services.steps_get(services.course_step_keys(found_course))
    progress = services.course_progress_load(request.session)
    state = progress.check(key)
    questions = services.check_questions(
        course=found_course, lesson=found_lesson, attempt=state.attempt, steps=steps
    )
    try:
        index = int(request.POST.get("index", ""))
    except ValueError:
        return bad_request(request, _bad_answer())
    if not questions or not 0 <= index < len(questions):
        return bad_request(request, _bad_answer())
    lesson_url = presenters.lesson_url(found_course, found_lesson)
    if progress.parts_answered(key) < len(found_lesson.parts):
        # The steps come first (an old tab, a hand-made post): back to the step to take.
        return HttpResponseRedirect(lesson_url + "#part")
    if index > state.answered or (state.finished and index >= state.answered):
        # Out of turn (an old tab): show the check as it stands.
        return HttpResponseRedirect(lesson_url + "#check")
    quiz, question = questions[index]
    try:
        result = question_answer(quiz=quiz, question=question, data=dict(request.POST.lists()))
    except AnswerError:
        return bad_request(request, _bad_answer())
    services.progress_check_answer(request.session, key=key, index=index, correct=result.correct)
    context = presenters.check_context(
        request.session, found_course, found_lesson, steps, answered=(index, result)
    )
    if request.htmx:
        return render(request, "tutorials/lesson_detail.html#check", context)
    page = presenters.lesson_context(request.session, found_course, found_lesson, step=None, deal=0)
    page.update(context)
    page["show_check"] = True
    return render(request, "tutorials/lesson_detail.html", page)


@require_POST
def lesson_retry(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """Start the check again with three new questions."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    services.progress_check_retry(
        request.session, key=services.lesson_key(found_course, found_lesson)
    )
    return HttpResponseRedirect(presenters.lesson_url(found_course, found_lesson) + "#check")


@require_POST
def lesson_read(request: HtmxHttpRequest, course: str, lesson: str) -> HttpResponse:
    """ "I've read this": marks a lesson done that has nothing to answer."""
    found_course, found_lesson = _lesson_or_404(course, lesson)
    if found_lesson.checks or found_lesson.parts:
        return bad_request(request, _("This lesson is finished by answering its questions."))
    services.progress_mark_read(
        request.session, key=services.lesson_key(found_course, found_lesson)
    )
    return HttpResponseRedirect(presenters.lesson_url(found_course, found_lesson) + "#check")
