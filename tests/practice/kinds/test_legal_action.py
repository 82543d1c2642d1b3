"""The legal-action quiz (R-BRING-4..8, R-BET-5..7): the generated answers checked against the
betting rules replayed independently of the engine, and answers judged through the site."""

from __future__ import annotations

from collections import Counter

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from tests.practice.betting_oracle import replay

GAMES = ("stud", "stud8", "razz")
PROFILES = ("robert", "tda", "wsop_la", "wsop")


def _question(game: str, profile: str, level: str, seed: int):
    qid = question_id_parse(kind="legal-action", game=game, profile=profile, level=level, seed=seed)
    return KINDS["legal-action"].generate(qid)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("profile", PROFILES)
def test_r_bring_r_bet_legal_actions_match_the_rules(game: str, level: str, profile: str) -> None:
    for seed in range(150):
        question = _question(game, profile, level, seed)
        seat, legal = replay(question.data, game=game, profile=profile)
        situation = question.data["situation"]
        if seat is None:
            # R-BRING-7: everyone called the bring-in; he has no option.
            assert question.answer == frozenset({"none"}), seed
            assert situation.steps[0].kind == "bring_in", f"seed {seed}"
            assert situation.asked == situation.steps[0].seat, f"seed {seed}"
        else:
            assert situation.asked == seat, seed
            assert question.answer == frozenset(legal), seed
        assert question.answer <= set(question.data["options"]), f"seed {seed}"


def test_r_bet_5_6_profiles_change_the_cap() -> None:
    """Q9: after a bet and three raises Robert's Rules cap the round, WSOP allows a fourth raise;
    heads-up, Robert's Rules lift the cap while the tournament rules keep it (R-BET-6)."""
    seen: Counter[tuple[str, str, bool]] = Counter()
    for seed in range(300):
        for profile in PROFILES:
            question = _question("stud", profile, "hard", seed)
            scenario = question.data["scenario"]
            if scenario in ("capped", "capped_third", "heads_up"):
                seen[(profile, scenario, "raise" in question.answer)] += 1
    assert seen[("robert", "capped", False)] and not seen[("robert", "capped", True)]
    assert seen[("wsop", "capped", True)] and not seen[("wsop", "capped", False)]
    assert seen[("robert", "heads_up", True)] and not seen[("robert", "heads_up", False)]
    assert seen[("tda", "heads_up", False)] and not seen[("tda", "heads_up", True)]


def test_each_level_reaches_its_cases() -> None:
    answers: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    for seed in range(300):
        for level in ("easy", "normal", "hard"):
            question = _question("stud8", "robert", level, seed)
            answers[",".join(sorted(question.answer))] += 1
            codes.update(reason.code for reason in question.reasons)
    for answer in (
        "bring_in,complete",
        "call,complete,fold",
        "bet,check,fold",
        "call,fold,raise",
        "call,fold",
        "none",
        "bring_in,complete,fold",
    ):
        assert answers[answer], answer
    for code in (
        "bring_in_forced",
        "no_bring_in_option",
        "cap_reached",
        "short_all_in_not_reopened",
        "next_opener_may_fold",
        "heads_up_uncapped",
    ):
        assert codes[code], code


@pytest.mark.django_db
def test_the_round_over_answer_is_right(client: Client) -> None:
    for seed in range(200):
        question = _question("razz", "tda", "normal", seed)
        if question.answer == frozenset({"none"}):
            break
    response = client.post(
        f"/en/practice/legal-action/razz/tda/normal/{seed}/",
        {"actions": ["none"]},
        headers={"HX-Request": "true"},
    )
    assert b"Right!" in response.content
    assert b"the betting round is over" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize("junk", [{}, {"actions": "jump"}, {"actions": ["call", "teleport"]}])
def test_junk_actions_get_a_422(client: Client, junk: dict[str, object]) -> None:
    response = client.post("/en/practice/legal-action/stud/robert/easy/1/", junk)
    assert response.status_code == 422


@pytest.mark.parametrize("profile", ["robert", "tda"])
def test_r_bet_5_r_bet_7_reasons_do_not_offer_a_raise_that_is_not_legal(profile: str) -> None:
    for seed in range(120):
        question = _question("stud", profile, "hard", seed)
        codes = [reason.code for reason in question.reasons]
        for reason in question.reasons:
            if reason.code == "facing_bet_no_check":
                assert reason.params["may_raise"] == ("raise" in question.answer), f"seed {seed}"
        if "next_opener_may_fold" in codes and "bring_in_forced" in codes:
            # "He may also fold" comes after "he must post the bring-in or complete".
            assert codes.index("next_opener_may_fold") > codes.index("bring_in_forced"), (
                f"seed {seed}"
            )


@pytest.mark.parametrize("profile", ["robert", "tda", "wsop_la", "wsop"])
def test_r_bring_10_a_corrected_bring_in_is_asked_and_then_completes(profile: str) -> None:
    """Q8 at the table (issue 29's hard case): the wrong low card brings in and takes it back;
    the true low card may bring in or complete (every shipped rulebook), and when he completes
    the next player faces a full small bet."""
    asked_true = completed = 0
    for seed in range(400):
        qid = question_id_parse(
            kind="legal-action", game="stud", profile=profile, level="hard", seed=seed
        )
        question = KINDS["legal-action"].generate(qid)
        if question.data["scenario"] != "corrected_bring_in":
            continue
        steps = question.data["situation"].steps
        codes = [reason.code for reason in question.reasons]
        assert codes[0] == "wrong_bring_in_corrected", f"seed {seed}"
        assert [s.kind for s in steps[:2]] == ["bring_in", "take_back"], f"seed {seed}"
        if len(steps) == 2:
            asked_true += 1
            assert question.answer == frozenset({"bring_in", "complete"}), f"seed {seed}"
            assert "corrected_may_complete" in codes, f"seed {seed}"
        else:
            completed += 1
            assert steps[2].kind == "complete", f"seed {seed}"
            assert {"fold", "call", "raise"} <= question.answer, f"seed {seed}"
    assert asked_true and completed


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "low by mistake: he takes his $2 back"),
        ("sv", "till lägst av misstag"),
        ("da", "ved en fejl plads"),
        ("fi", "määräsi bring-inin vahingossa paikalle"),
    ],
)
def test_r_bring_10_the_page_shows_the_corrected_bring_in(
    client: Client, lang: str, text: str
) -> None:
    seed = next(
        s
        for s in range(400)
        if _question("stud", "wsop", "hard", s).data["scenario"] == "corrected_bring_in"
    )
    html = client.get(f"/{lang}/practice/legal-action/stud/wsop/hard/{seed}/", follow=True)
    assert html.status_code == 200
    assert text in html.content.decode()
