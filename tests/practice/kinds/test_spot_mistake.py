"""Spot the mistake: the statement bank checked against the engine and the rules sheet, and the
true/false answers judged through the views."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.kinds.spot_mistake import BANK
from practice.quiz import Level
from rules.engine import (
    PROFILES,
    Action,
    ActionKind,
    EventKind,
    Game,
    RulingOutcome,
    Stakes,
    Street,
    best_low,
    bring_in,
    card_count_ruling,
    first_to_act,
    new_hand,
    parse_cards,
    settle,
    seventh_street_plan,
    street_limits,
    upcards_picked_up_ruling,
)

KIND = "spot-mistake"
ROOT = Path(__file__).resolve().parents[3]
STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
BY_KEY = {statement.key: statement for statement in BANK}


def _burns_to_the_river(profile: str) -> int:
    """Burned cards in a two-player hand that checks and calls down to the showdown."""
    state = new_hand("stud", stacks=[500, 500], seed=3, profile=profile)
    while not state.is_over:
        kinds = state.legal_actions().kinds
        passive = next(
            k for k in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN) if k in kinds
        )
        state = state.apply(Action(passive))
    return sum(1 for event in state.events if event.kind is EventKind.BURNED and event.cards)


def _third_street_raise_after_completion(profile: str) -> bool:
    """Whether, after the bring-in and a completion to the small bet, a raise is legal."""
    state = new_hand("stud", stacks=[500, 500, 500], seed=3, profile=profile)
    state = state.apply(Action(ActionKind.BRING_IN))
    state = state.apply(Action(ActionKind.COMPLETE))
    return ActionKind.RAISE in state.legal_actions().kinds


def _low(text: str) -> int:
    hand = best_low(parse_cards(text), qualifier=None)
    assert hand is not None
    return hand.key


# Each check returns whether the statement holds under a profile, computed by the engine (None:
# the rulebook leaves it to the house, so the statement is not asked under that profile).
ENGINE_CHECKS: dict[str, Callable[[str], bool | None]] = {
    "stud-lowest-brings-in": lambda p: bring_in("stud", ["9d", "3c", "Kh"], profile=p).seat == 1,
    "stud8-lowest-brings-in": lambda p: bring_in("stud8", ["9d", "3c", "Kh"], profile=p).seat == 1,
    "stud8-highest-brings-in": lambda p: bring_in("stud8", ["9d", "3c", "Kh"], profile=p).seat == 2,
    "razz-highest-brings-in": lambda p: bring_in("razz", ["9d", "3c", "Kh"], profile=p).seat == 2,
    "stud8-ace-high-bring-in": lambda p: bring_in("stud8", ["As", "2d", "Kc"], profile=p).seat == 1,
    "stud-all-aces": lambda p: bring_in("stud", ["Ad", "Ac", "As"], profile=p).seat == 1,
    "razz-all-aces": lambda p: bring_in("razz", ["Ad", "Ac", "As"], profile=p).seat == 2,
    "clubs-lowest-suit": lambda p: (
        bring_in("stud", ["5h", "5c", "5s"], profile=p).seat == 1
        and bring_in("razz", ["5h", "5c", "5s"], profile=p).seat == 2
    ),
    "eight-low-qualifies": lambda p: best_low(parse_cards("8h 7d 6c 5s 4h")) is not None,
    "below-eight": lambda p: best_low(parse_cards("8h 7d 6c 5s 4h")) is None,
    "four-low-cards-no-low": lambda p: best_low(parse_cards("Ah 2d 3c 4s 9h 9d Kc")) is not None,
    "wheel-best-low": lambda p: _low("5s 4s 3s 2s As") > _low("6h 4d 3c 2s Ah"),
    "any-seven-beats-eight": lambda p: _low("7h 6d 5c 4s 3h") > _low("8h 4d 3c 2s Ah"),
    "razz-nine-low-small-cards": lambda p: _low("9h 4d 3c 2s Ah") > _low("8h 7d 6c 5s 4h"),
    "razz-king-high-beats-pair": lambda p: _low("Kh Qd Jc Ts 9h") > _low("Ah Ad 2c 3s 4h"),
    "razz-aces-beat-deuces": lambda p: _low("Ah Ad 4c 3s 2h") > _low("2h 2d 4s 3c As"),
    "ace-after-four": lambda p: _low("7h 6d 5c 4s Ah") > _low("7s 6h 5d 3c 2s"),
    "stud8-high-board-acts": lambda p: (
        first_to_act("stud8", ["Ah 2h", "Kd Kc"], profile=p).seat == 1
    ),
    "stud8-low-board-acts": lambda p: (
        first_to_act("stud8", ["Ah 2h", "Kd Kc"], profile=p).seat == 0
    ),
    "razz-lowest-board-acts": lambda p: (
        first_to_act("razz", ["Kh Qh", "3h 2s"], profile=p).seat == 1
    ),
    "board-straight-counts": lambda p: (
        first_to_act("stud", ["5c 6d 7h 8s", "3s 3d"], profile=p).seat == 0
    ),
    "four-burn-cards": lambda p: _burns_to_the_river(p) == 4,
    "third-street-half-limit": lambda p: not _third_street_raise_after_completion(p),
    "eight-cards-dead": lambda p: (
        card_count_ruling(cards=8, profile=PROFILES[p]).outcome is RulingOutcome.DEAD_HAND
    ),
    "turning-upcards-down-facing-bet": lambda p: (
        upcards_picked_up_ruling(facing_bet=True).outcome is not RulingOutcome.FOLD
    ),
    "low-last-card-decides": lambda p: _low("8s 7h 6d 5c 3s") > _low("8d 7c 6h 5s 4d"),
    "stud-tie-by-position": lambda p: first_to_act("stud", ["Kh Qd", "Ks Qc"], profile=p).seat == 0,
    "low-games-tie-by-position": lambda p: (
        first_to_act("razz", ["6h 2s", "6s 2h"], profile=p).seat == 0
        and first_to_act("stud8", ["Kh Qd", "Ks Qc"], profile=p).seat == 0
    ),
    "stud-open-pair-big-bet": lambda p: (
        street_limits(
            Game.STUD,
            Street.FOURTH,
            STAKES,
            profile=PROFILES[p],
            boards=[parse_cards("9h 9c"), parse_cards("Ah Kd")],
        ).amounts
        == (5, 10)
    ),
    "stud8-open-pair": lambda p: (
        len(
            street_limits(
                Game.STUD8,
                Street.FOURTH,
                STAKES,
                profile=PROFILES[p],
                boards=[parse_cards("9h 9c")],
            ).amounts
        )
        > 1
    ),
    "razz-open-pair": lambda p: (
        len(
            street_limits(
                Game.RAZZ, Street.FOURTH, STAKES, profile=PROFILES[p], boards=[parse_cards("9h 9c")]
            ).amounts
        )
        > 1
    ),
    "small-then-big": lambda p: (
        [street_limits(Game.STUD, street, STAKES, profile=PROFILES[p]).amounts for street in Street]
        == [(5,), (5,), (10,), (10,), (10,)]
    ),
    "big-from-fourth": lambda p: (
        street_limits(Game.RAZZ, Street.FOURTH, STAKES, profile=PROFILES[p]).amounts == (10,)
    ),
    "three-raises": lambda p: (
        None if PROFILES[p].raises_set_by_house else PROFILES[p].max_raises == 3
    ),
    "eight-players-community-card": lambda p: (
        seventh_street_plan(8, 8, profile=PROFILES[p]).community_card
    ),
    "seven-players-community-card": lambda p: (
        seventh_street_plan(7, 7, profile=PROFILES[p]).community_card
    ),
    "community-card-sixth-opener": lambda p: (
        seventh_street_plan(8, 8, profile=PROFILES[p]).reasons[-1].code == "opener_sixth_street"
    ),
    "odd-chip-high": lambda p: (
        settle(
            Game.STUD8,
            hands=["Ah Kh Qh Jh 9h Kc Qd", "2c 3d 4s 5c 7d Ks Js", None],
            contributions=[50, 50, 1],
            folded=[False, False, True],
            profile=PROFILES[p],
        ).payouts
        == (51, 50, 0)
    ),
    "quartering": lambda p: (
        settle(
            Game.STUD8,
            hands=["Ah 2h 3h 4h 8h Kc Kd", "Ac 2d 3s 4c 8d Qs Js"],
            contributions=[60, 60],
            folded=[False, False],
            profile=PROFILES[p],
        ).payouts
        == (90, 30)
    ),
    "odd-chip-lowest-card": lambda p: (
        settle(
            Game.STUD8,
            hands=["Ah 2h 4h 6h 8h Kc Qd", "Ac 2d 4s 6d 8c Ks Js", None],
            contributions=[5, 5, 1],
            folded=[False, False, True],
            profile=PROFILES[p],
        ).payouts
        == (8, 3, 0)
    ),
}


def _content_steps() -> set[str]:
    """Every rule step of the content source files, as "page/section/step"."""
    pages = [
        yaml.safe_load(path.read_text())
        for path in sorted((ROOT / "rules/content/pages").glob("*.yaml"))
    ]
    return {
        f"{page['slug']}/{section['slug']}/{step['slug']}"
        for page in pages
        for section in page["sections"]
        for step in section["steps"]
    }


def test_the_bank_has_at_least_thirty_statements_with_both_verdicts() -> None:
    assert len(BANK) >= 30
    assert len({s.key for s in BANK}) == len(BANK)
    assert any(s.is_true("robert") for s in BANK)
    assert any(not s.is_true("robert") for s in BANK)


@pytest.mark.parametrize("key", sorted(ENGINE_CHECKS))
@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_statements_agree_with_the_engine(key: str, profile: str) -> None:
    assert BY_KEY[key].truth_under(profile) is ENGINE_CHECKS[key](profile)


def test_most_statements_are_checked_by_the_engine() -> None:
    assert len(set(ENGINE_CHECKS) & set(BY_KEY)) == len(ENGINE_CHECKS)
    assert len(ENGINE_CHECKS) >= len(BANK) // 2


def test_section_10_source_page_errors_are_in_the_bank_and_false() -> None:
    for key in (
        "ten-players",
        "four-betting-rounds",
        "fourth-street-flop",
        "stud8-open-pair",
        "stud8-highest-brings-in",
        "below-eight",
        "seat-order-showdown",
        "community-cards-wording",
    ):
        statement = BY_KEY[key]
        assert statement.source_error
        assert not any(statement.is_true(profile) for profile in PROFILES)


def test_true_statements_that_sound_wrong_are_in_the_bank() -> None:
    for key in (
        "completion-not-raise",
        "stud8-ace-high-bring-in",
        "eight-low-qualifies",
        "any-seven-beats-eight",
    ):
        assert all(BY_KEY[key].is_true(profile) for profile in PROFILES)


def test_every_statement_links_to_a_rule_step_that_exists_for_its_games() -> None:
    steps = _content_steps()
    facts = (
        (ROOT.parent / "shared/rules-facts.md").read_text()
        if (ROOT.parent / "shared/rules-facts.md").exists()
        else ""
    )
    for statement in BANK:
        for game in statement.games:
            assert statement.step_for(game) in steps, (statement.key, game)
        for rule in statement.rules:
            assert re.fullmatch(r"R-[A-Z]+-\d+", rule)
            if facts:
                assert f"**{rule} " in facts, rule


def test_profile_dependent_statements_are_hard_and_differ_between_profiles() -> None:
    dependent = [s for s in BANK if s.profile_dependent]
    assert len(dependent) >= 5
    for statement in dependent:
        assert statement.level is Level.HARD
        asked = [profile for profile in PROFILES if statement.asked_under(profile)]
        assert len({statement.is_true(profile) for profile in asked}) == 2


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("profile", ["robert", "tda"])
def test_generated_answers_match_the_bank(game: Game, level: Level, profile: str) -> None:
    quiz = KINDS[KIND]
    verdicts = set()
    keys = set()
    for seed in range(150):
        qid = question_id_parse(
            kind=KIND, game=str(game), profile=profile, level=str(level), seed=seed
        )
        question = quiz.generate(qid)
        statement = question.data["statement"]
        assert game in statement.games, f"seed {seed}"
        assert statement.level is level, f"seed {seed}"
        assert question.answer is statement.is_true(profile), f"seed {seed}"
        assert {reason.rule for reason in question.reasons} == set(statement.rules), f"seed {seed}"
        verdicts.add(question.answer)
        keys.add(statement.key)
    assert verdicts == {True, False}
    assert len(keys) >= 4


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_right_and_wrong_verdicts_are_judged_with_the_correction(
    client: Client, htmx: bool
) -> None:
    quiz = KINDS[KIND]
    qid = question_id_parse(kind=KIND, game="stud8", profile="robert", level="normal", seed=4)
    question = quiz.generate(qid)
    url = "/en/practice/spot-mistake/stud8/robert/normal/4/"
    headers = {"HX-Request": "true"} if htmx else {}
    right = "true" if question.answer else "false"
    wrong = "false" if question.answer else "true"
    response = client.post(url, {"verdict": right}, headers=headers)
    assert response.status_code == 200
    assert b"Right!" in response.content
    response = client.post(url, {"verdict": wrong}, headers=headers)
    content = response.content.decode()
    assert "Not quite." in content
    assert str(question.data["correction"])[:30] in content.replace("&#x27;", "'")
    assert ("<html" in content) is not htmx
    if htmx:
        assert 'hx-swap-oob="true"' in content


@pytest.mark.parametrize("junk", [{}, {"verdict": "maybe"}, {"verdict": ["true", "false"]}])
def test_junk_verdicts_get_a_422(client: Client, junk: dict[str, str]) -> None:
    response = client.post("/en/practice/spot-mistake/razz/tda/hard/1/", junk)
    assert response.status_code == 422


def test_profile_dependent_prompt_names_the_rules(client: Client) -> None:
    quiz = KINDS[KIND]
    for seed in range(100):
        qid = question_id_parse(kind=KIND, game="stud", profile="tda", level="hard", seed=seed)
        question = quiz.generate(qid)
        if question.data["profile_dependent"]:
            break
    response = client.get(f"/en/practice/spot-mistake/stud/tda/hard/{seed}/")
    assert response.status_code == 200
    assert b"True or false under TDA 2024" in response.content


def test_three_raises_is_never_graded_under_the_tda_which_leaves_the_number_to_the_house() -> None:
    # TDA 2024 rule 48: a house limit on raises. "True" would teach a TDA rule that does not exist.
    statement = BY_KEY["three-raises"]
    assert not statement.asked_under("tda")
    with pytest.raises(ValueError, match="not asked"):
        statement.is_true("tda")
    assert statement.is_true("robert") and not statement.is_true("wsop")
    quiz = KINDS[KIND]
    seen = set()
    for game in Game:
        for seed in range(300):
            qid = question_id_parse(
                kind=KIND, game=str(game), profile="tda", level="hard", seed=seed
            )
            seen.add(quiz.generate(qid).data["statement"].key)
    assert "three-raises" not in seen
    assert len(seen) >= 8
    # Under Robert's Rules the same statement is asked, and graded true.
    asked = {
        quiz.generate(
            question_id_parse(kind=KIND, game="razz", profile="robert", level="hard", seed=seed)
        )
        .data["statement"]
        .key
        for seed in range(300)
    }
    assert "three-raises" in asked
