"""The hand state machine: antes, deal, bring-in, streets, all-ins, community card, payout."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from rules.engine import Street
from rules.engine.betting import Action, ActionKind
from rules.engine.play import EventKind, HandState, new_hand, play_random_hand, random_action
from rules.engine.profiles import PROFILES, Profile

RR, TDA, WSOP = PROFILES["robert"], PROFILES["tda"], PROFILES["wsop"]
POKERKIT = replace(WSOP, name="pokerkit", allin_low_card_next_player_may_fold=False)


def pid(value: object) -> str:
    return str(getattr(value, "name", value))


def passive(state: HandState) -> HandState:
    """Everybody brings in, checks or calls until the hand is over."""
    while not state.is_over:
        kinds = state.legal_actions().kinds
        for kind in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL):
            if kind in kinds:
                state = state.apply(kind)
                break
    return state


def codes(state: HandState, kind: EventKind | None = None) -> list[str]:
    return [r.code for e in state.events if kind is None or e.kind is kind for r in e.reasons]


# --- Starting a hand ----------------------------------------------------------------------------


def test_r_ante_1_antes_posted_and_three_cards_each() -> None:
    state = new_hand("stud", stacks=[100, None, 80, 60], seed=3)
    assert state.committed == (1, 0, 1, 1)
    assert [len(state.down[s]) for s in range(4)] == [2, 0, 2, 2]
    assert [len(state.up[s]) for s in range(4)] == [1, 0, 1, 1]
    assert state.events[0].kind is EventKind.POSTED
    assert state.street is Street.THIRD


def test_same_seed_same_hand() -> None:
    a = new_hand("razz", stacks=[50] * 5, seed="quiz-7")
    b = new_hand("razz", stacks=[50] * 5, seed="quiz-7")
    assert a.events == b.events and a.down == b.down and a.up == b.up


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ([100, -5], r"stacks\[1\] must be a positive int"),
        ([100, 0], r"stacks\[1\] must be a positive int"),
        ([100, 1.5], r"stacks\[1\]"),
        ([100], "2 to 8 players"),
        ([100] * 9, "2 to 8 players"),
    ],
)
def test_bad_stacks(stacks: list[object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        new_hand("stud", stacks=stacks, seed=1)  # type: ignore[arg-type]


def test_unknown_game_and_profile() -> None:
    with pytest.raises(ValueError, match="'holdem'"):
        new_hand("holdem", stacks=[10, 10], seed=1)
    with pytest.raises(ValueError, match="unknown rule profile 'home'"):
        new_hand("stud", stacks=[10, 10], seed=1, profile="home")


# --- 3rd street ---------------------------------------------------------------------------------


def test_r_bring_2_bring_in_seat_is_named_and_acts_first() -> None:
    state = new_hand("stud", stacks=[100] * 5, seed=12)
    street = next(e for e in state.events if e.kind is EventKind.STREET)
    assert street.seats == (state.bring_in_seat,) == (state.to_act,)
    assert street.reasons[0].rule == "R-BRING-2"
    assert set(state.legal_actions().kinds) == {ActionKind.BRING_IN, ActionKind.COMPLETE}


def test_illegal_action_raises_and_leaves_state_unchanged() -> None:
    state = new_hand("stud", stacks=[100] * 3, seed=1)
    events = state.events
    with pytest.raises(ValueError, match="may not check"):
        state.apply("check")
    with pytest.raises(ValueError, match="allowed totals are 5"):
        state.apply(Action(ActionKind.COMPLETE, 9))
    assert state.events == events and state.to_act == state.bring_in_seat


def test_r_bring_7_all_call_bring_in_gets_no_option_q10() -> None:
    state = new_hand("stud", stacks=[100] * 4, seed=2)
    bring = state.bring_in_seat
    state = state.apply("bring_in", 2)
    for _ in range(3):
        state = state.apply("call")
    assert state.street is Street.FOURTH
    assert state.committed == (3, 3, 3, 3)
    assert "no_bring_in_option" in codes(state)
    assert bring is not None


def test_r_bring_7_everyone_folds_to_bring_in() -> None:
    state = new_hand("stud", stacks=[100] * 3, seed=2)
    bring = state.bring_in_seat
    assert bring is not None
    state = state.apply("bring_in", 2).apply("fold").apply("fold")
    assert state.is_over and state.settlement is not None
    assert state.settlement.payouts[bring] == 5  # three antes and his own bring-in
    assert "everyone_else_folded" in codes(state)


def _bring_in_seat(game: str, players: int, seed: int) -> int:
    seat = new_hand(game, stacks=[100] * players, seed=seed).bring_in_seat
    assert seat is not None
    return seat


@pytest.mark.parametrize(
    ("profile", "may_fold"), [(RR, True), (TDA, True), (WSOP, True), (POKERKIT, False)], ids=pid
)
def test_r_bring_8_low_card_all_in_for_ante_q7(profile: Profile, may_fold: bool) -> None:
    low = _bring_in_seat("stud", 4, seed=5)
    stacks = [100] * 4
    stacks[low] = 1  # exactly the ante
    state = new_hand("stud", stacks=stacks, seed=5, profile=profile)
    assert state.to_act == (low + 1) % 4
    kinds = state.legal_actions().kinds
    assert ActionKind.CHECK not in kinds
    assert (ActionKind.FOLD in kinds) is may_fold
    assert {ActionKind.BRING_IN, ActionKind.COMPLETE} <= set(kinds)
    finished = passive(state)
    assert finished.settlement is not None and finished.live[low]


# --- Later streets, all-ins, showdown ------------------------------------------------------------


def test_streets_deal_up_cards_then_the_river_down() -> None:
    state = passive(new_hand("stud8", stacks=[100] * 4, seed=9))
    for seat in range(4):
        assert len(state.down[seat]) == 3 and len(state.up[seat]) == 4
    burns = [e for e in state.events if e.kind is EventKind.BURNED]
    assert [e.street for e in burns] == [Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH]


def test_r_act_5_all_in_player_never_asked_to_act() -> None:
    state = new_hand("stud", stacks=[100, 4, 100], seed=21)
    seen_all_in_turn = False
    while not state.is_over:
        seat = state.to_act
        assert seat is not None and state.stacks[seat] > 0
        seen_all_in_turn |= state.stacks[1] == 0
        kinds = state.legal_actions().kinds
        kind = next(
            k for k in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL) if k in kinds
        )
        state = state.apply(kind)
    assert state.settlement is not None
    assert sum(state.settlement.payouts) == state.pot


def test_r_show_1_last_aggressor_shows_first_q46() -> None:
    state = new_hand("stud", stacks=[200] * 3, seed=4)
    while state.street is not Street.SEVENTH:
        kinds = state.legal_actions().kinds
        kind = next(
            k for k in (ActionKind.BRING_IN, ActionKind.CHECK, ActionKind.CALL) if k in kinds
        )
        state = state.apply(kind)
    opener = state.to_act
    assert opener is not None
    state = state.apply("check")
    bettor = state.to_act
    state = state.apply("bet", 10)
    while not state.is_over:
        state = state.apply("call")
    assert state.showdown is not None and state.showdown.seats[0] == bettor
    assert state.showdown.first.reasons[0].code == "last_aggressor_shows_first"


def test_r_show_1_checked_through_first_to_act_shows_first_q46() -> None:
    state = passive(new_hand("razz", stacks=[200] * 3, seed=4))
    assert state.showdown is not None
    assert state.showdown.first.reasons[0].code == "first_to_act_shows_first"


@pytest.mark.parametrize("profile", [RR, TDA], ids=pid)
@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_r_cards_eight_players_community_card_q42(game: str, profile: Profile) -> None:
    state = passive(new_hand(game, stacks=[500] * 8, seed=31, profile=profile))
    assert state.community is not None
    assert all(len(state.cards(seat)) == 6 for seat in range(8))
    seventh = [e for e in state.events if e.kind is EventKind.STREET and e.street is Street.SEVENTH]
    sixth = [e for e in state.events if e.kind is EventKind.STREET and e.street is Street.SIXTH]
    expected = "community_card_plays" if profile is RR else "sixth_street_opener_acts"
    assert expected in [r.code for r in seventh[0].reasons]
    if profile is TDA:
        assert seventh[0].seats == sixth[0].seats
    assert state.settlement is not None and sum(state.settlement.payouts) == 8 * 500 - sum(
        state.stacks
    )


@pytest.mark.parametrize("profile", [RR, TDA], ids=pid)
def test_r_cards_seven_players_no_community_card_q43(profile: Profile) -> None:
    state = passive(new_hand("stud", stacks=[500] * 7, seed=8, profile=profile))
    assert state.community is None
    cards = [card for seat in range(7) for card in state.cards(seat)]
    assert len(cards) == 49 == len(set(cards))
    procedure = {"robert": "rr_last_card_with_burns", "tda": "tda_reuse_burns"}[profile.name]
    assert procedure in codes(state, EventKind.BURNED)


def test_hand_over_rejects_actions() -> None:
    state = passive(new_hand("stud", stacks=[20, 20], seed=1))
    with pytest.raises(ValueError, match="hand is over"):
        state.apply("check")
    assert state.legal_actions().actions == ()


def test_play_random_hand_is_reproducible() -> None:
    a = play_random_hand("razz", seed=99)
    b = play_random_hand("razz", seed=99)
    assert a.events == b.events and a.final_stacks == b.final_stacks


def test_final_stacks_need_a_finished_hand() -> None:
    with pytest.raises(ValueError, match="not over"):
        _ = new_hand("stud", stacks=[20, 20], seed=1).final_stacks


def test_r_act_5_high_board_all_in_next_player_acts_q19() -> None:
    # Stud/8 hands with short stacks, played until a street opens with the best board all-in.
    found = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = new_hand("stud8", stacks=[rng.randint(3, 40) for _ in range(5)], seed=seed)
        while not state.is_over:
            before = len(state.events)
            state = state.apply(random_action(state, rng))
            for event in state.events[before:]:
                codes_ = [r.code for r in event.reasons]
                if event.kind is EventKind.STREET and "best_board_all_in" in codes_:
                    leader = next(
                        r.seats[0] for r in event.reasons if r.code == "best_board_all_in"
                    )
                    assert state.stacks[leader] == 0 and state.live[leader], f"seed {seed}"
                    clockwise = [(leader + k) % 5 for k in range(1, 5)]
                    expected = next(s for s in clockwise if state.live[s] and state.stacks[s] > 0)
                    assert event.seats == (expected,), f"seed {seed}"
                    found += 1
    assert found >= 5
