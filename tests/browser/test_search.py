"""Search in a real Chromium: active search by keyboard on the search page and in the header,
the same URL without JavaScript, and axe on the search page in four languages."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.urls import localized

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _focused_text(page: Page) -> str:
    return page.evaluate("document.activeElement.textContent.trim()")


def test_active_search_by_keyboard_on_the_search_page(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    page.goto(f"{live_server.url}/en/search/")
    field = page.locator("#search-page-q")
    field.focus()
    field.press_sequentially("raisin", delay=40)
    results = page.locator("#search-results .search-hit__link")
    expect(results.first).to_be_visible()
    expect(page.locator("#search-status")).to_contain_text("results for “raisin”")
    # The address follows the query, so the page can be shared or reloaded.
    expect(page).to_have_url(re.compile(r"/en/search/\?q=raisin$"))
    count = results.count()
    assert count >= 3
    first, second = results.nth(0).text_content() or "", results.nth(1).text_content() or ""

    page.keyboard.press("ArrowDown")
    assert _focused_text(page) == first.strip()
    page.keyboard.press("ArrowDown")
    assert _focused_text(page) == second.strip()
    page.keyboard.press("ArrowUp")
    assert _focused_text(page) == first.strip()
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.id") == "search-page-q"

    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    href = page.evaluate("document.activeElement.getAttribute('href')")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(re.escape(href.split("#")[0])))
    assert console_errors == []


def test_header_box_lists_results_as_you_type(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    page.goto(f"{live_server.url}/fi/rules/")
    field = page.locator("#site-search-q")
    field.focus()
    field.press_sequentially("bring-inin", delay=30)
    panel = page.locator("#site-search-panel .search-panel__link")
    expect(panel.first).to_be_visible()
    expect(page.locator("#site-search-panel")).to_contain_text("Bring-in")
    page.keyboard.press("ArrowDown")
    href = page.evaluate("document.activeElement.getAttribute('href')")
    assert href.startswith(localized("/fi/rules/"))
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.id") == "site-search-q"
    expect(page.locator("#site-search-panel")).to_be_empty()
    # Enter in the field opens the full results page (the form's plain GET).
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/fi/haku/\?q=bring-inin$"))
    expect(page.locator("#search-results .search-hit").first).to_be_visible()
    assert console_errors == []


def test_search_works_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    page = make_page(java_script_enabled=False)
    page.goto(f"{live_server.url}/sv/search/")
    page.locator("#search-page-q").fill("korten")
    page.locator(".search-form__button").click()
    expect(page).to_have_url(re.compile(r"/sv/sok/\?q=korten$"))
    expect(page.locator("#search-results mark").first).to_be_visible()


@pytest.mark.parametrize(
    ("language", "query"),
    [("sv", "korten"), ("da", "kortene"), ("fi", "bring-inin"), ("en", "brng in")],
)
def test_no_axe_violations_on_the_search_page(
    page: Page, live_server: LiveServer, rules_content: None, language: str, query: str
) -> None:
    page.goto(f"{live_server.url}/{language}/search/")
    assert_no_axe_violations(page)
    page.goto(f"{live_server.url}/{language}/search/?q={query}")
    expect(page.locator("#search-status")).not_to_be_empty()
    assert_no_axe_violations(page)
    # With the header's list open.
    page.locator("#site-search-q").press_sequentially(query[:5], delay=30)
    expect(page.locator("#site-search-panel .search-panel")).to_be_visible()
    assert_no_axe_violations(page)
