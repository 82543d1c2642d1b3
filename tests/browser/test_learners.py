"""The learner record in a browser: progress made in one browser moves to a second with the
code, "Forget" removes it from both, and a learner back after 30 days still has the record and
sees reviews due (time moved back in the database)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from learners.models import Learner
from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import question_for, question_path
from tests.learners.helpers import move_back

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def watch(page: Page) -> list[str]:
    """Console errors and uncaught exceptions of a page (CSP violations included)."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def answer(
    page: Page, base: str, kind: str, seed: int, *, right: bool, language: str = "en"
) -> None:
    question = question_for(kind, "stud", "normal", seed)
    page.goto(base + question_path(question, language))
    fill(page, answer_form(question, right=right))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback")).to_be_visible()


def test_progress_moves_to_a_second_browser_with_the_code_and_forget_removes_it_from_both(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    base = live_server.url
    first = make_page(viewport=PHONE)
    errors = watch(first)
    answer(first, base, "bring-in", 21, right=True)
    answer(first, base, "first-to-act", 22, right=False)
    first.goto(f"{base}/en/")
    today = first.locator("section.today")
    expect(today).to_contain_text("2 of 10 steps today")
    expect(today).to_contain_text("1 day in a row")

    first.goto(f"{base}/en/my-progress/")
    first.get_by_role("button", name="Get a code").click()
    code = first.locator(".device-code strong").inner_text()
    assert re.fullmatch(r"[A-Z2-9]{4}-[A-Z2-9]{4}", code), code
    expect(first.locator(".device-qr svg")).to_be_visible()
    link = first.get_by_role("link", name="The link for the other device").get_attribute("href")
    assert link and link.endswith(f"/en/my-progress/continue/{code.replace('-', '')}/")
    assert_no_axe_violations(first)

    second = make_page(viewport={"width": 1280, "height": 900}, locale="sv-SE")
    errors += watch(second)
    second.goto(f"{base}/sv/")
    expect(second.locator("section.today")).to_have_count(0)
    second.goto(f"{base}/sv/mina-framsteg/")
    second.get_by_label("Har du en kod från en annan enhet? Skriv in den här:").fill(code.lower())
    second.get_by_role("button", name="Fortsätt här").click()
    expect(second.locator(".notice")).to_contain_text("den här webbläsaren fortsätter nu")
    expect(second.locator("section.today")).to_contain_text("2 av 10 steg i dag")
    # What the second browser does counts for both.
    answer(second, base, "bring-in", 23, right=True, language="sv")
    first.goto(f"{base}/en/")
    expect(first.locator("section.today")).to_contain_text("3 of 10 steps today")
    assert Learner.objects.count() == 1

    second.goto(f"{base}/sv/mina-framsteg/")
    second.get_by_role("button", name="Radera mina framsteg").click()  # asks first: nothing gone
    expect(second.locator("#forget-confirm:invalid")).to_have_count(1)
    assert Learner.objects.count() == 1
    second.get_by_label("Ja, radera mina framsteg här och på alla enheter").check()
    second.get_by_role("button", name="Radera mina framsteg").click()
    expect(second.locator(".notice")).to_contain_text("raderade")
    assert not Learner.objects.exists()
    for page, path in ((first, "/en/"), (second, "/sv/")):
        page.goto(base + path)
        expect(page.locator("section.today")).to_have_count(0)
    first.goto(f"{base}/en/my-progress/")
    expect(first.locator("#mine-title + p")).to_contain_text("Nothing is kept yet")
    assert errors == []


def test_a_learner_back_after_30_days_has_the_record_and_reviews_due(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    base = live_server.url
    page = make_page(viewport=PHONE)
    errors = watch(page)
    answer(page, base, "bring-in", 31, right=True)
    answer(page, base, "first-to-act", 32, right=False)
    answer(page, base, "best-high", 33, right=True)
    page.goto(f"{base}/en/")
    # None due today: the card says when the next ones are (three skills seen once: tomorrow).
    expect(page.locator("section.today")).to_contain_text("3 reviews due tomorrow")
    # The time zone came from the browser (the Today card's script), sent with every answer.
    assert any(c["name"] == "tz" for c in page.context.cookies())

    learner = Learner.objects.get()
    learner.data["course"] = {"d": ["stud/the-game"], "l": "stud/hand-rankings"}  # opened
    learner.save()
    move_back(learner, 30)
    page.goto(f"{base}/en/")
    today = page.locator("section.today")
    expect(today).to_contain_text("3 reviews due")
    expect(today).to_contain_text("0 days in a row")  # thirty days away: the streak is over
    # "Continue" stands right above the card on home (the card repeats it where a page has none).
    expect(page.get_by_role("link", name="Continue: Which hand wins")).to_be_visible()
    assert_no_axe_violations(page)
    today.get_by_role("button", name="Review 3 skills now").click()
    page.wait_for_url("**/practice/**")
    expect(page.locator("form.quiz__form")).to_be_visible()
    assert errors == []
