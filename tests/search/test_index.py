"""The index follows the content: admin saves and deletes, loadrules, and the command."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import Client
from django.utils.translation import override
from pytest_django import DjangoCaptureOnCommitCallbacks

from rules.models import GlossaryTerm, Step
from search.models import SearchEntry
from search.services import search_query
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _keys(language: str, query: str) -> list[str]:
    with override(language):
        return [r.key for r in search_query(query=query, language=language).results]


def test_every_text_is_indexed_in_every_language() -> None:
    texts = Step.objects.count() + GlossaryTerm.objects.count()
    for language in ("sv", "da", "fi", "en"):
        assert SearchEntry.objects.filter(language=language).count() > texts


def test_a_saved_edit_is_found_after_commit(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    step = Step.objects.get(slug="who-brings-in", section__page__slug="stud")
    assert _keys("sv", "zebrakort") == []
    with django_capture_on_commit_callbacks(execute=True):
        step.title_sv = "Zebrakorten lägger bring-in"
        step.save()
    # First the step itself; then texts that link to it (a link reads as the step's title).
    assert _keys("sv", "zebrakort")[0] == "stud/forced-bets/who-brings-in"
    assert _keys("en", "zebrakort") == []


def test_a_deleted_term_is_gone_after_commit(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    assert "misdeal" in _keys("en", "misdeal")
    with django_capture_on_commit_callbacks(execute=True):
        GlossaryTerm.objects.get(slug="misdeal").delete()
    assert "misdeal" not in _keys("en", "misdeal")


def test_one_rebuild_per_transaction(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    with (
        django_capture_on_commit_callbacks() as callbacks,
        transaction.atomic(),
    ):
        for term in GlossaryTerm.objects.all()[:5]:
            term.save()
    # One search rebuild, whatever else runs on commit (the content version's bump).
    rebuilds = [c for c in callbacks if c.__name__ == "_rebuild_after_commit"]
    assert len(rebuilds) == 1


def test_loadrules_edit_reaches_the_index(
    tmp_path: Path, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    from rules.loading import CONTENT_DIR

    content = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, content)
    glossary = content / "glossary.yaml"
    glossary.write_text(
        glossary.read_text(encoding="utf-8").replace("fi: Väärä jako", "fi: Väärä kvokkajako"),
        encoding="utf-8",
    )
    with django_capture_on_commit_callbacks(execute=True):
        call_command("loadrules", content=content, verbosity=0, stdout=StringIO())
    assert "misdeal" in _keys("fi", "kvokkajako")


def test_searchindex_command() -> None:
    out = StringIO()
    call_command("searchindex", stdout=out)
    assert "searchindex:" in out.getvalue()
    assert SearchEntry.objects.count() == int(out.getvalue().split(":")[1].split()[0])


def test_search_page_shows_an_admin_edit(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    term = GlossaryTerm.objects.get(slug="ante")
    with django_capture_on_commit_callbacks(execute=True):
        term.definition_da = term.definition_da + " Hvalrosindsats."
        term.save()
    html = client.get(localized("/da/search/"), {"q": "hvalrosindsats"}).content.decode()
    assert localized("/da/rules/glossary/ante/") in html
