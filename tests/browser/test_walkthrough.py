"""The hand walkthrough in Chromium: play whole hands to the settlement by clicking and by
keyboard, with JavaScript (feedback swapped in place) and without (full-page posts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from practice.walkthrough import SIZES, Step, StepKind, Walkthrough, walkthrough_get
from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _walk_with_showdown(game: str, profile: str) -> Walkthrough:
    for seed in range(100):
        walk = walkthrough_get(game=game, profile=profile, seed=seed)
        if walk.final.showdown is not None and walk.total >= 6:
            return walk
    raise AssertionError("no seeded hand reaches the showdown")


def _path(walk: Walkthrough, number: int) -> str:
    return f"/en/practice/walkthrough/{walk.game}/{walk.profile}/{walk.seed}/{number}/"


def _values(step: Step) -> dict[str, Any]:
    """The right answer as form values: one value per radio group, a list per checkbox group."""
    return {
        name: sorted(str(v) for v in value) if isinstance(value, frozenset) else str(value)
        for name, value in step.answer.items()
    }


def _answer_by_clicking(page: Page, step: Step) -> None:
    for name, value in _values(step).items():
        for one in value if isinstance(value, list) else [value]:
            box = page.locator(f'form.walkthrough__form input[name="{name}"][value="{one}"]')
            page.locator(f'label[for="{box.get_attribute("id")}"]').click()
            expect(box).to_be_checked()
    page.get_by_role("button", name="Check my prediction").click()


def _answer_by_keyboard(page: Page, step: Step) -> None:
    values = _values(step)
    if step.kind is StepKind.WINNERS:
        for name, wanted in values.items():
            boxes = page.locator(f'form.walkthrough__form input[name="{name}"]')
            for index in range(boxes.count()):
                box = boxes.nth(index)
                if box.get_attribute("value") in wanted:
                    box.focus()
                    page.keyboard.press("Space")
                    expect(box).to_be_checked()
        page.get_by_role("button", name="Check my prediction").focus()
        page.keyboard.press("Enter")
        return
    seats = [str(seat) for seat in step.seats]
    page.locator('form.walkthrough__form input[name="seat"]').first.focus()
    page.keyboard.press("Space")
    for _move in range(seats.index(values["seat"])):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f'input[name="seat"][value="{values["seat"]}"]')).to_be_checked()
    if "size" in values:
        page.keyboard.press("Tab")  # into the bet-size group
        expect(page.locator('input[name="size"]').first).to_be_focused()
        page.keyboard.press("Space")
        for _move in range(SIZES.index(values["size"])):
            page.keyboard.press("ArrowDown")
        expect(page.locator(f'input[name="size"][value="{values["size"]}"]')).to_be_checked()
    page.keyboard.press("Enter")  # Enter in a radio group submits the form


def _play(
    page: Page, base: str, walk: Walkthrough, answer: Callable[[Page, Step], None], *, js: bool
) -> None:
    page.goto(base + _path(walk, 1))
    for step in walk.steps:
        url = base + _path(walk, step.number)
        if js:
            page.wait_for_url(url)
        expect(page.locator("#walk-progress")).to_have_attribute("value", str(step.number))
        expect(page.get_by_text(f"Step {step.number} of {walk.total}")).to_be_visible()
        if not step.predicts:
            break
        answer(page, step)
        if not js:
            page.wait_for_load_state()
        feedback = page.locator("#feedback")
        expect(feedback).to_contain_text("Right!")
        # Swapped in place, or posted back to the same address (anchored at the verdict).
        assert page.url == (url if js else url + "#feedback")
        expect(feedback.locator(".feedback__verdict")).to_be_in_viewport()
        if js:
            expect(feedback.locator(".feedback")).to_be_focused()
        if step.number == 1 and js:
            assert_no_axe_violations(page)
        proceed = feedback.get_by_role("link", name="Continue")
        if answer is _answer_by_keyboard:
            proceed.focus()
            page.keyboard.press("Enter")
        else:
            proceed.click()
    expect(page.get_by_role("table")).to_contain_text("Put in")
    expect(page.get_by_role("link", name="Deal another hand")).to_be_visible()


def test_play_a_stud8_hand_by_clicking(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    walk = _walk_with_showdown("stud8", "robert")
    page.goto(live_server.url + _path(walk, 1))
    assert_no_axe_violations(page)
    _play(page, live_server.url, walk, _answer_by_clicking, js=True)
    assert_no_axe_violations(page)
    assert console_errors == []


def test_play_a_stud_hand_by_keyboard(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    walk = _walk_with_showdown("stud", "tda")
    _play(page, live_server.url, walk, _answer_by_keyboard, js=True)
    assert console_errors == []


@pytest.mark.parametrize("viewport", [(390, 844), (1366, 768)])
def test_a_wrong_prediction_explains_and_still_continues(
    page: Page, live_server: LiveServer, console_errors: list[str], viewport: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
    walk = _walk_with_showdown("razz", "wsop")
    step = walk.steps[0]
    url = live_server.url + _path(walk, 1)
    page.goto(url)
    wrong = next(seat for seat in step.seats if seat != step.answer["seat"])
    page.locator(f'label[for="seat-{wrong}"]').click()
    page.locator(f'label[for="size-{step.answer["size"]}"]').click()
    page.get_by_role("button", name="Check my prediction").click()
    feedback = page.locator("#feedback")
    expect(feedback).to_contain_text("Not quite.")
    expect(feedback).to_contain_text("You said")
    expect(feedback.locator(".feedback")).to_be_focused()
    expect(feedback.locator(".feedback__verdict")).to_be_in_viewport()
    expect(feedback.locator(".feedback__reasons li").first).to_be_visible()
    # The rule links are named by the rule's title, never by its id.
    for link in feedback.locator(".feedback__reasons a").all():
        assert not link.inner_text().startswith("Rule ")
    # Locked and marked: the wrong seat says so, without a tick.
    form = page.locator("form.walkthrough__form")
    expect(form.locator("button[type=submit]")).to_have_count(0)
    expect(form.locator('input[name="seat"]').first).to_be_disabled()
    expect(form.locator(".option--wrong")).to_contain_text("✗")
    expect(form.locator(".option--wrong")).not_to_contain_text("✓")
    assert page.url == url
    assert_no_axe_violations(page)
    feedback.get_by_role("link", name="Continue").click()
    page.wait_for_url(live_server.url + _path(walk, 2))
    assert console_errors == []


def test_play_a_razz_hand_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    walk = _walk_with_showdown("razz", "robert")
    _play(page, live_server.url, walk, _answer_by_clicking, js=False)


def test_start_page_deals_a_hand_from_the_hub(page: Page, live_server: LiveServer) -> None:
    page.goto(live_server.url + "/en/practice/")
    page.get_by_role("link", name="Walk through a whole hand").click()
    page.get_by_label("Game").select_option("razz")
    page.get_by_role("button", name="Deal a hand").click()
    page.wait_for_url("**/practice/walkthrough/razz/robert/*/1/")
    expect(page.get_by_text("Step 1 of")).to_be_visible()
    assert_no_axe_violations(page)


def test_on_a_phone_the_question_comes_before_the_table(
    page: Page, live_server: LiveServer
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    walk = _walk_with_showdown("stud", "robert")
    page.goto(live_server.url + _path(walk, 1))
    question = page.locator("#step-prompt").bounding_box()
    table = page.locator(".walkthrough__table").bounding_box()
    assert question is not None and table is not None
    assert question["y"] < table["y"]
    expect(page.locator("#step-prompt")).to_be_in_viewport()
