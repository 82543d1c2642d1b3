"""Where a learner reads up on a quiz skill: the one place the course can take over."""

from __future__ import annotations

from rules.engine import Game
from tutorials.kinds import KINDS
from tutorials.presenters import step_url

__all__ = ["skill_lesson_url"]


def skill_lesson_url(kind: str, game: Game | str) -> str | None:
    """The page that teaches ``kind`` in ``game``. Today: the rule step the kind's feedback
    links to. Point this at the course's lesson for (kind, game) once the course exists."""
    quiz = KINDS.get(kind)
    if quiz is None:
        return None
    return step_url(quiz.rule_step)
