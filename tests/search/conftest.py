"""Fixtures for search: the real rule content, loaded once per session, which builds the index."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.management import call_command

from rules.loading import CONTENT_DIR


@pytest.fixture(scope="session")
def django_db_setup(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> Iterator[None]:
    """Load the rule content (and so the search index, built when the load commits)."""
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        call_command("loadrules", content=CONTENT_DIR, verbosity=0)
    yield
