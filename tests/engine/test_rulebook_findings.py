"""The floor review's findings (reviews/rules.md E1-E11, plus the fold, the odd chip and the
bring-in ace), one test each, checked against the rulebooks' own texts:

* RR: Robert's Rules of Poker, "Seven-Card Stud" section rules 1-19;
* TDA: Poker TDA Rules 2024 with the Recommended Procedures (RP);
* WSOP-LA: 2024 Caesars/WSOP Live-Action Rules; WSOP-T: 2024 WSOP Tournament Rules.

Engine findings are tested here; the texts (E5, E7-E10) in tests/rules/test_rulebook_texts.py.
"""

from __future__ import annotations

import pytest

from rules.engine import Stakes, Street, bring_in, first_to_act, settle, showdown_order
from rules.engine.betting import (
    Action,
    ActionKind,
    BettingRound,
    correct_bring_in,
    start_round,
)
from rules.engine.deck import (
    SeventhProcedure,
    deal_seventh_street,
    new_deck,
    seventh_street_plan,
)
from rules.engine.games import Game
from rules.engine.profiles import PROFILES, CommunityOpener, OddChipRule

STAKES = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)


def _kinds(rnd: BettingRound) -> set[str]:
    return {action.kind.value for action in rnd.legal_actions()}


# --- E1: who opens seventh street with a community card (R-ACT-6) ------------------------------


@pytest.mark.parametrize("profile", ["robert", "wsop_la", "wsop"])
def test_e1_r_act_6_wsop_is_silent_so_the_high_board_with_the_common_card_opens(
    profile: str,
) -> None:
    # WSOP-LA 228 gives the procedure but not the opener; WSOP-T has no such rule: the site's
    # fallback, RR Seven-Card Stud #15, "the player who is now high using the common card".
    boards = ["Ah Ad 9c 4s", "7h 7c 2s 3d"]
    decision = first_to_act("stud", boards, profile=profile, community="7d")
    assert decision.seat == 1  # trip sevens with the common card beat the aces
    assert PROFILES[profile].community_opener is CommunityOpener.HIGH_WITH_COMMON_CARD


def test_e1_r_act_6_only_the_tda_keeps_the_sixth_street_opener() -> None:
    boards = ["Ah Ad 9c 4s", "7h 7c 2s 3d"]
    assert first_to_act("stud", boards, profile="tda", community="7d").seat == 0  # RP-10-H-D
    opener_sixth = [
        name
        for name, profile in PROFILES.items()
        if profile.community_opener is CommunityOpener.SIXTH_STREET_OPENER
    ]
    assert opener_sixth == ["tda"]
    for name in ("wsop_la", "wsop"):
        assert "community_opener" in PROFILES[name].not_addressed


# --- E2: "count the stub" is WSOP-LA 228, not a WSOP tournament rule (R-CARDS) -------------------


def test_e2_r_cards_wsop_tournament_has_no_stub_count_so_robert_s_procedure_applies() -> None:
    # 8 dealt in, 7 at the river, 4 cards in the stub (the review's stud8/wsop/normal/6).
    plan = seventh_street_plan(8, (7, 7, 7, 7), profile=PROFILES["wsop"])
    # RR #15: burn, deal 2, mix the last card with the burns: everyone gets his own card.
    assert (plan.stub, plan.procedure, plan.community_card) == (
        4,
        SeventhProcedure.RR_LAST_CARD,
        False,
    )
    assert "out_of_cards" in PROFILES["wsop"].not_addressed
    # WSOP-LA 228 does count the stub (players + 2): a community card there.
    cash = seventh_street_plan(8, (7, 7, 7, 7), profile=PROFILES["wsop_la"])
    assert cash.procedure is SeventhProcedure.TDA_COMMUNITY_CARD


# --- E3: Robert's Rules deal normally when a burn and a card per player fit (R-CARDS-1) ----------


@pytest.mark.parametrize(
    ("dealt_in", "counts", "stub"), [(8, (6, 6, 6, 6), 7), (8, (5, 5, 5, 5), 10)]
)
def test_e3_r_cards_1_rr_needs_only_a_burn_and_one_card_per_player(
    dealt_in: int, counts: tuple[int, ...], stub: int
) -> None:
    plan = seventh_street_plan(dealt_in, counts, profile=PROFILES["robert"])
    assert plan.stub == stub and plan.needed == counts[3] + 1
    assert plan.procedure is SeventhProcedure.NORMAL


def test_e3_r_cards_1_six_players_seven_cards_the_review_s_case() -> None:
    # 6 players at the river with 7 cards: burn + 6 = 7, a normal deal under RR #15; the TDA's
    # count (players + burn + undealt last card = 8) re-uses the burns.
    counts = (6, 6, 6, 6)
    assert seventh_street_plan(8, counts).procedure is SeventhProcedure.NORMAL
    tda = seventh_street_plan(8, counts, profile=PROFILES["tda"])
    assert tda.procedure is SeventhProcedure.TDA_REUSE_BURNS and tda.needed == 8


# --- E4: folding when not facing a bet is legal and binding (R-IRR-3) ----------------------------


@pytest.mark.parametrize("profile", list(PROFILES))
@pytest.mark.parametrize("street", [Street.FOURTH, Street.SEVENTH])
def test_e4_r_irr_3_fold_with_no_bet_is_legal_under_every_profile(
    profile: str, street: Street
) -> None:
    # RR Seven-Card Stud #7, WSOP-LA 222: "If a hand is folded when there is no wager ...";
    # WSOP-T 84 and TDA 58: a binding (penalisable) non-standard fold.
    rnd = start_round(
        Game.STUD, street, stakes=STAKES, stacks=[50, 50, 50], first=1, profile=PROFILES[profile]
    )
    legal = rnd.legal_actions()
    assert _kinds(rnd) == {"fold", "check", "bet"}
    fold = legal.get(ActionKind.FOLD)
    assert fold is not None and [r.code for r in fold.reasons] == ["fold_with_no_bet"]
    assert fold.reasons[0].rule == "R-IRR-3"
    after = rnd.apply(Action(ActionKind.FOLD))
    assert not after.live[1] and after.to_act == 2


def test_e4_the_random_policy_still_never_folds_for_nothing() -> None:
    # Seeded hands and questions keep their cards: the policy checks instead.
    import random

    from rules.engine.play import new_hand, random_action

    state = new_hand("stud", stacks=[100, 100, 100], seed=3)
    while not state.is_over:
        legal = state.legal_actions()
        action = random_action(state, random.Random(7))
        if legal.get(ActionKind.CHECK) is not None:
            assert action.kind is not ActionKind.FOLD
        state = state.apply(action)


# --- E5: the seventh-street opener when the sixth-street opener is all-in (R-ACT-5) ------------


def test_e5_r_act_5_all_in_high_board_passes_clockwise_not_to_the_next_best_board() -> None:
    # WSOP-LA 240 / WSOP-T stud/8: "action proceeds clockwise as if that person had checked".
    boards = ["Kh Kd 9c 4s", "2c 3d 5h 7s", "Qs Qc 8d 6h"]
    decision = first_to_act("stud", boards, all_in={0})
    assert decision.seat == 1  # clockwise from seat 0, not seat 2 (the next best board)


# --- E6: the corrected bring-in may complete under every rulebook (R-BRING-10) -----------------


@pytest.mark.parametrize("profile", list(PROFILES))
def test_e6_r_bring_10_true_low_card_may_bring_in_or_complete(profile: str) -> None:
    # RR #2 / WSOP-LA 216: "the player with the forced bet has the option of opening for a full
    # bet"; RR #9 / WSOP-LA 218 "must bet" is that forced bet; WSOP-T spells it out.
    rnd = start_round(
        Game.STUD,
        Street.THIRD,
        stakes=STAKES,
        stacks=[99, 99, 99, 99],
        first=0,
        forced=True,
        profile=PROFILES[profile],
    )
    fixed = correct_bring_in(rnd.apply(Action(ActionKind.BRING_IN, 2)), 2)
    assert fixed.round.to_act == 2 and _kinds(fixed.round) == {"bring_in", "complete"}
    assert PROFILES[profile].corrected_bring_in_may_complete


# --- E11: all-in hands face up at once under TDA 16 / WSOP-T 70 (R-SHOW-1) ---------------------


BOARDS = ["Kh Qd 2c 3c", "9s 9d 4h 5h", "Ah 7d 6s 2d"]


@pytest.mark.parametrize(
    ("profile", "face_up"), [("robert", False), ("wsop_la", False), ("tda", True), ("wsop", True)]
)
def test_e11_r_show_1_all_in_hands_are_tabled_together_in_tournaments(
    profile: str, face_up: bool
) -> None:
    order = showdown_order("stud", BOARDS, last_aggressor=None, profile=profile, all_in={0})
    codes = [r.code for r in order.first.reasons]
    assert ("all_in_hands_face_up" in codes) is face_up
    # RR Showdown #7 / WSOP-LA 145: the side-pot players show before the all-in player.
    assert ("side_pot_shows_before_all_in" in codes) is not face_up
    assert PROFILES[profile].all_in_hands_face_up is face_up


# --- The odd chip (ux.md F9): the pot's record names the high half's odd chip (R-POT-5) --------


def test_f9_r_pot_5_odd_chip_between_halves_is_recorded_for_the_high_winner() -> None:
    # Pot 53: high 27 to seat 0 (a flush), low 26 to seat 1; the table must not say "none".
    settlement = settle(
        Game.STUD8,
        hands=["Ah Kh 9h 6h 3h Qc Qd", "2c 3d 4s 5c 7d Ks Js", None],
        contributions=[20, 20, 13],
        folded=[False, False, True],
    )
    pot = settlement.pots[0]
    assert (pot.high_amount, pot.low_amount) == (27, 26)
    assert "odd_chip_to_high" in [r.code for r in pot.reasons]
    assert pot.odd_chips == (0,)


# --- S29 (sv.md): "the ace is never the low card" is false when every door is an ace ----------


def test_s29_r_bring_2_all_aces_no_never_sentence() -> None:
    decision = bring_in("stud", ["As", "Ac", "Ad"])
    assert decision.seat == 1
    assert "ace_counts_high" not in [r.code for r in decision.reasons]
    assert "ace_counts_high" in [r.code for r in bring_in("stud", ["As", "2d"]).reasons]


# --- Issue 29 R1: under RR #15 the last card is never dealt straight from the stub (R-CARDS-1) ---


@pytest.mark.parametrize("profile", ["robert", "wsop"])
def test_r1_r_cards_1_two_cards_left_the_last_card_joins_the_burns_before_a_community_card(
    profile: str,
) -> None:
    # The review's out-of-cards/stud8/wsop/hard/9334: 8 dealt in, 7 at the river, 2 cards left.
    # RR #15: "all the cards are dealt except the last card, which is mixed together with the
    # burncards"; too few even so (1 + 4 burns < 7): "a common card" after that scramble. The
    # dealer may not burn one and turn the other, the very last card, from the stub.
    counts = (8, 8, 7, 7)
    plan = seventh_street_plan(8, counts, profile=PROFILES[profile])
    assert (plan.stub, plan.procedure, plan.community_card) == (
        2,
        SeventhProcedure.RR_COMMUNITY_CARD,
        True,
    )
    assert plan.reuse_burns
    deck = new_deck(9334)
    _, deck = deck.deal(3 * 8)
    for count in counts[:3]:
        _, deck = deck.burn()
        _, deck = deck.deal(count)
    deal = deal_seventh_street(deck, range(7), profile=PROFILES[profile])
    assert deal.cards == () and deal.community is not None
    # Burned: the stub's first card; then last card + 4 burns scrambled, one burned, one turned.
    assert len(deal.deck.stub) == 3 and len(deal.deck.burns) == 1


def test_r1_r_cards_1_three_cards_left_the_dealer_burns_and_turns_from_the_stub() -> None:
    # 8 dealt in, 7 at the river from fourth street: 3 left, 3 + 3 burns < 7. The stub still
    # has a card to keep back, so RR #15's "burn a card and turn one card face up" uses it.
    plan = seventh_street_plan(8, (7, 7, 7, 7), profile=PROFILES["robert"])
    assert plan.stub == 4 and plan.procedure is SeventhProcedure.RR_LAST_CARD
    plan = seventh_street_plan(8, (8, 7, 7, 7), profile=PROFILES["robert"])
    assert (plan.stub, plan.procedure, plan.reuse_burns) == (
        3,
        SeventhProcedure.RR_COMMUNITY_CARD,
        False,
    )


# --- R4: TDA 48 leaves the number of raises to the house (R-BET-5) ------------------------------


def _capped(profile: str) -> BettingRound:
    rnd = start_round(
        Game.STUD8, Street.FIFTH, stakes=STAKES, stacks=[99] * 4, first=0, profile=PROFILES[profile]
    )
    for total in (10, 20, 30, 40, 50)[: 1 + PROFILES[profile].max_raises]:
        rnd = rnd.apply(Action(ActionKind.RAISE if total > 10 else ActionKind.BET, total))
    return rnd


def test_r4_r_bet_5_tda_48_the_cap_is_the_house_s_number_not_the_tda_s() -> None:
    # TDA 48: "In limit play, there is a limit to raises ... the house limit applies." The
    # engine plays Robert's three; the reason says the number is the house's.
    capped = [r for r in _capped("tda").legal_actions().reasons if r.code == "cap_reached"]
    assert capped and capped[0].params.get("house_cap") is True
    assert capped[0].params["profile"] == "tda"
    rnd = start_round(
        Game.STUD8, Street.FIFTH, stakes=STAKES, stacks=[99] * 4, first=0, profile=PROFILES["tda"]
    ).apply(Action(ActionKind.BET, 10))
    raise_ = rnd.legal_actions().get(ActionKind.RAISE)
    assert raise_ is not None
    left = [r for r in raise_.reasons if r.code == "raises_left"]
    assert left and left[0].params.get("house_cap") is True


@pytest.mark.parametrize("profile", ["robert", "wsop_la", "wsop"])
def test_r4_r_bet_5_rulebooks_that_fix_the_cap_cite_their_own_number(profile: str) -> None:
    # RR Betting and Raising #3 (a bet and three raises), WSOP-LA 126 and WSOP-T 100 (four).
    capped = [r for r in _capped(profile).legal_actions().reasons if r.code == "cap_reached"]
    assert capped and "house_cap" not in capped[0].params
    assert capped[0].params["max_raises"] == PROFILES[profile].max_raises


# --- R6 and the table's refusals: the rule the refused action breaks comes first --------------


def test_r6_r_bring_4_a_fold_by_the_bring_in_is_refused_as_a_forced_bet_not_a_check() -> None:
    rnd = start_round(
        Game.STUD, Street.THIRD, stakes=STAKES, stacks=[50, 50, 50], first=1, forced=True
    )
    legal = rnd.legal_actions()
    assert legal.get(ActionKind.FOLD) is None
    fold = legal.refusal(Action(ActionKind.FOLD))
    assert (fold[0].rule, fold[0].code, fold[0].seats) == ("R-BRING-4", "bring_in_no_fold", (1,))
    check = legal.refusal(Action(ActionKind.CHECK))
    assert (check[0].rule, check[0].code) == ("R-BRING-4", "bring_in_forced")


def test_r_bet_1_a_wrong_size_bet_is_refused_by_the_size_rule_not_the_fold_note() -> None:
    # The table review: a small bet on fifth street was refused with "may also fold although
    # nobody has bet" first. RR Seven-Card Stud (intro): the larger bet on 5th-7th street.
    rnd = start_round(Game.STUD, Street.FIFTH, stakes=STAKES, stacks=[50, 50, 50], first=0)
    reasons = rnd.legal_actions().refusal(Action(ActionKind.BET, 5))
    assert (reasons[0].rule, reasons[0].code) == ("R-BET-1", "big_bet_street")
    assert "fold_with_no_bet" not in {r.code for r in reasons}
    # A fold is legal here, so only a refused fold would hear about folds; a raise past the cap
    # hears about the cap first.
    capped = _capped("robert").legal_actions().refusal(Action(ActionKind.RAISE, 50))
    assert capped[0].code == "cap_reached"


def test_r_bet_2_rr_4_an_open_pair_replaces_the_small_bet_rule_on_fourth_street() -> None:
    # RR Seven-Card Stud #4: "any player has the option of betting either the lower or the
    # upper limit"; saying "bets are the small bet" beside it contradicts it.
    from rules.engine import street_limits
    from rules.engine.cards import parse_cards

    boards = [parse_cards("9h 9c"), parse_cards("Ah Kd")]
    limits = street_limits(Game.STUD, Street.FOURTH, STAKES, boards=boards)
    assert limits.amounts == (5, 10)
    assert [r.code for r in limits.reasons] == ["open_pair_option"]


# --- R3: the odd chip among tied hands, settled from the rulebooks' own words (R-POT-6) ---------


def test_r3_r_pot_6_tda_wsop_t_and_wsop_la_say_the_five_card_hand_in_their_own_words() -> None:
    # The review knew no "five-card hand" wording in the TDA: the 2024 texts say it.
    five = {
        "tda": "in the player's 5-card winning hand",  # TDA 20-B
        "wsop": "in the best 5-card hand displayed for showdown",  # WSOP-T 73
        "wsop_la": "only the five cards that make the participant's hand",  # WSOP-LA 149
    }
    for profile, words in five.items():
        (text,) = PROFILES[profile].quotes("odd_chip")
        assert text is not None and words in text.quote, profile
        assert PROFILES[profile].odd_chip is OddChipRule.HIGH_CARD_FIVE
    # ... and for razz and tied low halves too: "Stud, razz, and if 2 or more high or low hands
    # in stud/8" (TDA), "In stud high, razz, and ... high or low hands in stud/8" (WSOP-T).
    assert "razz" in PROFILES["tda"].quotes("odd_chip")[0].quote  # type: ignore[union-attr]
    assert "razz" in PROFILES["wsop"].quotes("odd_chip")[0].quote  # type: ignore[union-attr]
    (rr,) = PROFILES["robert"].quotes("odd_chip")
    assert rr is not None and "all cards are used, not just the five cards" in rr.quote


def _odd_chip_seat(game: Game, hands: list[str], profile: str) -> int:
    settlement = settle(
        game,
        hands=[*hands, None],
        contributions=[5, 5, 1],
        folded=[False, False, True],
        profile=PROFILES[profile],
    )
    (seat,) = settlement.pots[0].odd_chips
    return seat


@pytest.mark.parametrize("profile", ["tda", "wsop", "wsop_la"])
def test_r3_r_pot_6_in_razz_the_odd_chip_goes_by_the_five_card_hand(profile: str) -> None:
    # Tied 8-6-4-3-2 lows. In the five cards the high card by suit is seat 1's 8s; over all
    # seven cards seat 0 holds the king of hearts and the lowest card (2c).
    hands = ["8h 6c 4d 3c 2c Kh Qh", "8s 6d 4h 3d 2d 9c 9d"]
    assert _odd_chip_seat(Game.RAZZ, hands, profile) == 1
    assert _odd_chip_seat(Game.RAZZ, hands, "robert") == 0  # RR Ties #5: lowest card, all cards


@pytest.mark.parametrize("profile", ["tda", "wsop", "wsop_la"])
def test_r3_r_pot_6_the_ace_counts_low_in_a_low_where_the_rulebooks_are_silent(
    profile: str,
) -> None:
    # None of the three says whether the ace is high or low inside a low hand. The site follows
    # Robert's Rules' low games (the ace is the lowest card): the "high card" of 8-6-4-2-A is
    # the eight, so seat 1's 8h beats seat 0's 8c, though seat 0 holds the ace of spades.
    hands = ["8c 6h 4h 2h As Kc Qc", "8h 6d 4s 2d Ac Kd Js"]
    assert _odd_chip_seat(Game.RAZZ, hands, profile) == 1
