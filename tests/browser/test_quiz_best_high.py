"""The best-high-hand quiz in Chromium: tick five cards by mouse or keyboard, see the
feedback swap in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_flow import (
    expect_feedback,
    question_for,
    question_path,
    send,
    tick_by_clicking,
    tick_by_keyboard,
)
from tests.tutorials.hand_oracles import best_high_value, high_value, texts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = question_for("best-high", "stud", "hard", 4)
URL_PATH = question_path(QUESTION)
RIGHT = texts(QUESTION.answer)
SEVEN = texts(QUESTION.data["cards"])
WRONG = next(
    list(five) for five in combinations(SEVEN, 5) if high_value(five) != best_high_value(SEVEN)
)


def test_right_answer_by_clicking_swaps_in_the_feedback(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    assert_no_axe_violations(page)
    tick_by_clicking(page, RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .card--used")).to_have_count(5)
    expect(page.locator("#feedback .card--unused")).to_have_count(2)
    assert_no_axe_violations(page)
    assert console_errors == []


def test_wrong_answer_by_keyboard_names_the_hand(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_keyboard(page, WRONG)
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__answer")).to_contain_text("The best high hand is")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_clicking(page, RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/hand-rankings/seven-cards/best-five-of-seven/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_clicking(page, WRONG)
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Best high hand")
