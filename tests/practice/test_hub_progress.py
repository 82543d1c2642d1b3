"""The practice hub tells the truth (issue 28 item 5): progress is kept for this browser and a
code carries it to other devices (no "in this browser only"), and answers given in lessons count
there too, not only the practice questions."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.learners.helpers import answer
from tests.tutorials.test_views import _take_steps

pytestmark = pytest.mark.django_db

LESSON = "/en/learn/stud/who-brings-in/"


def test_a_fresh_hub_says_where_progress_is_kept(client: Client) -> None:
    html = client.get("/en/practice/").content.decode()
    assert "No answers yet." in html
    assert "browser only" not in html
    assert "a code carries it to your other devices" in html
    assert 'href="/en/my-progress/">Your progress and other devices</a>' in html
    sv = client.get("/sv/traning/").content.decode()
    assert "med en kod tar du dem med till dina andra enheter" in sv


def test_lesson_answers_count_on_the_hub(client: Client) -> None:
    client.get(LESSON)
    _take_steps(client, LESSON, right=False)  # two steps, both wrong
    html = client.get("/en/practice/").content.decode()
    assert "In the lessons: 2 answers, 0 right." in html
    assert "No answers yet." not in html
    answer(client, "bring-in", 4, right=True)  # and the practice questions beside them
    html = client.get("/en/practice/").content.decode()
    assert "In the lessons: 2 answers, 0 right." in html and "<dt>Answered</dt><dd>1</dd>" in html
