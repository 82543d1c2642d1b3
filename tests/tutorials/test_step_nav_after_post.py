"""The lesson's step list on the page that answers its last step without JavaScript links the
check by the lesson's own address: a relative "?check=1" there led to the step's POST-only
address, a 405 with an empty page (found by the learner's walk through make serve)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.browser.quiz_answers import answer_form
from tests.urls import localized
from tutorials.course import lesson_find
from tutorials.queries import course_step_keys, steps_get
from tutorials.questions import part_question

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "da"])
def test_the_step_lists_check_link_opens_the_check(client: Client, language: str) -> None:
    found = lesson_find("stud", "the-game")
    assert found is not None
    course, lesson = found
    steps = steps_get(course_step_keys(course))
    url = localized(f"/{language}/learn/stud/the-game/")
    html = client.get(url).content.decode()
    for index in range(len(lesson.parts)):
        if lesson.parts[index].is_idea:  # an idea card: its "Continue" is a link
            onward = re.search(r'class="button button--primary" href="([^"]+)"', html)
            assert onward is not None
            html = client.get(onward.group(1).replace("&amp;", "&")).content.decode()
            continue
        _quiz, question = part_question(
            course=course, lesson=lesson, index=index, deal=0, steps=steps
        )
        step = re.search(r'<form class="quiz__form" method="post" action="([^"#]+)', html)
        assert step is not None
        data = {**answer_form(question, right=True), "lesson-deal": ["0"]}
        response = client.post(step.group(1), data)
        assert response.status_code == 200
        html = response.content.decode()
        if index + 1 < len(lesson.parts):  # "Next step"
            onward = re.search(r'class="button button--primary" href="([^"]+)"', html)
            assert onward is not None
            html = client.get(onward.group(1).replace("&amp;", "&")).content.decode()
    steps_nav = html[html.index('class="lesson-steps"') :]
    check = re.search(r'lesson-steps__step--check[^>]*><a href="([^"]+)"', steps_nav)
    assert check is not None
    assert check.group(1) == f"{url}?check=1#check"
    assert client.get(check.group(1)).status_code == 200
