"""The best-low-hand quiz in Chromium (R-LOW-3..5): stud/8 and razz, by mouse and keyboard,
the feedback swapping in, the rule link, and the same without JavaScript."""

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
from tests.tutorials.hand_oracles import best_low_value, low_value, texts
from tutorials.quiz import Question

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUALIFIER = {"stud8": 8, "razz": None}


def _with_low(game: str) -> Question:
    return next(
        q for q in (question_for("best-low", game, "hard", s) for s in range(40)) if q.answer
    )


def _wrong_five(question: Question, game: str) -> list[str]:
    seven = texts(question.data["cards"])
    best = best_low_value(seven, qualifier=QUALIFIER[game])
    return next(
        list(f) for f in combinations(seven, 5) if low_value(f, qualifier=QUALIFIER[game]) != best
    )


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_r_low_right_answer_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str], game: str
) -> None:
    question = _with_low(game)
    url = live_server.url + question_path(question)
    page.goto(url)
    assert_no_axe_violations(page)
    expect(page.locator('input[name="no_low"]')).to_have_count(1 if game == "stud8" else 0)
    tick_by_clicking(page, texts(question.answer))
    send(page)
    expect_feedback(page, url, "Right!")
    expect(page.locator("#feedback .card--used")).to_have_count(5)
    assert_no_axe_violations(page)
    assert console_errors == []


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_r_low_wrong_answer_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str], game: str
) -> None:
    question = _with_low(game)
    url = live_server.url + question_path(question)
    page.goto(url)
    tick_by_keyboard(page, _wrong_five(question, game))
    expect_feedback(page, url, "Not quite.")
    expect(page.locator("#feedback .feedback__answer")).to_contain_text("The best low is")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_read_the_rule_link_leads_to_the_rule_step(page: Page, live_server: LiveServer) -> None:
    call_command("loadrules", verbosity=0)
    question = _with_low("razz")
    url = live_server.url + question_path(question)
    page.goto(url)
    tick_by_clicking(page, texts(question.answer))
    send(page)
    expect_feedback(page, url, "Right!")
    page.get_by_role("link", name="Read the rule").click()
    page.wait_for_url("**/rules/low-hands/eight-or-better/low-from-seven-cards/")
    expect(page.locator("h1")).to_be_visible()


def test_without_javascript_the_form_posts_the_whole_page(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    question = _with_low("stud8")
    url = live_server.url + question_path(question)
    page.goto(url)
    tick_by_clicking(page, _wrong_five(question, "stud8"))
    send(page)
    page.wait_for_load_state()
    assert page.url == url
    expect(page.locator("#feedback")).to_contain_text("Not quite.")
    expect(page.locator("h1")).to_have_text("Best low hand")
