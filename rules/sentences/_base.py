"""What every sentence module shares: the fields a sentence may name, formatted for the active
language, and the two ways a sentence is built (fixed, or with a plural that follows a count)."""

from __future__ import annotations

from collections.abc import Callable

from django.utils.text import capfirst

from core import words
from core.numerals import NUMBER_FORMS, number_words
from rules.engine import Reason

__all__ = ["Fields", "Sentence", "counted", "fields", "fixed"]

type Sentence = Callable[[Reason], str]


# Each field a sentence may name, from the reason, formatted for the active language. A sentence
# names two or three of them: ``Fields`` formats a field only when the sentence asks for it.
_FIELDS: dict[str, Callable[[Reason], str]] = {
    "seat": lambda r: words.seat_name(r.seats[0]) if r.seats else "",
    "other_seat": lambda r: words.seat_name(r.seats[1]) if len(r.seats) > 1 else "",
    "seats": lambda r: words.seat_list(r.seats),
    "card": lambda r: words.card_name(r.cards[0]) if r.cards else "",
    "cards": lambda r: words.card_list(r.cards),
    "amount": lambda r: words.amount(r.amounts[0]) if r.amounts else "",
    "amount2": lambda r: words.amount(r.amounts[1]) if len(r.amounts) > 1 else "",
    "count": lambda r: str(r.amounts[0]) if r.amounts else "",
    "count2": lambda r: str(r.amounts[1]) if len(r.amounts) > 1 else "",
    "count3": lambda r: str(r.amounts[2]) if len(r.amounts) > 2 else "",
    "street": lambda r: words.street_name(r.params.get("street", "")),
    "game": lambda r: words.game_name(r.params.get("game", "")),
    "profile": lambda r: words.profile_name(r.params.get("profile", "")),
    "category": lambda r: words.category_name(r.params.get("category", "")),
    "other_category": lambda r: words.category_name(r.params.get("other_category", "")),
    "max_raises": lambda r: str(r.params.get("max_raises", "")),
    "players": lambda r: str(r.params.get("players", "")),
    "number": lambda r: str(int(str(r.params["index"])) + 1) if "index" in r.params else "",
}

# Counts a sentence may also name in words, in any form of core.numerals ("%(count_words)s",
# "%(players_allative)s"): small counts are spelled out in running prose.
_COUNTS = frozenset({"count", "count2", "count3", "max_raises", "players"})


def _count_in_words(fields: dict[str, str], key: str) -> str | None:
    """``count_words`` and the like: the count field in words, or None for another key."""
    base, _, form = key.rpartition("_")
    if base not in _COUNTS or form not in NUMBER_FORMS:
        return None
    digits = fields[base]
    return number_words(int(digits), form) if digits.isdigit() else digits


class Fields(dict[str, str]):
    """The fields of one reason, formatted when a sentence first names them (``%`` looks them
    up one by one), so a page of explanations formats only what it shows. Keys set or merged in
    (``fields(reason) | {"number": "2"}``) take precedence."""

    def __init__(self, reason: Reason, extra: dict[str, str] | None = None) -> None:
        super().__init__(extra or {})
        self.reason = reason

    def __missing__(self, key: str) -> str:
        in_words = _count_in_words(self, key)
        value = self[key] = _FIELDS[key](self.reason) if in_words is None else in_words
        return value

    def __or__(self, other: object) -> Fields:  # type: ignore[override]
        if not isinstance(other, dict):
            return NotImplemented
        return Fields(self.reason, {**self, **other})


def fields(reason: Reason) -> Fields:
    """Everything a sentence may mention, formatted for the active language on demand."""
    return Fields(reason)


def fixed(sentence: Callable[[], str]) -> Sentence:
    """A sentence filled from the reason's fields."""
    return lambda reason: sentence() % fields(reason)


def counted(sentence: Callable[[int], str], *, amount: int = 0) -> Sentence:
    """A sentence whose plural form follows ``reason.amounts[amount]``; it may start with a
    count in words ("Seven cards are left"), hence the capital."""
    return lambda reason: capfirst(sentence(int(reason.amounts[amount])) % fields(reason))
