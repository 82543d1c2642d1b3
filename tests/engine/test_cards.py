"""Cards and the suit order used to break forced-bet and first-to-act ties (0.3 notation)."""

from __future__ import annotations

import pytest

from rules.engine import DECK, Card, Rank, Suit, parse_card, parse_cards


def test_notation_suit_order_clubs_lowest() -> None:
    assert [suit.order for suit in (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)] == [
        0,
        1,
        2,
        3,
    ]


def test_notation_card_by_suit_compares_rank_then_suit() -> None:
    ace_clubs, king_clubs, two_spades, two_hearts = parse_cards("Ac Kc 2s 2h")
    assert ace_clubs.high_by_suit > king_clubs.high_by_suit
    assert two_spades.high_by_suit > two_hearts.high_by_suit


def test_r_low_1_ace_is_low_by_suit() -> None:
    ace, two = parse_cards("As 2c")
    assert ace.low_by_suit < two.low_by_suit
    assert ace.rank.low_value == 1


def test_r_deck_1_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    assert sorted(card.index for card in DECK) == list(range(52))


@pytest.mark.parametrize("text", ["10h", "Th", "th", "TH"])
def test_notation_ten_is_t_or_10(text: str) -> None:
    assert parse_card(text) == Card(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["Xx", "1c", "Ah2", "Ahh"])
def test_notation_bad_card_names_the_value(text: str) -> None:
    with pytest.raises(ValueError, match="unknown card"):
        parse_cards(text)
