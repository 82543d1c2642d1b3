"""compiletranslations: .po to .mo with polib, refusing fuzzy or untranslated entries."""

from __future__ import annotations

import gettext
from pathlib import Path

import polib
import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings


def write_po(locale: Path, language: str, entries: list[polib.POEntry]) -> Path:
    folder = locale / language / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = polib.POFile()
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8", "Language": language}
    for entry in entries:
        po.append(entry)
    path = folder / "django.po"
    po.save(str(path))
    return path


def test_compiles_every_catalogue(tmp_path: Path) -> None:
    write_po(tmp_path, "sv", [polib.POEntry(msgid="Glossary", msgstr="Ordlista")])
    write_po(
        tmp_path,
        "fi",
        [polib.POEntry(msgctxt="card suit", msgid="clubs", msgstr="risti")],
    )
    with override_settings(LOCALE_PATHS=[tmp_path]):
        call_command("compiletranslations", verbosity=0)
    sv = gettext.GNUTranslations((tmp_path / "sv/LC_MESSAGES/django.mo").open("rb"))
    assert sv.gettext("Glossary") == "Ordlista"
    fi = gettext.GNUTranslations((tmp_path / "fi/LC_MESSAGES/django.mo").open("rb"))
    assert fi.pgettext("card suit", "clubs") == "risti"


def test_refuses_fuzzy_entries(tmp_path: Path) -> None:
    fuzzy = polib.POEntry(msgid="Glossary", msgstr="Ordlista", flags=["fuzzy"])
    write_po(tmp_path, "sv", [fuzzy])
    with override_settings(LOCALE_PATHS=[tmp_path]), pytest.raises(CommandError, match="fuzzy"):
        call_command("compiletranslations", verbosity=0)
    assert not (tmp_path / "sv/LC_MESSAGES/django.mo").exists()


def test_refuses_untranslated_entries_and_names_them(tmp_path: Path) -> None:
    write_po(tmp_path, "da", [polib.POEntry(msgid="Practise", msgstr="")])
    with (
        override_settings(LOCALE_PATHS=[tmp_path]),
        pytest.raises(CommandError, match="untranslated: msgid 'Practise'"),
    ):
        call_command("compiletranslations", verbosity=0)


def test_refuses_half_translated_plurals(tmp_path: Path) -> None:
    plural = polib.POEntry(
        msgid="%(n)s card", msgid_plural="%(n)s cards", msgstr_plural={0: "%(n)s kort", 1: ""}
    )
    write_po(tmp_path, "sv", [plural])
    with override_settings(LOCALE_PATHS=[tmp_path]), pytest.raises(CommandError, match="plural"):
        call_command("compiletranslations", verbosity=0)


def test_the_site_catalogues_are_complete() -> None:
    """The real catalogues in locale/ have no fuzzy or untranslated entries."""
    call_command("compiletranslations", "--check", verbosity=0)
