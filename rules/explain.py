"""Engine reasons as sentences in the reader's language: the one place that does it.

Each reason code the engine defines has one translatable sentence, filled from the reason's
seats, cards, amounts and params, and a link to the rule step that teaches the reason's rule.
``explain_reasons(reasons, *, game)`` is the API the rule pages and the quizzes share.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext

from rules.engine import REASON_CODES, Reason
from rules.rendering import rule_target
from rules.sentences import QUIZ_REASON_CODES, SENTENCES

__all__ = [
    "QUIZ_REASON_CODES",
    "SENTENCES",
    "Explanation",
    "engine_reason_codes",
    "explain_reason",
    "explain_reasons",
]


@dataclass(frozen=True, slots=True)
class Explanation:
    """One reason as a sentence, with the rule id and the step that teaches it.

    The step's URL and title are looked up when a template asks for them, from the request's
    content index (``rules.rendering.rule_target``): building a sentence needs no database."""

    rule: str
    code: str
    text: str
    game: str | None = None

    @property
    def url(self) -> str | None:
        target = rule_target(self.rule, game=self.game)
        return target[0] if target else None

    @property
    def step_title(self) -> str | None:
        target = rule_target(self.rule, game=self.game)
        return target[1] if target else None


def _generic(reason: Reason) -> str:
    return gettext("Rule %(rule)s applies.") % {"rule": reason.rule}


def explain_reason(reason: Reason, *, game: str | None = None) -> Explanation:
    """One reason as a sentence in the active language, with the step teaching its rule."""
    sentence = SENTENCES.get(reason.code, _generic)
    try:
        text = sentence(reason)
    except (IndexError, KeyError, TypeError, ValueError):
        text = _generic(reason)
    return Explanation(
        rule=reason.rule, code=reason.code, text=capfirst(text), game=str(game) if game else None
    )


def explain_reasons(reasons: Iterable[Reason], *, game: object = None) -> list[Explanation]:
    """The reasons as sentences in the reader's language, in order, without repeats."""
    seen: set[tuple[object, ...]] = set()
    result = []
    for reason in reasons:
        identity = (reason.rule, reason.code, reason.seats, reason.cards, reason.amounts)
        if identity in seen:
            continue
        seen.add(identity)
        result.append(explain_reason(reason, game=str(game) if game else None))
    return result


def engine_reason_codes() -> dict[str, str]:
    """Every reason code the engine defines: code -> the enum that defines it
    (``rules.engine.REASON_CODES``)."""
    return {
        member.value: f"{enum.__module__}.{enum.__name__}"
        for enum in REASON_CODES
        for member in enum
    }
