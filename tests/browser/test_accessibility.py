"""axe-core on every kind of page the site serves, in every language: the pages the other
browser tests check in one or two languages are all checked here in sv, da, fi and en."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import question_for, question_path
from tests.urls import localized

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

#: One page of each kind (paths after the language prefix).
PAGE_KINDS = (
    "",  # home
    "rules/",
    "rules/stud/forced-bets/",  # a section
    "rules/glossary/ante/",  # a term
    "rules/low-hands/",
    "practice/",
    "practice/split-pot/stud8/tda/hard/12/",
    "practice/walkthrough/stud/robert/4/1/",
    "table/",
    "table/stud8/robert/4242/?opponents=6&coach=on",  # a coach question, seven boards
    "table/razz/tda/77/?opponents=3&coach=off",  # the learner's action buttons
    "embed-code/?url=/{language}/rules/stud/forced-bets/who-brings-in/",
    "embed/practice/best-low/razz/robert/normal/3/",
    "no-such-page/",  # the 404 page
    "practice/bring-in/holdem/robert/normal/1/",  # the 400 page
)


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_no_axe_violations_on_any_kind_of_page(
    page: Page, live_server: LiveServer, rules_content: None, language: str
) -> None:
    for path in PAGE_KINDS:
        page.goto(live_server.url + localized(f"/{language}/{path.format(language=language)}"))
        expect(page.locator("html")).to_have_attribute("lang", language)
        assert_no_axe_violations(page)


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_no_axe_violations_after_feedback_swaps_in(
    page: Page, live_server: LiveServer, language: str
) -> None:
    """Before, and after a wrong answer is marked (locked form, ✗ and missed marks, the
    summary-free feedback), on a phone; and a rank-the-lows page with its tap-to-order hands
    and an unreadable answer's message."""
    page.set_viewport_size({"width": 390, "height": 844})
    question = question_for("bring-in", "stud", "normal", 8)
    page.goto(live_server.url + question_path(question, language))
    assert_no_axe_violations(page)
    fill(page, answer_form(question, right=False))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback--wrong")).to_be_focused()
    assert_no_axe_violations(page)

    lows = question_for("rank-lows", "stud8", "hard", 3)
    page.goto(live_server.url + question_path(lows, language))
    expect(page.locator(".tap-order")).to_be_visible()
    page.locator(".tap-order__hand").first.click()
    assert_no_axe_violations(page)
    page.locator("form.quiz__form button[type=submit]").click()  # places left empty: 422
    expect(page.locator("#feedback .feedback--error")).to_be_visible()
    assert_no_axe_violations(page)
