"""Settlement: side pots, hi/lo halves, scoops, ties, quartering, odd chips, rake (R-POT-1..8)."""

from __future__ import annotations

import dataclasses

import pytest

from rules.engine.cards import parse_card
from rules.engine.games import Game
from rules.engine.pots import settle
from rules.engine.profiles import PROFILES, OddChipRule, Profile

RR, TDA, WSOP, WSOP_LA = (PROFILES[n] for n in ("robert", "tda", "wsop", "wsop_la"))
POSITION = dataclasses.replace(RR, name="position", odd_chip=OddChipRule.POSITION)


def pid(value: object) -> str:
    return str(getattr(value, "name", value))


def codes(settlement: object, pot: int = 0) -> list[str]:
    return [str(r.code) for r in settlement.pots[pot].reasons]  # type: ignore[attr-defined]


# --- Q36-Q41 ------------------------------------------------------------------------------------


def test_r_pot_5_odd_chip_to_high_q36() -> None:
    s = settle(
        Game.STUD8,
        hands=["Kh Kd Ks 9c 9d Qc Jc", "Ah 2d 3c 4s 6h Tc Jd", None],
        contributions=[50, 50, 1],
        folded=[False, False, True],
    )
    assert s.payouts == (51, 50, 0)
    assert "odd_chip_to_high" in codes(s)
    assert s.pots[0].high_amount == 51 and s.pots[0].low_amount == 50


@pytest.mark.parametrize("profile", [RR, TDA, POSITION], ids=pid)
def test_r_pot_4_quartering_q37(profile: Profile) -> None:
    s = settle(
        Game.STUD8,
        hands=["Ah 2h 3h 4h 6h Kc Kd", "Ac 2d 3c 4s 6d Qs Js"],
        contributions=[60, 60],
        folded=[False, False],
        profile=profile,
    )
    assert s.payouts == (90, 30)
    assert s.pots[0].high_winners == (0,) and s.pots[0].low_winners == (0, 1)
    assert "low_tie_split" in codes(s)


Q38 = ["Ks Kc Kd 9s 9h Th Tc", "7h 5h 4c 3d 2s Jh Jd", "7s 5c 4d 3c 2c Qh Qd", None]


@pytest.mark.parametrize(
    ("profile", "payouts", "code"),
    [
        (RR, (52, 25, 26, 0), "odd_chip_lowest_card"),
        (TDA, (52, 25, 26, 0), "odd_chip_high_card_five"),
        (WSOP, (52, 25, 26, 0), "odd_chip_high_card_five"),
        (POSITION, (52, 26, 25, 0), "odd_chip_position"),
    ],
    ids=pid,
)
def test_r_pot_6_tied_low_odd_chip_q38(
    profile: Profile, payouts: tuple[int, ...], code: str
) -> None:
    s = settle(
        Game.STUD8,
        hands=Q38,
        contributions=[34, 34, 34, 1],
        folded=[False, False, False, True],
        profile=profile,
    )
    assert s.payouts == payouts
    assert codes(s)[-1] == code
    assert s.pots[0].amount == 103


@pytest.mark.parametrize(
    ("profile", "payouts"), [(RR, (8, 3)), (TDA, (9, 2)), (WSOP, (9, 2))], ids=pid
)
def test_r_pot_6_odd_chip_rr_lowest_card_vs_tda_five_cards_q39(
    profile: Profile, payouts: tuple[int, int]
) -> None:
    s = settle(
        Game.STUD8,
        hands=["Ah 2h 4h 6h 8h Kc Qd", "Ac 2d 4s 6d 8c Ks Js", None],
        contributions=[5, 5, 1],
        folded=[False, False, True],
        profile=profile,
    )
    assert s.payouts[:2] == payouts
    odd_reason = s.pots[0].reasons[-1]
    assert odd_reason.rule == "R-POT-6"
    # The deciding card: RR the ace of clubs (lowest card), TDA the eight of hearts (top of low).
    assert odd_reason.cards == ((parse_card("Ac"),) if profile is RR else (parse_card("8h"),))


Q40 = ["6h 7d 8c 9s Th 2c 3d", "6c 7s 8d 9h Tc 2h 4d", "6d 7c 8h 9c Td Ks 2s", None]


@pytest.mark.parametrize(
    ("profile", "winner"), [(RR, 2), (TDA, 0), (WSOP, 0), (WSOP_LA, 0), (POSITION, 0)], ids=pid
)
def test_r_pot_6_three_way_tie_all_seven_vs_five_cards_q40(profile: Profile, winner: int) -> None:
    s = settle(
        Game.STUD,
        hands=Q40,
        contributions=[33, 33, 33, 1],
        folded=[False, False, False, True],
        profile=profile,
    )
    expected = [33, 33, 33, 0]
    expected[winner] += 1
    assert s.payouts == tuple(expected)
    assert s.pots[0].odd_chips == (winner,)


Q41 = ["Ad 2c 3s 4d 6c Kc Qs", "Kh Qh Jh 9h 2h Ts Tc", "8d 7s 5h 3d 2d Jc Jd"]


def test_r_pot_7_side_pot_low_goes_to_its_own_players_q41() -> None:
    s = settle(Game.STUD8, hands=Q41, contributions=[20, 50, 50], folded=[False, False, False])
    main, side = s.pots
    assert (main.amount, main.eligible, main.high_winners, main.low_winners) == (
        60,
        (0, 1, 2),
        (1,),
        (0,),
    )
    assert (side.amount, side.eligible, side.high_winners, side.low_winners) == (
        60,
        (1, 2),
        (1,),
        (2,),
    )
    assert "all_in_not_eligible" in codes(s, 1)
    assert s.payouts == (30, 60, 30)


def test_r_pot_7_side_pot_no_low_high_scoops_q41() -> None:
    hands = [Q41[0], Q41[1], "Qd Jc Js 9d 9c 7s 5h"]
    s = settle(Game.STUD8, hands=hands, contributions=[20, 50, 50], folded=[False, False, False])
    assert s.payouts == (30, 90, 0)
    assert "no_qualifying_low" in codes(s, 1)


def test_r_pot_3_r_pot_7_no_low_in_a_side_pot_is_marked_as_the_side_pots() -> None:
    # The all-in player has a qualifying low: "nobody has a low" is true only of the side pot.
    hands = [Q41[0], Q41[1], "Qd Jc Js 9d 9c 7s 5h"]
    s = settle(Game.STUD8, hands=hands, contributions=[20, 50, 50], folded=[False, False, False])
    (no_low,) = [r for r in s.pots[1].reasons if r.code == "no_qualifying_low"]
    assert no_low.params["side_pot"] is True
    one_pot = settle(
        Game.STUD8,
        hands=["Ah 2d 3c 4s 9h 9d Kc", "Ks Qs Js 8s 7h 6c 5c"],
        contributions=[10, 10],
        folded=[False, False],
    )
    (no_low,) = [r for r in one_pot.pots[0].reasons if r.code == "no_qualifying_low"]
    assert no_low.params["side_pot"] is False


# --- Other pot rules ------------------------------------------------------------------------------


def test_r_pot_3_no_qualifying_low_high_takes_all_q28() -> None:
    s = settle(
        Game.STUD8,
        hands=["Ah 2d 3c 4s 9h 9d Kc", "Ks Qs Js 8s 7h 6c 5c"],
        contributions=[10, 10],
        folded=[False, False],
    )
    assert s.payouts == (20, 0)
    assert s.pots[0].low_winners == ()
    assert "no_qualifying_low" in codes(s)


def test_r_pot_2_scoop_q24() -> None:
    s = settle(
        Game.STUD8,
        hands=["As 2s 3s 4s 5s Kd Kh", "Ah 2d 3c 4h 6h 7c 8c"],
        contributions=[11, 10],
        folded=[False, False],
    )
    assert s.payouts == (21, 0)
    assert "scoop" in codes(s)


@pytest.mark.parametrize(("profile", "payouts"), [(RR, (12, 11, 0)), (TDA, (12, 11, 0))], ids=pid)
def test_r_pot_4_identical_hands_win_both_halves_split_whole(
    profile: Profile, payouts: tuple[int, ...]
) -> None:
    # Both hold 6-5-4-3-2: a straight for high and the same low. Pot 23 is split 11/11 with one
    # odd chip by the high rule, not as two halves 12/11 with two odd-chip contests.
    s = settle(
        Game.STUD8,
        hands=["6h 5d 4c 3s 2h Kc Kd", "6c 5s 4d 3h 2c Qc Qd", None],
        contributions=[11, 11, 1],
        folded=[False, False, True],
        profile=profile,
    )
    assert s.payouts == payouts
    assert "identical_hands_split_whole" in codes(s)


@pytest.mark.parametrize("profile", [RR, TDA], ids=pid)
def test_r_pot_6_no_player_gets_two_odd_chips(profile: Profile) -> None:
    # A ties B for high and C for low; both halves have an odd chip. Under RR A's Ac is both the
    # highest and the lowest card, so A would win both tests: RR Ties #4 gives the low one to C.
    s = settle(
        Game.STUD8,
        hands=["9s 8d 7c 6h 5s Ac 2d", "9h 8c 7d 6s 5h Kd Qd", "Ah 2c 5d 6c 7s Jd Jc"],
        contributions=[2, 2, 2],
        folded=[False, False, False],
        profile=profile,
    )
    assert s.payouts == (3, 1, 2)
    assert s.pots[0].odd_chips == (0, 2)


def test_r_show_2_suits_never_split_a_pot_q35() -> None:
    s = settle(
        Game.STUD,
        hands=["Th 9h 8c 7d 6s 2c 3c", "Ts 9d 8d 7c 6c 2d 3d"],
        contributions=[10, 10],
        folded=[False, False],
    )
    assert s.payouts == (10, 10)


def test_razz_lowest_hand_wins_whole_pot_q31() -> None:
    s = settle(
        Game.RAZZ,
        hands=["Kh Qd Jc Ts 9h Kc Ks", "2c 2d Ah 3s 4h 2s 2h"],
        contributions=[7, 7],
        folded=[False, False],
    )
    assert s.payouts == (14, 0)
    assert s.pots[0].low_winners == (0,)


def test_r_pot_6_razz_tie_rr_lowest_card() -> None:
    s = settle(
        Game.RAZZ,
        hands=["5h 4h 3h 2h Ah Kc Qc", "5s 4s 3s 2s As Kd Qd", None],
        contributions=[5, 5, 1],
        folded=[False, False, True],
    )
    assert s.payouts == (6, 5, 0)  # Ah is lower by suit than As


def test_folded_player_never_wins_and_his_chips_stay_in() -> None:
    s = settle(
        Game.STUD,
        hands=["As Ad Ac Ah Kd Kc Ks", "2c 3d 4h 5s 7c 8d 9h", "Qh Jh Th 9c 7s 4c 2s"],
        contributions=[30, 50, 50],
        folded=[True, False, False],
    )
    assert s.payouts == (0, 0, 130)
    assert "folded_not_eligible" in codes(s)


def test_r_pot_7_uncalled_chips_return() -> None:
    s = settle(
        Game.STUD,
        hands=["As Ad Ac Ah Kd Kc Ks", "2c 3d 4h 5s 7c 8d 9h"],
        contributions=[20, 50],
        folded=[False, False],
    )
    assert s.payouts == (40, 30)
    assert codes(s, 1)[-1] == "uncalled_returned"


def test_everyone_else_folded_no_showdown_needed() -> None:
    s = settle(
        Game.STUD,
        hands=[None, "As Kd 7c", None],
        contributions=[3, 5, 1],
        folded=[True, False, True],
    )
    assert s.payouts == (0, 9, 0)
    assert codes(s)[-1] == "uncontested"


def test_r_pot_8_rake_first_from_main_pot() -> None:
    s = settle(
        Game.STUD,
        hands=["As Ad Ac Ah Kd Kc Ks", "2c 3d 4h 5s 7c 8d 9h", "Qh Jh Th 9c 7s 4c 2s"],
        contributions=[2, 50, 50],
        folded=[False, False, False],
        rake=10,
    )
    main, side = s.pots
    assert (main.rake, main.amount, side.rake, side.amount) == (6, 0, 4, 92)
    assert s.payouts == (0, 0, 92) and sum(s.payouts) + s.rake == 102
    assert codes(s)[0] == "rake_taken"


def test_community_card_plays_in_every_hand() -> None:
    s = settle(
        Game.STUD,
        hands=["Ah Kd 7c 3s 9d Jc", "Qs Qd 7h 4c 8d 2c"],
        contributions=[10, 10],
        folded=[False, False],
        community=parse_card("Ac"),
    )
    assert s.payouts == (20, 0)


# --- Bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"contributions": [1, -1]}, r"contributions\[1\]"),
        ({"contributions": [1, 1.5]}, r"contributions\[1\]"),
        ({"contributions": [1, 1, 1]}, "one entry per seat"),
        ({"folded": [False]}, "one entry per seat"),
        ({"folded": [0, 1]}, r"folded\[0\]"),
        ({"hands": ["As Kd 7c 2h 3h", "As Qd 7d 2d 3d"]}, "'As' of seat 1 is also held by seat 0"),
        ({"hands": ["As Kd 7c 2h 3h", "Xx"]}, "unknown card 'Xx'"),
        ({"hands": ["As Kd 7c", "Qs Qd 7d 2d 3d"]}, "seat 0 cannot show down"),
        ({"rake": 50}, "rake 50 is more than the 20 chips"),
        ({"folded": [True, True]}, "every seat that put chips in has folded"),
    ],
)
def test_bad_input_names_the_value(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {
        "hands": ["As Kd 7c 2h 3h", "Qs Qd 7d 2d 3d"],
        "contributions": [10, 10],
        "folded": [False, False],
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        settle(Game.STUD, **args)  # type: ignore[arg-type]


def test_r_pot_7_folded_chips_above_every_live_total_are_dead_money() -> None:
    s = settle(
        Game.STUD,
        hands=[None, "As Ad 7c 2h 3h", "Ks Kd 7d 2d 3d"],
        contributions=[30, 20, 20],
        folded=[True, False, False],
    )
    assert s.payouts == (0, 70, 0)
    assert "dead_money" in codes(s)


def test_r_pot_7_an_uncalled_bet_is_handed_back_not_called_a_side_pot() -> None:
    from rules.engine import Game, parse_cards, settle

    hands = [
        parse_cards("As Ad Kc Kd 7h 5s 2c"),
        parse_cards("Qs Qd Jc Jd 8h 6s 3c"),
        parse_cards("9s 9d Tc Td 4h 4s 3d"),
    ]
    result = settle(Game.STUD, hands=hands, contributions=[30, 10, 10], folded=[False] * 3)
    returned = result.pots[-1]
    codes = [reason.code for reason in returned.reasons]
    assert "side_pot" not in codes
    assert codes[-1] == "uncalled_returned"
    assert returned.amount == 20
    assert result.payouts == (50, 0, 0)
