"""The spot-the-mistake quiz in Chromium: answer true or false by mouse or keyboard, see the
correction swap in, follow the rule link, and the same without JavaScript."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tutorials.ids import question_id_parse
from tutorials.kinds import KINDS

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QID = question_id_parse(kind="spot-mistake", game="stud8", profile="robert", level="normal", seed=4)
QUESTION = KINDS["spot-mistake"].generate(QID)
PATH = "/en/practice/spot-mistake/stud8/robert/normal/4/"
RIGHT = "true" if QUESTION.answer else "false"
WRONG = "false" if QUESTION.answer else "true"
STEP = QUESTION.data["statement"].step_for(QID.game)


def _expect_feedback(page: Page, url: str, verdict: str) -> None:
    feedback = page.locator("#feedback")
    expect(feedback).to_have_attribute("role", "status")
    expect(feedback).to_contain_text(verdict)
    assert page.url == url


def test_right_answer_by_clicking_shows_the_correction(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + PATH
    page.goto(url)
    expect(page.locator("blockquote.statement")).to_contain_text(str(QUESTION.data["text"]))
    assert_no_axe_violations(page)
    page.locator(f'label[for="verdict-{RIGHT}"]').click()
    page.get_by_role("button", name="Check my answer").click()
    _expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .feedback__answer")).to_contain_text(
        str(QUESTION.data["correction"])[:40]
    )
    assert_no_axe_violations(page)
    assert console_errors == []


def test_wrong_answer_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    url = live_server.url + PATH
    page.goto(url)
    page.locator("#verdict-true").focus()
    page.keyboard.press("Space")
    if WRONG == "false":
        page.keyboard.press("ArrowDown")
    expect(page.locator(f"#verdict-{WRONG}")).to_be_checked()
    page.keyboard.press("Enter")
    _expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__given")).to_contain_text(WRONG)
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_statements_rule_step(
    page: Page, live_server: LiveServer
) -> None:
    call_command("loadrules", verbosity=0)
    url = live_server.url + PATH
    page.goto(url)
    page.locator(f'label[for="verdict-{RIGHT}"]').click()
    page.get_by_role("button", name="Check my answer").click()
    _expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url(f"**/rules/{STEP}/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    url = live_server.url + PATH
    page.goto(url)
    page.locator(f'label[for="verdict-{WRONG}"]').click()
    page.get_by_role("button", name="Check my answer").click()
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator(f"#verdict-{WRONG}")).to_be_checked()
    expect(page.locator("h1")).to_have_text("Spot the mistake")
    # axe-core needs JavaScript; the same markup is checked with JavaScript on above.
