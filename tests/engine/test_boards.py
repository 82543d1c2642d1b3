"""Exposed boards: what counts and how boards compare (R-ACT-2, R-ACT-3, R-ACT-6)."""

from __future__ import annotations

import pytest

from rules.engine import HighCategory, LowCategory, high_board, low_board, rank_board


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Ah", HighCategory.HIGH_CARD),
        ("7h 8h 9h", HighCategory.HIGH_CARD),
        ("5c 6d 7h 8s", HighCategory.HIGH_CARD),
        ("2h 3h 4h 5h", HighCategory.HIGH_CARD),
        ("2c 2d", HighCategory.ONE_PAIR),
        ("2c 2d 3h 3s", HighCategory.TWO_PAIR),
        ("2c 2d 2h Ks", HighCategory.THREE_OF_A_KIND),
        ("2c 2d 2h 2s", HighCategory.FOUR_OF_A_KIND),
    ],
)
def test_r_act_2_only_pairs_trips_quads_count_on_board(text: str, category: HighCategory) -> None:
    assert high_board(text).category is category


def test_r_act_3_high_board_order() -> None:
    boards = [
        "Kh Qd Jc 9s",
        "Ah 2c 3d 4s",
        "2c 2d 3h 4s",
        "Ac Ad 3h 4s",
        "3c 3d 2h 2s",
        "2c 2d 2h 3s",
        "2c 2d 2h 2s",
    ]
    keys = [high_board(text).key for text in boards]
    assert keys == sorted(keys)


def test_r_act_3_kickers_from_the_top() -> None:
    assert high_board("Kh 9d 4c") > high_board("Ks 8d 7c")
    assert high_board("9h 9d Ac") > high_board("9s 9c Kc")


def test_r_act_3_high_board_ace_is_high_in_stud8() -> None:
    assert rank_board("stud8", "Ah 2h") > rank_board("stud8", "Kd Qc")


def test_r_act_3_razz_board_order() -> None:
    boards = [
        "2c 2d 2h 2s",
        "Kc Kd Kh 2s",
        "Kc Kd Qh Qs",
        "Ac Ad 3h 4s",
        "Kc Qd Jh 9s",
        "8c 7d 6h 5s",
        "4c 3d 2h As",
    ]
    keys = [low_board(text).key for text in boards]
    assert keys == sorted(keys)


def test_r_act_3_razz_pairs_compare_paired_rank_first() -> None:
    assert low_board("Ac Ad 9h") > low_board("2c 2d 3h")


def test_r_act_3_razz_board_ignores_straights_and_flushes() -> None:
    board = low_board("Ah 2h 3h 4h")
    assert board.category is LowCategory.NO_PAIR
    assert board == low_board("Ac 2d 3h 4s")


def test_r_act_6_five_exposed_cards_count_straights_and_flushes() -> None:
    assert high_board("5c 6d 7h 8s 9c").category is HighCategory.STRAIGHT
    assert high_board("2h 5h 7h 9h Jh").category is HighCategory.FLUSH
    assert high_board("5c 6d 7h 8s 9c") > high_board("Ac Ad Ah 2s 3c")


def test_r_act_6_five_exposed_cards_in_razz() -> None:
    assert low_board("8c 7d 6h 5s 4c") > low_board("Ac Ad 2h 3s 4c")


def test_r_act_4_equal_ranks_are_equal_boards() -> None:
    assert high_board("Kh Qd") == high_board("Ks Qc")
    assert low_board("6h 2s") == low_board("6s 2h")


def test_r_deck_1_board_size_and_repeats_are_checked() -> None:
    with pytest.raises(ValueError, match="1 to 5 upcards, not 6"):
        high_board("2c 3c 4c 5c 6c 7c")
    with pytest.raises(ValueError, match="'2c' appears twice"):
        low_board("2c 2c")
    with pytest.raises(ValueError, match="not a valid Game"):
        rank_board("holdem", "2c")


def test_board_keeps_the_dealt_order() -> None:
    assert str(high_board("3c Kd 3h")) == "3c Kd 3h"
