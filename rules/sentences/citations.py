"""Citations as readers read them: "Robert's Rules of Poker, Seven Card Stud section, rule 15",
in the active language, from the engine's ``Cite`` data (rules.engine.profiles)."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from core import words
from rules.engine import AGREED, CITED_FIELDS, Book, Cite, Game, Profile, RuleSection

__all__ = ["cite_text", "fallback_note", "field_citation"]


def _section(section: RuleSection) -> str:
    if section in (RuleSection.STUD, RuleSection.STUD8, RuleSection.RAZZ):
        return words.game_name(Game(section.value))
    return {
        RuleSection.BETTING: pgettext("rulebook section", "Betting and Raising"),
        RuleSection.TIES: pgettext("rulebook section", "Ties"),
        RuleSection.SHOWDOWN: pgettext("rulebook section", "The Showdown"),
        RuleSection.SEVEN_CARD_GAMES: pgettext("rulebook section", "Seven Card Games"),
    }[section]


def cite_text(cite: Cite) -> str:
    """One citation, readable.

    >>> from django.utils.translation import override
    >>> with override("en"):
    ...     cite_text(Cite(Book.RR, RuleSection.STUD, "15"))
    "Robert's Rules of Poker, Seven Card Stud section, rule 15"
    >>> with override("en"):
    ...     cite_text(Cite(Book.TDA, RuleSection.RP, "10-H-D"))
    'TDA Rules 2024, Recommended Procedure 10-H-D'
    """
    values = {"rule": cite.rule}
    if cite.book is Book.RR:
        values["section"] = _section(cite.section)
        if cite.rule:
            return gettext("Robert's Rules of Poker, %(section)s section, rule %(rule)s") % values
        return gettext("Robert's Rules of Poker, %(section)s section") % values
    if cite.book is Book.TDA:
        if cite.section is RuleSection.RP:
            return gettext("TDA Rules 2024, Recommended Procedure %(rule)s") % values
        return gettext("TDA Rules 2024, rule %(rule)s") % values
    if cite.book is Book.WSOP_LA:
        return gettext("WSOP live-action rules 2024, rule %(rule)s") % values
    if cite.rule:
        return gettext("WSOP tournament rules 2024, rule %(rule)s") % values
    values["section"] = _section(cite.section)
    return gettext("WSOP tournament rules 2024, %(section)s section") % values


def fallback_note() -> str:
    """What "not addressed" means on this site."""
    return gettext("Not addressed there: this site follows Robert's Rules of Poker.")


def field_citation(profile: Profile, field: str) -> str:
    """Where ``profile``'s answer on ``field`` (a profile field, or a question all rulebooks
    agree on) comes from, or that its rulebook is silent.

    >>> from django.utils.translation import override
    >>> from rules.engine import PROFILES
    >>> with override("en"):
    ...     field_citation(PROFILES["wsop"], "out_of_cards")
    "Not addressed there: this site follows Robert's Rules of Poker."
    >>> with override("en"):
    ...     field_citation(PROFILES["tda"], "odd_chip_halves")
    'TDA Rules 2024, rule 20-C'
    """
    if field not in CITED_FIELDS and field not in AGREED:
        raise ValueError(f"{field!r} is not a cited profile field")
    if field in profile.not_addressed:
        return fallback_note()
    return "; ".join(cite_text(cite) for cite in profile.citations(field))
