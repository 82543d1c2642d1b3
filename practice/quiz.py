"""Quiz questions as reproducible values: an id (kind, game, profile, level, seed) and its parts."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Final

from django.utils.functional import Promise
from django.utils.translation import gettext as _gettext
from django.utils.translation import gettext_lazy as _

from rules.engine import Game, Reason

__all__ = [
    "MAX_SEED",
    "AnswerError",
    "Level",
    "Question",
    "QuestionId",
    "QuizError",
    "QuizKind",
    "Result",
]

MAX_SEED: Final = 2**31 - 1


class Level(StrEnum):
    """How hard the generated situation is."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"

    @property
    def label(self) -> Promise:
        return _LEVEL_LABELS[self]


_LEVEL_LABELS: Final = {
    Level.EASY: _("Easy"),
    Level.NORMAL: _("Normal"),
    Level.HARD: _("Hard"),
}


class QuizError(ValueError):
    """A question id that names no question: the view answers 400 (or 404 for the kind)."""

    def __init__(
        self, message: str, *, field: str = "", value: object = None, not_found: bool = False
    ) -> None:
        super().__init__(message)
        #: Which part of the id is wrong ("kind", "game", "profile", "level", "seed", ...), so
        #: the page can say so in the reader's language.
        self.field = field
        self.value = value
        self.not_found = not_found


class AnswerError(ValueError):
    """An answer that cannot be read (junk, missing fields): the view answers 422 with
    ``user_message`` (what is wrong, in the reader's language) when there is one."""

    def __init__(self, message: str, *, user_message: str = "") -> None:
        super().__init__(message)
        self.user_message = user_message


@dataclass(frozen=True, slots=True)
class QuestionId:
    """Everything needed to rebuild one question: a shared link needs nothing else."""

    kind: str
    game: Game
    profile: str
    level: Level
    seed: int

    @property
    def rng(self) -> random.Random:
        """A fresh generator for this question: the same id always gives the same question."""
        return random.Random(f"{self.kind}:{self.game}:{self.profile}:{self.level}:{self.seed}")

    def url_kwargs(self) -> dict[str, str | int]:
        return {
            "kind": self.kind,
            "game": str(self.game),
            "profile": self.profile,
            "level": str(self.level),
            "seed": self.seed,
        }


@dataclass(frozen=True, slots=True)
class Question:
    """A generated question: what the template shows and the engine's answer."""

    qid: QuestionId
    data: Mapping[str, Any]
    answer: Any
    reasons: tuple[Reason, ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    """The check of one answer: right or wrong, the right answer, and why."""

    correct: bool
    given: Any
    answer: Any
    reasons: tuple[Reason, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)


class QuizKind(ABC):
    """One kind of question. Subclasses are stateless; the registry holds one instance each."""

    slug: ClassVar[str]
    games: ClassVar[tuple[Game, ...]] = (Game.STUD, Game.STUD8, Game.RAZZ)
    title: ClassVar[Promise]
    summary: ClassVar[Promise]
    #: The rule step the feedback links to when the reasons name none: "page/section/step".
    rule_step: ClassVar[str]
    #: Whether the rule profile changes answers (the profile picker is shown only then).
    uses_profile: ClassVar[bool] = False

    @property
    def skill(self) -> str:
        """The skill tracked in the learner's progress: one per kind."""
        return self.slug

    @property
    def template(self) -> str:
        """The kind's template: its question, answer widget and answer display partials."""
        return f"practice/kinds/{self.slug.replace('-', '_')}.html"

    def default_game(self) -> Game:
        return self.games[0]

    @abstractmethod
    def generate(self, qid: QuestionId) -> Question:
        """Build the question for ``qid`` (deterministic: use ``qid.rng``)."""

    @abstractmethod
    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        """Read the learner's answer from form data, or raise ``AnswerError``."""

    @abstractmethod
    def prompt(self, question: Question) -> str:
        """The question in the reader's language."""

    @abstractmethod
    def describe_answer(self, question: Question) -> str:
        """The right answer as a sentence in the reader's language."""

    def describe_given(self, question: Question, given: Any) -> str:
        """The learner's answer as a short phrase (defaults to the right-answer wording)."""
        return str(given)

    @abstractmethod
    def mistake(self, question: Question, given: Any) -> str:
        """One sentence on where a wrong answer went wrong, in the reader's language ("Your
        9-6-5-3-2 loses to 8-7-6-5-4: compare the highest card first"): the feedback shows it
        under the verdict, with the full "Why" one tap away (``practice/kinds/_mistakes.py``)."""

    def rule_step_for(self, question: Question) -> str:
        """The rule step this question links to (a kind may pick one per question)."""
        return self.rule_step

    def is_correct(self, question: Question, given: Any) -> bool:
        return bool(given == question.answer)

    def check(self, question: Question, data: Mapping[str, Sequence[str]]) -> Result:
        """Read and judge an answer against the engine's."""
        given = self.read_answer(question, data)
        return Result(
            correct=self.is_correct(question, given),
            given=given,
            answer=question.answer,
            reasons=question.reasons,
            data=question.data,
        )


def single(data: Mapping[str, Sequence[str]], name: str) -> str:
    """The one value of a form field, or ``AnswerError``."""
    values = data.get(name)
    if not values:
        raise AnswerError(
            f"missing answer field {name!r}", user_message=_gettext("Choose an answer first.")
        )
    if isinstance(values, str):
        return values
    if len(values) != 1:
        raise AnswerError(f"answer field {name!r} must have one value")
    return values[0]


def seat_answer(data: Mapping[str, Sequence[str]], name: str, seats: int) -> int:
    """A seat number (0-based) from a form field, validated against the table size."""
    text = single(data, name)
    try:
        seat = int(text)
    except ValueError:
        raise AnswerError(f"seat {text!r} is not a number") from None
    if not 0 <= seat < seats:
        raise AnswerError(f"seat {seat} is not at this table")
    return seat
