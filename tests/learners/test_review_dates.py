"""Reviews with dates (issue 28 item 5): with nothing due today the Today card says how many
skills fall due next and when ("tomorrow", "on Thursday", "in 12 days"), in four languages."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.test import Client
from django.utils import translation

from learners.events import learner_today
from learners.models import Learner
from learners.templatetags.learners import review_when
from tests.learners.helpers import answer, only_learner

pytestmark = pytest.mark.django_db


def _review_on(learner: Learner, **days: int) -> None:
    today = learner_today(learner)
    learner.data["review"] = {
        skill: [2, (today + timedelta(days=n)).isoformat()] for skill, n in days.items()
    }
    learner.save(update_fields=["data"])


def test_three_reviews_due_tomorrow(client: Client) -> None:
    answer(client, "bring-in", 1, right=False)
    _review_on(only_learner(), **{"bring-in": 1, "first-to-act": 1, "best-high": 1, "razz": 5})
    page = client.get("/en/").content.decode()
    assert '<span class="today__number">3</span>' in page
    assert "reviews due tomorrow" in page
    sv = client.get("/sv/").content.decode()
    assert "repetitioner väntar i morgon" in sv


def test_the_next_reviews_weekday_then_days(client: Client) -> None:
    answer(client, "bring-in", 1, right=False)
    learner = only_learner()
    _review_on(learner, **{"bring-in": 4})
    day = learner_today(learner) + timedelta(days=4)
    weekday = day.strftime("%A")  # the C locale's English name
    assert f'1</span>\n      <span class="today__label">review due on {weekday}' in (
        client.get("/en/").content.decode()
    )
    _review_on(learner, **{"bring-in": 12})
    assert "review due in 12 days" in client.get("/en/").content.decode()


def test_a_review_due_today_still_counts_as_due(client: Client) -> None:
    answer(client, "bring-in", 1, right=False)
    _review_on(only_learner(), **{"bring-in": 0, "first-to-act": 1})
    page = client.get("/en/").content.decode()
    assert "review due tomorrow" not in page and "Review 1 skill now" in page


@pytest.mark.parametrize(
    ("language", "thursday", "tomorrow"),
    [
        ("sv", "på torsdag", "i morgon"),
        ("da", "på torsdag", "i morgen"),
        ("fi", "torstaina", "huomenna"),
    ],
)
def test_when_in_each_language(language: str, thursday: str, tomorrow: str) -> None:
    with translation.override(language):
        assert review_when(3, date(2026, 12, 10)) == thursday  # a Thursday
        assert review_when(1, date(2026, 12, 8)) == tomorrow
