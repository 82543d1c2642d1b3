"""Every quiz kind in Chromium, on a phone (390×844) and a laptop (1366×768): answer, see the
verdict take focus in view, the answer locked and marked (no tick on a wrong pick), go on to
the next question of the same skill, finish a set of ten with its summary, and the same
without JavaScript. The answers come from ``quiz_answers``, checked by each kind itself."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from practice.kinds import KINDS
from practice.quiz import Level, Question
from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import SUMMARY, form_headers, question_for, question_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VIEWPORTS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
}
SEED = 7


def _question(kind: str, seed: int = SEED, level: str = "normal") -> Question:
    return question_for(kind, str(KINDS[kind].default_game()), level, seed)


def _send(page: Page, *, keyboard: bool) -> None:
    button = page.locator("form.quiz__form button[type=submit]")
    if keyboard:
        button.focus()
        page.keyboard.press("Enter")
    else:
        button.click()


def _expect_locked_and_marked(page: Page) -> None:
    """No live control is left in the answer form, and every wrong pick says so with ✗ and
    never with a tick."""
    form = page.locator("form.quiz__form")
    expect(form.locator("button[type=submit]")).to_have_count(0)
    controls = form.locator("input:not([type=hidden]), select")
    for index in range(controls.count()):
        expect(controls.nth(index)).to_be_disabled()
    wrong = form.locator(".option--wrong")
    assert wrong.count() >= 1
    for index in range(wrong.count()):
        expect(wrong.nth(index)).to_contain_text("✗")
        expect(wrong.nth(index)).not_to_contain_text("✓")
    # One way on, under the verdict: the form keeps no second "Next question".
    expect(form.get_by_role("link", name="Next question")).to_have_count(0)
    expect(page.locator("#feedback").get_by_role("link", name="Next question")).to_be_visible()


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
@pytest.mark.parametrize("kind", list(KINDS))
def test_a_wrong_answer_is_marked_in_view_and_locked(
    make_page: Callable[..., Page],
    live_server: LiveServer,
    kind: str,
    viewport: str,
) -> None:
    page = make_page(viewport=VIEWPORTS[viewport])
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    question = _question(kind)
    url = live_server.url + question_path(question)
    page.goto(url)
    expect(page.locator("#quiz-progress")).to_contain_text("question 1 of 10")
    # Chosen is a neutral filled tile: nothing on the form says "right" before marking.
    fill(page, answer_form(question, right=False))
    expect(page.locator("form.quiz__form")).not_to_contain_text("✓")
    if viewport == "laptop":
        assert_no_axe_violations(page)
    _send(page, keyboard=viewport == "laptop")

    feedback = page.locator("#feedback .feedback")
    expect(feedback).to_contain_text("Not quite.")
    expect(feedback).to_be_focused()
    expect(feedback.locator(".feedback__verdict")).to_be_in_viewport()
    assert page.url == url  # swapped in place
    _expect_locked_and_marked(page)
    expect(page.locator("#quiz-progress")).to_contain_text("question 1 of 10")
    if viewport == "laptop":
        assert_no_axe_violations(page)
    assert errors == []

    # "Next question" stays in the skill chosen, and counts on.
    feedback.get_by_role("link", name="Next question").click()
    page.wait_for_url(f"**/practice/{kind}/**")
    expect(page.locator("#quiz-progress")).to_contain_text(
        f"Drill “{KINDS[kind].title}”: question 2 of 10"
    )


def _post_answers(page: Page, base: str, kind: str, seeds: range) -> None:
    """Answer questions straight to the server in this browser's session (the first wrong,
    the rest right), as the form would post them (from the site: no token, its Origin)."""
    for seed in seeds:
        question = _question(kind, seed)
        form = answer_form(question, right=seed != seeds[0])
        body = urlencode([(k, v) for k, vs in form.items() for v in vs])
        response = page.request.post(
            base + question_path(question),
            data=body,
            headers=form_headers(page, base),
        )
        assert response.status == 200, response.text()


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_set_of_ten_ends_with_its_summary(
    make_page: Callable[..., Page], live_server: LiveServer, kind: str
) -> None:
    page = make_page(viewport=VIEWPORTS["phone"])
    question = _question(kind)
    url = live_server.url + question_path(question)
    page.goto(url)
    _post_answers(page, live_server.url, kind, range(100, 109))
    page.reload()
    expect(page.locator("#quiz-progress")).to_contain_text("question 10 of 10")
    fill(page, answer_form(question, right=True))
    _send(page, keyboard=False)
    expect(page.locator("#feedback .feedback")).to_be_focused()
    # The set ends on its own summary screen: no eleventh question is offered.
    expect(page.get_by_role("link", name="Next question")).to_have_count(0)
    page.locator("#feedback").get_by_role("link", name="See how the set went").click()
    expect(page).to_have_url(SUMMARY)  # on failure, says where the page went instead
    summary = page.locator(".set-summary")
    expect(summary.locator("h1")).to_have_text("Set complete!")
    expect(summary).to_contain_text("You answered 9 of 10 questions right.")
    lesson = summary.locator(".set-summary__missed a")
    expect(lesson).to_have_text(str(KINDS[kind].title))
    assert "/learn/" in (lesson.get_attribute("href") or "")  # the course's lesson for the skill
    summary.locator(".set-summary__links").get_by_text("Start the next set").click()
    page.wait_for_url(f"**/practice/{kind}/**")
    expect(page.locator("#quiz-progress")).to_contain_text("question 1 of 10")


@pytest.mark.parametrize("kind", list(KINDS))
def test_without_javascript_the_page_comes_back_marked(
    make_page: Callable[..., Page], live_server: LiveServer, kind: str
) -> None:
    page = make_page(java_script_enabled=False, viewport=VIEWPORTS["phone"])
    question = _question(kind)
    url = live_server.url + question_path(question)
    page.goto(url)
    # The question page carries the learner's own progress: nothing to load beside it.
    progress = page.locator("#quiz-progress")
    expect(progress).to_contain_text("of 10")
    fill(page, answer_form(question, right=True))
    _send(page, keyboard=False)
    page.wait_for_load_state()
    assert page.url == url + "#feedback"  # the verdict is scrolled into view
    expect(page.locator("#feedback")).to_contain_text("Right!")
    expect(progress).to_contain_text("question 1 of 10")  # the answer's page has it
    expect(page.locator("#feedback .feedback__verdict")).to_be_in_viewport()
    controls = page.locator("form.quiz__form input:not([type=hidden]), form.quiz__form select")
    assert controls.count() > 0
    for index in range(controls.count()):
        expect(controls.nth(index)).to_be_disabled()
    expect(page.locator("form.quiz__form .option--wrong")).to_have_count(0)
    # Without JavaScript the share control is a plain link: no button that would do nothing.
    page.locator(".share summary").click()
    expect(page.locator(".share__link")).to_be_visible()
    expect(page.locator(".share__copy")).to_be_hidden()


def test_rank_the_lows_by_tapping_and_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    question = question_for("rank-lows", "razz", str(Level.HARD), 9)
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(live_server.url + question_path(question))
    # The drop-downs give way to the hands themselves, as buttons.
    expect(page.locator("#place-0")).to_be_hidden()
    expect(page.locator("form.quiz__form .hand-list")).to_be_hidden()  # shown once, as buttons
    hands = page.locator(".tap-order__hand")
    expect(hands).to_have_count(5)
    status = page.locator(".tap-order__status")
    letters = question.data["letters"]
    first, *rest = question.answer
    hands.nth(first).click()
    expect(hands.nth(first)).to_have_attribute("aria-pressed", "true")
    expect(status).to_have_text(f"Hand {letters[first]}: place 1.")
    hands.nth(first).click()  # a second tap takes it out again
    expect(status).to_have_text(f"Hand {letters[first]} taken out of the order.")
    expect(hands.nth(first)).to_have_attribute("aria-pressed", "false")
    # By keyboard: focus each hand in the right order and press Space or Enter.
    for place, index in enumerate(question.answer):
        hands.nth(index).focus()
        page.keyboard.press("Space" if place % 2 else "Enter")
        expect(hands.nth(index).locator(".tap-order__place")).to_contain_text(str(place + 1))
    for place, index in enumerate(question.answer):
        expect(page.locator(f"#place-{place}")).to_have_value(str(index))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback")).to_contain_text("Right!")
    rows = page.locator("#feedback .hand-list--answer .hand-row")
    expect(rows).to_have_count(len(question.answer))
    assert len(rest) == 4
    assert console_errors == []


@pytest.mark.parametrize("language", ["en", "sv"])
def test_an_unreadable_answer_says_what_is_wrong_in_place(
    page: Page, live_server: LiveServer, console_errors: list[str], language: str
) -> None:
    """The same hand chosen twice (possible with the drop-downs) gets a 422 and its message
    swapped in, in the reader's language; the page stays and the answer can be fixed."""
    question = question_for("rank-lows", "razz", str(Level.NORMAL), 9)
    page.goto(live_server.url + question_path(question, language))
    page.evaluate(
        """() => {
            document.querySelectorAll('.order-picker select').forEach((s) => { s.value = '1'; });
            document.querySelector('form.quiz__form').requestSubmit();
        }"""
    )
    message = {"en": "Hand B is chosen twice.", "sv": "Hand B är vald två gånger."}[language]
    expect(page.locator("#feedback .feedback--error")).to_contain_text(message)
    expect(page.locator("#feedback .feedback--error")).to_be_focused()
    expect(page.locator("h1")).to_be_visible()
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_enabled()
    assert [e for e in console_errors if "422" not in e] == []


def test_copy_link_copies_the_question_address(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(permissions=["clipboard-read", "clipboard-write"])
    question = _question("bring-in")
    url = live_server.url + question_path(question)
    page.goto(url)
    expect(page.locator("body")).not_to_contain_text(url)  # no raw address on the page
    share = page.locator(".share")
    share.locator("summary").click()
    expect(share.get_by_role("link", name="Embed")).to_be_visible()
    share.get_by_role("button", name="Copy link").click()
    expect(share.locator(".share__status")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == url


def test_a_400_answer_is_swapped_in_place_too(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    """htmx 2 swaps no 4xx by default; the site's config swaps 400 (a bad link) and 422 (an
    unreadable answer) so the message shows in place and the page is never blanked."""
    question = _question("bring-in")
    page.goto(live_server.url + question_path(question))
    page.evaluate(
        """() => htmx.ajax("GET", "/en/practice/bring-in/holdem/robert/normal/1/",
                           {target: "#feedback", swap: "innerHTML"})"""
    )
    expect(page.locator("#feedback .feedback--error")).to_contain_text("holdem")
    expect(page.locator("h1")).to_have_text(str(KINDS["bring-in"].title))
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_enabled()
    assert [e for e in console_errors if "400" not in e] == []
