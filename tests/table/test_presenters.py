"""The table's hand history as the dealer announces it agrees with the rule it follows."""

from __future__ import annotations

import random

from django.utils import translation

from rules.engine import EventKind, ShowdownCode
from table.presenters import history
from tests.table.test_play import _play, _setup


def _showdown_lines(profile: str, *, face_up: bool) -> list[str]:
    """The showdown street's lines of the first hand under ``profile`` whose showdown has (or
    has not) a player all-in under a face-up rule."""
    for index in range(4000):
        setup = _setup(index)
        if setup.profile != profile:
            continue
        state, _moves, _count = _play(setup, random.Random(index))
        shown = [event for event in state.events if event.kind is EventKind.SHOWDOWN]
        if not shown:
            continue
        codes = {reason.code for reason in shown[0].reasons}
        if (ShowdownCode.ALL_IN_HANDS_FACE_UP in codes) is face_up:
            with translation.override("en"):
                return [line for street in history(state.events) for line in street["lines"]]
    raise AssertionError(f"no such hand under {profile} in 4,000 seeds")


def test_r_show_1_an_all_in_showdown_under_tda_names_no_order() -> None:
    """R-SHOW-1 (TDA 16, WSOP-T 70): with a player all-in every hand is tabled at once, so the
    dealer announces that, not an order of showing (a floor reviewer found the table
    contradicting its own rule)."""
    for profile in ("tda", "wsop"):
        lines = _showdown_lines(profile, face_up=True)
        assert not any(line.startswith("Showdown, in this order") for line in lines), lines
        assert any("every hand is turned face up together" in line for line in lines), lines


def test_r_show_1_otherwise_the_showdown_has_its_order() -> None:
    lines = _showdown_lines("robert", face_up=False)
    assert any(line.startswith("Showdown, in this order") for line in lines), lines
