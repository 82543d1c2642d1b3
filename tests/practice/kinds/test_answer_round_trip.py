"""Every quiz kind, through the site: a question page, a right answer judged right (the whole
page without htmx), a wrong one judged wrong (the feedback fragment with htmx), in every game
the kind is played in. One parametrised round trip where each kind's tests once had their own."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.kinds import KINDS
from tests.browser.quiz_answers import answer_form
from tests.browser.quiz_flow import question_for, question_path

CASES = [
    (kind.slug, str(game), seed)
    for kind in KINDS.values()
    for game in kind.games
    for seed in (2, 7)
]


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "game", "seed"), CASES)
def test_a_right_answer_is_right_and_a_wrong_one_is_wrong(
    client: Client, kind: str, game: str, seed: int
) -> None:
    question = question_for(kind, game, "normal", seed)
    url = question_path(question)
    assert client.get(url).status_code == 200
    right = client.post(url, answer_form(question, right=True))
    assert right.status_code == 200
    assert b"Right!" in right.content
    assert b"<html" in right.content  # without htmx, the whole page
    wrong = client.post(url, answer_form(question, right=False), headers={"HX-Request": "true"})
    assert wrong.status_code == 200
    assert b"Not quite." in wrong.content
    assert b"<html" not in wrong.content  # with htmx, the feedback and its out-of-band parts
    assert b'hx-swap-oob="true"' in wrong.content
