"""Browser fixtures: Debian's Chromium driven by Playwright, and an axe accessibility check.

Playwright cannot download its own browsers here, so it launches the system Chromium
(``/usr/bin/chromium``, or ``$CHROMIUM``). A missing Chromium fails the tests: it never skips
them. Mark browser tests ``@pytest.mark.browser`` and use pytest-django's ``live_server``::

    @pytest.mark.browser
    def test_home(page, live_server, console_errors):
        page.goto(f"{live_server.url}/en/")
        assert_no_axe_violations(page)
        assert console_errors == []
"""

from __future__ import annotations

import functools
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.management import call_command
from django.db import connection
from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Frame,
    Locator,
    Page,
    Playwright,
    expect,
    sync_playwright,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

CHROMIUM_ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
_CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def chromium_path() -> str:
    """The Chromium to drive: ``$CHROMIUM`` if set, else Debian's; fails the test if none."""
    chosen = os.environ.get("CHROMIUM", "")
    candidates = [chosen] if chosen else [*_CHROMIUM_CANDIDATES, shutil.which("chromium")]
    for candidate in candidates:
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return candidate
    pytest.fail(
        "Chromium is missing: install Debian's chromium package (`make browser`) "
        "or set CHROMIUM=/path/to/chromium",
        pytrace=False,
    )


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as instance:
        yield instance


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(
        executable_path=chromium_path(), headless=True, args=list(CHROMIUM_ARGS)
    )
    yield chromium
    chromium.close()


# Milliseconds a browser step may wait: two test processes and their browsers share two cores.
TIMEOUT = 20_000

# Every page asks for reduced motion, so the site's scripts jump to what is new instead of
# scrolling smoothly, and a click never races a scroll (under load one landed beside its link,
# three times in three different tests). A test of the smooth scroll itself passes
# reduced_motion="no-preference" to make_page.
QUIET: Literal["reduce"] = "reduce"
expect.set_options(timeout=TIMEOUT)

# Headless Chromium now and then stops running animation frames on a page for a while, the
# page otherwise alive (seen once in CI: a click waited its whole 20 s for the element to hold
# still, the check Playwright makes over two frames, and no frame came). Not a fault of the
# site, and no test here is about frames: waits poll on a timer, and a click or check that
# times out while the page runs no frames is made again once the element is shown visible
# and enabled, without the frame-based check. While frames run, nothing changes.
POLL_MS = 20
FIRST_TRY = 10_000


def _frames_run(page: Page) -> bool:
    return bool(
        page.evaluate(
            """() => new Promise((done) => {
                requestAnimationFrame(() => done(true));
                setTimeout(() => done(false), 1000);
            })"""
        )
    )


def _patient(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def act(self: Page | Locator, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("force") or kwargs.get("timeout") is not None:
            return method(self, *args, **kwargs)
        try:
            return method(self, *args, **kwargs, timeout=FIRST_TRY)
        except PlaywrightTimeoutError:
            page = self if isinstance(self, Page) else self.page
            if _frames_run(page):
                return method(self, *args, **kwargs)  # the rest of the usual wait
            target = self.locator(args[0]) if isinstance(self, Page) else self
            expect(target).to_be_visible()
            expect(target).to_be_enabled()
            return method(self, *args, **kwargs, force=True)

    return act


def _timer_polled(method: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(method)
    def wait(self: Page | Frame, *args: Any, **kwargs: Any) -> Any:
        kwargs.setdefault("polling", POLL_MS)
        return method(self, *args, **kwargs)

    return wait


@pytest.fixture(scope="session", autouse=True)
def _frames_need_not_run() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for cls, name in ((Locator, "click"), (Locator, "check"), (Page, "click")):
            patch.setattr(cls, name, _patient(getattr(cls, name)))
        for waiter in (Page, Frame):
            patch.setattr(waiter, "wait_for_function", _timer_polled(waiter.wait_for_function))
        yield


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page in its own context (no cookies shared between tests), English browser,
    reduced motion (see ``QUIET``)."""
    context = browser.new_context(
        locale="en-GB", viewport={"width": 1280, "height": 900}, reduced_motion=QUIET
    )
    context.set_default_timeout(TIMEOUT)
    new_page = context.new_page()
    yield new_page
    context.close()


@pytest.fixture
def make_page(browser: Browser) -> Iterator[Callable[..., Page]]:
    """A factory for pages with other browser settings, closed after the test:
    ``make_page(locale="fi-FI")``, ``make_page(java_script_enabled=False)``."""
    contexts: list[BrowserContext] = []

    def factory(**context_options: Any) -> Page:
        context = browser.new_context(
            **{"locale": "en-GB", "reduced_motion": QUIET, **context_options}
        )
        context.set_default_timeout(TIMEOUT)
        contexts.append(context)
        return context.new_page()

    yield factory
    for context in contexts:
        context.close()


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of ``page`` (CSP violations show up here).

    Request this fixture before navigating, so it sees everything from the first load."""
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(message.text)

    def on_page_error(error: Error) -> None:
        errors.append(f"uncaught: {error.message}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    return errors


def assert_no_axe_violations(
    page: Page, *, context: str | list[str] | dict[str, object] | None = None
) -> None:
    """Run axe-core on the page (or on ``context``, a selector) and fail with the details of
    every violation found."""
    results = Axe().run(page, context=context)
    if results.violations_count:
        details = []
        for violation in results.response["violations"]:
            targets = ", ".join(
                " ".join(node.get("target", [])) for node in violation.get("nodes", [])
            )
            details.append(
                f"- {violation['id']} ({violation.get('impact')}): {violation['help']}\n"
                f"  on {targets}\n  {violation.get('helpUrl', '')}"
            )
        pytest.fail(
            f"{results.violations_count} accessibility violation(s) on {page.url}:\n"
            + "\n".join(details)
            + "\n\n"
            + results.generate_report(),
            pytrace=False,
        )


@pytest.fixture
def check_axe() -> object:
    """``assert_no_axe_violations`` as a fixture, for tests that prefer not to import it."""
    return assert_no_axe_violations


# The database as the first content-loading test of this process left it, right after loading.
_LOADED: dict[str, sqlite3.Connection] = {}


@pytest.fixture
def rules_content(transactional_db: None) -> None:
    """The shipped rule texts and course in the live server's database, which pytest-django
    empties after every browser test.

    The first test in a process loads them (``loadrules``, which also builds the search index,
    then ``loadcourse``: seconds) and keeps a copy of the whole database; later tests copy it
    back with SQLite's backup API (milliseconds). On another database it loads every time."""
    if connection.vendor != "sqlite":
        _load_content()
        return
    connection.ensure_connection()
    raw = connection.connection
    assert isinstance(raw, sqlite3.Connection)
    kept = _LOADED.get(connection.settings_dict["NAME"])
    if kept is not None:
        kept.backup(raw)
        return
    _load_content()
    kept = sqlite3.connect(":memory:", check_same_thread=False)
    raw.backup(kept)
    _LOADED[connection.settings_dict["NAME"]] = kept


def _load_content() -> None:
    call_command("loadrules", verbosity=0)
    call_command("loadcourse", verbosity=0)
