"""Who shows first at the showdown, then clockwise (R-SHOW-1; section 12 Q46)."""

from __future__ import annotations

import pytest

from rules.engine import PROFILES, showdown_order

# Q46: P1..P5 are seats 0..4; P4 (seat 3) has the high board.
_STUD_BOARDS = ["Kh 9d 4c 2s", "Qs Jd 8c 3h", "Th 7d 6c 5s", "Ac Ad 9s 3c", "Jc 9h 8d 2d"]
_RAZZ_BOARDS = ["Kh 9d 4c 2s", "Qs Jd 8c 3h", "7h 6d 4s 3d", "Ac Ad 9s 3s", "Jc 9h 8d 2d"]


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_show_1_q46_checked_around_high_board_shows_first(profile: str) -> None:
    order = showdown_order("stud", _STUD_BOARDS, last_aggressor=None, profile=profile)
    assert order.first.seat == 3
    assert order.seats == (3, 4, 0, 1, 2)
    assert order.first.reasons[0].code == "first_to_act_shows_first"
    assert order.first.reasons[-1].code == "then_clockwise"


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_show_1_q46_razz_low_board_shows_first(profile: str) -> None:
    order = showdown_order("razz", _RAZZ_BOARDS, last_aggressor=None, profile=profile)
    assert order.seats == (2, 3, 4, 0, 1)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_r_show_1_q46_last_raiser_shows_first(game: str) -> None:
    order = showdown_order(game, _STUD_BOARDS, last_aggressor=4)
    assert order.seats == (4, 0, 1, 2, 3)
    first = order.first.reasons[0]
    assert (first.rule, first.code, first.seats) == ("R-SHOW-1", "last_aggressor_shows_first", (4,))


def test_r_show_1_folded_seats_do_not_show() -> None:
    boards = ["Kh 9d 4c 2s", None, "Th 7d 6c 5s", "Ac Ad 9s 3c", None]
    assert showdown_order("stud", boards, last_aggressor=2).seats == (2, 3, 0)


@pytest.mark.parametrize(("profile", "first"), [("robert", 0), ("tda", 1)])
def test_r_show_1_tied_boards_follow_the_first_to_act_tie_break(profile: str, first: int) -> None:
    boards = ["Kh Qd 4c 2s", "Ks Qc 4d 2h"]
    assert showdown_order("stud", boards, last_aggressor=None, profile=profile).first.seat == first


def test_r_show_1_side_pot_players_show_before_the_all_in_player() -> None:
    order = showdown_order("stud", _STUD_BOARDS, last_aggressor=None, all_in={3, 0})
    assert order.seats == (4, 1, 2, 0, 3)
    assert order.first.reasons[-1].code == "side_pot_shows_before_all_in"
    assert order.first.reasons[-1].seats == (0, 3)


def test_r_show_1_everyone_all_in_keeps_the_board_order() -> None:
    boards = ["Kh 9d 4c 2s", "Ac Ad 9s 3c"]
    assert showdown_order("stud", boards, last_aggressor=None, all_in={0, 1}).seats == (1, 0)


def test_r_show_1_last_aggressor_must_be_live() -> None:
    with pytest.raises(ValueError, match="last_aggressor: 1 is not a live seat"):
        showdown_order("stud", ["Kh 9d 4c 2s", None], last_aggressor=1)


def test_showdown_order_value_is_checked() -> None:
    from rules.engine import Decision, ShowdownOrder

    with pytest.raises(ValueError, match="must start with seat 1"):
        ShowdownOrder(Decision(1, ()), (0, 1))
    with pytest.raises(ValueError, match="appears twice"):
        ShowdownOrder(Decision(0, ()), (0, 1, 0))
