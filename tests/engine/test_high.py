"""High hands: ranking, the wheel, best five of seven (R-RANK-1, R-DECK-1, R-SHOW-2)."""

from __future__ import annotations

import pytest

from rules.engine import HighCategory, best_high, high_key, parse_cards


def _cards(text: str) -> str:
    return str(best_high(text))


@pytest.mark.parametrize(
    ("text", "category"),
    [
        ("As Kd 9c 7h 2s", HighCategory.HIGH_CARD),
        ("As Ad 9c 7h 2s", HighCategory.ONE_PAIR),
        ("As Ad 9c 9h 2s", HighCategory.TWO_PAIR),
        ("As Ad Ac 9h 2s", HighCategory.THREE_OF_A_KIND),
        ("Ts 9d 8c 7h 6s", HighCategory.STRAIGHT),
        ("As Ts 8s 4s 2s", HighCategory.FLUSH),
        ("As Ad Ac 9h 9s", HighCategory.FULL_HOUSE),
        ("As Ad Ac Ah 2s", HighCategory.FOUR_OF_A_KIND),
        ("9s 8s 7s 6s 5s", HighCategory.STRAIGHT_FLUSH),
    ],
)
def test_r_rank_1_categories(text: str, category: HighCategory) -> None:
    assert best_high(text).category is category


def test_r_rank_1_category_order() -> None:
    hands = [
        "As Kd 9c 7h 2s",
        "2s 2d 3c 4h 5d",
        "3s 3d 2c 2h 4s",
        "2s 2d 2c 3h 4s",
        "As 2d 3c 4h 5s",
        "2s 3s 4s 5s 7s",
        "2s 2d 2c 3h 3s",
        "2s 2d 2c 2h 3s",
        "As 2s 3s 4s 5s",
    ]
    keys = [best_high(text).key for text in hands]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)


def test_r_rank_1_wheel_is_the_lowest_straight() -> None:
    wheel = best_high("As 2d 3c 4h 5s")
    assert wheel.category is HighCategory.STRAIGHT
    assert str(wheel) == "5s 4h 3c 2d As"
    assert wheel < best_high("2s 3d 4c 5h 6s")
    assert wheel > best_high("As Ad Ac Kh Qs")


def test_r_rank_1_broadway_is_the_highest_straight() -> None:
    assert best_high("As Kd Qc Jh Ts") > best_high("Ks Qd Jc Th 9s")


@pytest.mark.parametrize("text", ["Qs Kd Ac 2h 3s", "Ks Ad 2c 3h 4s", "Js Qd Kc Ah 2s"])
def test_r_rank_1_no_wrap_around(text: str) -> None:
    assert best_high(text).category is HighCategory.HIGH_CARD


def test_r_rank_1_kickers_decide() -> None:
    assert best_high("As Ad Kc 7h 3s") > best_high("Ac Ah Qc Jh Ts")
    assert best_high("9s 9d 5c 5h Ks") > best_high("9c 9h 5s 5d Qc")
    assert best_high("Ks Kd Kc 2h 2s") < best_high("As Ad Ac 2h 2d")


def test_r_rank_1_full_house_from_two_trips() -> None:
    hand = best_high("2c 2d 2h 3c 3d 3h 4s")
    assert hand.category is HighCategory.FULL_HOUSE
    assert str(hand) == "3h 3d 3c 2h 2d"


def test_r_rank_1_flush_beats_straight_in_seven() -> None:
    hand = best_high("Ac Kc Qc Jc 9c 8c Td")
    assert hand.category is HighCategory.FLUSH
    assert str(hand) == "Ac Kc Qc Jc 9c"


def test_r_rank_1_straight_flush_inside_a_bigger_flush() -> None:
    hand = best_high("9h 8h 7h 6h 5h 2h Ah")
    assert hand.category is HighCategory.STRAIGHT_FLUSH
    assert str(hand) == "9h 8h 7h 6h 5h"


def test_r_rank_1_quads_take_the_best_kicker() -> None:
    assert _cards("7s 7d 7c 7h 2s Ks Kd") == "7s 7h 7d 7c Ks"


def test_r_low_4_q24_steel_wheel_high() -> None:
    hand = best_high("As 2s 3s 4s 5s Kd Kh")
    assert hand.category is HighCategory.STRAIGHT_FLUSH
    assert _cards("As 2s 3s 4s 5s Kd Kh") == "5s 4s 3s 2s As"


def test_r_low_4_q25_high_uses_seven_high_straight() -> None:
    hand = best_high("Ah 2d 3c 4s 5h 6d 7c")
    assert hand.category is HighCategory.STRAIGHT
    assert str(hand) == "7c 6d 5h 4s 3c"


def test_r_low_3_q28_high_is_a_pair_of_nines() -> None:
    hand = best_high("Ah 2d 3c 4s 9h 9d Kc")
    assert hand.category is HighCategory.ONE_PAIR
    assert str(hand) == "9h 9d Ah Kc 4s"


def test_r_show_2_q35_equal_straights_split_whatever_the_suits() -> None:
    first = best_high("Th 9h 8c 7d 6s 2c 3d")
    second = best_high("Tc 9s 8d 7h 6c 2h 4d")
    assert first == second
    assert not first < second
    assert hash(first) == hash(second)


def test_r_rank_1_high_key_matches_best_high() -> None:
    cards = parse_cards("As Ad Kc Kd Qh Qs 2c")
    assert high_key(cards) == best_high(cards).key


@pytest.mark.parametrize("text", ["As Kd Qc Jh", "As Kd Qc Jh Ts 9s 8s 7s"])
def test_r_deck_1_five_to_seven_cards(text: str) -> None:
    with pytest.raises(ValueError, match="5 to 7 cards"):
        best_high(text)


def test_r_deck_1_repeated_card_is_an_error() -> None:
    with pytest.raises(ValueError, match="'As' appears twice"):
        best_high([*parse_cards("As Kd Qc Jh"), parse_cards("As")[0]])
    with pytest.raises(ValueError, match="appears twice"):
        high_key([*parse_cards("As Kd Qc Jh"), parse_cards("As")[0]])


def test_r_deck_1_not_a_card_is_an_error() -> None:
    with pytest.raises(ValueError, match="not a card: 'As'"):
        best_high(["As", "Kd", "Qc", "Jh", "Ts"])  # type: ignore[list-item]


def test_high_and_low_hands_do_not_compare() -> None:
    from rules.engine import best_low

    low = best_low("As 2d 3c 4h 5s")
    assert low is not None
    with pytest.raises(TypeError):
        _ = best_high("As 2d 3c 4h 5s") < low
    assert best_high("As 2d 3c 4h 5s") != low


def test_hand_is_frozen_and_validated() -> None:
    import dataclasses

    from rules.engine import Hand

    hand = best_high("As Kd Qc Jh 9s")
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.key = 0  # type: ignore[misc]
    with pytest.raises(ValueError, match="five different cards"):
        Hand(tuple(parse_cards("As Kd Qc Jh")), HighCategory.HIGH_CARD, 0)
    with pytest.raises(ValueError, match="five different cards"):
        Hand(tuple(parse_cards("As Kd Qc Jh As", distinct=False)), HighCategory.HIGH_CARD, 0)
    with pytest.raises(ValueError, match="unknown hand category 'junk'"):
        Hand(tuple(parse_cards("As Kd Qc Jh 9s")), "junk", 0)  # type: ignore[arg-type]
