"""The legal-action quiz in Chromium: tick actions by mouse or keyboard, see the feedback swap
in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_steps import (
    click_labels,
    expect_feedback,
    question_for,
    question_path,
    send,
    tick_by_keyboard,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION = question_for("legal-action", "stud", "normal", 4)
URL_PATH = question_path(QUESTION)
RIGHT = sorted(QUESTION.answer)
WRONG = sorted(set(QUESTION.data["options"]) - QUESTION.answer)[:2]


def test_right_answer_by_clicking_swaps_in_the_feedback(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    assert_no_axe_violations(page)
    click_labels(page, "actions", RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .action--legal")).to_have_count(len(RIGHT))
    assert_no_axe_violations(page)
    assert console_errors == []


def test_wrong_answer_by_keyboard_names_the_legal_actions(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + URL_PATH
    page.goto(url)
    tick_by_keyboard(page, "actions", WRONG)
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__answer")).to_contain_text("Seat")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + URL_PATH
    page.goto(url)
    click_labels(page, "actions", RIGHT)
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/stud/betting/raise-cap/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + URL_PATH
    page.goto(url)
    click_labels(page, "actions", WRONG)
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Legal action")
    # No axe here: axe-core is a script, and scripts are off in this browser.
