"""Properties of the evaluators and boards that must hold for any cards (R-RANK-1, R-LOW-1..5)."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.engine import (
    DECK,
    Card,
    Game,
    HighCategory,
    LowCategory,
    best_high,
    best_low,
    first_to_act,
    high_board,
    high_key,
    low_board,
    low_key,
    rank_board,
)

_hands = st.integers(min_value=5, max_value=7).flatmap(
    lambda size: st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)
)
_sevens = st.lists(st.sampled_from(DECK), min_size=7, max_size=7, unique=True)
_boards = st.integers(min_value=1, max_value=4).flatmap(
    lambda size: st.lists(st.sampled_from(DECK), min_size=size, max_size=size, unique=True)
)


def _brute_high(cards: list[Card]) -> int:
    return max(best_high(list(five)).key for five in combinations(cards, 5))


def _brute_low(cards: list[Card], qualifier: int | None) -> int | None:
    keys = [low_key(list(five), qualifier=qualifier) for five in combinations(cards, 5)]
    found = [key for key in keys if key is not None]
    return max(found) if found else None


@given(_hands, st.randoms(use_true_random=False))
def test_r_rank_1_key_does_not_depend_on_card_order(cards: list[Card], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert high_key(shuffled) == high_key(cards)
    assert low_key(shuffled) == low_key(cards)
    assert low_key(shuffled, qualifier=None) == low_key(cards, qualifier=None)


@given(_hands)
def test_r_rank_1_best_high_picks_five_of_the_input(cards: list[Card]) -> None:
    hand = best_high(cards)
    assert len(set(hand.cards)) == 5 and set(hand.cards) <= set(cards)
    assert hand.key == high_key(cards)
    assert best_high(list(hand.cards)).key == hand.key


@given(_sevens)
@settings(max_examples=150)
def test_r_deck_1_best_of_seven_is_the_best_five_card_subset(cards: list[Card]) -> None:
    assert high_key(cards) == _brute_high(cards)
    assert low_key(cards) == _brute_low(cards, 8)
    assert low_key(cards, qualifier=None) == _brute_low(cards, None)


@given(_hands)
def test_r_low_3_eight_or_better_never_pairs_or_uses_a_nine(cards: list[Card]) -> None:
    hand = best_low(cards)
    if hand is None:
        assert len({card.rank.low_value for card in cards if card.rank.low_value <= 8}) < 5
        return
    values = [card.rank.low_value for card in hand.cards]
    assert len(set(values)) == 5 and max(values) <= 8
    assert set(hand.cards) <= set(cards)
    assert hand.category is LowCategory.NO_PAIR
    assert values == sorted(values, reverse=True)


@given(_hands)
def test_r_low_5_razz_always_has_a_low_from_the_input(cards: list[Card]) -> None:
    hand = best_low(cards, qualifier=None)
    assert hand is not None
    assert len(set(hand.cards)) == 5 and set(hand.cards) <= set(cards)
    assert hand.key == low_key(cards, qualifier=None)
    assert best_low(list(hand.cards), qualifier=None) == hand
    qualified = best_low(cards)
    if qualified is not None:
        assert qualified == hand


@given(_hands)
def test_r_low_5_razz_no_pair_whenever_five_ranks_exist(cards: list[Card]) -> None:
    hand = best_low(cards, qualifier=None)
    assert hand is not None
    distinct = len({card.rank for card in cards})
    assert (hand.category is LowCategory.NO_PAIR) == (distinct >= 5)


@given(_hands)
def test_r_show_2_suits_never_change_a_key(cards: list[Card]) -> None:
    flush_free = [Card(card.rank, DECK[i % 4].suit) for i, card in enumerate(cards)]
    if len(set(flush_free)) != len(flush_free):
        return
    high = best_high(cards)
    if high.category not in (HighCategory.FLUSH, HighCategory.STRAIGHT_FLUSH):
        other = best_high(flush_free)
        if other.category not in (HighCategory.FLUSH, HighCategory.STRAIGHT_FLUSH):
            assert other == high
    assert low_key(flush_free) == low_key(cards)


@given(_boards)
def test_r_act_2_small_boards_never_make_straights_or_flushes(cards: list[Card]) -> None:
    board = high_board(cards)
    assert board.category not in (
        HighCategory.STRAIGHT,
        HighCategory.FLUSH,
        HighCategory.FULL_HOUSE,
        HighCategory.STRAIGHT_FLUSH,
    )
    assert low_board(cards).category is not LowCategory.FULL_HOUSE


@given(_boards, st.randoms(use_true_random=False))
def test_r_act_3_board_key_does_not_depend_on_order(cards: list[Card], rng: object) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    for game in Game:
        assert rank_board(game, shuffled) == rank_board(game, cards)


@given(
    st.lists(st.sampled_from(DECK), min_size=4, max_size=16, unique=True),
    st.sampled_from(list(Game)),
    st.sampled_from(["robert", "tda", "wsop", "wsop_la"]),
)
def test_r_act_1_first_to_act_has_a_best_board(cards: list[Card], game: Game, profile: str) -> None:
    boards: list[list[Card] | None] = [cards[i : i + 2] for i in range(0, len(cards) - 1, 2)]
    decision = first_to_act(game, boards, profile=profile)
    mine = rank_board(game, boards[decision.seat] or [])
    assert all(mine >= rank_board(game, board) for board in boards if board is not None)
    assert decision.reasons and all(reason.rule.startswith("R-ACT-") for reason in decision.reasons)
