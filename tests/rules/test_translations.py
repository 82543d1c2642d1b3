"""The site catalogues: complete, and every placeholder kept."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest
from django.utils.translation import gettext, override

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
        wanted = set(PLACEHOLDER.findall(entry.msgid))
        for translation in translations:
            found = set(PLACEHOLDER.findall(translation))
            # a singular may spell out the count ("one more raise")
            assert found <= wanted | set(PLACEHOLDER.findall(entry.msgid_plural or "")), entry.msgid
            assert wanted - {"count", "counter"} <= found, (entry.msgid, translation)


def test_interface_strings_follow_the_language() -> None:
    with override("sv"):
        assert gettext("Deal another example") == "Dela ut ett nytt exempel"
    with override("fi"):
        assert gettext("Glossary") == "Sanasto"
