"""Embeds in a real Chromium, framed by a host page on another origin: they render, resize the
iframe to their content, answer quizzes inside the frame, and pass axe."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.urls import resolve, reverse
from django.utils.translation import override
from playwright.sync_api import Frame, Page, expect
from pytest_django.live_server_helper import LiveServer

from embeds.services import RANKING_PAGES
from practice.services import question_get
from rules.models import GlossaryTerm, Section, Step
from rules.models import Page as RulePage
from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

QUESTION: dict[str, Any] = {
    "kind": "bring-in",
    "game": "stud",
    "profile": "robert",
    "level": "normal",
    "seed": 11,
}
INITIAL_HEIGHT = 150


@pytest.fixture
def embed_urls(rules_content: None) -> dict[str, str]:
    step = Step.objects.select_related("section__page").exclude(example_kind="").first()
    section = Section.objects.select_related("page").first()
    term = GlossaryTerm.objects.first()
    ranking = RulePage.objects.filter(slug__in=RANKING_PAGES).first()
    assert step and section and term and ranking
    with override("sv"):
        return {
            "step": reverse(
                "embeds:step",
                kwargs={
                    "page": step.section.page.slug,
                    "section": step.section.slug,
                    "step": step.slug,
                },
            ),
            "section": reverse(
                "embeds:section", kwargs={"page": section.page.slug, "section": section.slug}
            ),
            "term": reverse("embeds:term", kwargs={"slug": term.slug}),
            "page": reverse("embeds:page", kwargs={"slug": ranking.slug}),
            "quiz": reverse("embeds:question", kwargs=QUESTION),
        }


@pytest.fixture
def host_origin(
    tmp_path: Path, live_server: LiveServer, embed_urls: dict[str, str]
) -> Iterator[str]:
    """A host page on another origin (127.0.0.1 and its own port; the site is on localhost)
    that frames a rule step and a quiz and loads the optional resize script."""
    (tmp_path / "host.html").write_text(
        f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A club's page</title>
<link rel="icon" href="data:,">
<script src="{live_server.url}/static/js/embed-resize.js" async></script></head>
<body><h1>Our club</h1>
<iframe id="step" src="{live_server.url}{embed_urls["step"]}" title="A rule" width="600"
        height="{INITIAL_HEIGHT}"></iframe>
<iframe id="quiz" src="{live_server.url}{embed_urls["quiz"]}" title="A quiz" width="600"
        height="{INITIAL_HEIGHT}"></iframe>
</body></html>""",
        encoding="utf-8",
    )
    handler = partial(_QuietHandler, directory=str(tmp_path))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


def _frame(page: Page, element_id: str) -> Frame:
    handle = page.locator(f"#{element_id}").element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    return frame


def _frame_height(page: Page, element_id: str) -> float:
    return float(page.evaluate(f"() => document.getElementById('{element_id}').clientHeight"))


def _content_height(frame: Frame) -> float:
    return float(frame.evaluate("() => document.body.getBoundingClientRect().height"))


def test_step_renders_and_the_iframe_fits_its_content(
    page: Page, host_origin: str, console_errors: list[str]
) -> None:
    page.goto(f"{host_origin}/host.html")
    step = page.frame_locator("#step")
    expect(step.locator("h1")).to_be_visible()
    expect(step.locator("html")).to_have_attribute("lang", "sv")
    expect(step.locator(".card").first).to_be_visible()
    back = step.locator(".embed__footer a")
    expect(back).to_have_attribute("target", "_blank")
    expect(back).to_have_attribute("rel", "noopener")

    page.wait_for_function(
        f"() => document.getElementById('step').clientHeight !== {INITIAL_HEIGHT}"
    )
    frame = _frame(page, "step")
    page.wait_for_function(
        """([id, height]) => Math.abs(document.getElementById(id).clientHeight - height) <= 1""",
        arg=["step", _content_height(frame)],
    )
    assert _frame_height(page, "step") > INITIAL_HEIGHT
    assert console_errors == []


def test_quiz_is_answered_inside_the_frame(
    page: Page, host_origin: str, console_errors: list[str]
) -> None:
    _quiz, question = question_get(**QUESTION)
    page.goto(f"{host_origin}/host.html")
    quiz = page.frame_locator("#quiz")
    page.wait_for_function("() => document.getElementById('quiz').clientHeight > 150")
    frame = _frame(page, "quiz")
    frame.wait_for_function("() => window.htmx !== undefined")
    address = frame.url
    before = _frame_height(page, "quiz")

    quiz.locator(f"label[for='seat-{question.answer}']").click()
    quiz.locator("button[type=submit]").click()

    feedback = quiz.locator("#feedback .feedback--right")
    expect(feedback).to_be_visible()
    assert frame.url == address, "the feedback swapped in place, without leaving the page"
    # As on the site: the verdict takes focus, and the answer is locked and marked.
    expect(feedback).to_be_focused()
    expect(quiz.locator("form.quiz__form button[type=submit]")).to_have_count(0)
    seats = quiz.locator("form.quiz__form input[name=seat]")
    for index in range(seats.count()):
        expect(seats.nth(index)).to_be_disabled()
    expect(quiz.locator("form.quiz__form .option--right")).to_have_count(1)
    # The frame grew with the feedback.
    page.wait_for_function(f"() => document.getElementById('quiz').clientHeight > {before}")
    # "Next question" stays in the frame, as another embedded question.
    quiz.locator("#feedback a[target=_self]").click()
    next_question = re.compile(
        r".*/sv/inbaddad/traning/vem-lagger-bring-in/stud/robert/medel/\d+/$"
    )
    frame.wait_for_url(lambda url: url != address and bool(next_question.match(url)))
    expect(quiz.locator("#feedback .feedback")).to_have_count(0)
    assert len(page.context.pages) == 1, "no new tab"
    assert console_errors == []


def test_a_wrong_answer_in_an_embed_cannot_be_sent_again(
    page: Page, live_server: LiveServer, embed_urls: dict[str, str], console_errors: list[str]
) -> None:
    _quiz, question = question_get(**QUESTION)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + embed_urls["quiz"])
    page.wait_for_function("() => window.htmx !== undefined")
    wrong = next(seat for seat in range(question.data["seats"]) if seat != question.answer)
    page.locator(f"label[for='seat-{wrong}']").click()
    page.locator("button[type=submit]").click()
    feedback = page.locator("#feedback .feedback--wrong")
    expect(feedback).to_be_focused()
    expect(feedback.locator(".feedback__mistake")).not_to_be_empty()
    expect(page.locator("form.quiz__form button[type=submit]")).to_have_count(0)
    expect(page.locator(f"#seat-{question.answer}")).to_be_disabled()
    expect(page.locator("form.quiz__form .option--wrong")).to_contain_text("✗")
    assert console_errors == []


def test_rank_the_lows_by_tapping_in_an_embed(
    page: Page, live_server: LiveServer, rules_content: None, console_errors: list[str]
) -> None:
    kwargs: dict[str, Any] = {
        "kind": "rank-lows",
        "game": "razz",
        "profile": "robert",
        "level": "hard",
        "seed": 9,
    }
    _quiz, question = question_get(**kwargs)
    with override("en"):
        url = reverse("embeds:question", kwargs=kwargs)
    page.goto(live_server.url + url)
    expect(page.locator("#place-0")).to_be_hidden()
    hands = page.locator(".tap-order__hand")
    expect(hands).to_have_count(5)
    for index in question.answer:
        hands.nth(index).click()
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator("#feedback .feedback--right")).to_be_focused()
    expect(page.locator("#place-0")).to_be_disabled()  # marked and locked
    assert console_errors == []


def test_resize_messages_from_other_origins_are_ignored(page: Page, host_origin: str) -> None:
    page.goto(f"{host_origin}/host.html")
    page.wait_for_function("() => document.getElementById('step').clientHeight > 150")
    height = _frame_height(page, "step")
    # A message the host page sends itself (not the iframe's window, not its origin).
    page.evaluate("() => window.postMessage({type: 'stud-rules:resize', height: 3000}, '*')")
    page.wait_for_timeout(200)
    assert _frame_height(page, "step") == height


def test_embedded_quiz_by_keyboard(
    page: Page, live_server: LiveServer, embed_urls: dict[str, str]
) -> None:
    _quiz, question = question_get(**QUESTION)
    page.goto(live_server.url + embed_urls["quiz"])
    page.wait_for_function("() => window.htmx !== undefined")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.name") == "seat"
    if question.answer == 0:
        page.keyboard.press("Space")
    for _ in range(int(question.answer)):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("#feedback .feedback--right")).to_be_visible()


@pytest.mark.parametrize("kind", ["step", "section", "term", "page", "quiz"])
def test_axe_finds_no_violations_on_embeds(
    page: Page,
    live_server: LiveServer,
    embed_urls: dict[str, str],
    console_errors: list[str],
    kind: str,
) -> None:
    page.goto(live_server.url + embed_urls[kind])
    expect(page.locator("html")).to_have_attribute("lang", "sv")
    assert_no_axe_violations(page)
    assert console_errors == []


def test_axe_finds_no_violations_on_quiz_feedback_in_dark(
    page: Page, live_server: LiveServer, embed_urls: dict[str, str]
) -> None:
    _quiz, question = question_get(**QUESTION)
    page.goto(live_server.url + embed_urls["quiz"] + "?theme=dark")
    page.wait_for_function("() => window.htmx !== undefined")
    page.locator(f"label[for='seat-{(question.answer + 1) % 3}']").click()
    page.locator("button[type=submit]").click()
    expect(page.locator("#feedback .feedback--wrong")).to_be_visible()
    assert_no_axe_violations(page)


def test_embed_code_page_copies_and_previews(
    page: Page, live_server: LiveServer, embed_urls: dict[str, str], console_errors: list[str]
) -> None:
    with override("sv"):  # the embed's own term, at its English canonical address
        term = resolve(embed_urls["term"]).kwargs
    with override("en"):
        term_path = reverse("rules:term-detail", kwargs=term)
    page.goto(f"{live_server.url}/en/embed-code/?url={term_path}")
    copy = page.get_by_role("button", name="Copy the code")
    expect(copy).to_be_visible()
    preview = page.frame_locator(".embed-code__preview")
    expect(preview.locator("html")).to_have_attribute("lang", "en")
    # Choosing another language swaps the code and the preview in place (HTMX).
    page.get_by_label("Language of the embed").select_option("fi")
    expect(page.locator("#embed-snippet")).to_have_value(re.compile(r"/fi/upotus/saannot/sanasto/"))
    expect(preview.locator("html")).to_have_attribute("lang", "fi")
    assert "language=fi" in page.url
    assert_no_axe_violations(page)
    assert console_errors == []


@pytest.mark.parametrize("width", [360, 390])
@pytest.mark.parametrize("language", ["en", "sv"])
def test_the_embed_code_page_has_no_sideways_scroll_on_a_phone(
    page: Page, live_server: LiveServer, rules_content: None, width: int, language: str
) -> None:
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(
        f"{live_server.url}/{language}/embed-code/?url=/{language}/rules/stud/forced-bets/who-brings-in/"
    )
    assert page.evaluate("document.documentElement.scrollWidth") == width
    select = page.locator(".embed-code__options select").first
    box = select.bounding_box()
    assert box is not None and box["height"] >= 40  # a site-sized control, not a 19 px one
