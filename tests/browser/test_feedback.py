"""Feedback a learner reads (issue 16), in Chromium on a phone (390×844): after a wrong answer
in each of the 12 practice kinds (in English, and in Finnish at the hard level, where the
sentences run longest) the feedback fits one screen, names this answer's mistake in one
sentence, and "Next" is in view near the bottom, under the thumb; the rest is behind "Why".
A set of ten ends on its own summary screen, and "Try the ones I missed" replays exactly the
questions missed, then comes back to the summary: no eleventh question."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from django.utils.translation import gettext, override
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from practice.kinds import KINDS
from practice.presenters.quiz import mistake_text
from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import SUMMARY, form_headers, question_for, question_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
#: Seeds whose wrong answer the helpers can build in every kind, at the hardest level (the
#: tallest questions and feedback: five hands to rank, side pots, eight seats).
SEED = 7


def _wrong_answer(page: Page, kind: str, level: str, language: str) -> tuple[str, str]:
    """Answer a question of ``kind`` wrongly; returns its mistake sentence and its address."""
    quiz = KINDS[kind]
    question = question_for(kind, str(quiz.default_game()), level, SEED)
    form = answer_form(question, right=False)
    result = quiz.check(question, form)
    assert not result.correct
    with override(language):
        sentence = mistake_text(quiz, question, result.given)
    path = question_path(question, language)
    page.goto(page.url.split(f"/{language}/")[0] + path)
    fill(page, form)
    page.locator("form.quiz__form button[type=submit]").click()
    return sentence, path


#: English at both levels; Finnish, whose sentences run longest, at the tallest level.
LEVELS_AND_LANGUAGES = [("normal", "en"), ("hard", "en"), ("hard", "fi")]


@pytest.mark.parametrize(("level", "language"), LEVELS_AND_LANGUAGES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_wrong_answer_feedback_fits_a_phone_and_names_the_mistake(
    make_page: Callable[..., Page], live_server: LiveServer, kind: str, level: str, language: str
) -> None:
    # The smooth scroll to the verdict, as most visitors have it: this test waits for it to
    # settle before it reads a position or taps.
    page = make_page(viewport=PHONE, has_touch=True, is_mobile=True, reduced_motion="no-preference")
    page.goto(f"{live_server.url}/{language}/")
    sentence, _path = _wrong_answer(page, kind, level, language)
    with override(language):
        not_quite, next_question = gettext("Not quite."), gettext("Next question")

    feedback = page.locator("#feedback .feedback")
    expect(feedback).to_contain_text(not_quite)
    expect(feedback).to_be_focused()
    # The verdict and the one sentence on this answer's mistake, from the kind's mistake().
    assert sentence
    mistake = feedback.locator(".feedback__mistake")
    expect(mistake).to_have_text(sentence)
    expect(mistake).to_be_in_viewport()
    # The "Why" (the answer in full, its cards or pot table, the reasons) waits behind a tap.
    why = feedback.locator("details.feedback__more")
    expect(why).not_to_have_attribute("open", "")
    expect(why.locator(".feedback__reasons, .feedback__answer").first).to_be_hidden()
    # It fits one phone screen, with "Next" in view in its lower part (the thumb's reach).
    page.wait_for_function(
        "() => { const b = document.querySelector('#feedback .feedback').getBoundingClientRect();"
        " return b.top >= -1 && b.bottom <= innerHeight + 1; }"
    )
    box = feedback.bounding_box()
    assert box is not None and box["height"] <= PHONE["height"], (kind, box)
    next_link = feedback.locator(".feedback__next a")
    expect(next_link).to_have_text(next_question)
    expect(next_link).to_be_in_viewport(ratio=1)
    # In the lower half of the screen once the page has scrolled the feedback into place (it
    # scrolls smoothly: wait for it to settle rather than read it mid-way).
    page.wait_for_function(
        "() => { const r = document.querySelector('#feedback .feedback__next a')"
        ".getBoundingClientRect(); return r.bottom > innerHeight / 2 && r.bottom <= innerHeight; }"
    )
    # Opened, "Why" shows the rest, and "Next" stays at the bottom of the screen.
    why.locator("summary").click()
    expect(why.locator(".feedback__given")).to_be_visible()
    expect(next_link).to_be_in_viewport()


def _post(page: Page, base: str, kind: str, seed: int, *, right: bool) -> None:
    question = question_for(kind, str(KINDS[kind].default_game()), "normal", seed)
    form = answer_form(question, right=right)
    response = page.request.post(
        base + question_path(question),
        data=urlencode([(k, v) for k, vs in form.items() for v in vs]),
        headers=form_headers(page, base),
    )
    assert response.status == 200, response.text()


@pytest.mark.parametrize("kind", ["bring-in", "rank-lows"])
def test_a_set_ends_on_its_summary_screen_and_retries_the_ones_missed(
    make_page: Callable[..., Page], live_server: LiveServer, kind: str
) -> None:
    page = make_page(viewport=PHONE, has_touch=True, is_mobile=True)
    base = live_server.url
    page.goto(base + "/en/practice/")
    missed = [101, 104]
    for seed in range(100, 109):
        _post(page, base, kind, seed, right=seed not in missed)
    last = question_for(kind, str(KINDS[kind].default_game()), "normal", 109)
    page.goto(base + question_path(last))
    expect(page.locator("#quiz-progress")).to_contain_text("question 10 of 10")
    fill(page, answer_form(last, right=False))
    page.locator("form.quiz__form button[type=submit]").click()
    feedback = page.locator("#feedback .feedback")
    expect(feedback).to_be_focused()
    # No eleventh question: the one way on is the set's own summary.
    expect(page.get_by_role("link", name="Next question")).to_have_count(0)
    expect(page.get_by_role("link", name="Another question like this")).to_have_count(0)
    feedback.get_by_role("link", name="See how the set went").click()
    expect(page).to_have_url(SUMMARY)  # on failure, says where the page went instead
    expect(page.locator("h1")).to_have_text("Set complete!")
    expect(page.locator(".set-summary__score")).to_contain_text(
        "You answered 7 of 10 questions right."
    )
    expect(page.locator(".set-summary__questions > li")).to_have_count(3)
    assert_no_axe_violations(page)
    retry = page.get_by_role("button", name="Try the ones I missed")
    expect(retry).to_be_in_viewport()

    retry.click()
    replayed = []
    for number, seed in enumerate([*missed, 109], start=1):
        page.wait_for_url(re.compile(rf".*/practice/{kind}/.*/{seed}/$"))
        replayed.append(seed)
        expect(page.locator("#quiz-progress")).to_contain_text(
            f"The ones you missed: question {number} of 3"
        )
        question = question_for(kind, str(KINDS[kind].default_game()), "normal", seed)
        fill(page, answer_form(question, right=True))
        page.locator("form.quiz__form button[type=submit]").click()
        expect(page.locator("#feedback .feedback")).to_contain_text("Right!")
        name = "See how the set went" if number == 3 else "Next question"
        page.locator("#feedback .feedback__next").get_by_role("link", name=name).click()
    assert replayed == [*missed, 109]
    expect(page).to_have_url(SUMMARY)  # on failure, says where the page went instead
    # Trying again counts no second time.
    expect(page.locator(".set-summary__score")).to_contain_text("7 of 10")
    page.locator(".set-summary__links").get_by_text("Start the next set").click()
    page.wait_for_url(f"**/practice/{kind}/**")
    expect(page.locator("#quiz-progress")).to_contain_text("question 1 of 10")


def test_a_worked_example_asks_first_and_answers_in_place(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    page = make_page(viewport=PHONE, has_touch=True, is_mobile=True)
    page.goto(live_server.url + "/en/rules/stud8/")
    example = page.locator(".example").first
    expect(example.locator(".example__answer")).to_have_count(0)
    expect(example.locator(".example-seat--marked")).to_have_count(0)
    address = page.url
    example.get_by_role("link", name="Show the answer").click()
    answer = page.locator(".example__reveal").first
    expect(answer).to_contain_text("Answer:")
    expect(answer).to_be_focused()
    assert page.url == address  # in place
