"""The bring-in quiz in Chromium (R-BRING-2, R-BRING-3): choose the seat by mouse or keyboard,
see the feedback swap in and be announced, follow the rule link, and the same without
JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_flow import (
    choose_seat_by_keyboard,
    expect_feedback,
    question_for,
    question_path,
    send,
    tick_by_clicking,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = question_for("bring-in", "razz", "hard", 5)
URL_PATH = question_path(QUESTION)
WRONG = (QUESTION.answer + 1) % QUESTION.data["seats"]


def test_r_bring_3_right_seat_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    assert_no_axe_violations(page)
    expect(page.locator('input[name="seat"]')).to_have_count(QUESTION.data["seats"])
    tick_by_clicking(page, [str(QUESTION.answer)], name="seat")
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .table-seat--answer")).to_contain_text(
        f"Seat {QUESTION.answer + 1}"
    )
    # The progress bar outside the live region was updated out of band.
    expect(page.locator("#quiz-progress")).to_contain_text("Question 1 of 10")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_r_bring_3_wrong_seat_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    choose_seat_by_keyboard(page, WRONG)
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__given")).to_contain_text(f"Seat {WRONG + 1}")
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_clicking(page, [str(QUESTION.answer)], name="seat")
    send(page)
    expect_feedback(page, url, "Right!")
    page.locator("#feedback").get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/stud/forced-bets/who-brings-in/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_clicking(page, [str(WRONG)], name="seat")
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Pick the bring-in")
