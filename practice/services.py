"""Quiz services: build questions from ids, check answers, choose the next question."""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any, Final

from django.http import HttpRequest

from core.rulebooks import rulebook_known
from practice.ids import parse_profile, question_id_parse
from practice.kinds import KINDS
from practice.progress import progress_pick_next, quiz_progress_load
from practice.quiz import MAX_SEED, Level, Question, QuestionId, QuizError, QuizKind, Result
from rules.engine import Game

__all__ = [
    "PREFS_KEY",
    "question_answer",
    "question_get",
    "question_new",
    "question_next",
    "quiz_prefs_get",
    "quiz_prefs_merge",
    "quiz_prefs_set",
]

PREFS_KEY: Final = "quiz_prefs"
DEFAULT_PREFS: Final = {"game": str(Game.STUD), "profile": "robert", "level": str(Level.NORMAL)}


def question_get(
    *, kind: str, game: str, profile: str, level: str, seed: str | int
) -> tuple[QuizKind, Question]:
    """Rebuild the question an id names (raises ``QuizError`` for a bad id)."""
    qid = question_id_parse(kind=kind, game=game, profile=profile, level=level, seed=seed)
    quiz = KINDS[qid.kind]
    return quiz, quiz.generate(qid)


def question_answer(
    *, quiz: QuizKind, question: Question, data: Mapping[str, Sequence[str]]
) -> Result:
    """Check a posted answer (raises ``AnswerError`` for junk)."""
    return quiz.check(question, data)


def quiz_prefs_get(session: Mapping[str, Any]) -> dict[str, str]:
    """The learner's chosen game, profile and level (validated; bad values fall back)."""
    raw = session.get(PREFS_KEY)
    prefs = dict(DEFAULT_PREFS)
    if isinstance(raw, dict):
        if raw.get("game") in {str(game) for game in Game}:
            prefs["game"] = raw["game"]
        if isinstance(raw.get("profile"), str) and rulebook_known(raw["profile"]):
            prefs["profile"] = raw["profile"]
        if raw.get("level") in {str(level) for level in Level}:
            prefs["level"] = raw["level"]
    return prefs


def quiz_prefs_set(session: MutableMapping[str, Any], **changes: str | None) -> dict[str, str]:
    """Store the valid parts of ``changes``; invalid values raise ``QuizError``."""
    prefs = quiz_prefs_merge(quiz_prefs_get(session), **changes)
    session[PREFS_KEY] = prefs
    return prefs


def quiz_prefs_merge(prefs: Mapping[str, str], **changes: str | None) -> dict[str, str]:
    """``prefs`` with the given changes, stored nowhere (a GET may look, not change);
    invalid values raise ``QuizError``."""
    prefs = dict(prefs)
    game, profile, level = changes.get("game"), changes.get("profile"), changes.get("level")
    if game:
        if game not in {str(g) for g in Game}:
            raise QuizError(f"unknown game {game!r}", field="game", value=game)
        prefs["game"] = game
    if profile:
        prefs["profile"] = parse_profile(profile)
    if level:
        if level not in {str(lv) for lv in Level}:
            raise QuizError(f"unknown level {level!r}", field="level", value=level)
        prefs["level"] = level
    return prefs


def question_new(*, kind: str, prefs: Mapping[str, str], seed: int | None = None) -> QuestionId:
    """A fresh question of ``kind`` in the learner's game (or the kind's own game when the
    chosen game does not apply to it)."""
    quiz = KINDS.get(kind)
    if quiz is None:
        raise QuizError(f"unknown quiz kind {kind!r}", field="kind", value=kind, not_found=True)
    game = Game(prefs["game"])
    if game not in quiz.games:
        game = quiz.default_game()
    return QuestionId(
        kind=quiz.slug,
        game=game,
        profile=prefs["profile"],
        level=Level(prefs["level"]),
        seed=secrets.randbelow(MAX_SEED + 1) if seed is None else seed,
    )


def question_next(request: HttpRequest, *, game: str | None = None) -> QuestionId:
    """The next question of a practice set: spaced repetition picks the skill, restricted to
    the kinds played in the learner's game."""
    prefs = quiz_prefs_get(request.session)
    chosen = Game(game or prefs["game"])
    skills = [slug for slug, quiz in KINDS.items() if chosen in quiz.games]
    progress = quiz_progress_load(request)
    slug = progress_pick_next(progress, skills, rng=random.Random(secrets.randbits(64)))
    return question_new(kind=slug, prefs={**prefs, "game": str(chosen)})
