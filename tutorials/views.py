"""Quiz views: the hub, a question with its answer form, and the feedback fragment."""

from __future__ import annotations

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core import words
from core.http import HtmxHttpRequest, bad_request
from rules.engine import PROFILES, Game
from tutorials import presenters
from tutorials.kinds import KINDS
from tutorials.progress import progress_load, progress_record, progress_reset, progress_start_set
from tutorials.quiz import AnswerError, Level, QuizError
from tutorials.services import (
    question_answer,
    question_get,
    question_new,
    question_next,
    quiz_prefs_get,
    quiz_prefs_set,
)


def _options() -> dict[str, object]:
    return {
        "games": [(str(game), words.game_name(game)) for game in Game],
        "profiles": [(name, words.profile_title(name)) for name in PROFILES],
        "levels": [(str(level), level.label) for level in Level],
    }


@require_GET
def hub(request: HtmxHttpRequest) -> HttpResponse:
    """All quiz kinds with the learner's mastery of each, and the practice-set controls."""
    progress = progress_load(request.session)
    prefs = quiz_prefs_get(request.session)
    kinds = [
        {"quiz": quiz, "skill": progress.skill(quiz.skill), "games": quiz.games}
        for quiz in KINDS.values()
    ]
    return render(
        request,
        "tutorials/hub.html",
        {"kinds": kinds, "progress": progress, "prefs": prefs, **_options()},
    )


@require_GET
def next_question(request: HtmxHttpRequest) -> HttpResponse:
    """The next question of the practice set, chosen by spaced repetition."""
    game = request.GET.get("game") or None
    if game is not None and game not in {str(g) for g in Game}:
        return bad_request(request, _("Unknown game: %(game)s") % {"game": game})
    if request.GET.get("new_set"):
        progress_start_set(request.session)
    qid = question_next(request.session, game=game)
    return HttpResponseRedirect(reverse("tutorials:question", kwargs=qid.url_kwargs()))


@require_POST
def reset(request: HtmxHttpRequest) -> HttpResponse:
    progress_reset(request.session)
    return HttpResponseRedirect(reverse("tutorials:hub"))


@require_GET
def kind_start(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """Start a kind: store any chosen game/profile/level, then go to a fresh question."""
    if kind not in KINDS:
        raise Http404(kind)
    try:
        prefs = quiz_prefs_set(
            request.session,
            game=request.GET.get("game"),
            profile=request.GET.get("profile"),
            level=request.GET.get("level"),
        )
    except QuizError as error:
        return bad_request(request, presenters.quiz_error_message(error))
    qid = question_new(kind=kind, prefs=prefs)
    return HttpResponseRedirect(reverse("tutorials:question", kwargs=qid.url_kwargs()))


@require_http_methods(["GET", "POST"])
def question(
    request: HtmxHttpRequest, kind: str, game: str, profile: str, level: str, seed: str
) -> HttpResponse:
    """A question (GET) and its feedback (POST): the fragment for HTMX, the page otherwise."""
    try:
        quiz, q = question_get(kind=kind, game=game, profile=profile, level=level, seed=seed)
    except QuizError as error:
        if error.not_found:
            raise Http404(kind) from None
        return bad_request(request, presenters.quiz_error_message(error))
    context = {
        "quiz": quiz,
        "question": q,
        "view": presenters.question_view(quiz, q),
        "prefs": quiz_prefs_get(request.session),
        "progress": progress_load(request.session),
        **_options(),
    }
    if request.method == "POST":
        try:
            result = question_answer(quiz=quiz, question=q, data=dict(request.POST.lists()))
        except AnswerError:
            return bad_request(request, _("That answer could not be read. Please choose again."))
        progress, _counted = progress_record(
            request.session, skill=quiz.skill, question=str(q.qid), correct=result.correct
        )
        context.update(
            result=result,
            feedback=presenters.feedback_view(quiz, q, result),
            progress=progress,
        )
        if request.htmx:
            return render(request, "tutorials/question.html#feedback", context)
    return render(request, "tutorials/question.html", context)
