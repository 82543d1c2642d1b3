"""The language switcher on a page that answers a POST (a code asked for, a lesson step
answered without JavaScript) offers the page the form was on, in each language: that POST's
own address takes no GET, and its links answered 405 with an empty page (found by the
learner's walk through make serve)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = pytest.mark.django_db


def _switcher(html: str) -> dict[str, str]:
    nav = html[html.index('class="language-switcher"') :]
    nav = nav[: nav.index("</nav>")]
    return {code: url for url, code in re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', nav)}


def test_after_asking_for_a_code_each_language_link_opens_my_progress(client: Client) -> None:
    mine = localized("/en/my-progress/")
    client.get(mine)
    response = client.post(
        localized("/en/my-progress/code/"), headers={"referer": f"http://testserver{mine}"}
    )
    assert response.status_code == 200
    links = _switcher(response.content.decode())
    assert links == {code: localized(f"/{code}/my-progress/") for code in ("sv", "da", "fi", "en")}
    for url in links.values():
        assert client.get(url).status_code == 200


def test_without_the_page_it_came_from_each_link_opens_that_languages_home(
    client: Client,
) -> None:
    response = client.post(localized("/fi/my-progress/continue/"), {"code": "0000-0000"})
    assert response.status_code == 400
    links = _switcher(response.content.decode())
    assert links == {code: f"/{code}/" for code in ("sv", "da", "fi", "en")}


def test_a_step_answered_without_javascript_links_its_lesson_in_each_language(
    client: Client,
) -> None:
    lesson = localized("/sv/learn/stud/hand-rankings/")
    client.get(lesson)
    response = client.post(
        localized("/sv/learn/stud/hand-rankings/step/1/"),
        {"lesson-deal": "0", "cards": ["As"]},  # not five cards: said on the page, a 422
        headers={"referer": f"http://testserver{lesson}?step=1"},
    )
    assert response.status_code == 422
    links = _switcher(response.content.decode())
    for code in ("sv", "da", "fi", "en"):
        assert links[code] == localized(f"/{code}/learn/stud/hand-rankings/") + "?step=1"
