"""Fixtures shared by every test: settings that tests need, whatever the environment says."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import override_settings

# Playwright's sync API runs an event loop in the test thread; Django would then refuse the
# ORM calls that pytest-django's live_server tests make from that thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)


@pytest.fixture(autouse=True, scope="session")
def _static_files_without_manifest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Serve static files by their plain names from the source folders, so tests need no
    `collectstatic` even when DJANGO_DEBUG is off (production serves the hashed, compressed
    copies that `collectstatic` writes to STATIC_ROOT)."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    static_root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STORAGES=storages, STATIC_ROOT=static_root):
        yield


@pytest.fixture(params=LANGUAGE_CODES)
def language(request: pytest.FixtureRequest) -> str:
    """Each of the site's languages in turn: sv, da, fi, en."""
    return str(request.param)
