"""The Today card says the day's steps truthfully before and after the daily goal."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext, ngettext

from learners.models import LearnerDay
from learners.services import DAILY_GOAL
from tests.learners.helpers import answer, only_learner
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _card(client: Client, language: str) -> str:
    page = client.get(localized(f"/{language}/my-progress/")).content.decode()
    start = page.index('<section class="today"')
    card = page[start : page.index("</section>", start)]
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", card)).split())


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_past_the_goal_the_card_counts_the_steps_and_says_the_goal_is_reached(
    client: Client, language: str
) -> None:
    answer(client)
    LearnerDay.objects.filter(learner=only_learner()).update(steps=29)
    card = _card(client, language)
    with translation.override(language):
        under = gettext("%(steps)s of %(goal)s steps today") % {"steps": 29, "goal": DAILY_GOAL}
        steps = ngettext("%(steps)s step today", "%(steps)s steps today", 29) % {"steps": 29}
        reached = ngettext(
            "daily goal of %(goal)s step reached",
            "daily goal of %(goal)s steps reached",
            DAILY_GOAL,
        ) % {"goal": DAILY_GOAL}
    assert language == "en" or reached != f"daily goal of {DAILY_GOAL} steps reached"
    assert under not in card  # not "29 of 10"
    assert f"{steps} ✓ {reached}" in card


@pytest.mark.parametrize("language", ["fi", "en"])
def test_below_the_goal_the_card_says_how_far_it_is(client: Client, language: str) -> None:
    answer(client)
    LearnerDay.objects.filter(learner=only_learner()).update(steps=3)
    card = _card(client, language)
    with translation.override(language):
        under = gettext("%(steps)s of %(goal)s steps today") % {"steps": 3, "goal": DAILY_GOAL}
        reached = ngettext(
            "daily goal of %(goal)s step reached",
            "daily goal of %(goal)s steps reached",
            DAILY_GOAL,
        ) % {"goal": DAILY_GOAL}
    assert under in card
    assert reached not in card
