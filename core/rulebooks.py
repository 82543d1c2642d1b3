"""Rule profiles by the names URLs and forms carry: a rulebook's ("robert", "tda", ...) or a
club's house rules ("house-K7Q2XM", stored by the kit app, which adds them as a source of the
engine's ``get_profile`` at start-up): the one check every app makes of such a name."""

from __future__ import annotations

import re
from typing import Final

from rules.engine import PROFILES, get_profile

__all__ = ["HOUSE_CODE", "HOUSE_PREFIX", "house_code", "rulebook_known", "rulebook_names"]

HOUSE_PREFIX: Final = "house-"
#: A house rules code: six letters and digits, without 0 O 1 I (read aloud at a table).
HOUSE_CODE: Final = re.compile(r"[A-HJ-NP-Z2-9]{6}")


def house_code(name: object) -> str | None:
    """The code of house rules named ``name`` ("house-K7Q2XM" -> "K7Q2XM"), else ``None``.

    >>> house_code("house-K7Q2XM"), house_code("robert"), house_code("house-k7q2xm")
    ('K7Q2XM', None, None)
    """
    text = str(name)
    if not text.startswith(HOUSE_PREFIX):
        return None
    code = text.removeprefix(HOUSE_PREFIX)
    return code if HOUSE_CODE.fullmatch(code) else None


def rulebook_known(name: str) -> bool:
    """Whether ``name`` names a rulebook or house rules that exist."""
    try:
        get_profile(name)
    except ValueError:
        return False
    return True


def rulebook_names(current: str = "") -> list[str]:
    """Each rulebook's name for a choice, and ``current`` too when it names house rules that
    exist (so a form shows what the page plays by)."""
    return [*PROFILES, *([current] if house_code(current) and rulebook_known(current) else [])]
