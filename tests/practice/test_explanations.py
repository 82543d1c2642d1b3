"""Every reason a quiz question carries has a sentence of its own, not the generic fallback."""

from __future__ import annotations

import pytest

from practice.kinds import KINDS
from practice.quiz import Level, QuestionId
from rules.engine import Game
from rules.explain import SENTENCES


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_reason_of_every_kind_has_a_sentence(kind: str) -> None:
    quiz = KINDS[kind]
    missing: set[str] = set()
    for game in quiz.games:
        for level in Level:
            for seed in range(40):
                qid = QuestionId(kind, game, "robert" if seed % 2 else "tda", level, seed)
                missing |= {r.code for r in quiz.generate(qid).reasons if r.code not in SENTENCES}
    assert not missing


@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_rank_lows_speaks_of_pairs_only_when_a_hand_has_one(game: str) -> None:
    quiz = KINDS["rank-lows"]
    for level in Level:
        for seed in range(30):
            question = quiz.generate(QuestionId("rank-lows", Game(game), "robert", level, seed))
            paired = any(len({card.rank for card in hand}) < 5 for hand in question.data["hands"])
            codes = {reason.code for reason in question.reasons}
            assert ("pairs_count_against_low" in codes) == paired, f"seed {seed}"
