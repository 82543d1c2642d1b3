"""The first-to-act quiz in Chromium (R-ACT-1..5): choose a seat by mouse or keyboard, see the
feedback swap in, follow the rule link, and the same without JavaScript."""

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

# A hard TDA question with a folded seat: folded seats are shown but cannot be chosen.
QUESTION = next(
    q
    for q in (question_for("first-to-act", "stud", "hard", s, "tda") for s in range(60))
    if any(seat["folded"] for seat in q.data["table"])
)
URL_PATH = question_path(QUESTION)
LIVE = [seat["index"] for seat in QUESTION.data["table"] if not seat["folded"]]
WRONG = next(seat for seat in LIVE if seat != QUESTION.answer)


def test_r_act_right_seat_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    assert_no_axe_violations(page)
    expect(page.locator('input[name="seat"]')).to_have_count(len(LIVE))
    expect(page.locator(".table-seat--folded")).not_to_have_count(0)
    tick_by_clicking(page, [str(QUESTION.answer)], name="seat")
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .table-seat--answer")).to_contain_text(
        f"Seat {QUESTION.answer + 1}"
    )
    assert_no_axe_violations(page)
    assert console_errors == []


def test_r_act_wrong_seat_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    choose_seat_by_keyboard(page, WRONG)
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__given")).to_contain_text(f"Seat {WRONG + 1}")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_clicking(page, [str(QUESTION.answer)], name="seat")
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/stud/acting-first/best-board-acts-first/")
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
    expect(page.locator("h1")).to_have_text("Who acts first")
