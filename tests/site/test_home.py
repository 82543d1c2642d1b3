"""Home leads with a choice of goals (issue 28): each goal goes to the one place that serves
it, and a returning learner's Today card and Continue come before the choice."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.learners.helpers import answer

pytestmark = pytest.mark.django_db


def _goal_links(html: str) -> list[tuple[str, str]]:
    return re.findall(
        r'<a class="goal" href="([^"]+)"><span class="goal__title">([^<]+)</span>', html
    )


@pytest.mark.parametrize("language", ["en", "sv"])
def test_home_offers_four_goals_in_order(client: Client, language: str) -> None:
    with translation.override(language):
        expected = [
            reverse("tutorials:path", kwargs={"path": "stud-hi-lo-home-game"}),
            reverse("tutorials:path", kwargs={"path": "razz"}),
            reverse("tutorials:course", kwargs={"course": "stud"}),
            reverse("practice:hub"),
        ]
    html = client.get(f"/{language}/").content.decode()
    goals = _goal_links(html)
    assert [url for url, _title in goals] == expected
    titles = [title for _url, title in goals]
    if language == "sv":
        assert titles == [
            "Spela Stud Hi/Lo på fredag",
            "Lär dig Razz",
            "Lär dig Seven Card Stud ordentligt",
            "Öva",
        ]
    assert html.index('class="goals"') < html.index('id="games-title"')
    assert 'class="today' not in html  # nobody to welcome back


def test_a_returning_learner_sees_today_and_continue_before_the_goals(client: Client) -> None:
    answer(client, "bring-in", 3, right=True)  # a learner record
    client.get("/en/learn/stud/who-brings-in/")  # a lesson started
    html = client.get("/en/").content.decode()
    today = html.index('<section class="today"')
    assert today < html.index('class="goals"') and today < html.index('id="home-title"')
    continue_at = html.index("Continue: Antes and who brings in")
    assert today < continue_at < html.index('class="goals"')
