"""The rank-the-lows quiz in Chromium (R-LOW-2, R-LOW-5): pick the better of two lows, or put
three to five in order with the keyboard; the feedback swaps in place; without JavaScript too."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_flow import expect_feedback, question_for, question_path, send

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAIR = question_for("rank-lows", "stud8", "easy", 4)
ORDER = question_for("rank-lows", "razz", "hard", 9)


def _choose_order(page: Page, order: tuple[int, ...]) -> None:
    letters = ORDER.data["letters"]
    for place, index in enumerate(order):
        page.locator(f"#place-{place}").select_option(label=letters[index])


def test_r_low_2_pick_the_better_of_two_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + question_path(PAIR)
    page.goto(url)
    assert_no_axe_violations(page)
    best = PAIR.answer[0]
    page.locator(f'label[for="hand-{best}"]').click()
    send(page)
    expect_feedback(page, url, "Right!")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_r_low_5_order_five_razz_lows_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + question_path(ORDER)
    page.goto(url)
    letters = ORDER.data["letters"]
    page.locator("#place-0").focus()
    for place, index in enumerate(ORDER.answer):
        select = page.locator(f"#place-{place}")
        expect(select).to_be_focused()
        page.keyboard.type(letters[index])  # typing a letter picks that option
        expect(select).to_have_value(str(index))
        page.keyboard.press("Tab")
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_focused()
    page.keyboard.press("Enter")
    expect_feedback(page, url, "Right!")
    # The right order is drawn hand by hand, best first.
    rows = page.locator("#feedback .hand-list--answer .hand-row")
    expect(rows).to_have_count(len(ORDER.answer))
    assert console_errors == []


def test_a_wrong_order_is_judged_wrong(page: Page, live_server: LiveServer) -> None:
    url = live_server.url + question_path(ORDER)
    page.goto(url)
    wrong = tuple(reversed(ORDER.answer))
    _choose_order(page, wrong)
    send(page)
    expect_feedback(page, url, "Not quite.")


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + question_path(ORDER)
    page.goto(url)
    _choose_order(page, ORDER.answer)
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(page.locator("h1")).to_have_text("Rank the lows")


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + question_path(PAIR)
    page.goto(url)
    page.locator(f'label[for="hand-{PAIR.answer[0]}"]').click()
    send(page)
    expect_feedback(page, url, "Right!")
    page.locator("#feedback").get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/low-hands/ace-to-five/comparing-lows/")
    expect(page.locator("h1")).to_be_visible()
