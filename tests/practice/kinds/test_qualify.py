"""The "does it qualify?" quiz (R-LOW-3, R-LOW-4): stud/8 lows near the eight-or-better line,
checked against an oracle written from the rules text."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.kinds._five_cards import CardPick
from practice.kinds._mistakes import pick_mistake
from practice.kinds.qualify import low_reasons
from practice.quiz import AnswerError, Question
from rules.engine import parse_cards
from rules.explain import explain_reasons
from tests.practice.hand_oracles import LOW_ORDER, best_low_value, low_value, texts

QUIZ = KINDS["qualify"]


def _question(level: str, seed: int) -> Question:
    qid = question_id_parse(kind="qualify", game="stud8", profile="robert", level=level, seed=seed)
    return QUIZ.generate(qid)


def _low_ranks(seven: list[str]) -> int:
    return len({card[0] for card in seven if LOW_ORDER.index(card[0]) + 1 <= 8})


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_low_3_qualifier_answers_match_oracle(level: str) -> None:
    for seed in range(400):
        question = _question(level, seed)
        seven = texts(question.data["cards"])
        assert len(set(seven)) == 7, f"seed {seed}"
        # R-LOW-3 said plainly: a low needs five different ranks of eight or lower.
        assert (question.answer is not None) is (_low_ranks(seven) >= 5), (seed, seven)
        best = best_low_value(seven, qualifier=8)
        if question.answer is not None:
            assert low_value(texts(question.answer), qualifier=8) == best, f"seed {seed}"


def test_r_low_3_hard_level_stays_near_the_line() -> None:
    """Hard questions hold four or five low ranks (Q28, Q29), 8-7-6-5-4 (Q30) or a nine."""
    counts: Counter[int] = Counter()
    for seed in range(300):
        seven = texts(_question("hard", seed).data["cards"])
        counts[_low_ranks(seven)] += 1
        assert _low_ranks(seven) in (4, 5), (seed, seven)
    assert counts[4] > 50 and counts[5] > 50


def test_r_low_3_the_worst_low_qualifies() -> None:
    """8-7-6-5-4 qualifies (Q30): the generator asks it and the answer says yes."""
    found = 0
    for seed in range(300):
        question = _question("hard", seed)
        ranks = {card[0] for card in texts(question.data["cards"])}
        if {"8", "7", "6", "5", "4"} <= ranks and not ranks & set("A23"):
            found += 1
            assert sorted(card[0] for card in texts(question.answer)) == [
                "4",
                "5",
                "6",
                "7",
                "8",
            ], f"seed {seed}"
    assert found > 10


def test_r_low_4_any_suits_of_the_low_are_right() -> None:
    for seed in range(60):
        question = _question("hard", seed)
        seven = texts(question.data["cards"])
        best = best_low_value(seven, qualifier=8)
        assert QUIZ.check(question, {"no_low": ["yes"]}).correct is (best is None), f"seed {seed}"
        for five in combinations(seven, 5):
            expected = best is not None and low_value(five, qualifier=8) == best
            assert QUIZ.check(question, {"cards": list(five)}).correct is expected, f"seed {seed}"


@pytest.mark.parametrize(
    "data", [{}, {"no_low": ["no"]}, {"cards": ["10"]}, {"no_low": ["yes", "yes"]}]
)
def test_unreadable_answers_are_answer_errors(data: dict[str, list[str]]) -> None:
    with pytest.raises(AnswerError):
        QUIZ.check(_question("normal", 1), data)


def test_only_stud8_has_the_quiz(client: Client) -> None:
    assert client.get("/en/practice/qualify/razz/robert/normal/1/").status_code == 400


def test_r_low_3_seven_cards_with_no_card_of_eight_or_lower_say_so_in_words() -> None:
    """Seven cards from nine to king (a normal-level deal can be one, about once in 1,700): the
    reason and the mistake say that no card is eight or lower, never "zero ranks" or "()"."""
    seven = parse_cards("9c Td Jh Qs Kc 9d Th")
    (reason,) = low_reasons(seven, None)
    assert reason.amounts == (0,)
    (line,) = explain_reasons((reason,), game="stud8")
    assert line.text == "None of these cards is eight or lower, so there is no low."
    mistake = pick_mistake(
        CardPick(cards=tuple(seven[:5])), seven=seven, answer=None, qualifier=8, low=True
    )
    assert mistake.startswith("There is no low here: none of these seven cards is eight")
