"""The out-of-cards quiz in Chromium: choose the deal, the opener and the card count by mouse
or keyboard, see the feedback swap in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tutorials.ids import question_id_parse
from tutorials.kinds import KINDS
from tutorials.kinds.out_of_cards import DEALS, OPENERS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QID = question_id_parse(kind="out-of-cards", game="stud", profile="tda", level="hard", seed=3)
QUESTION = KINDS["out-of-cards"].generate(QID)
PATH = "/en/practice/out-of-cards/stud/tda/hard/3/"
DEAL, OPENER, STUB = QUESTION.answer
WRONG_DEAL = next(deal for deal in DEALS if deal != DEAL)


def _click(page: Page, name: str, value: str) -> None:
    radio = page.locator(f'input[name="{name}"][value="{value}"]')
    page.locator(f'label[for="{radio.get_attribute("id")}"]').click()
    expect(radio).to_be_checked()


def _choose_by_keyboard(page: Page, name: str, value: str, options: list[str]) -> None:
    """Tab into the radio group (it lands on the first radio), then arrow down to the value."""
    page.keyboard.press("Tab")
    first = page.locator(f'input[name="{name}"]').first
    expect(first).to_be_focused()
    page.keyboard.press("Space")
    for _step in range(options.index(value)):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f'input[name="{name}"][value="{value}"]')).to_be_checked()


def _expect_feedback(page: Page, url: str, verdict: str) -> None:
    feedback = page.locator("#feedback")
    expect(feedback).to_have_attribute("role", "status")
    expect(feedback).to_contain_text(verdict)
    assert page.url == url


def test_right_answer_by_clicking_swaps_in_the_feedback(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + PATH
    page.goto(url)
    assert_no_axe_violations(page)
    _click(page, "deal", DEAL)
    _click(page, "opener", OPENER)
    page.get_by_label("How many cards are left").fill(str(STUB))
    page.get_by_role("button", name="Check my answer").click()
    _expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback")).to_contain_text(f"= {STUB}")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_wrong_answer_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + PATH
    page.goto(url)
    page.locator('input[name="deal"]').first.focus()
    page.keyboard.press("Space")
    deals = list(DEALS)
    for _step in range(deals.index(WRONG_DEAL)):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f'input[name="deal"][value="{WRONG_DEAL}"]')).to_be_checked()
    _choose_by_keyboard(page, "opener", OPENER, list(OPENERS))
    page.keyboard.press("Tab")
    expect(page.locator("#stub-count")).to_be_focused()
    page.keyboard.type(str(STUB))
    page.keyboard.press("Enter")
    _expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__given")).to_be_visible()
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + PATH
    page.goto(url)
    _click(page, "deal", DEAL)
    _click(page, "opener", OPENER)
    page.get_by_label("How many cards are left").fill(str(STUB))
    page.get_by_role("button", name="Check my answer").click()
    _expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/stud/out-of-cards/tournament-procedure/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + PATH
    page.goto(url)
    _click(page, "deal", WRONG_DEAL)
    _click(page, "opener", OPENER)
    page.get_by_label("How many cards are left").fill(str(STUB))
    page.get_by_role("button", name="Check my answer").click()
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Out of cards")
    # No axe run here: axe-core needs JavaScript (it would wait forever); the same markup is
    # checked with JavaScript on above.
