"""Every translated text was read by a native reader since it last changed (core/ledger.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings

from core.ledger import LANGUAGES, ledger_items, ledger_unreviewed, ledger_write


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_text_reviewed_since_it_changed(lang: str) -> None:
    unreviewed = ledger_unreviewed(lang)
    listing = "\n".join(f"  {item.id}: {item.text[:80]!r}" for item in unreviewed[:40])
    assert not unreviewed, (
        f"{len(unreviewed)} {lang} text(s) new or changed since a native reader read them "
        f"(read them, then `manage.py reviewledger {lang} --accept`):\n{listing}"
    )


def test_ledger_ids_are_unique() -> None:
    for lang in LANGUAGES:
        ids = [item.id for item in ledger_items(lang)]
        assert len(ids) == len(set(ids)), lang


def test_an_edited_text_becomes_unreviewed(tmp_path: Path) -> None:
    root = Path(settings.BASE_DIR)
    (tmp_path / "locale" / "sv" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(root / "locale/sv/LC_MESSAGES/django.po", tmp_path / "locale/sv/LC_MESSAGES/")
    content = tmp_path / "rules" / "content"
    content.mkdir(parents=True)
    page = content / "page.yaml"
    page.write_text("title:\n  sv: Kortet\n  en: The card\n", encoding="utf-8")
    ledger_write("sv", ledger_items("sv", root=tmp_path), root=tmp_path)
    assert ledger_unreviewed("sv", root=tmp_path) == []

    page.write_text("title:\n  sv: Kortet ändrat\n  en: The card\n", encoding="utf-8")
    unreviewed = ledger_unreviewed("sv", root=tmp_path)
    assert [item.id for item in unreviewed] == ["content:rules/content/page.yaml:title"]
    assert unreviewed[0].english == "The card"
