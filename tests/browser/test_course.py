"""The course in Chromium: a lesson's steps (predict, then reveal) and its check, the tick and
"Continue" in any language; every lesson on a phone (an interaction on the first screen, never
more than a screen between two); the Stud Hi/Lo path (in English) and the Razz path (in
Finnish) from the home page to "path complete" and the table; axe on the course and lesson
pages in four languages; the phone header's one row and menu."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.urls import resolve, reverse
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, ViewportSize, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations
from tests.browser.quiz_answers import answer_form, fill
from tests.urls import localized
from tutorials.course import Course, Lesson, content_from_files, lesson_find
from tutorials.queries import course_step_keys, steps_get
from tutorials.questions import check_questions, part_question

pytestmark = pytest.mark.browser

LANGUAGES = ("sv", "da", "fi", "en")
RULE_ID = re.compile(r"R-[A-Z]+-\d+")
LESSON = "/learn/stud/who-brings-in/"
PHONE: ViewportSize = {"width": 390, "height": 844}
LESSONS = [
    (course.slug, lesson.slug)
    for course in content_from_files().courses.values()
    for lesson in course.lessons
]
#: Every screen of every lesson: each step (``?step=N``), then its check (``?check=1``).
LESSON_SCREENS = [
    (course.slug, lesson.slug, query)
    for course in content_from_files().courses.values()
    for lesson in course.lessons
    for query in (*(f"?step={n}" for n in range(1, len(lesson.parts) + 1)), "?check=1")
]


def _found(path: str) -> tuple[Course, Lesson]:
    language = path.split("/")[1]
    if language in LANGUAGES:  # an address in that language's words
        with translation.override(language):
            kwargs = resolve(path).kwargs
        course_slug, lesson_slug = kwargs["course"], kwargs["lesson"]
    else:  # a lesson's address without its language: the English words
        course_slug, lesson_slug = path.strip("/").split("/")[-2:]
    found = lesson_find(course_slug, lesson_slug)
    assert found is not None
    return found


def _check_answers(path: str) -> list:
    course, lesson = _found(path)
    steps = steps_get(course_step_keys(course))
    questions = check_questions(course=course, lesson=lesson, attempt=0, steps=steps)
    return [question for _quiz, question in questions]


def _take_steps(page: Page, path: str) -> None:
    """Answer every step of the lesson open on ``page`` (right, from the engine's answer),
    following "Next step" and finally "Check yourself"."""
    course, lesson = _found(path)
    steps = steps_get(course_step_keys(course))
    for index in range(len(lesson.parts)):
        part = page.locator("#part")
        if lesson.parts[index].is_idea:  # an idea card: read, then "Continue"
            expect(part.locator("form")).to_have_count(0)
            part.locator(".lesson-idea__next a").click()
            continue
        _quiz, question = part_question(
            course=course, lesson=lesson, index=index, deal=0, steps=steps
        )
        expect(part.locator(".feedback")).to_have_count(0)  # nothing revealed yet
        fill(page, answer_form(question, right=True))
        part.locator("button[type=submit]").click()
        expect(part.locator(".feedback__verdict")).to_be_visible()
        part.locator(".lesson-part__next a").click()


def _assert_no_rule_ids(page: Page) -> None:
    text = page.locator("main").inner_text()
    assert not RULE_ID.search(text), RULE_ID.findall(text)


def test_steps_then_the_check_tick_the_lesson_and_continue_survives_a_language_switch(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    page.goto(live_server.url + "/en" + LESSON)
    expect(page.locator(".lesson__position")).to_contain_text("Lesson 3 of 12")
    expect(page.locator("#check")).to_have_count(0)  # the steps come first
    assert_no_axe_violations(page)
    _take_steps(page, LESSON)
    check = page.locator("#check")
    for index, question in enumerate(_check_answers(LESSON)):
        expect(check.locator(".lesson-check__count")).to_have_text(f"Question {index + 1} of 3")
        wrong = index == 1
        fill(page, answer_form(question, right=not wrong))
        check.get_by_role("button", name="Check my answer").click()
        verdict = "Not quite." if wrong else "Right!"
        expect(check.locator(".feedback__verdict")).to_contain_text(verdict)
        expect(check.locator(".feedback")).to_be_focused()
        top = check.locator(".feedback").evaluate("el => el.getBoundingClientRect().top")
        viewport = page.viewport_size
        assert viewport is not None
        assert 0 <= top < viewport["height"] / 2  # the verdict is in view
        _assert_no_rule_ids(page)
        if index < 2:
            check.get_by_role("link", name="Next question").click()
            count = check.locator(".lesson-check__count")
            expect(count).to_have_text(f"Question {index + 2} of 3")
            expect(count).to_be_in_viewport()
    expect(check.locator(".lesson-check__verdict")).to_contain_text("Lesson complete!")
    expect(check).to_contain_text("You answered 2 of 3 right.")
    assert_no_axe_violations(page)

    # Switch language with the switcher: the tick and "Continue" are still there.
    page.goto(live_server.url + "/en/learn/stud/")
    page.locator(".site-header__languages").get_by_role("link", name="Svenska").click()
    page.wait_for_url("**" + localized("/sv/learn/stud/"))
    expect(page.locator(".lesson-item--done")).to_have_count(1)
    expect(page.locator(".lesson-item--done .lesson-item__link")).to_have_text(
        "Ante och vem som lägger bring-in"
    )
    expect(page.locator("label[for=course-progress]")).to_have_text("1 av 12 lektioner klara")
    assert_no_axe_violations(page)
    page.goto(live_server.url + "/da/")
    cta = page.locator("main a.button", has_text="Fortsæt:").first  # above the goals
    expect(cta).to_have_text("Fortsæt: Bring-in eller komplettere")
    assert cta.get_attribute("href") == localized("/da/learn/stud/after-the-bring-in/")
    assert console_errors == []


_FIRST_ANSWER = """() => {
  const controls = [...document.querySelectorAll(
    "main form.quiz__form :is(input:not([type=hidden]), select, button, label),"
    + " main .lesson-idea__next a"
  )].filter((el) => el.getClientRects().length > 0);
  if (!controls.length) return null;
  const r = controls[0].getBoundingClientRect();
  return {y: r.top + window.scrollY, height: r.height};
}"""

_MEASURE = """() => {
  const main = document.querySelector("main");
  const items = [...main.querySelectorAll(
    "input:not([type=hidden]), select, button, a.button, summary"
  )].filter((el) => el.getClientRects().length > 0);
  return items.map((el) => el.getBoundingClientRect().top + window.scrollY).sort((a, b) => a - b);
}"""


def test_every_lesson_on_a_phone_starts_with_an_interaction_and_never_a_screen_without_one(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    """390x844, every screen of every lesson (each step, and the check) in four languages:
    the first thing to answer starts within the first screen, and no gap between two
    interactions (or from the last one to the page's end) is a screen or more."""
    page = make_page(viewport=PHONE)
    height = PHONE["height"]
    measured: dict[str, float] = {}
    late: list[tuple[str, int]] = []
    gapped: list[tuple[str, int]] = []
    for language in LANGUAGES:
        for course, lesson, query in LESSON_SCREENS:
            url = live_server.url + localized(f"/{language}/learn/{course}/{lesson}/") + query
            page.goto(url)
            tops = page.evaluate(_MEASURE)
            box = page.evaluate(_FIRST_ANSWER)
            assert box is not None, url
            if box["y"] + min(box["height"], 44) > height:
                late.append((url, round(box["y"])))
            main_end = page.evaluate(
                "() => { const r = document.querySelector('main').getBoundingClientRect();"
                " return r.bottom + window.scrollY; }"
            )
            gaps = [b - a for a, b in zip([0, *tops], [*tops, main_end], strict=True)]
            if max(gaps) >= height:
                gapped.append((url, round(max(gaps))))
            measured[f"{language}/{course}/{lesson}{query}"] = box["y"]
    assert len(measured) == 4 * len(LESSON_SCREENS) > 4 * len(LESSONS)
    assert late == [], "\n".join(f"{url} {y}" for url, y in late)
    assert gapped == [], "\n".join(f"{url} {gap}" for url, gap in gapped)


#: The paths walked in Chromium from the home page to "path complete", each in its language.
PATH_WALKS = [("stud-hi-lo-home-game", "en"), ("razz", "fi")]


@pytest.mark.parametrize(("slug", "language"), PATH_WALKS)
def test_a_path_from_the_home_page_to_path_complete(
    page: Page,
    live_server: LiveServer,
    rules_content: None,
    console_errors: list[str],
    slug: str,
    language: str,
) -> None:
    goal = content_from_files().paths[slug]
    with translation.override(language):
        path_url = reverse("tutorials:path", kwargs={"path": slug})
        learn_url = reverse("tutorials:index")
        table_url = reverse("table:start")
        says = {
            text: gettext(text)
            for text in (
                "Start the first lesson",
                "Check my answer",
                "Right!",
                "Next question",
                "Lesson complete!",
                "Path complete",
                "Path complete! You know enough to sit down and play.",
                "Play a hand at the practice table",
            )
        }
        count = gettext("Question %(number)s of %(total)s")
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/{language}/")
    page.get_by_role("link", name=goal.title[language]).first.click()
    page.wait_for_url(f"**{path_url}")
    assert_no_axe_violations(page)
    page.get_by_role("link", name=says["Start the first lesson"]).click()
    lessons = 0
    while True:
        lessons += 1
        assert lessons <= len(goal.lessons)
        page.wait_for_url(re.compile(re.escape(learn_url) + r"(stud|stud8|razz)/[^/?#]+/$"))
        path = page.url.removeprefix(live_server.url).split("?")[0].split("#")[0]
        assert path.startswith(f"/{language}/")  # the whole path in the learner's language
        _take_steps(page, path)
        check = page.locator("#check")
        for index, question in enumerate(_check_answers(path)):
            fill(page, answer_form(question, right=True))
            check.get_by_role("button", name=says["Check my answer"]).click()
            expect(check.locator(".feedback__verdict")).to_contain_text(says["Right!"])
            if index < 2:
                check.get_by_role("link", name=says["Next question"]).click()
                expect(check.locator(".lesson-check__count")).to_have_text(
                    count % {"number": index + 2, "total": 3}
                )
        expect(check.locator(".lesson-check__verdict")).to_contain_text(says["Lesson complete!"])
        onward = check.locator(".lesson-check__onward a")
        if onward.inner_text().strip() == says["Path complete"]:
            onward.click()
            break
        onward.click()
    page.wait_for_url(f"**{path_url}")
    expect(page.locator(".path-complete")).to_contain_text(
        says["Path complete! You know enough to sit down and play."]
    )
    expect(page.locator(".lesson-item--done")).to_have_count(lessons)
    assert lessons == len(goal.lessons)
    _assert_no_rule_ids(page)
    assert_no_axe_violations(page)
    assert console_errors == []
    # The end of the path sits the learner down at the practice table, in the path's game.
    page.get_by_role("link", name=says["Play a hand at the practice table"]).click()
    page.wait_for_url(re.compile(re.escape(f"{table_url}{goal.game}/")))  # a hand, dealt at once


@pytest.mark.parametrize("language", LANGUAGES)
def test_course_and_lesson_pages_pass_axe(
    page: Page, live_server: LiveServer, rules_content: None, language: str
) -> None:
    for path in (
        "/learn/",
        "/learn/stud/",
        LESSON,
        "/learn/stud/mistakes-at-the-table/",
        "/learn/stud8/eight-or-better/",
        "/learn/razz/reading-a-low/",
        "/learn/paths/razz/",
        "/learn/paths/razz/test-out/",
    ):
        page.goto(live_server.url + localized(f"/{language}{path}"))
        assert_no_axe_violations(page)
        _assert_no_rule_ids(page)
    # After a wrong answer (the explanation shown), too.
    page.goto(live_server.url + localized(f"/{language}{LESSON}") + "?step=1")
    course, lesson = _found(LESSON)
    steps = steps_get(course_step_keys(course))
    _quiz, question = part_question(course=course, lesson=lesson, index=0, deal=0, steps=steps)
    fill(page, answer_form(question, right=False))
    page.locator("#part button[type=submit]").click()
    expect(page.locator("#part .feedback--wrong")).to_be_visible()
    assert_no_axe_violations(page)
    _assert_no_rule_ids(page)


def test_steps_and_the_check_work_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None
) -> None:
    page = make_page(java_script_enabled=False)
    page.goto(live_server.url + "/en" + LESSON)
    _take_steps(page, LESSON)
    question = _check_answers(LESSON)[0]
    fill(page, answer_form(question, right=True))
    page.locator("#check button[type=submit]").click()
    expect(page.locator("#check .feedback__verdict")).to_contain_text("Right!")
    expect(page.locator("h1")).to_have_text("Antes and who brings in")
    page.locator("#check").get_by_role("link", name="Next question").click()
    expect(page.locator("#check .lesson-check__count")).to_have_text("Question 2 of 3")


def test_tap_to_order_works_in_a_lesson(
    page: Page, live_server: LiveServer, rules_content: None
) -> None:
    """Ranking lows in a lesson step uses the tap-to-order picker, not bare drop-downs."""
    page.goto(live_server.url + "/en/learn/stud8/low-hands/")
    course, lesson = _found("/learn/stud8/low-hands/")
    steps = steps_get(course_step_keys(course))
    _quiz, question = part_question(course=course, lesson=lesson, index=0, deal=0, steps=steps)
    fill(page, answer_form(question, right=True))
    page.locator("#part button[type=submit]").click()
    page.locator("#part .lesson-part__next a").click()
    picker = page.locator("#part .order-picker")
    expect(picker).to_have_class(re.compile("order-picker--tap"))
    expect(page.locator("#part .tap-order")).to_be_visible()


@pytest.mark.parametrize("language", ["fi", "en"])
def test_phone_header_is_one_row_with_a_menu(
    make_page: Callable[..., Page], live_server: LiveServer, rules_content: None, language: str
) -> None:
    page = make_page(viewport=PHONE)
    page.goto(live_server.url + localized(f"/{language}/learn/stud/"))
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
    page.wait_for_url(re.compile(r"/(en/learn|fi/kurssi)/stud/$"))
