"""The rules audit's wording items (shared/reviews/rules.md #7, #11-#15) stay fixed in the
content files, in every language where the slip was made."""

from __future__ import annotations

import pytest

from rules.parity import Unit, content_units

TEXTS = {(unit.key, unit.field): unit for unit in content_units()}


def _text(key: str, field: str = "body") -> Unit:
    return TEXTS[(key, field)]


def test_7_the_unused_two_cards_can_still_decide_an_odd_chip() -> None:
    unit = _text("hand-rankings/seven-cards/best-five-of-seven")
    assert "not even as tie-breakers" not in unit.texts["en"]
    assert "eivät edes tasapelissä" not in unit.texts["fi"]
    for language, text in unit.texts.items():
        assert "{{step:pots-and-ties/odd-chips/odd-chip-among-ties}}" in text, language


def test_11_completing_is_not_defined_as_raising() -> None:
    unit = _text("glossary/complete", "definition")
    assert unit.texts["en"].startswith("To increase the bring-in")
    assert not unit.texts["sv"].startswith("Att höja")


def test_12_six_players_left_of_eight_leave_at_most_seven_cards() -> None:
    text = _text("stud/out-of-cards/why-cards-run-out").texts["en"]
    assert "also leaves only seven cards" not in text
    assert "at most seven cards" in text


@pytest.mark.parametrize(
    "key", ["stud/the-deal/seventh-street", "stud/acting-first/seventh-street-order"]
)
def test_13_the_sixth_street_opener_opens_seventh_only_if_live_and_not_all_in(key: str) -> None:
    texts = _text(key).texts
    assert "all-in" in texts["en"]
    for language in ("sv", "da", "fi"):
        if key.endswith("seventh-street") and language in ("da", "fi"):
            continue  # these two do not name the opener in this step
        assert "all-in" in texts[language], language


def test_14_all_hands_face_up_is_a_tournament_rule() -> None:
    texts = _text("stud/showdown/showdown-order").texts
    for language, text in texts.items():
        assert "16" in text, language  # TDA rule 16
    assert "In tournaments" in texts["en"]


def test_15_the_card_off_the_table_example_is_a_face_down_card() -> None:
    text = _text("stud/irregularities/card-off-the-table").texts["en"]
    assert "fifth-street card" not in text
    assert "river card" in text
