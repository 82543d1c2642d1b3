"""The bet-sizing quiz (R-BET-1..7, R-BRING-4/5, Q9, Q20-Q23): the generated amounts checked
against the betting rules replayed independently of the engine, and answers judged through
the site."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from tests.practice.betting_oracle import replay

GAMES = ("stud", "stud8", "razz")
PROFILES = ("robert", "tda", "wsop_la", "wsop")
AGGRESSIVE = ("bring_in", "complete", "bet", "raise")


def _question(game: str, profile: str, level: str, seed: int):
    qid = question_id_parse(kind="bet-sizing", game=game, profile=profile, level=level, seed=seed)
    return KINDS["bet-sizing"].generate(qid)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("profile", PROFILES)
def test_r_bet_amounts_match_the_rules(game: str, level: str, profile: str) -> None:
    for seed in range(150):
        question = _question(game, profile, level, seed)
        seat, legal = replay(question.data, game=game, profile=profile)
        assert seat == question.data["situation"].asked, seed
        totals = {total for kind in AGGRESSIVE for total in legal.get(kind, [])}
        expected = frozenset(str(total) for total in totals) or frozenset({"none"})
        assert question.answer == expected, seed
        assert totals <= set(question.data["options"]), f"seed {seed}"
        assert len(question.data["options"]) >= 2, f"seed {seed}"


def test_r_bet_2_4_open_pair_only_in_stud_high_cash_games() -> None:
    """Q20-Q22: with an open pair on 4th street, Robert's Rules offer the big bet in stud high;
    TDA does not, and stud/8 and razz never do."""
    big_offered: Counter[tuple[str, str]] = Counter()
    for seed in range(200):
        for game in GAMES:
            for profile in ("robert", "tda"):
                question = _question(game, profile, "normal", seed)
                if question.data["scenario"] != "open_pair_first":
                    continue
                big = question.data["situation"].stakes.big_bet
                big_offered[(game, profile)] += str(big) in question.answer
    assert big_offered[("stud", "robert")] > 0
    assert big_offered[("stud", "tda")] == 0
    assert big_offered[("stud8", "robert")] == 0
    assert big_offered[("razz", "robert")] == 0


def test_each_level_reaches_its_cases() -> None:
    codes: Counter[str] = Counter()
    for seed in range(300):
        for level in ("easy", "normal", "hard"):
            codes.update(reason.code for reason in _question("stud", "robert", level, seed).reasons)
    for code in (
        "bring_in_forced",
        "completion_is_the_bet",
        "small_bet_street",
        "big_bet_street",
        "open_pair_option",
        "open_pair_big_made",
        "cap_reached",
        "raises_left",
        "heads_up_uncapped",
        "short_all_in_may_complete",
    ):
        assert codes[code], code


@pytest.mark.django_db
@pytest.mark.parametrize("junk", [{}, {"amounts": "7777"}, {"amounts": "five"}])
def test_junk_amounts_get_a_422(client: Client, junk: dict[str, object]) -> None:
    response = client.post("/en/practice/bet-sizing/stud/robert/easy/1/", junk)
    assert response.status_code == 422


@pytest.mark.parametrize("lang", ["en", "sv", "da", "fi"])
def test_r4_r_bet_5_under_tda_the_cap_is_named_as_the_house_s(lang: str) -> None:
    # The review's bet-sizing/stud8/tda/hard/20031 said "The betting is capped: a bet and three
    # raises have been made" under "TDA 2024". TDA 48: "the house limit applies".
    from django.utils import translation

    from rules.explain import explain_reasons

    question = _question("stud8", "tda", "hard", 20031)
    with translation.override(lang):
        texts = " ".join(e.text for e in explain_reasons(question.reasons, game="stud8"))
    house = {"en": "to the house", "sv": "åt huset", "da": "til huset", "fi": "talon"}
    assert "cap_reached" in {r.code for r in question.reasons}
    assert house[lang] in texts
    robert = _question("stud8", "robert", "hard", 20031)
    with translation.override(lang):
        texts = " ".join(e.text for e in explain_reasons(robert.reasons, game="stud8"))
    assert house[lang] not in texts
