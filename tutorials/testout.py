"""The test-out: five questions at the start of a path; each one answered right marks the
lessons of its unit known, so the learner starts where they need to."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from core.http import HtmxHttpRequest, bad_request
from practice import presenters as quiz_presenters
from practice.quiz import AnswerError
from practice.services import question_answer
from tutorials import presenters
from tutorials.course import Course, Lesson, lesson_find, paths
from tutorials.placement import (
    TestOutQuestion,
    test_out_answer,
    test_out_load,
    test_out_questions,
    test_out_reset,
)


def test_out(request: HtmxHttpRequest, path: str) -> HttpResponse:
    """GET: the next question (or the result); POST: mark one answer, or ``restart``."""
    found = paths().get(path)
    if found is None:
        raise Http404(path)
    if request.method not in ("GET", "POST"):
        return HttpResponse(status=405, headers={"Allow": "GET, POST"})
    questions = test_out_questions(found.slug)
    results = test_out_load(request, found.slug)
    context = {
        **presenters.path_context(request, found),
        "url": reverse("tutorials:test-out", kwargs={"path": found.slug}),
        "size": len(questions),
    }
    if request.method == "POST":
        if "restart" in request.POST:
            test_out_reset(request)
            results = ""
        else:
            try:
                index = int(request.POST.get("index", ""))
            except ValueError:
                return bad_request(
                    request, _("That answer could not be read. Please choose again.")
                )
            if not 0 <= index < len(questions):
                return bad_request(
                    request, _("That answer could not be read. Please choose again.")
                )
            item = questions[index]
            try:
                result = question_answer(
                    quiz=item.quiz, question=item.question, data=dict(request.POST.lists())
                )
            except AnswerError:
                return bad_request(
                    request, _("That answer could not be read. Please choose again.")
                )
            if index == len(results):
                results = test_out_answer(
                    request, path=found.slug, index=index, correct=result.correct
                )
            context.update(
                index=index,
                number=index + 1,
                quiz=item.quiz,
                question=item.question,
                view=quiz_presenters.question_view(item.quiz, item.question),
                result=result,
                feedback=quiz_presenters.feedback_view(item.quiz, item.question, result),
            )
            # The progress the answer changed; the page's own address stays the test-out's.
            context.update(presenters.path_context(request, found), url=context["url"])
    if "result" not in context and len(results) < len(questions):
        item = questions[len(results)]
        context.update(
            index=len(results),
            number=len(results) + 1,
            quiz=item.quiz,
            question=item.question,
            view=quiz_presenters.question_view(item.quiz, item.question),
        )
    context.update(
        results=results,
        finished=len(results) >= len(questions),
        right=results.count("1"),
        known=[
            presenters.lesson_item_for(services_lesson)
            for services_lesson in _known_lessons(questions, results)
        ],
    )
    return render(request, "tutorials/test_out.html", context)


def _known_lessons(questions: list[TestOutQuestion], results: str) -> list[tuple[Course, Lesson]]:
    found: list[tuple[Course, Lesson]] = []
    for item, mark in zip(questions, results, strict=False):
        if mark == "1":
            for key in item.lessons:
                pair = lesson_find(*key.split("/"))
                if pair is not None:
                    found.append(pair)
    return found
