"""Betting rounds: sizes, bring-in, completion, open pair, cap, short all-ins (R-BET, R-BRING)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine import Stakes, Street, bet_size, street_limits
from rules.engine.betting import (
    Action,
    ActionKind,
    BettingRound,
    correct_bring_in,
    legal_actions,
    start_round,
)
from rules.engine.cards import parse_cards
from rules.engine.deck import premature_card_remedy
from rules.engine.games import Game
from rules.engine.profiles import PROFILES

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
RR, TDA, WSOP, WSOP_LA = (PROFILES[n] for n in ("robert", "tda", "wsop", "wsop_la"))
# No rulebook forbids the fold in R-BRING-8 (WSOP is silent; we follow RR): PokerKit does.
POKERKIT = replace(WSOP, name="pokerkit", allin_low_card_next_player_may_fold=False)


def pid(value: object) -> str:
    if isinstance(value, set | frozenset):  # the same id in every process (pytest-xdist)
        return "+".join(sorted(map(str, value)))
    return str(getattr(value, "name", value))


F, K, C = Action(ActionKind.FOLD), Action(ActionKind.CHECK), Action(ActionKind.CALL)


def act(kind: ActionKind, amount: int) -> Action:
    return Action(kind, amount)


def kinds(rnd: BettingRound) -> dict[str, tuple[int, ...]]:
    return {a.kind.value: a.amounts for a in legal_actions(rnd)}


def codes(rnd: BettingRound) -> set[str]:
    legal = legal_actions(rnd)
    found = {str(r.code) for r in legal.reasons}
    for action in legal:
        found |= {str(r.code) for r in action.reasons}
    return found


def third(
    n: int = 4, *, stacks: list[int] | None = None, first: int = 0, **kw: object
) -> BettingRound:
    return start_round(
        Game.STUD,
        Street.THIRD,
        stakes=kw.pop("stakes", STAKES),  # type: ignore[arg-type]
        stacks=stacks or [100] * n,
        first=first,
        forced=True,
        **kw,  # type: ignore[arg-type]
    )


# --- Stakes and sizes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ante", -1),
        ("bring_in", 0),
        ("small_bet", 2),
        ("big_bet", 4),
        ("ante", 1.5),
        ("ante", True),
    ],
)
def test_stakes_reject_bad_values(field: str, value: object) -> None:
    args = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10, field: value}
    with pytest.raises(ValueError, match=field if field != "small_bet" else "bring_in"):
        Stakes(**args)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("street", "size"),
    [
        (Street.THIRD, 5),
        (Street.FOURTH, 5),
        (Street.FIFTH, 10),
        (Street.SIXTH, 10),
        (Street.SEVENTH, 10),
    ],
)
def test_r_bet_1_small_then_big(street: Street, size: int) -> None:
    assert bet_size(street, STAKES) == size


def test_r_bet_1_fifth_street_big_regardless_of_board_q23() -> None:
    boards = [parse_cards("9h 9c 2d"), parse_cards("Ah Kd Qs")]
    limits = street_limits(Game.STUD, Street.FIFTH, STAKES, boards=boards)
    assert limits.amounts == (10,)
    assert [r.code for r in limits.reasons] == ["big_bet_street"]


@pytest.mark.parametrize(
    ("street", "code"),
    [
        (Street.FOURTH, "small_bet_street"),
        (Street.FIFTH, "big_bet_street"),
        (Street.SEVENTH, "big_bet_street"),
    ],
)
def test_r_bet_1_bet_reasons_name_the_street(street: Street, code: str) -> None:
    # The site's sentence reads "On %(street)s bets and raises are the ... bet": the legal bet
    # and the street's limits must both carry the street.
    rnd = start_round(Game.STUD, street, stakes=STAKES, stacks=[80, 80, 80], first=0)
    bet = legal_actions(rnd).get(ActionKind.BET)
    assert bet is not None
    limits = street_limits(Game.STUD, street, STAKES)
    for reasons in (bet.reasons, limits.reasons):
        (reason,) = (r for r in reasons if r.code == code)
        assert reason.params["street"] == street.value
    raised = legal_actions(rnd.apply(act(ActionKind.BET, bet.amounts[0]))).get(ActionKind.RAISE)
    assert raised is not None
    (reason,) = (r for r in raised.reasons if r.code == code)
    assert reason.params["street"] == street.value


# --- Bring-in and completion -------------------------------------------------------------------


def test_r_bring_4_bring_in_may_not_check_or_fold() -> None:
    rnd = third()
    assert kinds(rnd) == {"bring_in": (2,), "complete": (5,)}
    with pytest.raises(ValueError, match="may not check"):
        rnd.apply(K)
    with pytest.raises(ValueError, match="may not fold"):
        rnd.apply(F)


def test_r_bring_6_facing_bring_in_fold_call_complete() -> None:
    rnd = third().apply(act(ActionKind.BRING_IN, 2))
    assert kinds(rnd) == {"fold": (), "call": (2,), "complete": (5,)}
    assert "facing_bring_in" in codes(rnd)


def test_r_bring_5_completion_is_not_a_raise_q9_robert() -> None:
    stakes = Stakes(ante=1, bring_in=5, small_bet=15, big_bet=30)
    rnd = third(6, stakes=stakes, stacks=[1000] * 6, profile=RR)
    rnd = rnd.apply(act(ActionKind.BRING_IN, 5)).apply(act(ActionKind.COMPLETE, 15))
    for to in (30, 45, 60):
        assert kinds(rnd)["raise"] == (to,)
        rnd = rnd.apply(act(ActionKind.RAISE, to))
    assert "raise" not in kinds(rnd)
    assert "cap_reached" in codes(rnd)


def test_r_bet_5_four_raises_after_completion_q9_wsop() -> None:
    stakes = Stakes(ante=1, bring_in=5, small_bet=15, big_bet=30)
    rnd = third(6, stakes=stakes, stacks=[1000] * 6, profile=WSOP)
    rnd = rnd.apply(act(ActionKind.BRING_IN, 5)).apply(act(ActionKind.COMPLETE, 15))
    for to in (30, 45, 60):
        rnd = rnd.apply(act(ActionKind.RAISE, to))
    assert kinds(rnd)["raise"] == (75,)
    rnd = rnd.apply(act(ActionKind.RAISE, 75))
    assert "raise" not in kinds(rnd)


@pytest.mark.parametrize("profile", [RR, TDA, WSOP], ids=pid)
def test_r_bring_7_no_option_when_all_call_q10(profile: object) -> None:
    rnd = third(4, first=1, profile=profile).apply(act(ActionKind.BRING_IN, 2))
    for _ in range(3):
        rnd = rnd.apply(C)
    assert rnd.is_complete
    assert rnd.bets == (2, 2, 2, 2)


def test_r_bring_7_completion_reopens_for_bring_in() -> None:
    rnd = third(3, first=0).apply(act(ActionKind.BRING_IN, 2))
    rnd = rnd.apply(act(ActionKind.COMPLETE, 5)).apply(C)
    assert rnd.to_act == 0
    assert kinds(rnd) == {"fold": (), "call": (5,), "raise": (10,)}
    rnd = rnd.apply(C)
    assert rnd.is_complete and rnd.bets == (5, 5, 5)


def test_r_bring_5_bring_in_player_may_complete_directly() -> None:
    rnd = third(3).apply(act(ActionKind.COMPLETE, 5))
    assert rnd.raises == 1 and kinds(rnd)["raise"] == (10,)


@pytest.mark.parametrize(
    ("profile", "may_fold"),
    [(RR, True), (TDA, True), (WSOP, True), (WSOP_LA, True), (POKERKIT, False)],
    ids=pid,
)
def test_r_bring_8_low_card_all_in_for_ante_next_player_opens_q7(
    profile: object, may_fold: bool
) -> None:
    # Seat 1 holds the low card with no chips left after the ante: seat 2 opens, never checks.
    rnd = start_round(
        Game.STUD,
        Street.THIRD,
        stakes=STAKES,
        stacks=[100, 0, 100, 100],
        first=2,
        forced=True,
        substitute=True,
        profile=profile,  # type: ignore[arg-type]
    )
    offered = kinds(rnd)
    assert "check" not in offered
    assert offered["bring_in"] == (2,) and offered["complete"] == (5,)
    assert ("fold" in offered) is may_fold
    assert "low_card_all_in_next_opens" in codes(rnd)


def test_r_bring_8_fold_passes_the_duty_to_open() -> None:
    rnd = start_round(
        Game.STUD,
        Street.THIRD,
        stakes=STAKES,
        stacks=[100, 0, 100, 100],
        first=2,
        forced=True,
        substitute=True,
        profile=RR,
    )
    rnd = rnd.apply(F)
    assert rnd.to_act == 3 and "bring_in" in kinds(rnd) and "check" not in kinds(rnd)


def test_r_bring_9_partial_bring_in_others_owe_full() -> None:
    rnd = third(3, stacks=[1, 100, 100]).apply(act(ActionKind.BRING_IN, 1))
    assert kinds(rnd)["call"] == (2,)
    assert "full_bring_in_to_call" in codes(rnd)
    rnd = rnd.apply(C).apply(C)
    assert rnd.is_complete and rnd.bets == (1, 2, 2)


# --- Open pair on 4th street ---------------------------------------------------------------------


def fourth(profile: object, game: Game = Game.STUD) -> BettingRound:
    boards = [
        parse_cards("Ah Kd"),
        parse_cards("2c 7d"),
        parse_cards("9h 9c"),
        parse_cards("Js 4h"),
    ]
    return start_round(
        game,
        Street.FOURTH,
        stakes=STAKES,
        stacks=[100] * 4,
        first=2,
        profile=profile,  # type: ignore[arg-type]
        boards=boards,
    )


def test_r_bet_2_open_pair_small_or_big_q20_robert() -> None:
    rnd = fourth(RR)
    assert kinds(rnd)["bet"] == (5, 10)
    rnd = rnd.apply(act(ActionKind.BET, 5))
    assert kinds(rnd)["raise"] == (10, 15)
    rnd = rnd.apply(act(ActionKind.RAISE, 15))
    assert kinds(rnd)["raise"] == (25,)  # after a big raise every raise is big (RR #4.3)
    assert "open_pair_big_made" in codes(rnd)


def test_r_bet_2_after_big_bet_all_raises_big_q20() -> None:
    rnd = fourth(RR).apply(act(ActionKind.BET, 10))
    assert kinds(rnd)["raise"] == (20,)


def test_r_bet_2_option_passes_on_after_check_q21() -> None:
    rnd = fourth(RR).apply(K)
    assert rnd.to_act == 3 and kinds(rnd)["bet"] == (5, 10)


@pytest.mark.parametrize("profile", [TDA, WSOP], ids=pid)
def test_r_bet_4_no_open_pair_in_tournaments_q20(profile: object) -> None:
    assert kinds(fourth(profile))["bet"] == (5,)


@pytest.mark.parametrize("game", [Game.STUD8, Game.RAZZ])
@pytest.mark.parametrize("profile", [RR, WSOP_LA], ids=pid)
def test_r_bet_3_no_open_pair_in_stud8_or_razz_q22(game: Game, profile: object) -> None:
    assert kinds(fourth(profile, game))["bet"] == (5,)


# --- Cap and heads-up ----------------------------------------------------------------------------


def raise_war(rnd: BettingRound, times: int) -> BettingRound:
    for _ in range(times):
        offered = legal_actions(rnd).get(ActionKind.RAISE)
        if offered is None:
            break
        rnd = rnd.apply(act(ActionKind.RAISE, offered.amounts[0]))
    return rnd


def fifth(n: int, profile: object, stacks: list[int] | None = None) -> BettingRound:
    return start_round(
        Game.STUD,
        Street.FIFTH,
        stakes=STAKES,
        stacks=stacks or [1000] * n,
        first=0,
        profile=profile,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("profile", "uncapped"), [(RR, True), (WSOP_LA, True), (TDA, False), (WSOP, False)], ids=pid
)
def test_r_bet_6_heads_up_from_the_start(profile: object, uncapped: bool) -> None:
    rnd = raise_war(fifth(2, profile).apply(act(ActionKind.BET, 10)), 6)
    assert ("raise" in kinds(rnd)) is uncapped


@pytest.mark.parametrize(
    ("profile", "uncapped"), [(RR, True), (WSOP_LA, False), (TDA, False)], ids=pid
)
def test_r_bet_6_becomes_heads_up_before_cap(profile: object, uncapped: bool) -> None:
    rnd = fifth(3, profile).apply(act(ActionKind.BET, 10)).apply(act(ActionKind.RAISE, 20)).apply(F)
    rnd = raise_war(rnd, 5)
    assert ("raise" in kinds(rnd)) is uncapped


def test_r_bet_6_rr_capped_before_heads_up_stays_capped() -> None:
    rnd = fifth(3, RR).apply(act(ActionKind.BET, 10))
    rnd = raise_war(rnd, 3)  # capped with three players in
    assert rnd.to_act == 1 and "raise" not in kinds(rnd)
    rnd = rnd.apply(F)
    assert "raise" not in kinds(rnd)


# --- Short all-ins --------------------------------------------------------------------------------


def test_r_bet_7_short_all_in_does_not_reopen() -> None:
    # Seat 0 bets 10, seat 1 is all-in for 13 (less than half a raise), seat 2 may complete to 20,
    # but seat 0, who already acted, may only call or fold.
    rnd = fifth(3, RR, stacks=[100, 13, 100]).apply(act(ActionKind.BET, 10))
    rnd = rnd.apply(act(ActionKind.RAISE, 13))
    assert rnd.raises == 1 and rnd.current == 13
    assert kinds(rnd)["raise"] == (20,)
    assert "short_all_in_may_complete" in codes(rnd)
    rnd = rnd.apply(C)
    assert rnd.to_act == 0 and set(kinds(rnd)) == {"fold", "call"}
    assert "short_all_in_not_reopened" in codes(rnd)


def test_r_bet_7_half_a_raise_reopens() -> None:
    rnd = fifth(3, RR, stacks=[100, 15, 100]).apply(act(ActionKind.BET, 10))
    rnd = rnd.apply(act(ActionKind.RAISE, 15)).apply(C)
    assert rnd.to_act == 0 and kinds(rnd)["raise"] == (25,)


def test_r_bet_7_call_all_in_for_less() -> None:
    rnd = fifth(2, RR, stacks=[100, 6]).apply(act(ActionKind.BET, 10))
    assert kinds(rnd) == {"fold": (), "call": (6,)}
    assert rnd.apply(C).is_complete


def test_everyone_else_all_in_no_more_action() -> None:
    rnd = fifth(3, RR, stacks=[100, 0, 0])
    assert rnd.is_complete


# --- Bad input ---


def test_illegal_amount_names_allowed_totals() -> None:
    rnd = third()
    with pytest.raises(ValueError, match="allowed totals are 5"):
        rnd.apply(act(ActionKind.COMPLETE, 7))


def test_action_after_round_over() -> None:
    rnd = fifth(2, RR).apply(K).apply(K)
    with pytest.raises(ValueError, match="round is over"):
        rnd.apply(K)


@pytest.mark.parametrize("first", [-1, 4, "0"])
def test_unknown_seat(first: object) -> None:
    with pytest.raises(ValueError, match="unknown seat"):
        start_round(Game.STUD, Street.FIFTH, stakes=STAKES, stacks=[1, 1, 1, 1], first=first)  # type: ignore[arg-type]


def test_negative_stack() -> None:
    with pytest.raises(ValueError, match=r"stacks\[1\]"):
        start_round(Game.STUD, Street.FIFTH, stakes=STAKES, stacks=[1, -1], first=0)


# --- Wrong bring-in (Q8) and premature card (Q50) ----------------------------------------------


@pytest.mark.parametrize(
    ("profile", "kinds_after"),
    # RR #2 and WSOP-LA 216 give the player with the forced bet the option of a full bet; once
    # the action is corrected to him (RR #9, WSOP-LA 218 "must bet") he has it (review E6).
    [
        (RR, {"bring_in", "complete"}),
        (WSOP_LA, {"bring_in", "complete"}),
        (WSOP, {"bring_in", "complete"}),
    ],
    ids=pid,
)
def test_r_bring_10_wrong_bring_in_corrected_q8(profile: object, kinds_after: set[str]) -> None:
    # Seat 0 (3c) was named low and brought in; seat 2 (2d) is the true low card.
    rnd = third(4, first=0, profile=profile).apply(act(ActionKind.BRING_IN, 2))
    fixed = correct_bring_in(rnd, 2)
    assert fixed.corrected and fixed.reasons[0].code == "wrong_bring_in_corrected"
    assert fixed.round.stacks[0] == 100 and fixed.round.bets == (0, 0, 0, 0)
    assert fixed.round.to_act == 2 and set(kinds(fixed.round)) == kinds_after
    after = fixed.round.apply(act(ActionKind.BRING_IN, 2))
    assert after.to_act == 3 and kinds(after)["call"] == (2,)


def test_r_bring_10_wrong_bring_in_stands_after_next_player_acted_q8() -> None:
    rnd = third(4, first=0).apply(act(ActionKind.BRING_IN, 2)).apply(C)
    fixed = correct_bring_in(rnd, 2)
    assert not fixed.corrected and fixed.round is rnd
    assert fixed.reasons[0].code == "wrong_bring_in_stands"


def test_r_bring_10_correction_needs_a_posted_bring_in() -> None:
    with pytest.raises(ValueError, match="only a bring-in already posted"):
        correct_bring_in(third(4, first=0), 2)
    with pytest.raises(ValueError, match="unknown seat 9"):
        correct_bring_in(third(4, first=0).apply(act(ActionKind.BRING_IN, 2)), 9)


@pytest.mark.parametrize(("profile", "keeps"), [(RR, True), (TDA, False), (WSOP, False)], ids=pid)
def test_r_irr_10_premature_seventh_card_q50(profile: object, keeps: bool) -> None:
    remedy = premature_card_remedy(profile=profile)  # type: ignore[arg-type]
    assert remedy.keeps_card is keeps and remedy.reshuffle is (not keeps)
    assert remedy.may_bet_or_raise is (not keeps)
    no_raise = {1} if not remedy.may_bet_or_raise else set()
    rnd = start_round(
        Game.STUD,
        Street.SIXTH,
        stakes=STAKES,
        stacks=[100] * 3,
        first=0,
        profile=profile,  # type: ignore[arg-type]
        no_raise=no_raise,
    )
    rnd = rnd.apply(act(ActionKind.BET, 10))
    assert ("raise" in kinds(rnd)) is (not keeps)
    if keeps:
        assert "premature_card_no_raise" in codes(rnd)
        assert set(kinds(rnd)) == {"fold", "call"}


def test_r_bet_7_all_in_raise_of_half_a_bet_is_announced_as_full() -> None:
    rnd = fifth(3, RR, stacks=[100, 15, 100]).apply(act(ActionKind.BET, 10))
    offered = legal_actions(rnd).get(ActionKind.RAISE)
    assert offered is not None and offered.amounts == (15,)
    assert {r.code for r in offered.reasons} >= {"raise_all_in_for_less", "all_in_counts_as_full"}
