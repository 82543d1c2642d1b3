"""One clear way forward (issue 28), on a phone (390x844) in two languages each: the goals on
home's first screen and a returning learner's Continue above them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from practice.kinds import KINDS
from rules.engine import Action, ActionKind, Game, best_high, parse_cards
from table.outcome import outcome_line
from table.play import Setup, Stop, replay
from table.presenters import hand_url
from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.quiz_flow import question_for, question_path
from tests.browser.test_table import _url_parts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.width, r.height]; }"


def _in_view(page: Page, selector: str) -> None:
    page.wait_for_function(
        "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
        " return r.top >= -1 && r.bottom <= innerHeight + 1; }",
        arg=selector,
    )


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


# 2. One primary action after an answer ----------------------------------------------------

ONE_PRIMARY = """(root) => [...document.querySelectorAll(root + ' .button--primary')]
  .filter((el) => el.getClientRects().length > 0).map((el) => el.textContent.trim())"""


def _assert_one_way_on(page: Page, root: str, continue_link: str, language: str) -> None:
    """After a wrong answer: the verdict and one Continue, pinned on the screen; the learner's
    marked cards in the feedback, inside the screen too; nothing else primary."""
    feedback = page.locator(f"{root} .feedback")
    expect(feedback).to_be_focused()
    assert page.evaluate(ONE_PRIMARY, root) == [page.locator(continue_link).inner_text().strip()]
    bar = page.locator(f"{root} .feedback__bar")
    expect(bar.locator(".feedback__bar-verdict")).to_be_visible()
    with translation.override(language):
        expect(bar.locator(".feedback__bar-verdict")).to_contain_text(gettext("Not quite."))
    _in_view(page, continue_link)
    top, bottom, _width, height = page.locator(continue_link).evaluate(BOX)
    assert bottom > PHONE["height"] / 2 and height >= 44  # in the thumb's half, a real target
    marks = feedback.locator(".card-marks")
    expect(marks.locator(".card-marks__card")).to_have_count(7)
    expect(marks.locator(".mark--wrong").first).to_be_attached()
    marks_top, marks_bottom, _w, _h = marks.evaluate(BOX)
    assert marks_top >= 0 and marks_bottom <= top  # the picks, above the pinned button
    # The other ways on are quiet links, not buttons.
    assert feedback.locator(".feedback__links a.button").count() == 0
    # Scrolled to the end of the feedback, the button is still on the screen (pinned).
    page.mouse.wheel(0, 2000)
    _in_view(page, continue_link)


@pytest.mark.parametrize("language", ["en", "da"])
def test_a_lesson_step_has_one_way_on_pinned_and_no_pager_before_the_check(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    with translation.override(language):
        lesson = reverse("tutorials:lesson", kwargs={"course": "stud", "lesson": "the-game"})
    page.goto(live_server.url + lesson)
    _past_the_idea_cards(page)
    expect(page.locator(".lesson-pager__next")).to_have_count(0)  # no tap past the lesson
    _pick_wrong_five(page, "#part")
    page.locator("#part button[type=submit]").click()
    _assert_one_way_on(page, "#part", "#part .lesson-part__next a", language)
    expect(page.locator(".lesson-pager__next")).to_have_count(0)
    assert_no_axe_violations(page)


def _past_the_idea_cards(page: Page) -> None:
    """The lesson opens on its idea card (teach, then ask): its Continue leads to the step."""
    while page.locator(".lesson-idea__next a").count():
        page.locator(".lesson-idea__next a").click()
        page.wait_for_load_state()


def _pick_wrong_five(page: Page, root: str) -> None:
    """Tick five cards that are not the best five (the engine's answer is in the page's
    marks only after the answer, so the test asks the server's own question data)."""
    values = page.locator(f"{root} .card-picker__card input").evaluate_all(
        "els => els.map((el) => el.value)"
    )
    best = set(str(card) for card in best_high(parse_cards(" ".join(values))).cards)
    wrong = [value for value in values if value not in best][:2]
    chosen = wrong + [value for value in values if value in best][:3]
    for value in chosen:
        page.locator(f"{root} .card-picker__card:has(input[value='{value}']) label").click()


@pytest.mark.parametrize("language", ["en", "sv"])
def test_a_practice_question_has_one_way_on_pinned_with_the_picks_in_the_feedback(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    question = question_for("best-high", "stud", "normal", 11)
    page.goto(live_server.url + question_path(question, language))
    fill(page, answer_form(question, right=False))
    page.locator("form.quiz__form button[type=submit]").click()
    _assert_one_way_on(page, "#feedback", "#feedback .feedback__next a", language)


# 3. Targets a thumb can hit ---------------------------------------------------------------

TAP_TARGETS = (Path(__file__).parent / "tap_targets.js").read_text()


def _small_targets(page: Page, where: str) -> list[str]:
    """The controls under 44x44 px on the page (the menu opened, so its links count too)."""
    menu = page.locator("details.site-menu")
    if menu.count() and menu.get_attribute("open") is None:
        menu.locator("summary").click()
    found = [f"{where}: {item}" for item in page.evaluate(TAP_TARGETS)]
    if menu.count():
        menu.locator("summary").click()
    return found


def _play_table(page: Page, *, measure: bool = False, fold_when_free: bool = False) -> list[str]:
    """Play the hand on ``page`` by tapping, the coach on: any answer, then check or call (or
    fold where a check is free). With ``measure``, the small targets of every screen on the
    way, the end of the hand included."""
    small = _small_targets(page, "table start") if measure else []
    for step in range(80):
        if page.locator("#settlement").count():
            return small + (_small_targets(page, "table end") if measure else [])
        page.evaluate("document.getElementById('table').dataset.old = '1'")
        if page.locator("#coach-continue").count():
            small += _small_targets(page, f"coach feedback {step}") if measure else []
            page.click("#coach-continue")
        elif page.locator("form.quiz__form").count():
            small += _small_targets(page, f"coach question {step}") if measure else []
            for group in page.locator("form.quiz__form fieldset").all():
                group.locator("input").first.check()
            page.locator("form.quiz__form button[type=submit]").click()
        else:
            small += _small_targets(page, f"action {step}") if measure else []
            free = page.locator('[data-move="check"]').count() > 0
            if fold_when_free and free:
                page.locator('[data-move="fold"]').click()
            else:
                page.locator('[data-move]:not([data-move="fold"])').first.click()
        page.wait_for_function(
            "() => { const t = document.getElementById('table'); return t && !t.dataset.old; }"
        )
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("language", ["en", "sv"])
def test_every_control_is_a_thumb_target_on_the_lesson_practice_table_and_path_pages(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    base = live_server.url
    with translation.override(language):
        lesson = reverse("tutorials:lesson", kwargs={"course": "stud", "lesson": "the-game"})
        pages = {
            "path": reverse("tutorials:path", kwargs={"path": "stud-hi-lo-home-game"}),
            "course": reverse("tutorials:course", kwargs={"course": "stud"}),
            "practice hub": reverse("practice:hub"),
            "table setup": reverse("table:start"),
        }
    small: list[str] = []
    for where, url in pages.items():
        page.goto(base + url)
        small += _small_targets(page, where)
    page.goto(base + lesson)
    small += _small_targets(page, "lesson idea card")
    _past_the_idea_cards(page)
    small += _small_targets(page, "lesson step")
    cards = page.locator("#part .card-picker__card")
    expect(cards).to_have_count(7)
    for index in range(7):  # the cards: the width there is, in one row
        _top, _bottom, width, height = cards.nth(index).locator(".card").evaluate(BOX)
        assert width >= 44 and height >= 44, (index, width, height)
    _pick_wrong_five(page, "#part")
    page.locator("#part button[type=submit]").click()
    expect(page.locator("#part .feedback")).to_be_visible()
    small += _small_targets(page, "lesson step answered")
    question = question_for("best-high", "stud", "normal", 11)
    page.goto(base + question_path(question, language))
    small += _small_targets(page, "practice question")
    fill(page, answer_form(question, right=False))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback")).to_be_visible()
    small += _small_targets(page, "practice answered")
    page.goto(base + pages["table setup"])
    page.locator("main form.ptable__start button[type=submit]").click()  # deal, coach on
    page.wait_for_selector("#table")
    small += _play_table(page, measure=True)
    assert small == [], "\n".join(small)


# 4. The table closes the loop -------------------------------------------------------------


def _deal(page: Page, base: str, language: str, game: str) -> None:
    with translation.override(language):
        page.goto(base + reverse("table:start"))
    page.locator("#table-game, select[name=game]").first.select_option(game)
    page.locator("main form.ptable__start button[type=submit]").click()
    page.wait_for_selector("#table")


@pytest.mark.parametrize("language", ["en", "fi"])
def test_the_end_of_a_hand_says_what_you_won_and_deals_again_in_view(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    _deal(page, live_server.url, language, "stud8")
    _play_table(page)
    setup, moves, asked = _url_parts(page.url)
    with translation.override(language):
        expected = outcome_line(replay(setup, moves, asked))
    assert expected
    expect(page.locator("#outcome-title")).to_have_text(expected)
    _in_view(page, "#outcome-title")
    _in_view(page, "#deal-again")
    assert_no_axe_violations(page)
    page.click("#deal-again")
    expect(page.locator("#outcome-title")).to_have_count(0)  # a new hand


def _a_hand_with_a_free_check() -> Setup:
    """A stud hand (the coach on) where checking and calling reach a free check."""
    for seed in range(1, 200):
        setup = Setup(Game.STUD, "robert", seed, 3, coach=False)
        table, moves = replay(setup), []
        while table.stop is Stop.ACT:
            legal = table.state.legal_actions()
            if legal.get(ActionKind.CHECK) is not None:
                return Setup(Game.STUD, "robert", seed, 3, coach=True)
            kind = ActionKind.CALL if legal.get(ActionKind.CALL) else legal.actions[0].kind
            moves.append(Action(kind, legal.get(kind).min_amount))  # type: ignore[union-attr]
            table = replay(setup, tuple(moves))
    raise AssertionError("no free check in 200 hands")


@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_coach_speaks_up_when_you_fold_though_a_check_was_free(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None, language: str
) -> None:
    page = _phone(make_page, language)
    with translation.override(language):
        page.goto(live_server.url + hand_url(_a_hand_with_a_free_check()))
    _play_table(page, fold_when_free=True)
    note = page.locator(".ptable__coach-note")
    with translation.override(language):
        says = gettext(
            "You folded when you could have checked for free. That is allowed, and the fold "
            "stands, but a check would have kept your cards in the hand at no cost."
        )
        folded = gettext("You folded: %(net)s") % {"net": ""}
    expect(note).to_contain_text(says)
    expect(note.locator("a")).to_have_count(1)  # the rule, one tap away
    expect(page.locator("#outcome-title")).to_contain_text(folded.strip())
    _in_view(page, ".ptable__coach-note")
    _in_view(page, "#deal-again")


# 5. Reviews with dates, the missed hands, the hub's truth ---------------------------------


@pytest.mark.parametrize(
    ("language", "says"), [("sv", "repetition väntar i morgon"), ("en", "review due tomorrow")]
)
def test_a_missed_answer_comes_back_tomorrow_and_home_says_so(
    make_page: Callable[..., Page], live_server: LiveServer, language: str, says: str
) -> None:
    page = _phone(make_page, language)
    question = question_for("bring-in", "stud", "normal", 5)
    page.goto(live_server.url + question_path(question, language))
    fill(page, answer_form(question, right=False))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback")).to_be_visible()
    page.goto(f"{live_server.url}/{language}/")
    fact = page.locator(".today__fact", has_text=says)
    expect(fact).to_contain_text("1")
    _in_view(page, ".today__fact:last-child")


@pytest.mark.parametrize("language", ["en", "da"])
def test_the_set_summary_shows_the_hands_missed_and_the_hub_counts_lessons(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    base = live_server.url
    with translation.override(language):
        hub = reverse("practice:hub")
        summary = reverse("practice:set-summary")
        your_answer = gettext("Your answer:")
    for seed in range(40, 50):
        question = question_for("best-high", "stud", "normal", seed)
        page.goto(base + question_path(question, language))
        fill(page, answer_form(question, right=seed not in (41, 44)))
        page.locator("form.quiz__form button[type=submit]").click()
        expect(page.locator("#feedback .feedback")).to_be_visible()
    page.goto(base + summary)
    hands = page.locator(".set-summary__questions > li")
    expect(hands).to_have_count(2)
    for index in range(2):
        expect(hands.nth(index).locator(".card")).to_have_count(7)
        expect(hands.nth(index).locator(".feedback__given")).to_contain_text(your_answer)
    assert_no_axe_violations(page)
    with translation.override(language):
        lesson = reverse("tutorials:lesson", kwargs={"course": "stud", "lesson": "the-game"})
        counted = ngettext(
            "In the lessons: %(answered)s answer, %(right)s right.",
            "In the lessons: %(answered)s answers, %(right)s right.",
            1,
        ) % {"answered": 1, "right": 0}
    page.goto(base + lesson)
    _past_the_idea_cards(page)
    _pick_wrong_five(page, "#part")
    page.locator("#part button[type=submit]").click()
    expect(page.locator("#part .feedback")).to_be_visible()
    page.goto(base + hub)
    expect(page.locator(".progress-summary__lessons")).to_have_text(counted)


# 7. Embeds keep their marks inside a 320 px frame; the QR code has a name -----------------


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_every_kinds_embed_keeps_its_marks_inside_320_px(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = make_page(viewport={"width": 320, "height": 900}, is_mobile=True, has_touch=True)
    outside: list[str] = []
    for kind, quiz in KINDS.items():
        question = question_for(kind, str(quiz.default_game()), "normal", 7)
        with translation.override(language):
            url = reverse("embeds:question", kwargs=question.qid.url_kwargs())
        page.goto(live_server.url + url)
        fill(page, answer_form(question, right=False))
        page.locator("form.quiz__form button[type=submit]").click()
        expect(page.locator(".feedback")).to_be_visible()
        marks = page.locator(".mark").evaluate_all(
            "els => els.filter((el) => el.getClientRects().length)"
            ".map((el) => el.getBoundingClientRect().right)"
        )
        assert marks or kind in NO_MARKS, kind
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 320 or any(right > 320 for right in marks):
            outside.append(f"{kind}: page {width} px, marks to {max(marks, default=0):.0f}")
    assert outside == [], "\n".join(outside)


#: Kinds whose wrong answer is marked by the feedback's words alone (no option marks).
NO_MARKS: frozenset[str] = frozenset()


@pytest.mark.parametrize("language", ["sv", "en"])
def test_the_device_codes_qr_image_has_a_name(
    make_page: Callable[..., Page], live_server: LiveServer, language: str
) -> None:
    page = _phone(make_page, language)
    _answer_a_question(page, live_server.url, language)  # a learner record to continue
    with translation.override(language):
        mine = reverse("learners:mine")
        get_code = gettext("Get a code")
        name = gettext("QR code of the link above")
    page.goto(live_server.url + mine)
    page.get_by_role("button", name=get_code).click()
    expect(page.get_by_role("img", name=name)).to_be_visible()
    assert_no_axe_violations(page, context=".device-qr")
