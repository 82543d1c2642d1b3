"""The "does it qualify?" quiz in Chromium (R-LOW-3): tick the low or "no low" by mouse or
keyboard, see the feedback swap in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

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
from tests.tutorials.hand_oracles import texts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

_HARD = [question_for("qualify", "stud8", "hard", seed) for seed in range(40)]
WITH_LOW = next(q for q in _HARD if q.answer is not None)
WITHOUT_LOW = next(q for q in _HARD if q.answer is None)


def test_r_low_3_right_low_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + question_path(WITH_LOW)
    page.goto(url)
    assert_no_axe_violations(page)
    tick_by_clicking(page, texts(WITH_LOW.answer))
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .card--used")).to_have_count(5)
    assert_no_axe_violations(page)
    assert console_errors == []


def test_r_low_3_no_low_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + question_path(WITHOUT_LOW)
    page.goto(url)
    tick_by_keyboard(page, ["no_low"])
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback")).to_contain_text("No low qualifies")
    expect(page.locator("#feedback .card--used")).to_have_count(0)
    assert_no_axe_violations(page)
    assert console_errors == []


def test_r_low_3_wrong_no_low_by_keyboard(page: Page, live_server: LiveServer) -> None:
    url = live_server.url + question_path(WITH_LOW)
    page.goto(url)
    tick_by_keyboard(page, ["no_low"])
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__given")).to_contain_text("No low")
    assert_no_axe_violations(page)


def test_read_the_rule_link_leads_to_the_qualifier(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + question_path(WITHOUT_LOW)
    page.goto(url)
    tick_by_clicking(page, ["yes"], name="no_low")
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/low-hands/eight-or-better/qualifier/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + question_path(WITH_LOW)
    page.goto(url)
    tick_by_clicking(page, texts(WITH_LOW.answer))
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(page.locator("h1")).to_have_text("Does it qualify?")
