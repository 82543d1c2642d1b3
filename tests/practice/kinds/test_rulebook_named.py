"""Questions whose answer depends on the rulebook name it (rules review E7: four lesson checks
assumed Robert's Rules silently: an open-pair bet, tied boards, odd chips among tied lows)."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import override

from core import words
from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.kinds._rulebook import PROFILE_DEPENDENT_CODES

KINDS_NAMING = ("bet-sizing", "legal-action", "first-to-act", "showdown-order", "split-pot")


def test_profile_dependent_questions_name_their_rulebook() -> None:
    named: Counter[str] = Counter()
    for slug in KINDS_NAMING:
        kind = KINDS[slug]
        for game in kind.games:
            for level in ("normal", "hard"):
                for seed in range(40):
                    qid = question_id_parse(
                        kind=slug, game=str(game), profile="robert", level=level, seed=seed
                    )
                    question = kind.generate(qid)
                    depends = any(r.code in PROFILE_DEPENDENT_CODES for r in question.reasons)
                    with override("en"):
                        prompt = kind.prompt(question)
                        title = words.profile_title("robert")
                    assert (title in prompt) is depends, (slug, str(game), level, seed, prompt)
                    named[slug] += depends
    for slug in ("bet-sizing", "first-to-act", "split-pot", "showdown-order"):
        assert named[slug], slug
