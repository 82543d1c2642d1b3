"""The bring-in quiz (R-BRING-2, R-BRING-3): answers checked against an independent rule."""

from __future__ import annotations

import pytest

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
        assert len(set(doors)) == len(doors), f"seed {seed}"
        assert question.answer == _expected_bring_in(game, doors), f"seed {seed}"
