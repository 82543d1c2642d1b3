"""Who acts first on 4th-7th street (R-ACT-1..6; section 12 Q11-Q19, Q42)."""

from __future__ import annotations

import pytest

from rules.engine import PROFILES, first_to_act, parse_card


def _codes(decision: object) -> list[str]:
    return [reason.code for reason in decision.reasons]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("profile", "seat"), [("robert", 0), ("wsop_la", 0), ("tda", 1), ("wsop", 1)]
)
def test_r_act_4_q11_tied_stud_boards(profile: str, seat: int) -> None:
    decision = first_to_act("stud", ["Kh Qd", "Ks Qc", "8h 9s"], profile=profile)
    assert decision.seat == seat
    tie = decision.reasons[-1]
    assert tie.rule == "R-ACT-4" and tie.seats == (0, 1)
    if seat == 1:
        assert tie.code == "tie_broken_by_high_card"
        assert tie.cards == (parse_card("Ks"),)
    else:
        assert tie.code == "tie_broken_by_position"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_3_q12_pair_beats_high_cards(profile: str) -> None:
    decision = first_to_act("stud", ["Ah Kh", "2c 2d"], profile=profile)
    assert decision.seat == 1
    beats = next(reason for reason in decision.reasons if reason.code == "beats_board")
    assert beats.seats == (1, 0)
    assert beats.params == {"category": "one_pair", "other_category": "high_card"}


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_2_q13_three_to_a_straight_flush_is_nine_high(profile: str) -> None:
    decision = first_to_act("stud", ["7h 8h 9h", "2c 2s 3d"], profile=profile)
    assert decision.seat == 1
    assert "straights_flushes_do_not_count" in _codes(decision)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_2_q14_four_card_straight_never_counts(profile: str) -> None:
    decision = first_to_act("stud", ["5c 6d 7h 8s", "Ah Kd Qc Js", "3s 3d 2h 4c"], profile=profile)
    assert decision.seat == 2


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_1_q15_stud8_uses_the_high_board(profile: str) -> None:
    pair = first_to_act("stud8", ["Ah 2h", "Kd Kc"], profile=profile)
    assert pair.seat == 1
    assert "high_board_in_stud8" in _codes(pair)
    assert first_to_act("stud8", ["Ah 2h", "Kd Qc"], profile=profile).seat == 0


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_3_q16_razz_lowest_unpaired_board(profile: str) -> None:
    decision = first_to_act("razz", ["7h 7s", "Kh Qh", "Qs 8s"], profile=profile)
    assert decision.seat == 2
    assert decision.reasons[0].code == "best_low_board"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_3_q17_razz_three_high_beats_four_high(profile: str) -> None:
    assert first_to_act("razz", ["Ah 4s", "3h 2s"], profile=profile).seat == 1


@pytest.mark.parametrize(
    ("profile", "seat"), [("robert", 0), ("wsop_la", 0), ("wsop", 0), ("tda", 1)]
)
def test_r_act_4_q18_tied_razz_boards(profile: str, seat: int) -> None:
    decision = first_to_act("razz", ["6h 2s", "6s 2h"], profile=profile)
    assert decision.seat == seat


def test_r_act_4_razz_high_card_tie_break_counts_the_ace_low() -> None:
    decision = first_to_act("razz", ["As 2h", "Ah 2s"], profile="tda")
    assert decision.seat == 1
    tie = decision.reasons[-1]
    assert tie.cards == (parse_card("2s"),) and tie.params["ace"] == "low"


@pytest.mark.parametrize(
    ("profile", "seat"), [("robert", 0), ("wsop_la", 0), ("wsop", 0), ("tda", 2)]
)
def test_r_act_4_tied_stud8_boards(profile: str, seat: int) -> None:
    decision = first_to_act("stud8", ["9c 9d 4h", "7s 6s 5s", "9h 9s 4c"], profile=profile)
    assert decision.seat == seat


def test_r_act_4_position_is_the_lowest_seat_whatever_the_order() -> None:
    assert first_to_act("stud", ["2c 3d", "Kh Qd", "4h 7c", "Ks Qc"]).seat == 1


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_act_5_q19_all_in_high_board_passes_clockwise(profile: str) -> None:
    boards = ["Kd 9c 4h 2s", "Qs Qh 3d 7c", None, "Ah Jd 6c 5s"]
    decision = first_to_act("stud8", boards, profile=profile, all_in={1})
    assert decision.seat == 3
    assert _codes(decision)[-2:] == ["best_board_all_in", "next_player_acts"]
    assert decision.reasons[-2].seats == (1,)


@pytest.mark.parametrize(
    ("game", "boards"),
    [("stud", ["Kd 9c", "Qs Qh", "Ah 2d"]), ("razz", ["Kd 9c", "3s 2h", "7h 7d"])],
)
def test_r_act_5_all_in_best_board_is_marked_all_in(game: str, boards: list[str]) -> None:
    # The explanation must not say the all-in leader acts first: his reason says he is all-in.
    decision = first_to_act(game, boards, all_in={1})
    assert decision.seat == 2
    best = decision.reasons[0]
    assert best.code in {"best_high_board", "best_low_board"} and best.seats == (1,)
    assert best.params["all_in"] is True
    assert first_to_act(game, boards).reasons[0].params["all_in"] is False


def test_r_act_5_skips_several_all_in_players_and_wraps() -> None:
    boards = ["Kd 9c", "2s 3h", None, "Ah Ad", "Qs Qh"]
    assert first_to_act("stud", boards, all_in={3, 4}).seat == 0


def test_r_act_5_folded_hands_are_ignored() -> None:
    assert first_to_act("stud", [None, "Kd 9c", None, "2s 3h"]).seat == 1


def test_r_act_5_every_player_all_in_is_an_error() -> None:
    with pytest.raises(ValueError, match="every live seat is all-in"):
        first_to_act("stud", ["Kd 9c", "2s 3h"], all_in={0, 1})


@pytest.mark.parametrize(
    ("profile", "seat", "code"),
    [
        ("robert", 1, "community_card_plays"),
        ("tda", 0, "sixth_street_opener_acts"),
        # WSOP-T has no community-card rule, WSOP-LA 228 does not say who acts: RR #15.
        ("wsop", 1, "community_card_plays"),
        ("wsop_la", 1, "community_card_plays"),
    ],
)
def test_r_act_6_q42_community_card(profile: str, seat: int, code: str) -> None:
    boards = ["Ah Ad 9c 4s", "7h 7c 2s 3d"]
    decision = first_to_act("stud", boards, profile=profile, community="7d")
    assert decision.seat == seat
    assert decision.reasons[0].code == code
    assert decision.reasons[0].cards == (parse_card("7d"),)


def test_r_act_6_community_card_can_make_a_straight_under_rr() -> None:
    boards = ["5c 6d 7h 8s", "Kc Kd Ks 2c"]
    assert first_to_act("stud", boards, community="9h").seat == 0
    assert first_to_act("stud", boards, community="9h", profile="tda").seat == 1


def test_r_act_6_community_card_in_razz_under_rr() -> None:
    boards = ["Ah 2d 3c 4s", "Kh Qd Jc 9s"]
    assert first_to_act("razz", boards, community="Ac").seat == 1


def test_r_act_1_reasons_name_the_board() -> None:
    decision = first_to_act("stud", ["Kh Qd", "9s 9c"])
    first = decision.reasons[0]
    assert (first.rule, first.code, first.seats) == ("R-ACT-1", "best_high_board", (1,))
    assert first.params["category"] == "one_pair"
    assert [str(card) for card in first.cards] == ["9s", "9c"]


def test_r_act_1_accepts_lists_of_cards() -> None:
    from rules.engine import parse_cards

    assert first_to_act("stud", [parse_cards("Kh Qd"), parse_cards("9s 9c")]).seat == 1


@pytest.mark.parametrize(
    ("boards", "kwargs", "message"),
    [
        (["2c 3c", "2c 4d"], {}, "'2c' appears twice"),
        (["2c 3c 4c 5c 6c 7c", "2d"], {}, "seat 0: a board is 1 to 5 upcards, not 6"),
        (["2c 3c 4c 5c 6c", "2d"], {"community": "9h"}, "1 to 4 upcards"),
        (["2c 3c", "2d 4d"], {"community": "2c"}, "'2c' appears twice"),
        ([None, None], {}, "no live board"),
        (["2c", None], {"all_in": {1}}, "all_in: 1 is not a live seat"),
        (["2c", "3c"], {"all_in": {5}}, "all_in: 5 is not a live seat"),
    ],
)
def test_first_to_act_bad_input_names_the_value(
    boards: list[str | None], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        first_to_act("stud", boards, **kwargs)  # type: ignore[arg-type]


def test_reason_codes_are_stable_and_distinct() -> None:
    from rules.engine import ActCode, BringInCode, ShowdownCode

    for codes in (ActCode, BringInCode, ShowdownCode):
        values = [code.value for code in codes]
        assert len(set(values)) == len(values)
        assert all(value.replace("_", "").isalnum() and value.islower() for value in values)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_every_reason_code_is_documented(profile: str) -> None:
    from rules.engine import ActCode

    cases = [
        ("stud", ["Kh Qd", "Ks Qc", "8h 9s"], {}),
        ("stud8", ["7h 8h 9h", "2c 2s 3d", None], {"all_in": {1}}),
        ("razz", ["6h 2s", "6s 2h"], {}),
        ("stud", ["Ah Ad 9c 4s", "7h 7c 2s 3d"], {"community": "7d"}),
    ]
    for game, boards, kwargs in cases:
        decision = first_to_act(game, boards, profile=profile, **kwargs)  # type: ignore[arg-type]
        for reason in decision.reasons:
            assert type(reason.code) is str
            assert reason.code in {code.value for code in ActCode}


def test_r_act_3_tied_best_boards_name_no_next_best_board() -> None:
    # Seats 0 and 1 tie for the best board; seat 2's is lower. The tie-break explains who acts:
    # calling seat 2's board "the next best" beside it would contradict it (fi review K7).
    decision = first_to_act("stud", ["Ks 7c", "Kd 7h", "5c 2d"])
    codes = [reason.code for reason in decision.reasons]
    assert decision.seat == 0
    assert "beats_board" not in codes
    assert any(reason.rule == "R-ACT-4" for reason in decision.reasons)


def test_r_act_3_without_a_tie_the_next_best_board_is_named() -> None:
    decision = first_to_act("stud", ["Ks 7c", "Qd 7h", "5c 2d"])
    beats = [reason for reason in decision.reasons if reason.code == "beats_board"]
    assert decision.seat == 0 and beats and beats[0].seats == (0, 1)
