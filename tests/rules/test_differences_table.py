"""The "where rulebooks differ" table credits a rulebook only with what its text says (rules
audit items 1, 3, 4, 5, 6): where a rulebook is silent it says "not addressed", the TDA's raises
are a house limit, and the tournament cap lasts until two players remain in the event."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils.translation import override

from rules.engine import PROFILES
from rules.presenters import profile_table
from tests.urls import localized

pytestmark = pytest.mark.django_db

COLUMNS = list(PROFILES)  # robert, tda, wsop_la, wsop: the table's column order


def _row(label: str) -> dict[str, str]:
    with override("en"):
        table = profile_table()
    rows = {row.label: row for row in table.rows}
    assert label in rows, sorted(rows)
    return dict(zip(COLUMNS, rows[label].values, strict=True))


def test_tda_raises_are_a_house_limit_not_three() -> None:
    row = _row("Raises after the bet or completion")
    assert row == {"robert": "3", "tda": "set by the house", "wsop_la": "4", "wsop": "4"}


def test_wsop_is_not_credited_with_forbidding_the_fold_after_an_all_in_low_card() -> None:
    row = _row("Low card all-in for the ante: the next player may fold")
    assert row == {
        "robert": "yes",
        "tda": "yes",
        "wsop_la": "not addressed",
        "wsop": "not addressed",
    }


def test_the_tda_is_silent_on_a_missing_last_card_and_on_completing_after_a_correction() -> None:
    assert _row("Fewer than seven cards at the showdown")["tda"] == "not addressed"
    assert _row("Fewer than seven cards at the showdown")["wsop"] == (
        "missing last card may be ruled live"
    )
    # RR #2/#9 and WSOP-LA 216/218 give the corrected bring-in the option of a full bet too:
    # no difference left but the TDA's silence (rules review E6).
    row = _row("Corrected bring-in: the true low card may complete instead")
    assert row == {"robert": "yes", "tda": "not addressed", "wsop_la": "yes", "wsop": "yes"}


def test_tournament_cap_lasts_until_two_players_remain_in_the_event() -> None:
    row = _row("Raising heads-up")
    for profile in ("tda", "wsop"):
        assert row[profile] == "the cap applies until two players remain in the event"
    assert "always" not in " ".join(row.values())


def test_silent_rulebooks_still_play_robert_s_rules_in_the_engine() -> None:
    # What the table says is not what the engine plays: silence means Robert's Rules.
    robert = PROFILES["robert"]
    for profile in PROFILES.values():
        for field in profile.not_addressed:
            names = (f"{field}_num", f"{field}_den") if field == "reopen_fraction" else (field,)
            for name in names:
                assert getattr(profile, name) == getattr(robert, name), (profile.name, name)
    assert PROFILES["tda"].max_raises == robert.max_raises


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_the_page_explains_not_addressed_and_shows_no_rule_ids(
    client: Client, language: str
) -> None:
    html = client.get(localized(f"/{language}/rules/differences/")).content.decode()
    table = html[html.index("<table") : html.index("</table>")]
    assert not re.search(r"R-[A-Z]+-\d", table)
    with override(language):
        from django.utils.translation import gettext

        for text in ("not addressed", "set by the house"):
            assert gettext(text) in table
            assert language == "en" or gettext(text) != text
        assert gettext("the cap applies until two players remain in the event") in table


def test_the_table_asks_every_question_the_engine_cites() -> None:
    # The citations live on the engine's profiles and its AGREED table (issue 31 item 4): a
    # field or agreed topic added there without a row here would be cited but never shown.
    from rules.engine import AGREED, CITED_FIELDS
    from rules.presenters import _ROWS

    shown = {row.key for row in _ROWS}
    assert shown == (set(CITED_FIELDS) - {"reopen_fraction"}) | set(AGREED)


def test_agreed_rows_cite_each_rulebook_s_own_rule() -> None:
    row = _row("Odd chip between the high and low halves")
    assert set(row.values()) == {"to the high half"}
    with override("en"):
        table = profile_table()
    (cites,) = [
        r.cites for r in table.rows if r.label == "Odd chip between the high and low halves"
    ]
    assert cites[1] == "TDA Rules 2024, rule 20-C"
    assert (
        cites[2] == "WSOP live-action rules 2024, rule 149; WSOP live-action rules 2024, rule 244"
    )
