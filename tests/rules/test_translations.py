"""The site catalogues: complete, and every placeholder kept."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils.translation import gettext, override

from core.numerals import NUMBER_FORMS

LOCALE = Path(__file__).resolve().parents[2] / "locale"
PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("language", ["sv", "da", "fi"])
def test_the_catalogue_is_complete_and_keeps_placeholders(language: str) -> None:
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    assert len(po) > 200
    for entry in po:
        if entry.obsolete:
            continue
        assert not entry.fuzzy, entry.msgid
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        assert all(translations), entry.msgid
        wanted = {_count_base(name) for name in PLACEHOLDER.findall(entry.msgid)}
        allowed = set(PLACEHOLDER.findall(entry.msgid + (entry.msgid_plural or "")))
        for translation in translations:
            found = set(PLACEHOLDER.findall(translation))
            # a singular may spell out the count ("one more raise"), and a count in words may
            # take whichever form of it the language needs ("%(players_allative)s")
            assert {_count_form_of(name, allowed) for name in found} <= allowed, entry.msgid
            found_bases = {_count_base(name) for name in found}
            assert wanted - {"count", "counter"} <= found_bases, (entry.msgid, translation)


def _count_base(name: str) -> str:
    """``players_allative`` -> ``players``: any form of a count in words (core.numerals)."""
    base, _, form = name.rpartition("_")
    return base if base and form in NUMBER_FORMS else name


def _count_form_of(name: str, allowed: set[str]) -> str:
    """A count's word form stands for the msgid's word form of the same count, if any."""
    base = _count_base(name)
    if base == name:
        return name
    return next((other for other in allowed if other != base and _count_base(other) == base), name)


def test_interface_strings_follow_the_language() -> None:
    with override("sv"):
        assert gettext("Deal another example") == "Dela ut ett nytt exempel"
    with override("fi"):
        assert gettext("Glossary") == "Sanasto"
