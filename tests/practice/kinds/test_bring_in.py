"""The bring-in quiz (R-BRING-2, R-BRING-3): answers checked against an independent rule."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from rules.engine import Card, Game

SUIT_ORDER = "cdhs"


def _expected_bring_in(game: Game, doors: tuple[Card, ...]) -> int:
    """The rule written out independently of the engine: lowest card (ace high) by rank then
    suit in stud and stud/8; highest card (ace low) by rank then suit in razz."""

    def strength(card: Card) -> tuple[int, int]:
        text = str(card)
        rank = (
            "A23456789TJQK".index(text[0]) + 1
            if game is Game.RAZZ
            else "23456789TJQKA".index(text[0])
        )
        return (rank, SUIT_ORDER.index(text[1]))

    keys = [strength(card) for card in doors]
    chosen = max(keys) if game is Game.RAZZ else min(keys)
    return keys.index(chosen)


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_bring_2_3_generated_answers_match_the_rule(game: Game, level: str) -> None:
    quiz = KINDS["bring-in"]
    for seed in range(300):
        qid = question_id_parse(
            kind="bring-in", game=str(game), profile="robert", level=level, seed=seed
        )
        question = quiz.generate(qid)
        doors = question.data["doors"]
        assert len(set(doors)) == len(doors)
        assert question.answer == _expected_bring_in(game, doors)


@pytest.mark.django_db
def test_right_and_wrong_answers_are_judged(client: Client) -> None:
    quiz = KINDS["bring-in"]
    qid = question_id_parse(kind="bring-in", game="stud", profile="robert", level="normal", seed=11)
    question = quiz.generate(qid)
    url = "/en/practice/bring-in/stud/robert/normal/11/"
    right = client.post(url, {"seat": str(question.answer)})
    assert right.status_code == 200
    assert b"Right!" in right.content
    wrong_seat = (question.answer + 1) % question.data["seats"]
    wrong = client.post(url, {"seat": str(wrong_seat)}, headers={"HX-Request": "true"})
    assert wrong.status_code == 200
    assert b"Not quite." in wrong.content
    assert b"<html" not in wrong.content  # the HTMX answer is the fragment only
    assert b'hx-swap-oob="true"' in wrong.content  # the progress bar updates too
