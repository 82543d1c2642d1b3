"""Who brings in on 3rd street (R-BRING-2, R-BRING-3, R-BRING-8; section 12 Q1-Q7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.engine import PROFILES, Game, Profile, bring_in, parse_card

POKERKIT = replace(PROFILES["wsop"], name="pokerkit", allin_low_card_next_player_may_fold=False)


def _codes(game: str, doors: list[str | None], **kwargs: object) -> list[str]:
    return [reason.code for reason in bring_in(game, doors, **kwargs).reasons]  # type: ignore[arg-type]


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_bring_2_q1_clubs_lowest_suit(profile: str) -> None:
    decision = bring_in("stud", ["2h", "2c", "9d"], profile=profile)
    assert decision.seat == 1
    first = decision.reasons[0]
    assert (first.rule, first.code, first.seats) == ("R-BRING-2", "lowest_door_card", (1,))
    assert first.cards == (parse_card("2c"),)
    tie = decision.reasons[-1]
    assert tie.code == "suit_breaks_tie" and tie.seats == (1, 0)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_bring_2_q2_stud8_ace_counts_high(profile: str) -> None:
    decision = bring_in("stud8", ["As", "2d", "Kc"], profile=profile)
    assert decision.seat == 1
    assert "ace_counts_high" in [reason.code for reason in decision.reasons]


def test_r_bring_2_q3_lowest_ace_by_suit() -> None:
    assert bring_in("stud", ["Ad", "As", "Ac"]).seat == 2


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8])
def test_r_bring_2_two_of_clubs_always_brings_in(game: Game) -> None:
    assert bring_in(game, ["As", "2d", "2c", "3c", "2s"]).seat == 2


def test_r_bring_3_q4_razz_king_of_spades_ace_low() -> None:
    decision = bring_in("razz", ["Kc", "Ks", "Ah"])
    assert decision.seat == 1
    assert decision.reasons[0].code == "highest_door_card"
    assert decision.reasons[0].rule == "R-BRING-3"
    assert "ace_counts_low" in [reason.code for reason in decision.reasons]


def test_r_bring_3_q5_razz_all_aces_highest_suit() -> None:
    assert bring_in("razz", ["Ac", "Ad", "As"]).seat == 2


def test_r_bring_3_q6_razz_queen_of_diamonds() -> None:
    assert bring_in("razz", ["Qd", "Jh", "Qc"]).seat == 0


def test_r_bring_2_empty_seats_are_skipped() -> None:
    assert bring_in("stud", [None, "5d", None, "4h"]).seat == 3


@pytest.mark.parametrize(
    ("profile", "code", "may_fold"),
    [
        ("robert", "next_player_may_fold", True),
        ("tda", "next_player_may_fold", True),
        # WSOP says only that the next player acts first: the site follows Robert's Rules.
        ("wsop_la", "next_player_may_fold", True),
        ("wsop", "next_player_may_fold", True),
        (POKERKIT, "next_player_must_bring_in", False),
    ],
)
def test_r_bring_8_q7_low_card_all_in_for_the_ante(
    profile: str | Profile, code: str, may_fold: bool
) -> None:
    decision = bring_in("stud", ["9d", "2c", "5h", "Kc"], profile=profile, all_in_for_ante={1})
    assert decision.seat == 2
    assert decision.reasons[-2].code == "low_card_all_in_for_ante"
    assert decision.reasons[-2].seats == (1,)
    last = decision.reasons[-1]
    assert (last.rule, last.code, last.seats) == ("R-BRING-8", code, (2,))
    assert last.params["may_fold"] is may_fold
    assert last.params["may_check"] is False


def test_r_bring_8_next_player_wraps_and_skips_empty_and_all_in_seats() -> None:
    decision = bring_in("razz", ["9d", None, "4h", "Kc"], all_in_for_ante={3, 0})
    assert decision.seat == 2


def test_r_bring_8_other_all_in_players_do_not_matter() -> None:
    # An all-in player who is not the low card changes nothing: the 2c brings in.
    decision = bring_in("stud", ["9d", "2c", "5h"], all_in_for_ante={0})
    assert decision.seat == 1
    assert [reason.code for reason in decision.reasons] == ["lowest_door_card"]
    # The low card all-in beside another all-in player (the 3s, next lowest): the player to
    # the low card's left acts first; neither the other all-in seat nor the next lowest live
    # card (the 4d) takes the bring-in.
    decision = bring_in("stud", ["4d", "2c", "9h", "3s"], all_in_for_ante={1, 3})
    assert decision.seat == 2
    assert decision.reasons[-2].code == "low_card_all_in_for_ante"
    assert decision.reasons[-2].seats == (1,)


def test_r_bring_8_everyone_all_in_is_an_error() -> None:
    with pytest.raises(ValueError, match="every live seat is all-in"):
        bring_in("stud", ["9d", "2c"], all_in_for_ante={0, 1})


@pytest.mark.parametrize(
    ("doors", "kwargs", "message"),
    [
        (["2c", "2c"], {}, "'2c' appears twice"),
        (["2c", "Xx"], {}, "unknown card 'Xx'"),
        ([None, None], {}, "no door cards"),
        (["2c", None], {"all_in_for_ante": {1}}, "all_in_for_ante: 1 is not a live seat"),
        (["2c", "3c"], {"profile": "home"}, "unknown rule profile 'home'"),
    ],
)
def test_bring_in_bad_input_names_the_value(
    doors: list[str | None], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        bring_in("stud", doors, **kwargs)  # type: ignore[arg-type]


def test_bring_in_bad_game_names_the_value() -> None:
    with pytest.raises(ValueError, match="'holdem'"):
        bring_in("holdem", ["2c", "3c"])
