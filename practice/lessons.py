"""Where a learner reads up on a quiz skill: the course's lesson when an app provides one
(``tutorials`` registers itself in its ``AppConfig.ready``), else the rule step the kind cites.

A registry rather than an import: the course builds on the quizzes, so ``practice`` must not
import ``tutorials`` (tests/test_layout.py forbids the cycle).
"""

from __future__ import annotations

from collections.abc import Callable

from practice.kinds import KINDS
from practice.presenters import step_url
from rules.engine import Game

__all__ = ["lesson_finder_register", "skill_lesson_url"]

type LessonFinder = Callable[[str, str], str | None]

_finders: list[LessonFinder] = []


def lesson_finder_register(finder: LessonFinder) -> None:
    """Let an app answer "which page teaches this kind in this game?" (first answer wins)."""
    if finder not in _finders:
        _finders.append(finder)


def skill_lesson_url(kind: str, game: Game | str) -> str | None:
    """The page that teaches ``kind`` in ``game``: a lesson if a finder knows one, else the rule
    step the kind's feedback links to."""
    quiz = KINDS.get(kind)
    if quiz is None:
        return None
    for finder in _finders:
        url = finder(kind, str(game))
        if url:
            return url
    return step_url(quiz.rule_step)
