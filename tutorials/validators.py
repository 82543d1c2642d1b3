"""What each course field may hold, one function a field: the models' validators (so the admin
refuses a bad value beside its field), ``loadcourse`` (which names the file, item and field) and
``tutorials.course``, which leaves out and logs an item that reached the database anyway.

The ``*_exists`` checks read the rule content in the database; the others need nothing but the
value, so the course can run them on every read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from practice.kinds import KINDS
from practice.quiz import Level
from rules.engine import Game
from rules.models import validate_rule_ids

__all__ = [
    "validate_check_source",
    "validate_check_sources",
    "validate_game",
    "validate_kind_game",
    "validate_lesson_keys",
    "validate_level",
    "validate_part_kind",
    "validate_quiz_kind",
    "validate_rule_ids",
    "validate_rule_ids_exist",
    "validate_rule_section_exists",
    "validate_rule_step_exists",
    "validate_rule_steps",
    "validate_rule_steps_exist",
    "validate_slugs",
]

#: The keys a check source may have (``tutorials.course.CheckSource``).
CHECK_KEYS = frozenset({"kind", "game", "level", "review"})
#: A lesson part that asks nothing: an idea card, one screen with a title, a short text and
#: cards, that teaches its ``teaches`` before a step asks them.
IDEA = "idea"
MAX_LESSON_STEPS = 6


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(item, str) and item for item in value)


def validate_game(value: object) -> None:
    if value not in set(Game):
        raise ValidationError(
            _("“%(value)s” is not a game: choose stud, stud8 or razz."),
            code="game",
            params={"value": value},
        )


def validate_level(value: object) -> None:
    if value not in set(Level):
        raise ValidationError(
            _("“%(value)s” is not a level: choose easy, normal or hard."),
            code="level",
            params={"value": value},
        )


def validate_quiz_kind(value: object) -> None:
    if not isinstance(value, str) or value not in KINDS:
        raise ValidationError(
            _("There is no quiz kind “%(value)s”: choose one of %(kinds)s."),
            code="kind",
            params={"value": value, "kinds": ", ".join(KINDS)},
        )


def validate_part_kind(value: object) -> None:
    """A lesson part's kind: a quiz kind (a step with a question) or "idea" (an idea card)."""
    if value != IDEA:
        validate_quiz_kind(value)


def validate_kind_game(kind: object, game: object) -> None:
    """The quiz kind deals questions in the game (a bad kind or game is the others' to say)."""
    if kind in KINDS and game in set(Game) and Game(str(game)) not in KINDS[str(kind)].games:
        raise ValidationError(
            _("“%(kind)s” questions are not dealt in %(game)s: choose %(games)s."),
            code="kind_game",
            params={"kind": kind, "game": game, "games": ", ".join(KINDS[kind].games)},
        )


def validate_check_source(item: object) -> None:
    """One source of a lesson's check: ``{"kind": ..., "game": ..., "level": ...}``."""
    if not isinstance(item, Mapping) or not {"kind", "game"} <= set(item) <= CHECK_KEYS:
        raise ValidationError(
            _('A check is written {"kind": "best-high", "game": "stud", "level": "easy"}.'),
            code="check",
        )
    validate_quiz_kind(item["kind"])
    validate_game(item["game"])
    validate_level(item.get("level", Level.NORMAL))
    if not isinstance(item.get("review", False), bool):
        raise ValidationError(_("“review” is true or false."), code="review")
    validate_kind_game(item["kind"], item["game"])


def validate_check_sources(value: object) -> None:
    """A lesson's ``checks``: a list of check sources, each valid."""
    if not isinstance(value, list):
        raise ValidationError(
            _('Checks are a list such as [{"kind": "best-high", "game": "stud"}].'),
            code="checks",
        )
    for number, item in enumerate(value, start=1):
        try:
            validate_check_source(item)
        except ValidationError as error:
            raise ValidationError(
                _("Check %(number)s: %(problem)s"),
                code="checks",
                params={"number": number, "problem": " ".join(error.messages)},
            ) from error


def validate_rule_steps(value: object) -> None:
    """A lesson's ``steps``: one to six rule steps ``page/section/step``."""
    if (
        not _strings(value)
        or not 1 <= len(value) <= MAX_LESSON_STEPS
        or any(item.count("/") != 2 for item in value)
    ):
        raise ValidationError(
            _('A lesson covers 1 to 6 rule steps, a list such as ["stud/overview/goal"].'),
            code="steps",
        )


def validate_slugs(value: object) -> None:
    """``builds_on``: course slugs."""
    if not _strings(value):
        raise ValidationError(_('A list of course slugs such as ["stud"].'), code="slugs")


def validate_lesson_keys(value: object) -> None:
    """A path's ``lessons``: ``course/lesson``, at least one."""
    if not _strings(value) or not value or any(item.count("/") != 1 for item in value):
        raise ValidationError(
            _('Lessons are a list such as ["stud/the-game", "stud/hand-rankings"].'),
            code="lessons",
        )


# What the rule content holds (the database) ---------------------------------------------


def _missing(kind: str, keys: list[str]) -> list[str]:
    from rules.rendering import content_index

    targets = content_index()
    return [key for key in keys if (kind, key) not in targets]


def _not_found(message: Any, missing: list[str]) -> ValidationError:
    return ValidationError(message, code="not_found", params={"value": ", ".join(missing)})


def validate_rule_step_exists(value: object) -> None:
    missing = _missing("step", [str(value)])
    if missing:
        raise _not_found(_("There is no rule step “%(value)s” (page/section/step)."), missing)


def validate_rule_steps_exist(value: object) -> None:
    if _strings(value):
        missing = _missing("step", value)
        if missing:
            raise _not_found(_("There is no rule step “%(value)s” (page/section/step)."), missing)


def validate_rule_section_exists(value: object) -> None:
    if value:
        missing = _missing("section", [str(value)])
        if missing:
            raise _not_found(_("There is no rule section “%(value)s” (page/section)."), missing)


def validate_rule_ids_exist(value: object) -> None:
    from rules.rendering import rule_target

    if isinstance(value, list):
        missing = [rule for rule in value if rule_target(str(rule)) is None]
        if missing:
            raise _not_found(_("No rule step teaches “%(value)s”."), missing)
