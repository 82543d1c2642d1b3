"""The test-out answered as served: every answer's way on leads to the next question, and the
last one's to the result (found by the learner's walk through make serve: "Next question"
led back to the path page, since the path's context replaced the test-out's own address)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.browser.quiz_answers import answer_form
from tests.urls import localized
from tutorials import placement

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "fi"])
def test_each_answer_leads_on_to_the_next_question_then_the_result(
    client: Client, language: str
) -> None:
    url = localized(f"/{language}/learn/paths/razz/test-out/")
    questions = placement.test_out_questions("razz")
    assert client.get(url).status_code == 200
    for index, item in enumerate(questions):
        response = client.post(
            url, {"index": str(index), **answer_form(item.question, right=index % 2 == 0)}
        )
        assert response.status_code == 200
        onward = re.search(
            r'<a class="button button--primary" href="([^"]+)"', response.content.decode()
        )
        assert onward is not None
        assert onward.group(1) == url, (index, onward.group(1))
        page = client.get(onward.group(1)).content.decode()
        if index + 1 < len(questions):
            assert f'name="index" value="{index + 1}"' in page
    assert 'name="restart"' in page
