"""The split-the-pot quiz in Chromium: type each player's share by mouse or keyboard, see the
feedback swap in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_steps import expect_feedback, question_for, question_path, send

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Stud/8 with the pot split into halves (R-POT-1).
QUESTION = question_for("split-pot", "stud8", "easy", 3)
URL_PATH = question_path(QUESTION)
RIGHT = dict(QUESTION.answer)
WRONG = {seat: QUESTION.data["total"] if i == 0 else 0 for i, seat in enumerate(RIGHT)}


def fill_by_clicking(page: Page, shares: dict[int, int]) -> None:
    for seat, amount in shares.items():
        page.locator(f'label[for="share-{seat}"]').click()
        field = page.locator(f"#share-{seat}")
        expect(field).to_be_focused()
        field.fill(str(amount))


def fill_by_keyboard(page: Page, shares: dict[int, int]) -> None:
    """Tab from field to field typing each share, then Tab to the button and press Enter."""
    seats = list(shares)
    page.locator(f"#share-{seats[0]}").focus()
    for seat in seats:
        expect(page.locator(f"#share-{seat}")).to_be_focused()
        page.keyboard.type(str(shares[seat]))
        page.keyboard.press("Tab")
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_focused()
    page.keyboard.press("Enter")


def test_right_answer_by_clicking_swaps_in_the_feedback(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    assert_no_axe_violations(page)
    fill_by_clicking(page, RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .pot-table")).to_contain_text("Main pot")
    expect(page.locator("#feedback .card--used").first).to_be_visible()
    assert_no_axe_violations(page)
    assert console_errors == []


def test_wrong_answer_by_keyboard_shows_the_shares(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    fill_by_keyboard(page, WRONG)
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__answer")).to_contain_text("is shared out")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + URL_PATH
    page.goto(url)
    fill_by_clicking(page, RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/pots-and-ties/splitting/high-and-low-halves/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + URL_PATH
    page.goto(url)
    fill_by_clicking(page, WRONG)
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Split the pot")
    # No axe here: axe-core is a script, and scripts are off in this browser.
