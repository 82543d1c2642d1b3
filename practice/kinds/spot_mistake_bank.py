"""The statement bank of "spot the mistake", as data: ``practice/content/spot_mistake_bank.yaml``
module, loaded and checked once at import. Each statement has its text and correction in the
four languages, its truth (or its truth under each rule profile), the rules it cites and the
step that teaches it.

The bank holds the real errors of the source pages (rules-facts section 10), true statements
that sound wrong, and statements whose truth depends on the rulebook (section 13). Where a
rulebook leaves the question open (the TDA's number of raises is a house limit), the truth under
that profile is ``None`` and the statement is never asked under it: "true" would teach a rule
that rulebook does not have, and "false" one it does not break.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

import yaml
from django.utils.translation import get_language

from practice.quiz import Level
from rules.engine import PROFILES, Game

__all__ = ["BANK", "LANGUAGES", "Statement", "Texts", "load_bank"]

LANGUAGES: Final = ("sv", "da", "fi", "en")
BANK_FILE: Final = Path(__file__).resolve().parents[1] / "content" / "spot_mistake_bank.yaml"
_STEP = re.compile(r"^[a-z0-9-]+/[a-z0-9-]+/[a-z0-9-]+$")


class Texts(dict[str, str]):
    """One text in the four languages; ``str()`` gives it in the active language (English when
    the language is not one of the four), so templates and sentences use it like a string."""

    def __str__(self) -> str:
        language = (get_language() or "en").split("-")[0]
        return self.get(language) or self["en"]

    def __html__(self) -> str:  # plain text, escaped by the template like any string
        from django.utils.html import escape

        return str(escape(str(self)))


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of the bank, and what makes it true or false."""

    key: str
    text: Texts
    #: True/False, or the truth under each rule profile when the rulebooks disagree (``None``:
    #: that rulebook leaves it open, so the statement is not asked under it).
    truth: bool | Mapping[str, bool | None]
    correction: Texts
    rules: tuple[str, ...]
    games: tuple[Game, ...]
    level: Level
    #: The rule step that teaches it: "page/section/step", or one per game.
    step: str | Mapping[Game, str]
    #: A mistake one of the source pages makes (rules-facts section 10).
    source_error: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.truth, Mapping) and set(self.truth) != set(PROFILES):
            raise ValueError(f"statement {self.key!r} must give its truth for every profile")
        if not self.rules or not all(rule.startswith("R-") for rule in self.rules):
            raise ValueError(f"statement {self.key!r} needs rule ids")

    @property
    def profile_dependent(self) -> bool:
        return isinstance(self.truth, Mapping)

    def truth_under(self, profile: str) -> bool | None:
        """True or False under ``profile``; None where that rulebook leaves the question open
        (and under house rules, whose answers the bank does not know)."""
        if isinstance(self.truth, Mapping):
            return self.truth.get(profile)
        return self.truth

    def asked_under(self, profile: str) -> bool:
        return self.truth_under(profile) is not None

    def is_true(self, profile: str) -> bool:
        truth = self.truth_under(profile)
        if truth is None:
            raise ValueError(f"statement {self.key!r} is not asked under {profile!r}")
        return truth

    def step_for(self, game: Game) -> str:
        return self.step if isinstance(self.step, str) else self.step[game]


def _texts(key: str, field: str, value: Any) -> Texts:
    if not isinstance(value, dict) or set(value) != set(LANGUAGES):
        raise ValueError(f"statement {key!r}: {field} needs exactly {', '.join(LANGUAGES)}")
    for language, text in value.items():
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"statement {key!r}: {field} in {language!r} is empty")
    return Texts(value)


def _step(key: str, value: Any) -> str | Mapping[Game, str]:
    if isinstance(value, str):
        steps = [value]
        result: str | Mapping[Game, str] = value
    elif isinstance(value, dict) and {Game(game) for game in value} == set(Game):
        steps = list(value.values())
        result = MappingProxyType({Game(game): step for game, step in value.items()})
    else:
        raise ValueError(f"statement {key!r}: step must be one path or one per game")
    for step in steps:
        if not isinstance(step, str) or not _STEP.match(step):
            raise ValueError(f"statement {key!r}: {step!r} is not a page/section/step path")
    return result


def _statement(raw: Any) -> Statement:
    if not isinstance(raw, dict):
        raise ValueError(f"a statement must be a mapping, not {raw!r}")
    key = raw.get("key")
    if not isinstance(key, str) or not key:
        raise ValueError(f"a statement needs a key: {raw!r}")
    known = {"key", "text", "truth", "correction", "rules", "games", "level", "step"}
    unknown = set(raw) - known - {"source_error"}
    if unknown or not known <= set(raw):
        raise ValueError(f"statement {key!r}: fields {sorted(raw)!r}, expected {sorted(known)!r}")
    truth = raw["truth"]
    if isinstance(truth, dict):
        if not all(value is None or isinstance(value, bool) for value in truth.values()):
            raise ValueError(f"statement {key!r}: truth per profile must be true, false or null")
        truth = MappingProxyType(dict(truth))
    elif not isinstance(truth, bool):
        raise ValueError(f"statement {key!r}: truth must be true, false or one per profile")
    return Statement(
        key=key,
        text=_texts(key, "text", raw["text"]),
        truth=truth,
        correction=_texts(key, "correction", raw["correction"]),
        rules=tuple(raw["rules"]),
        games=tuple(Game(game) for game in raw["games"]),
        level=Level(raw["level"]),
        step=_step(key, raw["step"]),
        source_error=bool(raw.get("source_error", False)),
    )


def load_bank(path: Path = BANK_FILE) -> tuple[Statement, ...]:
    """Read and check the bank; ``ValueError`` names the statement and field at fault."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("statements"), list):
        raise ValueError(f"{path.name}: expected a list under 'statements'")
    bank = tuple(_statement(raw) for raw in data["statements"])
    keys = [statement.key for statement in bank]
    twice = sorted({key for key in keys if keys.count(key) > 1})
    if twice:
        raise ValueError(f"{path.name}: keys used twice: {twice!r}")
    return bank


BANK: Final[tuple[Statement, ...]] = load_bank()
