"""The set's summary shows the missed hands themselves (issue 28 item 5): for a missed question
of every kind, its prompt, its hand as the kind's answer view draws it, and the learner's own
answer; a drill's misses are different hands, not one skill's name again and again."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from django.utils import translation

from practice.kinds import KINDS
from tests.browser.quiz_answers import answer_form
from tests.browser.quiz_flow import question_for, question_path

pytestmark = pytest.mark.django_db

HAND = '<li class="set-summary__hand">'


def _set_of_ten(client: Client, kind: str, missed: set[int]) -> list[str]:
    """Ten questions of ``kind``, the seeds in ``missed`` answered wrong; the summary's hands."""
    game = str(KINDS[kind].default_game())
    for seed in range(300, 310):
        question = question_for(kind, game, "normal", seed)
        client.post(question_path(question), answer_form(question, right=seed not in missed))
    page = client.get("/en/practice/set/summary/").content.decode()
    # Each hand runs to the next (the last to the end of the list): hands hold lists too.
    blocks = page.split("</ol>\n  </section>")[0].split(HAND)[1:]
    return [html.unescape(block) for block in blocks]


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_kinds_missed_hand_shows_with_the_learners_answer(client: Client, kind: str) -> None:
    hands = _set_of_ten(client, kind, {303})
    assert len(hands) == 1, kind
    quiz = KINDS[kind]
    wrong = question_for(kind, str(quiz.default_game()), "normal", 303)
    with translation.override("en"):
        prompt = str(quiz.prompt(wrong))
        given = quiz.describe_given(wrong, quiz.check(wrong, answer_form(wrong, right=False)).given)
    assert prompt in hands[0]
    assert f"Your answer: {given}" in hands[0]


def test_a_drills_misses_are_different_hands(client: Client) -> None:
    hands = _set_of_ten(client, "best-high", {301, 302, 305})
    assert len(hands) == 3
    cards = [re.findall(r'aria-label="([^"]+)"', hand) for hand in hands]
    assert len({tuple(found) for found in cards}) == 3  # three hands, each its own cards
