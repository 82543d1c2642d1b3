"""The course pages through the Django test client: the check flow, HTMX and no-JS, errors."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from tests.browser.quiz_answers import answer_form
from tests.learners.helpers import client_request
from tests.sitemap_pages import sitemap_text
from tests.urls import localized
from tutorials.course import Course, Lesson, courses, lesson_find
from tutorials.progress import CheckState, course_progress_load
from tutorials.queries import course_step_keys, kind_lessons, lesson_key, steps_get
from tutorials.questions import check_questions, part_question

pytestmark = pytest.mark.django_db

RULE_ID = re.compile(r"R-[A-Z]+-\d+")


def _visible_text(html: str) -> str:
    """The page's text without what CSS hides from learners on course pages."""
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<[^>]*class="(rule-badge|rule-id)"[^>]*>[^<]*</[a-z]+>', " ", html)
    return re.sub(r"<[^>]+>", " ", html)


def _lesson(lesson_url: str) -> tuple[Course, Lesson]:
    course_slug, lesson_slug = lesson_url.strip("/").split("/")[2:4]
    found = lesson_find(course_slug, lesson_slug)
    assert found is not None
    return found


def _take_steps(client: Client, lesson_url: str, *, right: bool = True) -> str:
    """Answer every step of a lesson (the right answer comes from the engine)."""
    course, lesson = _lesson(lesson_url)
    steps = steps_get(course_step_keys(course))
    html = ""
    for index in range(len(lesson.parts)):
        if lesson.parts[index].is_idea:  # an idea card asks nothing: the next step is open
            continue
        _quiz, question = part_question(
            course=course, lesson=lesson, index=index, deal=0, steps=steps
        )
        data = {**answer_form(question, right=right), "lesson-deal": ["0"]}
        response = client.post(localized(f"{lesson_url}step/{index + 1}/"), data)
        assert response.status_code == 200
        html = response.content.decode()
    return html


def _answer(client: Client, lesson_url: str, *, right: bool, htmx: bool = False) -> str:
    """Answer the check's current question right or wrong (the right answer comes from the
    engine, as the quiz tests do)."""
    course_slug, lesson_slug = lesson_url.strip("/").split("/")[2:4]
    course = courses()[course_slug]
    lesson = next(item for item in course.lessons if item.slug == lesson_slug)
    key = lesson_key(course, lesson)
    state = course_progress_load(client_request(client)).check(key)
    steps = steps_get(course_step_keys(course))
    quiz, question = check_questions(
        course=course, lesson=lesson, attempt=state.attempt, steps=steps
    )[state.answered]
    from tests.tutorials.answers import form_for

    data = form_for(quiz, question, right=right)
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        f"{lesson_url}check/", {**data, "lesson-index": state.answered}, headers=headers
    )
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_pages_render_without_rule_ids_or_english_leftovers(client: Client, language: str) -> None:
    for url in (
        localized(f"/{language}/learn/"),
        localized(f"/{language}/learn/stud/"),
        localized(f"/{language}/learn/stud/who-brings-in/"),
        localized(f"/{language}/learn/stud/mistakes-at-the-table/"),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        text = _visible_text(response.content.decode())
        assert not RULE_ID.search(text), (url, RULE_ID.findall(text))
        assert "http://" not in text and "https://" not in text
        if language != "en":
            for english in ("Check yourself", "Lesson 3 of 12", "lessons done", "Continue:"):
                assert english not in text, (url, english)


def test_lesson_page_shows_position_time_and_pager(client: Client) -> None:
    html = client.get("/en/learn/stud/who-brings-in/").content.decode()
    assert "Lesson 3 of 12" in html
    assert re.search(r"about \d+ minutes?", html)
    # No "Next lesson" until the check is passed: the check is the way on, not a tap past it.
    assert 'rel="prev"' in html and 'rel="next"' not in html
    # The first step, not the check: the check comes once the steps are answered.
    assert 'id="part"' in html and "Read the full rule" in html
    assert 'id="check"' not in html
    _take_steps(client, "/en/learn/stud/who-brings-in/")
    html = client.get("/en/learn/stud/who-brings-in/").content.decode()
    assert "Check yourself" in html and "Question 1 of 3" in html
    assert 'rel="next"' not in html
    for _question in range(3):
        _answer(client, "/en/learn/stud/who-brings-in/", right=True)
    html = client.get("/en/learn/stud/who-brings-in/").content.decode()
    assert 'rel="next"' in html and "Next lesson" in html


def test_a_question_whose_answer_depends_on_the_rulebook_names_it(client: Client) -> None:
    """A step or check question of a kind whose answer depends on the rules says which, in the
    learner's words (never the profile's code)."""
    html = unescape(
        client.get(localized("/sv/learn/stud/best-board-acts-first/?step=2")).content.decode()
    )
    assert "Regler: Robert's Rules (kontantspel)" in html
    assert "robert" not in re.sub(r"<[^>]+>", " ", html).lower().replace("robert's", "")


def test_a_step_reveals_after_the_answer_and_deals_another_like_it(client: Client) -> None:
    url = "/en/learn/stud/who-brings-in/"
    course, lesson = _lesson(url)
    steps = steps_get(course_step_keys(course))
    first = client.get(f"{url}?step=2").content.decode()
    assert "Not quite." not in first and "Right!" not in first
    _quiz, question = part_question(course=course, lesson=lesson, index=1, deal=0, steps=steps)
    _quiz, other = part_question(course=course, lesson=lesson, index=1, deal=1, steps=steps)
    assert other.qid != question.qid
    # The second step is not open before the first is answered: the page shows the first.
    assert course_progress_load(client_request(client)).parts_answered("stud/who-brings-in") == 0
    _take_steps(client, url, right=False)
    data = {**answer_form(question, right=True), "lesson-deal": ["0"]}
    html = client.post(f"{url}step/2/", data, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in html and "Right!" in html
    assert f'href="{url}?step=2&amp;deal=1#part"' in html  # another one like this
    assert f'href="{url}?check=1#check"' in html  # on to the check
    assert "/en/rules/stud/forced-bets/who-brings-in/" in html  # the full rule, one tap away


def test_passing_the_check_ticks_the_lesson_and_home_continues_with_the_next(
    client: Client,
) -> None:
    url = "/en/learn/stud/who-brings-in/"
    client.get(url)
    home = client.get("/en/").content.decode()
    assert "Continue: Antes and who brings in" in home
    _take_steps(client, url)
    html = _answer(client, url, right=True, htmx=True)
    assert "Question 1 of 3" in html and "Next question" in html and "<html" not in html
    _answer(client, url, right=False)  # no JavaScript: the whole page
    html = _answer(client, url, right=True, htmx=True)
    assert "Lesson complete!" in html and "You answered 2 of 3 right." in html
    course = client.get(localized("/sv/learn/stud/")).content.decode()
    assert course.count("lesson-item--done") == 1
    assert "1 av 12 lektioner klara" in course
    home = client.get(localized("/fi/")).content.decode()
    assert "Jatka: Bring-in vai täysi pieni panos" in home


def test_failing_the_check_offers_three_new_questions(client: Client) -> None:
    url = "/en/learn/stud/the-game/"
    client.get(url)
    _take_steps(client, url)
    for right in (False, False, True):
        html = _answer(client, url, right=right)
    assert "You need 2 of 3" in html and "Lesson complete!" not in html
    first = course_progress_load(client_request(client)).check("stud/the-game")
    response = client.post(f"{url}again/")
    assert response.status_code == 302
    assert course_progress_load(client_request(client)).check("stud/the-game") == CheckState(
        first.attempt + 1, ""
    )


def test_a_lesson_without_a_check_is_done_when_its_steps_are_answered(client: Client) -> None:
    url = "/da/learn/stud/late-mistakes/"
    assert client.post(localized(f"{url}read/")).status_code == 400  # it has steps to answer
    assert "stud/late-mistakes" not in course_progress_load(client_request(client)).done
    html = _take_steps(client, url, right=False)
    assert "stud/late-mistakes" in course_progress_load(client_request(client)).done
    assert "Afslut lektionen" in html


def test_a_lesson_with_a_check_is_not_done_by_its_steps_alone(client: Client) -> None:
    url = "/en/learn/stud/who-brings-in/"
    _take_steps(client, url)
    assert "stud/who-brings-in" not in course_progress_load(client_request(client)).done


@pytest.mark.parametrize(
    ("url", "data", "status"),
    [
        ("/en/learn/stud/who-brings-in/check/", {"lesson-index": "x"}, 400),
        ("/en/learn/stud/who-brings-in/check/", {"lesson-index": "7"}, 400),
        ("/en/learn/stud/who-brings-in/check/", {"index": "0"}, 400),  # not the lesson's name
        # The steps come before the check: back to them, with a word on why.
        ("/en/learn/stud/who-brings-in/check/", {"lesson-index": "0", "seat": "junk"}, 409),
        ("/en/learn/stud/nope/check/", {"lesson-index": "0"}, 404),
        ("/en/learn/nope/", None, 404),
        ("/en/learn/stud/who-brings-in/?step=x", None, 400),
        ("/en/learn/stud/who-brings-in/?deal=-1", None, 400),
        ("/en/learn/stud/who-brings-in/step/1/", {"lesson-deal": "0", "verdict": "junk"}, 422),
        ("/en/learn/stud/who-brings-in/step/1/", {"lesson-deal": "nope"}, 400),
        # A step the learner's progress does not reach yet: the step to take, with a word.
        ("/en/learn/stud/who-brings-in/step/2/", {"lesson-deal": "0", "seat": "junk"}, 409),
        ("/en/learn/stud/who-brings-in/step/9/", {"lesson-deal": "0"}, 404),
        ("/en/learn/paths/nope/", None, 404),
        ("/en/learn/paths/razz/test-out/", {"index": "x"}, 400),
    ],
)
def test_bad_input_gets_a_clear_answer(
    client: Client, url: str, data: dict | None, status: int
) -> None:
    response = client.get(url) if data is None else client.post(url, data)
    assert response.status_code == status


def test_sitemap_lists_every_lesson_in_four_languages(client: Client) -> None:
    xml = sitemap_text(client)
    for code in ("sv", "da", "fi", "en"):
        assert localized(f"/{code}/learn/stud/who-brings-in/") + "</loc>" in xml
        assert localized(f"/{code}/learn/razz/") + "</loc>" in xml
    lesson = localized("/fi/learn/stud8/eight-or-better/")
    assert f'hreflang="fi" href="http://testserver{lesson}"' in xml


def test_home_varies_by_cookie(client: Client) -> None:
    response = client.get("/en/")
    assert "Cookie" in response.get("Vary", "")
    assert "Play Stud Hi/Lo on Friday" in response.content.decode()


def test_practice_hub_follows_the_course_and_links_each_kind_to_its_lesson(
    client: Client,
) -> None:
    html = client.get("/en/practice/").content.decode()
    cards = re.findall(
        r'<li class="kind-card">.*?href="/en/practice/([a-z-]+)/".*?</li>', html, flags=re.S
    )
    assert cards == list(kind_lessons())
    assert cards.index("bring-in") < cards.index("rank-lows")
    assert 'href="/en/learn/stud/who-brings-in/">Learn it: Antes and who brings in</a>' in html
    sv = client.get(localized("/sv/practice/")).content.decode()
    assert "Lär dig det: Ante och vem som lägger bring-in" in sv
