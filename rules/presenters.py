"""The "where rulebooks differ" table as readers read it: labels, order and words only.

The facts (each rulebook's answer, the rules it cites, the rules' own words) are the engine's
(``rules.engine.PROFILES``, ``AGREED``, ``QUOTES``); this module puts them in rows and columns in
the active language.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from core import words
from rules.engine import AGREED, PROFILES, Game, Profile
from rules.sentences.citations import cite_text, field_citation

__all__ = [
    "Cell",
    "ProfileTable",
    "RuleQuote",
    "TableRow",
    "profile_table",
    "profile_value_text",
    "rule_quotes",
    "unquoted_notes",
]


@dataclass(frozen=True, slots=True)
class RuleQuote:
    """A rule's own words as the differences page shows them on demand, and where from."""

    text: str
    source: str


class Cell(NamedTuple):
    """One rulebook's answer to one question, as the table shows it."""

    value: str
    cite: str
    quotes: tuple[RuleQuote, ...]
    # That a cited rule's words are not quoted here, and which (empty when all are quoted).
    unquoted: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TableRow:
    label: str
    rules: tuple[str, ...]
    values: tuple[str, ...]
    # Per column: where that rulebook says it, or that it does not (and the site's fallback).
    cites: tuple[str, ...] = ()
    # Per column: the cited rules' own words (none where no text was available to quote).
    quotes: tuple[tuple[RuleQuote, ...], ...] = ()
    # Per column: the notes that a cited rule is not quoted (``unquoted_notes``).
    unquoted: tuple[tuple[str, ...], ...] = ()

    @property
    def cells(self) -> tuple[tuple[str, str], ...]:
        """(value, citation) per column."""
        return tuple(zip(self.values, self.cites or ("",) * len(self.values), strict=True))

    @property
    def columns(self) -> tuple[Cell, ...]:
        """Value, citation, quotes and unquoted notes per column."""
        empty = ((),) * len(self.values)
        return tuple(
            Cell(value, cite, quotes, unquoted)
            for (value, cite), quotes, unquoted in zip(
                self.cells, self.quotes or empty, self.unquoted or empty, strict=True
            )
        )


@dataclass(frozen=True, slots=True)
class ProfileTable:
    headers: tuple[str, ...]
    rows: tuple[TableRow, ...]


def rule_quotes(profile: Profile, key: str) -> tuple[RuleQuote, ...]:
    """The words of the rules ``profile`` cites for ``key`` (a profile field, or a question all
    rulebooks agree on), each with its citation and edition (rules.engine.QUOTES); a rulebook
    that does not address the field quotes none."""
    if key in profile.not_addressed:
        return ()
    return tuple(
        RuleQuote(
            text.quote,
            gettext("%(cite)s, quoted from: %(edition)s")
            % {"cite": cite_text(cite), "edition": text.edition},
        )
        for cite, text in zip(profile.citations(key), profile.quotes(key), strict=True)
        if text is not None
    )


def unquoted_notes(profile: Profile, key: str) -> tuple[str, ...]:
    """That the rules ``profile`` cites for ``key`` are not quoted where no text of them was
    available (rules.engine.unquoted_citations): one line for the cell when none of its rules
    is quoted, else one line naming each rule that is not."""
    if key in profile.not_addressed:
        return ()
    cites = profile.citations(key)
    missing = [cite for cite, text in zip(cites, profile.quotes(key), strict=True) if not text]
    if not missing:
        return ()
    if len(missing) == len(cites):
        return (gettext("The rule is not quoted here: this site had no copy of its text."),)
    return tuple(
        gettext("%(cite)s is not quoted here: this site had no copy of its text.")
        % {"cite": cite_text(cite)}
        for cite in missing
    )


def profile_value_text(value: object) -> str:
    """A profile's answer on one question as the reader reads it ("yes", "3", "highest card by
    suit in the five-card hand"): the differences table's words, and the house rules'."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int):
        return str(value)
    values = {
        "position": gettext("position (first dealt)"),
        "high_card_by_suit": gettext("highest card by suit"),
        "unlimited_once_heads_up": gettext("unlimited once heads-up before the cap"),
        "unlimited_if_round_starts_heads_up": gettext(
            "unlimited only if the round starts heads-up"
        ),
        "always_capped": gettext("the cap applies until two players remain in the event"),
        "rr_all_cards": gettext("highest card (high) or lowest card (low) by suit, all cards"),
        "high_card_five": gettext("highest card by suit in the five-card hand"),
        "high_with_common_card": gettext("best board with the community card"),
        "sixth_street_opener": gettext("whoever acted first on sixth street"),
        "rr": gettext("deal all but the last card, mix it with the burns"),
        "tda": gettext("count the stub, reuse the burns, else a community card"),
        "third_card_down": gettext("third card dealt down"),
        "becomes_upcard": gettext("it becomes the upcard"),
        "misdeal": gettext("misdeal"),
        "hold_aside": gettext("removed and held aside"),
        "reshuffle": gettext("back to the stub, reshuffle, redeal"),
        "dead_unless_seventh_ruled_live": gettext(
            "dead, unless only the seventh card is missing and is ruled live"
        ),
        "dead_below_six": gettext("dead only with fewer than six cards"),
        "missing_final_may_be_live": gettext("missing last card may be ruled live"),
        "high": gettext("to the high half"),
    }
    return values.get(str(value), str(value))


@dataclass(frozen=True, slots=True)
class _Row:
    """One question of the table: its label, the rule ids it is about (never shown), the
    profile field or agreed topic it reads, and how to read a profile's answer when that is
    not simply the field (``None``: the field's value, or the agreed answer)."""

    label: Promise
    rules: tuple[str, ...]
    key: str
    answer: Callable[[Profile], object] | None = None


def _raises(profile: Profile) -> object:
    return gettext("set by the house") if profile.raises_set_by_house else profile.max_raises


# The table's rows, in the order readers see them (rules-facts section 13).
_ROWS = (
    _Row(
        gettext_lazy("Open pair on fourth street allows the big bet (stud high)"),
        ("R-BET-2", "R-BET-4"),
        "open_pair_big_bet",
    ),
    _Row(gettext_lazy("Open pair in Stud Hi/Lo and Razz"), ("R-BET-3",), "open_pair_other_games"),
    _Row(gettext_lazy("Raises after the bet or completion"), ("R-BET-5",), "max_raises", _raises),
    _Row(gettext_lazy("Raising heads-up"), ("R-BET-6",), "heads_up_cap"),
    _Row(
        gettext_lazy("Tied boards in Seven Card Stud"),
        ("R-ACT-4",),
        "board_tie_break",
        lambda p: p.tie_break(Game.STUD),
    ),
    _Row(
        gettext_lazy("Tied boards in Stud Hi/Lo and Razz"),
        ("R-ACT-4",),
        "board_tie_break",
        lambda p: p.tie_break(Game.RAZZ),
    ),
    _Row(
        gettext_lazy("Low card all-in for the ante: the next player may fold"),
        ("R-BRING-8",),
        "allin_low_card_next_player_may_fold",
    ),
    _Row(
        gettext_lazy("Corrected bring-in: the true low card may complete instead"),
        ("R-BRING-10",),
        "corrected_bring_in_may_complete",
    ),
    _Row(gettext_lazy("Odd chip among tied hands"), ("R-POT-6",), "odd_chip"),
    _Row(gettext_lazy("Odd chip between the high and low halves"), ("R-POT-5",), "odd_chip_halves"),
    _Row(gettext_lazy("Running out of cards"), ("R-CARDS-1", "R-CARDS-2"), "out_of_cards"),
    _Row(gettext_lazy("First to act with a community card"), ("R-ACT-6",), "community_opener"),
    _Row(gettext_lazy("Hole card exposed on the deal"), ("R-IRR-1",), "exposed_hole_card"),
    _Row(gettext_lazy("Cards dealt too early"), ("R-IRR-10",), "premature_card"),
    _Row(
        gettext_lazy("Fewer than seven cards at the showdown"),
        ("R-IRR-9",),
        "short_showdown_hand",
    ),
    _Row(
        gettext_lazy("All-in: every hand is turned face up at once"),
        ("R-SHOW-1",),
        "all_in_hands_face_up",
    ),
)


def _answer(row: _Row, profile: Profile) -> str:
    """What the rulebook's text says, not the engine's working answer: where a rulebook is
    silent the engine follows Robert's Rules, and the note under the table says so."""
    if row.key in profile.not_addressed:
        return gettext("not addressed")
    if row.answer is not None:
        value = row.answer(profile)
    elif row.key in AGREED:
        value = AGREED[row.key].answer
    else:
        value = getattr(profile, row.key)
    return profile_value_text(value)


def profile_table() -> ProfileTable:
    """The rulebooks side by side, from the engine's ``PROFILES`` and ``AGREED``."""
    profiles = tuple(PROFILES.values())
    rows = tuple(
        TableRow(
            str(row.label),
            row.rules,
            tuple(_answer(row, profile) for profile in profiles),
            tuple(field_citation(profile, row.key) for profile in profiles),
            tuple(rule_quotes(profile, row.key) for profile in profiles),
            tuple(unquoted_notes(profile, row.key) for profile in profiles),
        )
        for row in _ROWS
    )
    headers = tuple(capfirst(words.profile_name(profile.name)) for profile in profiles)
    return ProfileTable(headers, rows)
