"""The best-low-hand quiz (R-LOW-3..5): eight-or-better with its qualifier in stud/8, razz
without one and pairs counting against; checked against an oracle from the rules text."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import AnswerError, Question
from tests.practice.hand_oracles import best_low_value, low_value, texts

QUIZ = KINDS["best-low"]
QUALIFIER = {"stud8": 8, "razz": None}


def _question(game: str, level: str, seed: int) -> Question:
    qid = question_id_parse(kind="best-low", game=game, profile="robert", level=level, seed=seed)
    return QUIZ.generate(qid)


@pytest.mark.parametrize("game", ["stud8", "razz"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_low_3_5_best_low_matches_the_oracle(game: str, level: str) -> None:
    qualifier = QUALIFIER[game]
    for seed in range(300):
        question = _question(game, level, seed)
        seven = texts(question.data["cards"])
        assert len(set(seven)) == 7, f"seed {seed}"
        best = best_low_value(seven, qualifier=qualifier)
        if best is None:
            assert question.answer is None, (seed, seven)
            continue
        five = texts(question.answer)
        assert set(five) <= set(seven) and len(set(five)) == 5, f"seed {seed}"
        assert low_value(five, qualifier=qualifier) == best, (seed, seven, five)


def test_r_low_3_stud8_levels_ask_both_ways() -> None:
    answers = [
        _question("stud8", level, seed).answer
        for level in ("normal", "hard")
        for seed in range(100)
    ]
    assert any(answer is None for answer in answers)
    assert any(answer is not None for answer in answers)


def test_r_low_5_razz_hard_level_has_paired_lows() -> None:
    categories = {_question("razz", "hard", seed).data["category"] for seed in range(200)}
    assert {"no_pair", "one_pair", "two_pair"} <= categories


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_r_low_2_any_five_making_the_best_low_are_right(game: str) -> None:
    qualifier = QUALIFIER[game]
    for seed in range(60):
        question = _question(game, "hard", seed)
        seven = texts(question.data["cards"])
        best = best_low_value(seven, qualifier=qualifier)
        if qualifier is not None:
            assert QUIZ.check(question, {"no_low": ["yes"]}).correct is (best is None), (
                f"seed {seed}"
            )
        for five in combinations(seven, 5):
            value = low_value(five, qualifier=qualifier)
            expected = best is not None and value == best
            assert QUIZ.check(question, {"cards": list(five)}).correct is expected, (seed, five)


def test_r_low_5_razz_offers_no_no_low_box() -> None:
    question = _question("razz", "normal", 3)
    with pytest.raises(AnswerError):
        QUIZ.check(question, {"no_low": ["yes"]})


def test_no_low_with_cards_ticked_too_is_wrong() -> None:
    question = _question("stud8", "easy", 0)
    result = QUIZ.check(question, {"no_low": ["yes"], "cards": texts(question.data["cards"])[:1]})
    assert result.correct is False


def _seed_with(game: str, *, low: bool) -> int:
    return next(s for s in range(100) if (_question(game, "normal", s).answer is not None) is low)


@pytest.mark.django_db
def test_r_low_3_no_low_is_judged(client: Client) -> None:
    seed = _seed_with("stud8", low=False)
    url = f"/en/practice/best-low/stud8/robert/normal/{seed}/"
    right = client.post(url, {"no_low": "yes"}, headers={"HX-Request": "true"})
    assert b"Right!" in right.content
    assert b"No low qualifies" in right.content
