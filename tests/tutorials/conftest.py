"""The course tests need the real rule content (lessons name its steps) and the course itself."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.management import call_command

from tests.rules.conftest import real_content_dir


@pytest.fixture(scope="session")
def django_db_setup(
    django_db_setup: None, django_db_blocker: pytest.FixtureRequest
) -> Iterator[None]:
    """Load the rule content and the course into the test database once for the session."""
    with django_db_blocker.unblock():  # type: ignore[attr-defined]
        call_command("loadrules", content=real_content_dir(), verbosity=0)
        call_command("loadcourse", verbosity=0)
    yield
