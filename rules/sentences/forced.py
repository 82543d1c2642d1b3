"""Sentences for the bring-in (rules.engine.forced)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from rules.sentences._base import Sentence, fields, fixed

SENTENCES: dict[str, Sentence] = {
    "lowest_door_card": fixed(
        lambda: gettext("%(seat)s has the lowest door card, the %(card)s, and brings in.")
    ),
    "ace_counts_high": lambda reason: (
        ngettext(
            "For the bring-in the ace counts high, so the %(cards)s is not the low card here: "
            "an ace brings in only when every door card is an ace.",
            "For the bring-in the ace counts high, so the %(cards)s are not the low card here: "
            "an ace brings in only when every door card is an ace.",
            len(reason.cards),
        )
        % fields(reason)
    ),
    "highest_door_card": fixed(
        lambda: gettext("%(seat)s has the highest door card, the %(card)s, and brings in.")
    ),
    "ace_counts_low": lambda reason: (
        ngettext(
            "In razz the ace counts low, so the %(cards)s is a low card, not a high one.",
            "In razz the ace counts low, so the %(cards)s are low cards, not high ones.",
            len(reason.cards),
        )
        % fields(reason)
    ),
    "suit_breaks_tie": fixed(
        lambda: gettext(
            "%(seats)s show the same rank (%(cards)s), so the suit decides: clubs are lowest, "
            "then diamonds, hearts and spades."
        )
    ),
    "low_card_all_in_for_ante": fixed(
        lambda: gettext("%(seat)s is all-in for the ante and does not bring in.")
    ),
    "next_player_may_fold": fixed(
        lambda: gettext(
            "%(seat)s, the next player to the left, acts first: he may bring in, complete or "
            "fold, but not check."
        )
    ),
    "next_player_must_bring_in": fixed(
        lambda: gettext(
            "%(seat)s, the next player to the left, acts first and must bring in or complete."
        )
    ),
}
