"""The course in Chromium: pass a lesson's check, see the tick and "Continue" in any language;
axe on the course and lesson pages in four languages; the phone header's one row and menu."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from learn import services
from learn.course import courses
from tests.browser.conftest import assert_no_axe_violations
from tests.rules.conftest import real_content_dir

pytestmark = pytest.mark.browser

LANGUAGES = ("sv", "da", "fi", "en")
RULE_ID = re.compile(r"R-[A-Z]+-\d+")
LESSON = "/learn/stud/who-brings-in/"


@pytest.fixture
def rules_content(transactional_db: None) -> None:
    call_command("loadrules", content=real_content_dir(), verbosity=0)


def _bring_in_answers() -> list[int]:
    course = courses()["stud"]
    lesson = next(item for item in course.lessons if item.slug == "who-brings-in")
    steps = services.steps_get(services.course_step_keys(course))
    questions = services.check_questions(course=course, lesson=lesson, attempt=0, steps=steps)
    return [question.answer for _quiz, question in questions]


def _assert_no_rule_ids(page: Page) -> None:
    text = page.locator("main").inner_text()
    assert not RULE_ID.search(text), RULE_ID.findall(text)


def test_passing_a_check_ticks_the_lesson_and_continue_survives_a_language_switch(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    answers = _bring_in_answers()
    page.goto(live_server.url + "/en" + LESSON)
    expect(page.locator(".lesson__position")).to_contain_text("Lesson 3 of 12")
    assert_no_axe_violations(page)
    check = page.locator("#check")
    for index, seat in enumerate(answers):
        expect(check.locator(".lesson-check__count")).to_have_text(f"Question {index + 1} of 3")
        wrong = index == 1
        choice = (seat + 1) % check.locator("input[name=seat]").count() if wrong else seat
        check.locator(f"label[for=seat-{choice}]").click()
        check.get_by_role("button", name="Check my answer").click()
        verdict = "Not quite." if wrong else "Right!"
        expect(check.locator(".feedback__verdict")).to_contain_text(verdict)
        expect(check.locator(".feedback")).to_be_focused()
        top = check.locator(".feedback").evaluate("el => el.getBoundingClientRect().top")
        assert 0 <= top < page.viewport_size["height"] / 2  # the verdict is in view
        _assert_no_rule_ids(page)
        if index < 2:
            check.get_by_role("link", name="Next question").click()
            expect(check.locator(".lesson-check__count")).to_be_in_viewport()
    expect(check.locator(".lesson-check__verdict")).to_contain_text("Lesson complete!")
    expect(check).to_contain_text("You answered 2 of 3 right.")
    assert_no_axe_violations(page)

    # Switch language with the switcher: the tick and "Continue" are still there.
    page.goto(live_server.url + "/en/learn/stud/")
    page.locator(".site-header__languages").get_by_role("link", name="Svenska").click()
    page.wait_for_url("**/sv/learn/stud/")
    expect(page.locator(".lesson-item--done")).to_have_count(1)
    expect(page.locator(".lesson-item--done .lesson-item__link")).to_have_text(
        "Ante och vem som tar bring-in"
    )
    expect(page.locator("label[for=course-progress]")).to_have_text("1 av 12 lektioner klara")
    assert_no_axe_violations(page)
    page.goto(live_server.url + "/da/")
    cta = page.locator(".hero__actions .button").first
    expect(cta).to_have_text("Fortsæt: Bring-in eller komplettere")
    assert cta.get_attribute("href") == "/da/learn/stud/after-the-bring-in/"
    assert console_errors == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_course_and_lesson_pages_pass_axe(
    page: Page, live_server: LiveServer, rules_content: None, language: str
) -> None:
    for path in ("/learn/", "/learn/stud/", LESSON, "/learn/stud/mistakes-at-the-table/"):
        page.goto(f"{live_server.url}/{language}{path}")
        assert_no_axe_violations(page)
        _assert_no_rule_ids(page)
    # After a wrong answer (feedback shown), too.
    page.goto(f"{live_server.url}/{language}{LESSON}")
    seat = _bring_in_answers()[0]
    page.locator(f"#check label[for=seat-{(seat + 1) % 3}]").click()
    page.locator("#check button[type=submit]").click()
    expect(page.locator("#check .feedback--wrong")).to_be_visible()
    assert_no_axe_violations(page)
    _assert_no_rule_ids(page)


def test_check_works_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    page = make_page(java_script_enabled=False)
    seat = _bring_in_answers()[0]
    page.goto(live_server.url + "/en" + LESSON)
    page.locator(f"#check label[for=seat-{seat}]").click()
    page.locator("#check button[type=submit]").click()
    expect(page.locator("#check .feedback__verdict")).to_contain_text("Right!")
    expect(page.locator("h1")).to_have_text("Antes and who brings in")
    page.locator("#check").get_by_role("link", name="Next question").click()
    expect(page.locator("#check .lesson-check__count")).to_have_text("Question 2 of 3")


@pytest.mark.parametrize("language", ["fi", "en"])
def test_phone_header_is_one_row_with_a_menu(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None, language: str
) -> None:
    page = make_page(viewport={"width": 390, "height": 844})
    page.goto(f"{live_server.url}/{language}/learn/stud/")
    header = page.locator(".site-header").bounding_box()
    assert header is not None and header["height"] <= 72
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    expect(page.locator(".site-header__languages")).to_be_hidden()
    menu = page.locator(".site-menu summary")
    menu.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".site-menu__panel .language-switcher")).to_be_visible()
    assert_no_axe_violations(page)
    page.locator(".site-menu__panel").get_by_role(
        "link", name="English" if language == "fi" else "Suomi"
    ).click()
    page.wait_for_url(re.compile(r"/(en|fi)/learn/stud/$"))
