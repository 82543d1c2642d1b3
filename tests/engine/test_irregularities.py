"""Irregularities the engine rules on (R-IRR-1, R-IRR-4, R-IRR-9, R-IRR-12): cases Q47-Q49."""

from __future__ import annotations

import pytest

from rules.engine import (
    PROFILES,
    RulingOutcome,
    card_count_ruling,
    exposed_hole_card_ruling,
    upcards_picked_up_ruling,
)


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_irr_9_q47_eight_cards_is_dead_everywhere(profile: str) -> None:
    ruling = card_count_ruling(cards=8, profile=PROFILES[profile])
    assert ruling.outcome is RulingOutcome.DEAD_HAND
    assert ruling.reasons[0].rule == "R-IRR-9"


@pytest.mark.parametrize(
    ("profile", "outcome"),
    [
        ("robert", RulingOutcome.MAY_BE_RULED_LIVE),  # RR #18: only the 7th missing
        ("tda", RulingOutcome.MAY_BE_RULED_LIVE),
        ("wsop", RulingOutcome.MAY_BE_RULED_LIVE),  # WSOP-T: missing final card
        ("wsop_la", RulingOutcome.PLAY_ON),  # WSOP-LA 231: dead only below six
    ],
)
def test_r_irr_9_q47_six_cards_by_profile(profile: str, outcome: RulingOutcome) -> None:
    assert card_count_ruling(cards=6, profile=PROFILES[profile]).outcome is outcome


@pytest.mark.parametrize("profile", list(PROFILES))
def test_r_irr_9_five_cards_is_dead_and_seven_plays(profile: str) -> None:
    assert card_count_ruling(cards=5, profile=PROFILES[profile]).outcome is RulingOutcome.DEAD_HAND
    assert card_count_ruling(cards=7, profile=PROFILES[profile]).outcome is RulingOutcome.PLAY_ON


def test_r_irr_4_q48_picking_up_upcards_facing_a_bet_is_a_fold() -> None:
    assert upcards_picked_up_ruling(facing_bet=True).outcome is RulingOutcome.FOLD
    after = upcards_picked_up_ruling(facing_bet=False)
    assert after.outcome is RulingOutcome.PLAY_ON
    assert after.reasons[0].rule == "R-IRR-4"


@pytest.mark.parametrize(
    ("profile", "exposed", "outcome"),
    [
        ("robert", 1, RulingOutcome.THIRD_CARD_DOWN),
        ("robert", 2, RulingOutcome.DEAD_ANTE_RETURNED),
        ("tda", 1, RulingOutcome.BECOMES_UPCARD),
        ("wsop", 1, RulingOutcome.MISDEAL),
        ("wsop", 2, RulingOutcome.MISDEAL),
        ("wsop_la", 1, RulingOutcome.THIRD_CARD_DOWN),
    ],
)
def test_r_irr_1_q49_exposed_hole_card_by_profile(
    profile: str, exposed: int, outcome: RulingOutcome
) -> None:
    ruling = exposed_hole_card_ruling(exposed=exposed, profile=PROFILES[profile])
    assert ruling.outcome is outcome
    assert ruling.reasons[0].rule in {"R-IRR-1", "R-IRR-12"}


@pytest.mark.parametrize("bad", [0, 3, -1])
def test_exposed_hole_card_count_is_validated(bad: int) -> None:
    with pytest.raises(ValueError, match=str(bad)):
        exposed_hole_card_ruling(exposed=bad)


def test_card_count_is_validated() -> None:
    with pytest.raises(ValueError, match="-2"):
        card_count_ruling(cards=-2)
