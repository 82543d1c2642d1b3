"""What every sentence module shares: the fields a sentence may name, formatted for the active
language, and the two ways a sentence is built (fixed, or with a plural that follows a count)."""

from __future__ import annotations

from collections.abc import Callable

from core import words
from rules.engine import Reason

__all__ = ["Sentence", "counted", "fields", "fixed"]

type Sentence = Callable[[Reason], str]


def fields(reason: Reason) -> dict[str, str]:
    """Everything a sentence may mention, formatted for the active language."""
    seats, cards, amounts, params = reason.seats, reason.cards, reason.amounts, reason.params
    values = {
        "seat": words.seat_name(seats[0]) if seats else "",
        "other_seat": words.seat_name(seats[1]) if len(seats) > 1 else "",
        "seats": words.seat_list(seats),
        "card": words.card_name(cards[0]) if cards else "",
        "cards": words.card_list(cards),
        "amount": words.amount(amounts[0]) if amounts else "",
        "amount2": words.amount(amounts[1]) if len(amounts) > 1 else "",
        "count": str(amounts[0]) if amounts else "",
        "count2": str(amounts[1]) if len(amounts) > 1 else "",
        "count3": str(amounts[2]) if len(amounts) > 2 else "",
        "street": words.street_name(params.get("street", "")),
        "game": words.game_name(params.get("game", "")),
        "profile": words.profile_name(params.get("profile", "")),
        "category": words.category_name(params.get("category", "")),
        "other_category": words.category_name(params.get("other_category", "")),
        "max_raises": str(params.get("max_raises", "")),
        "players": str(params.get("players", "")),
        "number": str(int(str(params.get("index", 0))) + 1 if "index" in params else ""),
    }
    return values


def fixed(sentence: Callable[[], str]) -> Sentence:
    """A sentence filled from the reason's fields."""
    return lambda reason: sentence() % fields(reason)


def counted(sentence: Callable[[int], str], *, amount: int = 0) -> Sentence:
    """A sentence whose plural form follows ``reason.amounts[amount]``."""
    return lambda reason: sentence(int(reason.amounts[amount])) % fields(reason)
