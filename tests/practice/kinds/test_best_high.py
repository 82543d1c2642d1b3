"""The best-high-hand quiz (R-RANK-1, R-DECK-1): the generator's answers against a hand
evaluator written from the rules text, and answers judged through the site."""

from __future__ import annotations

from itertools import combinations

import pytest

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import AnswerError, Question
from tests.practice.hand_oracles import best_high_value, high_value, texts

QUIZ = KINDS["best-high"]


def _question(game: str, level: str, seed: int) -> Question:
    qid = question_id_parse(kind="best-high", game=game, profile="robert", level=level, seed=seed)
    return QUIZ.generate(qid)


@pytest.mark.parametrize("game", ["stud", "stud8"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_rank_1_best_five_of_seven_match_the_oracle(game: str, level: str) -> None:
    for seed in range(300):
        question = _question(game, level, seed)
        seven = texts(question.data["cards"])
        assert len(set(seven)) == 7, f"seed {seed}"
        five = texts(question.answer)
        assert set(five) <= set(seven) and len(set(five)) == 5, f"seed {seed}"
        assert high_value(five) == best_high_value(seven), (seed, seven, five)


def test_r_rank_1_hard_level_reaches_the_strong_categories() -> None:
    categories = {_question("stud", "hard", seed).data["category"] for seed in range(300)}
    assert {"two_pair", "straight", "flush", "full_house", "four_of_a_kind"} <= categories


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_deck_1_any_five_making_the_best_hand_are_right(level: str) -> None:
    """Other suits can make the same hand: every five with the best value is right, every other
    five is wrong."""
    for seed in range(40):
        question = _question("stud", level, seed)
        seven = texts(question.data["cards"])
        best = best_high_value(seven)
        for five in combinations(seven, 5):
            result = QUIZ.check(question, {"cards": list(five)})
            assert result.correct is (high_value(five) == best), (seed, five)


def test_a_pick_of_other_than_five_cards_is_wrong_not_junk() -> None:
    question = _question("stud", "normal", 5)
    four = texts(question.answer)[:4]
    result = QUIZ.check(question, {"cards": four})
    assert result.correct is False
    assert "a hand is five cards" in QUIZ.describe_given(question, result.given)


@pytest.mark.parametrize(
    "data",
    [{}, {"cards": ["Zz"]}, {"cards": ["2c", "2c"]}, {"no_low": ["yes"]}],
)
def test_unreadable_picks_are_answer_errors(data: dict[str, list[str]]) -> None:
    question = _question("stud", "normal", 5)
    if data.get("cards") == ["2c", "2c"]:
        card = texts(question.data["cards"])[0]
        data = {"cards": [card, card]}
    with pytest.raises(AnswerError):
        QUIZ.check(question, data)


def test_a_card_not_on_the_table_is_an_answer_error() -> None:
    question = _question("stud", "normal", 5)
    shown = set(texts(question.data["cards"]))
    stranger = next(c for c in ("2c", "3d", "4h", "5s", "6c", "7d", "8h", "9s") if c not in shown)
    with pytest.raises(AnswerError):
        QUIZ.check(question, {"cards": [stranger]})
