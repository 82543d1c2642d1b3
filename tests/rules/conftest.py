"""Fixtures for the rules app: the real content loaded once per session, and a tiny content set."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import call_command

from rules.loading import CONTENT_DIR

FIXTURE_CONTENT = Path(__file__).resolve().parent / "fixture_content"


def real_content_dir() -> Path:
    """The content the site ships; the tiny fixture set until the merged files exist."""
    return CONTENT_DIR if (CONTENT_DIR / "pages").is_dir() else FIXTURE_CONTENT


@pytest.fixture(scope="session")
def django_db_setup(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> Iterator[None]:
    """Load the rule content into the test database once for the whole session."""
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        call_command("loadrules", content=real_content_dir(), verbosity=0)
    yield


@pytest.fixture
def fixture_content(tmp_path: Path, db: None) -> Path:
    """A private copy of the tiny content set, free to edit, and a database without content
    (the test's transaction brings the session's content back afterwards)."""
    from rules.models import Difference, GlossaryTerm, Page, Section, Step

    for model in (Step, Section, Page, GlossaryTerm, Difference):
        model.objects.all().delete()
        model.history.all().delete()
    target = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, target)
    return target
