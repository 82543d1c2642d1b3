"""What htmx does with a lesson answer that goes wrong, in Chromium: a progress lost since the
page was opened brings back the step to take with a message in place, a server error says so in
place (never a button that does nothing), and swapping an answer in applies no inline style."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from learners.store import COOKIE
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import question_for, question_path
from tests.urls import localized
from tutorials.course import lesson_find
from tutorials.queries import course_step_keys, steps_get
from tutorials.questions import part_question

pytestmark = pytest.mark.browser

LOST = (
    "Your progress in this lesson was not found (perhaps forgotten in another tab, or expired), "
    "so the lesson starts again from here."
)
SERVER = "Something went wrong on our side. Please try again in a moment."


def _step_answer(index: int) -> dict[str, list[str]]:
    found = lesson_find("stud", "who-brings-in")
    assert found is not None
    course, lesson = found
    steps = steps_get(course_step_keys(course))
    _quiz, question = part_question(course=course, lesson=lesson, index=index, deal=0, steps=steps)
    return answer_form(question, right=True)


def _in(language: str, text: str) -> str:
    with translation.override(language):
        translated = gettext(text)
    assert translated != text
    return translated


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_a_progress_lost_since_the_page_opened_shows_the_message_in_place(
    page: Page, live_server: LiveServer, rules_content: None, language: str
) -> None:
    page.goto(live_server.url + localized(f"/{language}/learn/stud/who-brings-in/"))
    part = page.locator("#part")
    fill(page, _step_answer(0))
    part.locator("button[type=submit]").click()
    part.locator(".lesson-part__next a").click()
    step_2 = localized(f"/{language}/learn/stud/who-brings-in/step/2/")
    expect(part.locator("form.quiz__form")).to_have_attribute("action", f"{step_2}#part")
    # The session expires (or "Forget" in another tab): the progress is gone, the page stays.
    page.context.clear_cookies(name=settings.SESSION_COOKIE_NAME)
    page.context.clear_cookies(name=COOKIE)
    fill(page, _step_answer(1))
    part.get_by_role("button").last.click()
    message = part.locator(".feedback--error")
    expect(message).to_have_text(f"! {_in(language, LOST)}")
    expect(message).to_be_focused()
    step_1 = localized(f"/{language}/learn/stud/who-brings-in/step/1/")
    expect(part.locator("form.quiz__form")).to_have_attribute("action", f"{step_1}#part")
    expect(part.locator("button[type=submit]")).to_be_enabled()  # to answer again


def test_a_server_error_says_so_in_place_and_keeps_the_question(
    page: Page, live_server: LiveServer, rules_content: None
) -> None:
    page.goto(live_server.url + localized("/da/learn/stud/who-brings-in/"))
    page.route("**/1/", lambda route: route.fulfill(status=500, body="<h1>500</h1>"))
    part = page.locator("#part")
    fill(page, _step_answer(0))
    part.locator("button[type=submit]").click()
    message = part.locator(".feedback--error")
    expect(message).to_have_text(f"! {_in('da', SERVER)}")
    expect(message).to_be_focused()
    expect(part.locator("button[type=submit]")).to_be_enabled()
    expect(page.locator("h1")).to_have_count(1)  # nothing of the error page swapped in


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_htmx_answers_to_a_lesson_and_a_quiz_log_no_console_error(
    page: Page,
    live_server: LiveServer,
    rules_content: None,
    console_errors: list[str],
    language: str,
) -> None:
    """Swapping an answer in applies no inline style, even where the page had one: elements a
    script, the browser or an extension had styled (through the CSSOM, which the CSP allows)
    made htmx copy the style attribute onto the new element, a CSP error on every swap."""
    styled = "(ids) => ids.forEach((id) => { document.getElementById(id).style.outline = '0'; })"
    page.goto(live_server.url + localized(f"/{language}/learn/stud/who-brings-in/"))
    page.evaluate(styled, ["part"])
    fill(page, _step_answer(0))
    page.locator("#part button[type=submit]").click()
    expect(page.locator("#part .feedback--right")).to_be_visible()
    question = question_for("bring-in", "stud", "normal", 7)
    page.goto(live_server.url + question_path(question, language))
    page.evaluate(styled, ["quiz-question", "quiz-progress", "feedback"])
    fill(page, answer_form(question, right=True))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback__verdict")).to_be_visible()
    assert console_errors == []
