"""Quiz views: the hub, a question with its answer form, and the feedback fragment."""

from __future__ import annotations

import secrets
from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from core import words
from core.http import HtmxHttpRequest, bad_request
from core.rulebooks import rulebook_names
from practice import presenters
from practice.ids import parse_step, question_id_parse, walkthrough_id_parse
from practice.kinds import KINDS
from practice.lessons import skill_lesson_url
from practice.presenters.walkthrough import (
    walkthrough_feedback_view,
    walkthrough_start_view,
    walkthrough_step_view,
)
from practice.progress import (
    MIXED,
    SET_SIZE,
    Progress,
    progress_record,
    progress_reset,
    progress_retry_start,
    progress_start_set,
    question_key,
    quiz_progress_load,
    walkthrough_record,
)
from practice.quiz import MAX_SEED, AnswerError, Level, QuizError, QuizKind
from practice.services import (
    question_answer,
    question_get,
    question_new,
    question_next,
    quiz_prefs_get,
    quiz_prefs_merge,
    quiz_prefs_set,
)
from practice.walkthrough import walkthrough_check, walkthrough_get
from rules.engine import Game

#: Answers that cannot be read: the form is fine, its content is not (htmx swaps it in place).
ANSWER_ERROR_STATUS = 422


def _options(profile: str = "") -> dict[str, object]:
    return {
        "games": [(str(game), words.game_name(game)) for game in Game],
        "profiles": [(name, words.profile_title(name)) for name in rulebook_names(profile)],
        "levels": [(str(level), level.label) for level in Level],
    }


@require_GET
def hub(request: HtmxHttpRequest) -> HttpResponse:
    """All quiz kinds with the learner's mastery of each, and the practice-set controls."""
    progress = quiz_progress_load(request)
    prefs = quiz_prefs_get(request.session)
    kinds = [
        {"quiz": quiz, "skill": progress.skill(quiz.skill), "games": quiz.games}
        for quiz in KINDS.values()
    ]
    return render(
        request,
        "practice/hub.html",
        {"kinds": kinds, "progress": progress, "prefs": prefs, **_options(prefs["profile"])},
    )


def _game_param(value: str | None) -> str | None:
    if value and value not in {str(g) for g in Game}:
        raise QuizError(f"unknown game {value!r}", field="game", value=value)
    return value or None


@require_GET
def next_question(request: HtmxHttpRequest) -> HttpResponse:
    """The next question: more of the same skill in a drill (``?kind=``), or one chosen by
    spaced repetition in a mixed review. A GET changes nothing (a set starts by POST)."""
    try:
        game = _game_param(request.GET.get("game"))
    except QuizError as error:
        return bad_request(request, presenters.quiz_error_message(error))
    kind = request.GET.get("kind") or ""
    progress = quiz_progress_load(request)
    if kind in KINDS and progress.upcoming(kind)[0] != MIXED:
        prefs = quiz_prefs_get(request.session)
        qid = question_new(kind=kind, prefs={**prefs, **({"game": game} if game else {})})
    else:
        qid = question_next(request, game=game)
    return HttpResponseRedirect(reverse("practice:question", kwargs=qid.url_kwargs()))


@require_POST
def set_start(request: HtmxHttpRequest) -> HttpResponse:
    """Start a mixed review of ten in the chosen game (kept as the learner's game)."""
    try:
        game = _game_param(request.POST.get("game"))
    except QuizError as error:
        return bad_request(request, presenters.quiz_error_message(error))
    if game:
        quiz_prefs_set(request.session, game=game)
    progress_start_set(request)
    qid = question_next(request, game=game)
    return HttpResponseRedirect(reverse("practice:question", kwargs=qid.url_kwargs()))


@require_POST
def reset(request: HtmxHttpRequest) -> HttpResponse:
    progress_reset(request)
    return HttpResponseRedirect(reverse("practice:hub"))


@require_http_methods(["GET", "POST"])
def kind_start(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """A fresh question of a kind. A POST stores the chosen game/profile/level as the
    learner's preferences; a GET only uses them for this question."""
    if kind not in KINDS:
        raise Http404(kind)
    data = request.POST if request.method == "POST" else request.GET
    changes = {name: data.get(name) for name in ("game", "profile", "level")}
    try:
        if request.method == "POST":
            prefs = quiz_prefs_set(request.session, **changes)
        else:
            prefs = quiz_prefs_merge(quiz_prefs_get(request.session), **changes)
    except QuizError as error:
        return bad_request(request, presenters.quiz_error_message(error))
    qid = question_new(kind=kind, prefs=prefs)
    return HttpResponseRedirect(reverse("practice:question", kwargs=qid.url_kwargs()))


def _set_view(quiz: QuizKind, progress: Progress, *, answered: bool, game: Game) -> dict[str, Any]:
    """The set's label ("Mixed review: question 3 of 10"), the Next link, and at the end of a
    set its summary (the skills to revisit, each with the page that teaches it)."""
    if answered:
        mode, number = progress.set_mode or quiz.skill, progress.set_answered
    else:
        mode, number = progress.upcoming(quiz.skill)
    if mode == MIXED:
        label = _("Mixed review: question %(number)s of 10") % {"number": number}
        next_url = reverse("practice:next") + "?" + urlencode({"game": str(game)})
    else:
        title = KINDS[mode].title if mode in KINDS else quiz.title
        label = _("Drill “%(skill)s”: question %(number)s of 10") % {
            "skill": title,
            "number": number,
        }
        next_url = reverse("practice:next") + "?" + urlencode({"kind": quiz.slug})
    # The tenth answer ends the set: its way on is the set's own summary page, not an 11th.
    end_url = reverse("practice:set-summary") if answered and progress.set_done else None
    return {
        "label": label,
        "number": number,
        "size": SET_SIZE,
        "next_url": next_url,
        "end_url": end_url,
    }


def _key_url(key: str) -> tuple[str, str] | None:
    """A missed question's kind title and address, from its ``question_key`` (None if the key
    no longer names a question)."""
    try:
        kind, game, profile, level, seed = key.split("/")
        qid = question_id_parse(kind=kind, game=game, profile=profile, level=level, seed=seed)
    except (ValueError, QuizError):
        return None
    if qid.kind not in KINDS:
        return None
    return str(KINDS[qid.kind].title), reverse("practice:question", kwargs=qid.url_kwargs())


def _missed_hand(progress: Progress, key: str) -> dict[str, Any]:
    """A missed question as the summary shows it: its prompt, the hand (the kind's answer
    view: the cards, boards or hands with the right answer marked) and the learner's answer."""
    try:
        kind, game, profile, level, seed = key.split("/")
        quiz, q = question_get(kind=kind, game=game, profile=profile, level=level, seed=seed)
    except (ValueError, QuizError):
        return {}
    given = ""
    answer = progress.missed_answer(key)
    if answer is not None:
        try:
            result = question_answer(quiz=quiz, question=q, data=answer)
        except AnswerError:
            result = None
        if result is not None and not result.correct:
            given = quiz.describe_given(q, result.given)
    return {
        "quiz": quiz,
        "question": q,
        "prompt": presenters.question_view(quiz, q)["prompt"],
        "answer_template": quiz.template + "#answer",
        "given": given,
        "right": quiz.describe_answer(q),
    }


def _retry_view(remaining: tuple[str, ...], total: int, *, answered: bool) -> dict[str, Any]:
    """The label and the way on while the learner tries the set's missed questions again."""
    number = total - len(remaining) + (0 if answered else 1)
    label = _("The ones you missed: question %(number)s of %(total)s") % {
        "number": number,
        "total": total,
    }
    following = [found for key in remaining if (found := _key_url(key))]
    next_url = following[0][1] if following and answered else None
    end_url = reverse("practice:set-summary") if answered and not following else None
    return {
        "label": label,
        "number": number,
        "size": total,
        "next_url": next_url,
        "end_url": end_url,
    }


@never_cache
@require_GET
def set_summary(request: HtmxHttpRequest) -> HttpResponse:
    """The end of a set of ten: the score, the very questions missed with "Try the ones I
    missed", the skills to revisit, and the next set."""
    progress = quiz_progress_load(request)
    if not progress.set_done:
        return HttpResponseRedirect(reverse("practice:hub"))
    keys = progress.missed
    missed = [
        {"title": found[0], "url": found[1], **_missed_hand(progress, key)}
        for key in keys
        if (found := _key_url(key))
    ]
    # The set's game: its missed questions' (a drill may be in any game), else the learner's.
    games = [key.split("/")[1] for key in keys if key.count("/") == 4]
    game = Game(
        games[0] if games and games[0] in set(Game) else quiz_prefs_get(request.session)["game"]
    )
    skills = [
        {"title": KINDS[slug].title, "url": skill_lesson_url(slug, game)}
        for slug in progress.set_missed
        if slug in KINDS
    ]
    mode = progress.set_mode
    drill = KINDS.get(mode) if mode != MIXED else None
    context = {
        "progress": progress,
        "mixed": drill is None,
        "drill": drill,
        "missed": missed,
        "skills": skills,
        "game": str(game),
        "next_url": reverse("practice:next") + "?" + urlencode({"kind": drill.slug})
        if drill
        else None,
    }
    return render(request, "practice/set_summary.html", context)


@require_POST
def set_retry(request: HtmxHttpRequest) -> HttpResponse:
    """ "Try the ones I missed": the set's missed questions again, exactly those, in order."""
    for key in progress_retry_start(request):
        found = _key_url(key)
        if found:
            return HttpResponseRedirect(found[1])
    return HttpResponseRedirect(reverse("practice:set-summary"))


@require_http_methods(["GET", "POST"])
def question(
    request: HtmxHttpRequest, kind: str, game: str, profile: str, level: str, seed: str
) -> HttpResponse:
    """A question (GET) with the learner's progress beside it, and its feedback (POST): the
    fragment for HTMX, the page otherwise. The answer records the progress."""
    try:
        quiz, q = question_get(kind=kind, game=game, profile=profile, level=level, seed=seed)
    except QuizError as error:
        if error.not_found:
            raise Http404(kind) from None
        return bad_request(request, presenters.quiz_error_message(error))
    progress = quiz_progress_load(request)
    key = question_key(q.qid.kind, str(q.qid.game), q.qid.profile, str(q.qid.level), q.qid.seed)
    # A missed question tried again ("Try the ones I missed") shows where the retry stands.
    set_view = (
        _retry_view(progress.retry, progress.retry_total, answered=False)
        if key in progress.retry
        else _set_view(quiz, progress, answered=False, game=q.qid.game)
    )
    context: dict[str, Any] = {
        "quiz": quiz,
        "question": q,
        "view": presenters.question_view(quiz, q),
        "progress": progress,
        "set": set_view,
        **_options(q.qid.profile),
    }
    if request.method != "POST":
        return render(request, "practice/question.html", context)
    try:
        result = question_answer(quiz=quiz, question=q, data=dict(request.POST.lists()))
    except AnswerError as error:
        context["error"] = presenters.answer_error_message(error)
        template = "practice/question.html#feedback" if request.htmx else "practice/question.html"
        return render(request, template, context, status=ANSWER_ERROR_STATUS)
    answered = progress_record(
        request,
        skill=quiz.skill,
        question=str(q.qid),
        correct=result.correct,
        key=key,
        answer=dict(request.POST.lists()),
        scoop=q.data.get("scenario") == "scoop",
    )
    progress = answered.progress
    if answered.retried:  # trying a missed question again: it counts no second time
        set_view = _retry_view(progress.retry, progress.retry_total, answered=True)
    else:
        set_view = _set_view(quiz, progress, answered=True, game=q.qid.game)
    context.update(
        result=result,
        feedback=presenters.feedback_view(quiz, q, result),
        progress=progress,
        set=set_view,
    )
    if request.htmx:
        return render(request, "practice/question.html#feedback", context)
    return render(request, "practice/question.html", context)


# The hand walkthrough ------------------------------------------------------------------------

WALKTHROUGH_TEMPLATE = "practice/walkthrough_step.html"


@require_GET
def walkthrough_start(request: HtmxHttpRequest) -> HttpResponse:
    """Choose a game and rules, then deal a fresh hand (a new seed) and go to its first step."""
    game = request.GET.get("game")
    profile = request.GET.get("profile") or "robert"
    if game:
        try:
            walkthrough_id_parse(game=game, profile=profile, seed=0)
        except QuizError as error:
            return bad_request(request, presenters.quiz_error_message(error))
        seed = secrets.randbelow(MAX_SEED + 1)
        url = reverse(
            "practice:walkthrough-step",
            kwargs={"game": game, "profile": profile, "seed": seed, "step": 1},
        )
        return HttpResponseRedirect(url)
    return render(
        request,
        "practice/walkthrough_start.html",
        walkthrough_start_view(),
    )


@require_http_methods(["GET", "POST"])
def walkthrough_step(
    request: HtmxHttpRequest, game: str, profile: str, seed: str, step: str
) -> HttpResponse:
    """One step (GET) and the feedback on its prediction (POST): a fragment for HTMX."""
    try:
        walk = walkthrough_get(game=game, profile=profile, seed=seed)
        current = walk.step(parse_step(step))
    except QuizError as error:
        if error.not_found:
            raise Http404(str(error)) from None
        return bad_request(request, presenters.quiz_error_message(error))
    if request.method != "POST":
        return render(request, WALKTHROUGH_TEMPLATE, walkthrough_step_view(walk, current))
    try:
        prediction = walkthrough_check(walk=walk, step=current, data=dict(request.POST.lists()))
    except AnswerError as error:
        if not current.predicts:
            return bad_request(request, _("That answer could not be read. Please choose again."))
        context = walkthrough_step_view(walk, current)
        context["error"] = presenters.answer_error_message(error)
        template = f"{WALKTHROUGH_TEMPLATE}#feedback" if request.htmx else WALKTHROUGH_TEMPLATE
        return render(request, template, context, status=ANSWER_ERROR_STATUS)
    walkthrough_record(request, step=f"{game}/{profile}/{seed}/{step}", correct=prediction.correct)
    context = walkthrough_step_view(walk, current, prediction)
    feedback = walkthrough_feedback_view(walk, current, prediction)
    context.update(prediction=prediction, feedback=feedback)
    if request.htmx:
        return render(request, f"{WALKTHROUGH_TEMPLATE}#feedback", context)
    return render(request, WALKTHROUGH_TEMPLATE, context)
