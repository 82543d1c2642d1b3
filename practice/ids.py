"""Question and walkthrough ids read from URLs and forms: the one place that checks them.

Each part has one parser that raises ``QuizError`` naming the part (``field``) and the value,
so the page can say what is wrong in the reader's language (``presenters.quiz_error_message``).
"""

from __future__ import annotations

from core.rulebooks import house_code, rulebook_known
from practice.kinds import KINDS
from practice.quiz import MAX_SEED, Level, QuestionId, QuizError
from rules.engine import Game

__all__ = [
    "parse_game",
    "parse_level",
    "parse_profile",
    "parse_seed",
    "parse_step",
    "question_id_parse",
    "walkthrough_id_parse",
]


def parse_game(raw: str) -> Game:
    try:
        return Game(raw)
    except ValueError:
        raise QuizError(f"unknown game {raw!r}", field="game", value=raw) from None


def parse_profile(raw: str) -> str:
    """A rulebook's name, or house rules' ("house-K7Q2XM") that exist."""
    if not rulebook_known(raw):
        code = house_code(raw)
        field = "house" if code else "profile"
        raise QuizError(f"unknown rule profile {raw!r}", field=field, value=code or raw)
    return raw


def parse_level(raw: str) -> Level:
    try:
        return Level(raw)
    except ValueError:
        raise QuizError(f"unknown level {raw!r}", field="level", value=raw) from None


def _whole_number(raw: str | int, *, field: str, maximum: int) -> int:
    """ASCII digits only ("٣" is a digit to ``int()``): one URL per number."""
    text = str(raw)
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(maximum)):
        raise QuizError(f"bad {field} {raw!r}", field=field, value=raw)
    value = int(text)
    if value > maximum:
        raise QuizError(f"{field} {value} is out of range", field=field, value=value)
    return value


def parse_seed(raw: str | int) -> int:
    return _whole_number(raw, field="seed", maximum=MAX_SEED)


def parse_step(raw: str | int) -> int:
    """A walkthrough step number, ASCII digits with an optional minus: whether the hand has
    that step is the walkthrough's to say (a missing step is a 404, not a malformed link)."""
    text = str(raw)
    negative = text.startswith("-")
    return (-1 if negative else 1) * _whole_number(
        text[1:] if negative else text, field="step", maximum=9999
    )


def question_id_parse(
    *, kind: str, game: str, profile: str, level: str, seed: str | int
) -> QuestionId:
    """Validate raw parts (from a URL or a form) into a question id, or raise ``QuizError``."""
    quiz = KINDS.get(kind)
    if quiz is None:
        raise QuizError(f"unknown quiz kind {kind!r}", field="kind", value=kind, not_found=True)
    game_value = parse_game(game)
    if game_value not in quiz.games:
        raise QuizError(
            f"the quiz {kind!r} is not played in {game!r}", field="game_for_kind", value=game
        )
    return QuestionId(
        kind, game_value, parse_profile(profile), parse_level(level), parse_seed(seed)
    )


def walkthrough_id_parse(*, game: str, profile: str, seed: str | int) -> tuple[Game, str, int]:
    """Validate the parts of a walkthrough URL, or raise ``QuizError``."""
    return parse_game(game), parse_profile(profile), parse_seed(seed)
