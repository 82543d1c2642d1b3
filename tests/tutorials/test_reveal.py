"""Predict, then reveal: before a step is answered, nothing in its HTML gives the answer away (not
the answer's wording, no marked or highlighted card or seat, no "(brings in)" label, no hand
name, not the idea the step teaches); after the answer, all of it shows."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from core import words
from tests.browser.quiz_answers import answer_form
from tests.learners.helpers import learner_with
from tests.urls import localized
from tutorials.course import Course, Lesson, content_from_files, lesson_find
from tutorials.queries import course_step_keys, lesson_key, steps_get, text_in_language
from tutorials.questions import part_question

pytestmark = pytest.mark.django_db

STEPS = [
    (course.slug, lesson.slug, index)
    for course in content_from_files().courses.values()
    for lesson in course.lessons
    for index in range(len(lesson.parts))
    if not lesson.parts[index].is_idea  # an idea card asks nothing
]
IDS = [f"{course}/{lesson}/{index + 1}" for course, lesson, index in STEPS]

#: What only an answered question shows: marks on options, highlighted or dimmed cards, the
#: answer's seat, the feedback.
MARKERS = (
    "table-seat--answer",
    "card--used",
    "card--unused",
    "option--right",
    "option--wrong",
    "mark--right",
    "mark--wrong",
    "feedback",
    "showdown-order__first",
    "hand-list--answer",
)
CATEGORIES = (
    "one_pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
)


def _part_html(page: str) -> str:
    found = re.search(r'<section id="part".*?</section>', page, flags=re.S)
    assert found, "no step on the page"
    return found.group(0)


def _plain(text: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", text))


def _progress(client: Client, data: dict) -> None:
    """Give the test client a learner record with this course progress."""
    learner_with(client, course=data)


def _found(course: str, lesson: str) -> tuple[Course, Lesson]:
    found = lesson_find(course, lesson)
    assert found is not None
    return found


@pytest.mark.parametrize(("course_slug", "lesson_slug", "index"), STEPS, ids=IDS)
def test_a_step_gives_nothing_away_before_the_answer(
    client: Client, course_slug: str, lesson_slug: str, index: int
) -> None:
    course, lesson = _found(course_slug, lesson_slug)
    key = lesson_key(course, lesson)
    steps = steps_get(course_step_keys(course))
    url_base = f"/learn/{course_slug}/{lesson_slug}/"
    # The earlier steps answered, so this one opens.
    _progress(client, {"d": [], "p": {key: "1" * index}})
    for language in ("sv", "da", "fi", "en"):
        for deal in (0, 1):
            quiz, question = part_question(
                course=course, lesson=lesson, index=index, deal=deal, steps=steps
            )
            page = localized(f"/{language}{url_base}")
            response = client.get(f"{page}?step={index + 1}&deal={deal}")
            assert response.status_code == 200
            before = _part_html(response.content.decode())
            # this step, not an earlier one
            assert localized(f"/{language}{url_base}step/{index + 1}/") in before
            text = _plain(before)
            with translation.override(language):
                answer = quiz.describe_answer(question)
                names = [words.category_name(name) for name in CATEGORIES]
                idea = text_in_language(lesson.parts[index].text)
                brings_in = f"({gettext('brings in')})"
            where = (language, deal, question.qid)
            for marker in MARKERS:
                assert marker not in before, (*where, marker)
            assert answer not in text, (*where, answer)
            assert brings_in not in text, (*where, brings_in)
            if quiz.slug in ("best-high", "best-low", "qualify", "rank-lows"):
                for name in names:
                    assert not re.search(rf"\b{re.escape(name)}\b", text, flags=re.I), (
                        *where,
                        name,
                    )
            opening = re.sub(r"\[[^\]]*\]|\*", "", idea).split()[:12]
            assert " ".join(opening) not in " ".join(text.split()), (*where, opening)


def test_after_the_answer_the_step_reveals_the_answer_and_its_idea(client: Client) -> None:
    course, lesson = _found("stud", "who-brings-in")
    steps = steps_get(course_step_keys(course))
    quiz, question = part_question(course=course, lesson=lesson, index=1, deal=0, steps=steps)
    _progress(client, {"d": [], "p": {"stud/who-brings-in": "1"}})
    data = {**answer_form(question, right=False), "deal": ["0"]}
    page = client.post("/en/learn/stud/who-brings-in/step/2/", data).content.decode()
    after = _plain(_part_html(page))
    assert "Not quite." in after
    assert quiz.describe_answer(question) in after
    assert "whose upcard is lowest" in after  # the idea, shown now
    assert "table-seat--answer" in _part_html(page)
