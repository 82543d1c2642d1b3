"""Quiz questions, answers and results as the templates show them, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from core import words
from practice.quiz import AnswerError, Question, QuizError, QuizKind, Result
from rules.engine import Game, Reason
from rules.explain import explain_reasons


def quiz_error_message(error: QuizError) -> str:
    """What is wrong with a question link, in the reader's language."""
    value = str(error.value)[:40]
    messages = {
        "kind": _("There is no quiz called “%(value)s”."),
        "game": _("“%(value)s” is not one of the games here: choose stud, stud8 or razz."),
        "game_for_kind": _("This quiz is not played in the game “%(value)s”."),
        "profile": _("“%(value)s” is not one of the rulebooks here."),
        "house": _("There are no house rules with the code “%(value)s”."),
        "level": _("“%(value)s” is not a level: choose easy, normal or hard."),
        "seed": _("“%(value)s” is not a valid question number."),
        "step": _("“%(value)s” is not a step of this hand."),
    }
    message = messages.get(error.field, _("This question link is not valid."))
    return message % {"value": value}


def answer_error_message(error: AnswerError) -> str:
    """What is wrong with a posted answer, in the reader's language."""
    return error.user_message or _("That answer could not be read. Please choose again.")


def step_url(step: str) -> str | None:
    """The URL of a rule step named ``page/section/step``, if the rules app has it."""
    page, section, name = step.split("/")
    try:
        return reverse("rules:step-detail", kwargs={"page": page, "section": section, "step": name})
    except NoReverseMatch:
        return None


def explain(reasons: tuple[Reason, ...], *, game: Game) -> list[Any]:
    """Sentences for the engine's reasons, each linking to the rule step that teaches it."""
    return list(explain_reasons(reasons, game=game))


def question_view(quiz: QuizKind, question: Question) -> dict[str, Any]:
    return {
        "prompt": quiz.prompt(question),
        "game_label": words.game_name(question.qid.game),
        "profile_label": words.profile_title(question.qid.profile),
        "level_label": question.qid.level.label,
        "rule_url": step_url(quiz.rule_step_for(question)),
    }


def mistake_text(quiz: QuizKind, question: Question, given: Any) -> str:
    """One sentence on this learner's mistake, from the kind's ``mistake()`` ("Your 9-6-5-3-2
    loses to 8-7-6-5-4: compare the highest card first")."""
    return quiz.mistake(question, given)


def feedback_view(quiz: QuizKind, question: Question, result: Result) -> dict[str, Any]:
    return {
        "correct": result.correct,
        "mistake": "" if result.correct else mistake_text(quiz, question, result.given),
        "answer_text": quiz.describe_answer(question),
        "given_text": quiz.describe_given(question, result.given),
        "explanations": explain(result.reasons, game=question.qid.game),
        "rule_url": step_url(quiz.rule_step_for(question)),
    }
