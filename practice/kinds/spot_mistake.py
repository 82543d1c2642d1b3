"""Spot the mistake: a statement about the rules, true or false, with its correction.

The statements themselves are data, in ``spot_mistake_bank``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds.spot_mistake_bank import BANK, Statement
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, single
from rules.engine import Game, Reason

__all__ = ["BANK", "SpotMistake", "Statement"]

_VERDICTS: Final = {"true": True, "false": False}


def _pool(game: Game, level: Level, profile: str) -> tuple[Statement, ...]:
    return tuple(s for s in BANK if game in s.games and s.level is level and s.asked_under(profile))


class SpotMistake(QuizKind):
    slug = "spot-mistake"
    title = _("Spot the mistake")
    summary = _(
        "True or false? Rule statements, some straight from real rule pages that get them wrong."
    )
    rule_step = "stud/overview/goal"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        pool = _pool(qid.game, qid.level, qid.profile)
        # Balance true and false answers: pick the verdict first when both kinds exist.
        verdict = rng.random() < 0.5
        matching = [s for s in pool if s.is_true(qid.profile) is verdict] or list(pool)
        statement = matching[rng.randrange(len(matching))]
        truth = statement.is_true(qid.profile)
        reasons = tuple(
            Reason(rule, "statement_rule", params={"statement": statement.key})
            for rule in statement.rules
        )
        return Question(
            qid=qid,
            data={
                "statement": statement,
                "text": statement.text,
                "correction": statement.correction,
                "profile_dependent": statement.profile_dependent,
                "source_error": statement.source_error,
            },
            answer=truth,
            reasons=reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        text = single(data, "verdict")
        if text not in _VERDICTS:
            raise AnswerError(f"the verdict must be true or false, not {text!r}")
        return _VERDICTS[text]

    def prompt(self, question: Question) -> str:
        if question.data["profile_dependent"]:
            return gettext("True or false under %(profile)s?") % {
                "profile": words.profile_title(question.qid.profile)
            }
        return gettext("True or false?")

    def describe_answer(self, question: Question) -> str:
        return str(question.data["correction"])

    def describe_given(self, question: Question, given: Any) -> str:
        return gettext("true") if given else gettext("false")

    def rule_step_for(self, question: Question) -> str:
        statement: Statement = question.data["statement"]
        return statement.step_for(question.qid.game)

    def mistake(self, question: Question, given: Any) -> str:
        """Which way round the learner got the statement."""
        if given:
            return gettext("You took a common mistake for the rule: this statement is false.")
        return gettext("You took the rule for a mistake: this statement is true.")
