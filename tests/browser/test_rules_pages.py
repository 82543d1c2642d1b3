"""The rule pages in a real Chromium: reading, switching language, dealing another example
with and without JavaScript, the glossary, the keyboard, and axe on every kind of page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.urls import localized

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LANGUAGES = ("sv", "da", "fi", "en")
EXAMPLE = "#example-bring_in-stud"


def test_read_a_game_page(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    page.goto(f"{live_server.url}/en/rules/stud/")
    expect(page.locator("h1")).to_have_text("Seven Card Stud")
    toc = page.locator("nav.toc")
    expect(toc.get_by_role("link")).not_to_have_count(0)
    toc.get_by_role("link", name=re.compile("brings in", re.I)).first.click()
    assert page.url.endswith("#forced-bets--who-brings-in")
    step = page.locator("#forced-bets--who-brings-in")
    expect(step.get_by_role("heading", level=3)).to_be_visible()
    assert "R-BRING-2" not in step.inner_text()  # learners read titles, not rule ids
    expect(page.locator(f"{EXAMPLE} .card").first).to_have_attribute("role", "img")
    assert console_errors == []


def test_switching_language_stays_on_the_same_page(
    page: Page, live_server: LiveServer, rules_content: None
) -> None:
    page.goto(f"{live_server.url}/en/rules/razz/forced-bets/who-brings-in/")
    for code, name in (("sv", "Svenska"), ("fi", "Suomi"), ("da", "Dansk")):
        page.locator(".language-switcher").get_by_role("link", name=name).click()
        expect(page.locator("html")).to_have_attribute("lang", code)
        assert page.url == live_server.url + localized(
            f"/{code}/rules/razz/forced-bets/who-brings-in/"
        )


def test_deal_another_example_swaps_in_place(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    page.goto(f"{live_server.url}/en/rules/stud/")
    page.wait_for_function("() => window.htmx !== undefined")
    page.evaluate("() => { window.__untouched = true; document.body.dataset.marker = 'kept'; }")
    example = page.locator(EXAMPLE)
    expect(example).to_have_attribute("data-seed", "1")
    other = page.locator("#example-deal-stud")
    other_html = other.inner_html()
    url = page.url
    with page.expect_response(re.compile(r"/en/rules/examples/bring_in/")) as response:
        page.locator(f"{EXAMPLE}-another").click()
    assert response.value.status == 200
    expect(example).to_have_attribute("data-seed", "2")
    expect(page.locator(EXAMPLE)).to_have_count(1)
    assert page.url == url  # no navigation: the rest of the page is untouched
    assert page.evaluate("() => window.__untouched === true")
    assert page.locator("body").get_attribute("data-marker") == "kept"
    assert other.inner_html() == other_html
    # the new button deals the next one
    page.locator(f"{EXAMPLE}-another").click()
    expect(example).to_have_attribute("data-seed", "3")
    assert console_errors == []


def test_deal_another_example_works_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    page = make_page(java_script_enabled=False)
    page.goto(f"{live_server.url}/sv/rules/stud/forced-bets/who-brings-in/")
    expect(page.locator(EXAMPLE)).to_have_attribute("data-seed", "1")
    page.locator(f"{EXAMPLE}-another").click()
    page.wait_for_url(re.compile(r"\?seed=2#example-bring_in-stud$"))
    assert localized("/sv/rules/stud/forced-bets/who-brings-in/") in page.url
    expect(page.locator(EXAMPLE)).to_have_attribute("data-seed", "2")


def test_keyboard_reaches_the_button_and_enter_deals_another(
    page: Page, live_server: LiveServer, rules_content: None
) -> None:
    page.goto(f"{live_server.url}/fi/rules/stud/forced-bets/who-brings-in/")
    page.wait_for_function("() => window.htmx !== undefined")
    button_id = "example-bring_in-stud-another"
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.id") == button_id:
            break
    else:
        pytest.fail("Tab never reached the deal-another button")
    page.keyboard.press("Enter")
    expect(page.locator(EXAMPLE)).to_have_attribute("data-seed", "2")
    assert page.url.endswith(localized("/fi/rules/stud/forced-bets/who-brings-in/"))
    # focus stays on the (new) button, so Enter again deals the next one
    expect(page.locator(f"#{button_id}")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(EXAMPLE)).to_have_attribute("data-seed", "3")


def test_glossary_page_and_term_anchors(
    page: Page, live_server: LiveServer, rules_content: None
) -> None:
    page.goto(f"{live_server.url}/da/rules/glossary/")
    expect(page.locator("html")).to_have_attribute("lang", "da")
    entries = page.locator(".glossary__entry")
    expect(entries).not_to_have_count(0)
    page.goto(f"{live_server.url}/da/rules/glossary/#bring-in")
    expect(page.locator("#bring-in")).to_be_in_viewport()
    page.locator("#bring-in dt a").click()
    assert page.url == live_server.url + localized("/da/rules/glossary/bring-in/")
    expect(page.locator("h1")).to_be_visible()
    page.locator(f"main a[href='{localized('/da/rules/glossary/')}#bring-in']").click()
    assert page.url.endswith(localized("/da/rules/glossary/#bring-in"))


PAGE_KINDS = {
    "game": "rules/stud8/",
    "common": "rules/hand-rankings/",
    "step": "rules/razz/showdown/reading-a-low/",
    "glossary": "rules/glossary/",
    "differences": "rules/differences/",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_axe_violations_on_each_kind_of_page(
    page: Page, live_server: LiveServer, rules_content: None, language: str
) -> None:
    for path in PAGE_KINDS.values():
        page.goto(f"{live_server.url}/{language}/{path}")
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert_no_axe_violations(page)
