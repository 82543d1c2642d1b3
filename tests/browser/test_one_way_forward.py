"""One clear way forward (issue 28), on a phone (390x844) in two languages each: the goals on
home's first screen and a returning learner's Continue above them."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import question_for, question_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.width, r.height]; }"


def _phone(make_page: Callable[..., Page], language: str) -> Page:
    return make_page(viewport=PHONE, is_mobile=True, has_touch=True, locale=language)


def _answer_a_question(page: Page, base: str, language: str) -> None:
    question = question_for("bring-in", "stud", "normal", 5)
    page.goto(base + question_path(question, language))
    fill(page, answer_form(question, right=True))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback")).to_be_visible()


@pytest.mark.parametrize("language", ["en", "fi"])
def test_the_goals_fill_a_phones_first_screen_and_lead_to_their_path(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    page.goto(f"{live_server.url}/{language}/")
    goals = page.locator("a.goal")
    expect(goals).to_have_count(4)
    for index in range(4):
        top, bottom, width, height = goals.nth(index).evaluate(BOX)
        assert top > 0 and bottom <= PHONE["height"], (index, top, bottom)
        assert width >= 44 and height >= 44
    with translation.override(language):
        first = gettext("Play Stud Hi/Lo on Friday")
        path_url = reverse("tutorials:path", kwargs={"path": "stud-hi-lo-home-game"})
    expect(goals.first.locator(".goal__title")).to_have_text(first)
    assert_no_axe_violations(page)
    goals.first.click()  # the whole row is the link: here its right end
    page.wait_for_url(f"**{path_url}")


@pytest.mark.parametrize("language", ["sv", "en"])
def test_a_returning_learner_has_today_and_continue_on_the_first_screen(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    _answer_a_question(page, live_server.url, language)
    with translation.override(language):
        lesson = reverse("tutorials:lesson", kwargs={"course": "stud", "lesson": "who-brings-in"})
        says = gettext("Continue: %(title)s") % {"title": ""}
    page.goto(live_server.url + lesson)
    page.goto(f"{live_server.url}/{language}/")
    today = page.locator("section.today")
    expect(today).to_be_visible()
    goals_top = page.locator(".goals").evaluate(BOX)[0]
    assert today.evaluate(BOX)[0] < page.locator("#home-title").evaluate(BOX)[0] < goals_top
    onward = today.locator("a.button", has_text=says.strip())
    expect(onward).to_have_count(1)
    assert onward.evaluate(BOX)[1] <= PHONE["height"]
    assert_no_axe_violations(page)
