"""Dealing: seeded decks, burns, card counts, running out of cards on 7th street (R-CARDS)."""

from __future__ import annotations

import random

import pytest

from rules.engine.cards import DECK
from rules.engine.deck import (
    DeckState,
    SeventhProcedure,
    cards_left_before_seventh,
    deal_seventh_street,
    new_deck,
    seventh_street_plan,
    shuffle,
    shuffled_deck,
)
from rules.engine.profiles import PROFILES, CommunityOpener, Profile

RR, TDA, WSOP, WSOP_LA = (PROFILES[n] for n in ("robert", "tda", "wsop", "wsop_la"))


def pid(value: object) -> str:
    return str(getattr(value, "name", value))


def test_seeded_shuffle_is_reproducible_and_complete() -> None:
    assert shuffled_deck(42) == shuffled_deck(42)
    assert shuffled_deck(42) != shuffled_deck(43)
    assert set(shuffled_deck("quiz:1")) == set(DECK)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 7, 8, 52, 65])
def test_fast_shuffle_makes_random_shuffles_draws(size: int) -> None:
    # Seeded hands and quiz questions depend on it: the same order and the same generator
    # state afterwards as Random.shuffle, for every seed.
    for seed in range(300):
        ours, theirs = random.Random(f"s:{seed}"), random.Random(f"s:{seed}")
        mine, stdlib = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(stdlib)
        assert mine == stdlib, f"seed {seed}"
        assert ours.getstate() == theirs.getstate(), f"seed {seed}"
    deck = list(DECK)
    random.Random(1).shuffle(deck)
    assert shuffled_deck(1) == tuple(deck)


def test_r_deal_3_burns_are_kept() -> None:
    deck = new_deck(1)
    burned, deck = deck.burn()
    assert deck.burns == (burned,) and burned not in deck.stub


def test_deal_too_many_cards_is_an_error() -> None:
    with pytest.raises(ValueError, match="cannot deal 53 cards"):
        new_deck(1).deal(53)


@pytest.mark.parametrize(
    ("dealt_in", "per_street", "stub"),
    [(6, 6, 13), (7, 7, 7), (8, 8, 1), (8, (6, 6, 6, 6), 7), (8, (7, 7, 7, 7), 4)],
)
def test_r_players_2_card_count(dealt_in: int, per_street: object, stub: int) -> None:
    assert cards_left_before_seventh(dealt_in, per_street) == stub  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("profile", "procedure", "opener"),
    [
        (RR, SeventhProcedure.RR_COMMUNITY_CARD, CommunityOpener.HIGH_WITH_COMMON_CARD),
        (TDA, SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE, CommunityOpener.SIXTH_STREET_OPENER),
        # WSOP-LA 228 counts the stub like the TDA but is silent on the opener (RR #15 then);
        # WSOP-T has no short-stub rule at all: Robert's procedure and opener.
        (
            WSOP_LA,
            SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE,
            CommunityOpener.HIGH_WITH_COMMON_CARD,
        ),
        (WSOP, SeventhProcedure.RR_COMMUNITY_CARD, CommunityOpener.HIGH_WITH_COMMON_CARD),
    ],
    ids=pid,
)
def test_r_cards_community_card_eight_players_q42(
    profile: Profile, procedure: SeventhProcedure, opener: CommunityOpener
) -> None:
    plan = seventh_street_plan(8, 8, profile=profile)
    assert plan.stub == 1
    assert plan.community_card and plan.procedure is procedure
    assert plan.opener is opener


@pytest.mark.parametrize(
    ("profile", "procedure"),
    [(RR, SeventhProcedure.RR_LAST_CARD), (TDA, SeventhProcedure.TDA_REUSE_BURNS)],
    ids=pid,
)
def test_r_cards_seven_players_no_community_card_q43(
    profile: Profile, procedure: SeventhProcedure
) -> None:
    plan = seventh_street_plan(7, 7, profile=profile)
    assert (plan.stub, plan.procedure, plan.community_card) == (7, procedure, False)
    assert plan.reuse_burns


@pytest.mark.parametrize(
    ("profile", "procedure", "needed"),
    [(RR, SeventhProcedure.NORMAL, 7), (TDA, SeventhProcedure.TDA_REUSE_BURNS, 8)],
    ids=pid,
)
def test_r_cards_six_left_of_eight_still_short_q44(
    profile: Profile, procedure: SeventhProcedure, needed: int
) -> None:
    # RR Seven-Card Stud #15 applies only "if there are not enough cards left in the deck for
    # all players": a burn and six cards fit in seven, a normal deal (rules review E3). The
    # TDA (RP-10-H) also keeps the last card back: 8 needed, so the burns are re-used.
    plan = seventh_street_plan(8, (6, 6, 6, 6), profile=profile)
    assert (plan.stub, plan.needed, plan.procedure) == (7, needed, procedure)
    assert not plan.community_card


@pytest.mark.parametrize(
    ("profile", "procedure", "community"),
    [(RR, SeventhProcedure.RR_LAST_CARD, False), (TDA, SeventhProcedure.TDA_COMMUNITY_CARD, True)],
    ids=pid,
)
def test_r_cards_seven_of_eight_q45(
    profile: Profile, procedure: SeventhProcedure, community: bool
) -> None:
    # TDA: stub 4 + 3 burns = 7 < 9 and the stub has at least 3 cards: burn and turn a community
    # card. RR: burn, deal 2, mix the last card with the 4 burns (5 cards for 5 players): with
    # too few to burn again (R-CARDS-1 #3) everyone still gets a card of his own.
    plan = seventh_street_plan(8, (7, 7, 7, 7), profile=profile)
    assert (plan.stub, plan.procedure, plan.community_card) == (4, procedure, community)
    if profile is RR:
        assert "rr_no_reburn" in [str(r.code) for r in plan.reasons]


@pytest.mark.parametrize("profile", [RR, TDA], ids=pid)
def test_r_cards_six_players_normal_deal(profile: Profile) -> None:
    plan = seventh_street_plan(6, 6, profile=profile)
    assert plan.procedure is SeventhProcedure.NORMAL and plan.opener is None


@pytest.mark.parametrize(
    "bad", [(9, 8), (1, 1), (8, (8, 9, 8, 8)), (8, (8, 8, 8)), (8, (0, 0, 0, 0))]
)
def test_plan_rejects_bad_counts(bad: tuple[object, object]) -> None:
    with pytest.raises(ValueError, match="players"):
        seventh_street_plan(*bad)  # type: ignore[arg-type]


def _deck_before_seventh(seed: int, dealt_in: int, per_street: tuple[int, ...]) -> DeckState:
    deck = new_deck(seed)
    _, deck = deck.deal(3 * dealt_in)
    for count in per_street[:3]:
        _, deck = deck.burn()
        _, deck = deck.deal(count)
    return deck


@pytest.mark.parametrize("profile", [RR, TDA], ids=pid)
@pytest.mark.parametrize(
    ("dealt_in", "per_street"),
    [(8, (8, 8, 8, 8)), (7, (7, 7, 7, 7)), (8, (6, 6, 6, 6)), (8, (7, 7, 7, 7)), (8, (7, 6, 5, 5))],
)
@pytest.mark.parametrize("seed", range(20))
def test_r_cards_seventh_street_deal_uses_only_unseen_cards(
    profile: Profile, dealt_in: int, per_street: tuple[int, ...], seed: int
) -> None:
    deck = _deck_before_seventh(seed, dealt_in, per_street)
    unseen = set(deck.stub) | set(deck.burns)
    seats = tuple(range(per_street[3]))
    deal = deal_seventh_street(deck, seats, profile=profile)
    plan = seventh_street_plan(dealt_in, per_street, profile=profile)
    assert deal.plan.procedure is plan.procedure
    given = [card for _, card in deal.cards] + ([deal.community] if deal.community else [])
    assert len(set(given)) == len(given) and set(given) <= unseen
    if deal.community is None:
        assert tuple(seat for seat, _ in deal.cards) == seats
    else:
        assert deal.cards == ()
