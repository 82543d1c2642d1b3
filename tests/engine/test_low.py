"""Ace-to-five lows: eight-or-better and razz (R-LOW-1..6)."""

from __future__ import annotations

import pytest

from rules.engine import LowCategory, best_low, low_key, parse_cards


def _low(text: str, qualifier: int | None = 8) -> str:
    hand = best_low(text, qualifier=qualifier)
    assert hand is not None
    return str(hand)


def test_r_low_1_wheel_is_the_best_low() -> None:
    wheel = best_low("5h 4h 3h 2h Ah")
    assert wheel is not None
    assert str(wheel) == "5h 4h 3h 2h Ah"
    assert wheel.category is LowCategory.NO_PAIR
    six = best_low("6h 4h 3h 2h Ah")
    assert six is not None and wheel > six


def test_r_low_4_q24_steel_wheel_low() -> None:
    assert _low("As 2s 3s 4s 5s Kd Kh") == "5s 4s 3s 2s As"


def test_r_low_4_q25_low_uses_the_wheel() -> None:
    assert _low("Ah 2d 3c 4s 5h 6d 7c") == "5h 4s 3c 2d Ah"


# R-LOW-6: each row is (better, worse) and both are qualifying eight-or-better lows.
_R_LOW_6 = [
    ("6s 4d 3c 2h Ac", "6c 5d 3h 2s Ad"),
    ("8c 7d 6h 5s 3c", "8d 7c 6s 5h 4d"),  # Q26
    ("7c 5d 4h 3s 2c", "7d 6c 3d 2s Ah"),
    ("5c 4d 3h 2s Ac", "6d 4c 3d 2h Ah"),
    ("7d 6c 5s 4h 3d", "8c 4d 3s 2h Ac"),
    ("6c 5d 4h 3s Ad", "6d 5c 4s 3h 2c"),
    ("7c 6d 5h 3s 2c", "7s 6h 5c 4d Ah"),  # Q27
    ("8d 6s 4c 2h Ad", "8c 6h 5c 2s Ah"),
]


@pytest.mark.parametrize(("better", "worse"), _R_LOW_6)
def test_r_low_6_worked_comparisons(better: str, worse: str) -> None:
    first, second = best_low(better), best_low(worse)
    assert first is not None and second is not None
    assert first > second


def test_r_low_6_q26_eight_seven_six_five_three() -> None:
    assert best_low("8c 7d 6h 5s 3c") > best_low("8d 7c 6s 5h 4d")  # type: ignore[operator]


def test_r_low_6_q27_fourth_card_decides_before_the_ace() -> None:
    assert best_low("7c 6d 5h 3s 2c") > best_low("7s 6h 5c 4d Ah")  # type: ignore[operator]


def test_r_low_6_row_9_suits_never_matter() -> None:
    assert best_low("7c 5d 4h 3s 2c") == best_low("7h 5s 4c 3d 2h")


def test_r_low_6_row_10_q34_razz_eight_beats_nine() -> None:
    eight = best_low("8c 7d 6h 5s 4c", qualifier=None)
    nine = best_low("9c 4d 3h 2s Ac", qualifier=None)
    assert eight is not None and nine is not None and eight > nine


def test_r_low_3_q28_four_low_ranks_do_not_qualify() -> None:
    assert best_low("Ah 2d 3c 4s 9h 9d Kc") is None


def test_r_low_3_q29_extra_pair_card_is_not_used() -> None:
    assert _low("Ah 2d 3c 4s 4h 8d Kc") == "8d 4s 3c 2d Ah"


def test_r_low_3_q30_eight_qualifies_nine_does_not() -> None:
    assert _low("8h 7d 6c 5s 4h") == "8h 7d 6c 5s 4h"
    assert best_low("9h 5d 4c 3s 2h") is None


def test_r_low_3_paired_five_cards_do_not_qualify() -> None:
    assert best_low("Ah Ad 3c 4s 5h") is None


def test_r_low_5_q31_razz_no_pair_beats_any_pair() -> None:
    king = best_low("Kh Qd Jc Ts 9h", qualifier=None)
    pair = best_low("2c 2d Ah 3s 4h", qualifier=None)
    assert king is not None and pair is not None
    assert king > pair
    assert pair.category is LowCategory.ONE_PAIR


def test_r_low_5_q32_razz_lower_pair_wins() -> None:
    aces = best_low("Ac Ad 4c 3h 2s", qualifier=None)
    deuces = best_low("2c 2d 4h 3s Ah", qualifier=None)
    assert aces is not None and deuces is not None and aces > deuces


def test_r_low_5_q33_razz_two_pair_not_trips() -> None:
    hand = best_low("Ah Ad Ac 2s 2h 2d 3c", qualifier=None)
    assert hand is not None
    assert hand.category is LowCategory.TWO_PAIR
    assert [card.rank.symbol for card in hand.cards] == ["3", "2", "2", "A", "A"]


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("Kc Qd Jh Ts 9c", LowCategory.NO_PAIR),
        ("2c 2d 4h 3s Ah", LowCategory.ONE_PAIR),
        ("2c 2d 3h 3s Ah", LowCategory.TWO_PAIR),
        ("2c 2d 2h 3s Ah", LowCategory.THREE_OF_A_KIND),
        ("2c 2d 2h As Ah", LowCategory.FULL_HOUSE),
        ("2c 2d 2h 2s Ah", LowCategory.FOUR_OF_A_KIND),
    ],
)
def test_r_low_5_razz_categories(text: str, category: LowCategory) -> None:
    hand = best_low(text, qualifier=None)
    assert hand is not None and hand.category is category


def test_r_low_5_razz_category_order() -> None:
    hands = [
        "Kc Kd Kh Ks Qc",
        "Kc Kd Kh Qs Qc",
        "Kc Kd Kh Qs Jc",
        "Kc Kd Qh Qs Jc",
        "Kc Kd Qh Js Tc",
        "Kc Qd Jh Ts 9c",
    ]
    keys = [best_low(text, qualifier=None).key for text in hands]  # type: ignore[union-attr]
    assert keys == sorted(keys)


def test_r_low_5_razz_higher_pair_of_two_pair_compares_first() -> None:
    first = best_low("3c 3d 2h 2s Kc", qualifier=None)
    second = best_low("4c 4d Ah As 5c", qualifier=None)
    assert first is not None and second is not None and first > second


def test_r_low_5_razz_full_house_prefers_low_trips() -> None:
    hand = best_low("Ac Ad Ah As Kc Kd Kh", qualifier=None)
    assert hand is not None
    assert hand.category is LowCategory.FULL_HOUSE
    assert [card.rank.symbol for card in hand.cards] == ["K", "K", "A", "A", "A"]


def test_r_low_5_razz_always_has_a_low() -> None:
    assert best_low("Kc Kd Kh Ks Qc Qd Qh", qualifier=None) is not None


def test_r_low_3_qualifier_is_validated() -> None:
    with pytest.raises(ValueError, match="bad low qualifier 4"):
        best_low("5h 4h 3h 2h Ah", qualifier=4)


def test_r_low_1_low_key_matches_best_low() -> None:
    cards = parse_cards("Ah Ad Ac 2s 2h 2d 3c")
    hand = best_low(cards, qualifier=None)
    assert hand is not None and low_key(cards, qualifier=None) == hand.key


def test_r_deck_1_low_needs_five_to_seven_distinct_cards() -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        best_low("Ah 2h 3h 4h")
    with pytest.raises(ValueError, match="'Ah' appears twice"):
        best_low([*parse_cards("Ah 2h 3h 4h"), parse_cards("Ah")[0]])
