"""Fixtures shared by every test: settings that tests need, whatever the environment says."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.http import HttpRequest
from django.test import RequestFactory, override_settings
from django.utils import translation

from tests.sitemap_pages import SitePages

# Playwright's sync API runs an event loop in the test thread; Django would then refuse the
# ORM calls that pytest-django's live_server tests make from that thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

LANGUAGE_CODES = tuple(code for code, _name in settings.LANGUAGES)


def pytest_configure(config: pytest.Config) -> None:
    """Compile the catalogues that are missing or stale, so `pytest` alone sees translations.

    Lenient on purpose (fuzzy and empty entries are left out, as msgfmt does): the strict
    check is `manage.py compiletranslations`, run by `make test` and by
    tests/site/test_compiletranslations.py.
    """
    for locale_path in settings.LOCALE_PATHS:
        for po_path in Path(locale_path).glob("*/LC_MESSAGES/*.po"):
            mo_path = po_path.with_suffix(".mo")
            if not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime:
                polib.pofile(str(po_path)).save_as_mofile(str(mo_path))


@pytest.fixture(autouse=True, scope="session")
def _static_files_without_manifest(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Serve static files by their plain names from the source folders, so tests need no
    `collectstatic` even when DJANGO_DEBUG is off (production serves the hashed, compressed
    copies that `collectstatic` writes to STATIC_ROOT), and refuse a name no folder holds, as
    production's manifest does (tests/static_storage.py)."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "tests.static_storage.StrictStaticFilesStorage"},
    }
    static_root = tmp_path_factory.mktemp("staticfiles")
    with override_settings(STORAGES=storages, STATIC_ROOT=static_root):
        yield


@pytest.fixture(autouse=True, scope="session")
def _fast_password_hasher() -> Iterator[None]:
    """Tests that make a user (``admin_client``) hash its password with a fast hasher: the
    production one takes most of a second on purpose. For the tests only."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the default language: a request through the test client leaves
    its page's language active in the thread (LocaleMiddleware does not undo it)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(params=LANGUAGE_CODES)
def language(request: pytest.FixtureRequest) -> str:
    """Each of the site's languages in turn: sv, da, fi, en."""
    return str(request.param)


@pytest.fixture(scope="session")
def site_pages(django_db_setup: None, django_db_blocker: object) -> SitePages:
    """Every page of the sitemap, rendered once a session and shared by the audits that read
    them all (tests/sitemap_pages.py). The requesting test's ``django_db_setup`` loads the
    content; without content the sitemap would list almost nothing, and the audits say so."""
    return SitePages(django_db_blocker)


@pytest.fixture
def learner_request(db: None) -> HttpRequest:
    """A request from a browser new to the site, for calling the progress functions
    (``learners.store``) as a view would: the record the first change makes stays this
    request's for the calls after it."""
    from django.contrib.sessions.backends.signed_cookies import SessionStore

    request = RequestFactory().get("/")
    request.session = SessionStore()
    return request


@pytest.fixture(autouse=True)
def _no_page_kept_from_another_test() -> Iterator[None]:
    """Whole pages (core.pagecache) and the rules' link index are kept by content version, which
    a test's rolled-back transaction sets back: what one test kept must not answer the next."""
    from django.core.cache import caches

    from rules.rendering import content_index

    caches["pages"].clear()
    content_index.cache_clear()  # the link index kept at that version, too
    yield
