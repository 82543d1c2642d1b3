"""Sentences for the situations the quizzes build (practice.kinds), beside the engine's codes."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from rules.engine import Reason
from rules.sentences._base import Sentence, fields, fixed


def _facing_bet(reason: Reason) -> str:
    # Capped, or behind a short all-in that does not reopen the betting: no raise to offer.
    if reason.params.get("may_raise", True):
        sentence = gettext(
            "%(seat)s faces a bet of %(amount)s, so he cannot check: he must call, raise or fold."
        )
    else:
        sentence = gettext(
            "%(seat)s faces a bet of %(amount)s, so he cannot check: he must call or fold."
        )
    return sentence % fields(reason)


SENTENCES: dict[str, Sentence] = {
    "best_five_of_seven": fixed(
        lambda: gettext(
            "A hand is the best five of the seven cards: %(cards)s play, the other two do not."
        )
    ),
    "best_high_hand": fixed(lambda: gettext("The best high hand is %(category)s: %(cards)s.")),
    "low_qualifies": fixed(
        lambda: gettext("%(cards)s is a qualifying low: five different ranks, each eight or lower.")
    ),
    "too_few_low_ranks": lambda reason: (
        gettext("None of these cards is eight or lower, so there is no low.")
        if not reason.amounts[0]
        else ngettext(
            "Only one rank is eight or lower (%(cards)s); a low needs five different ranks, "
            "so there is no low.",
            "Only %(count_words)s different ranks are eight or lower (%(cards)s); a low needs "
            "five, so there is no low.",
            reason.amounts[0],
        )
        % fields(reason)
    ),
    "low_chosen_separately": fixed(
        lambda: gettext(
            "The low is chosen on its own from any five of the seven cards, whether or not "
            "they also play for high."
        )
    ),
    "best_razz_low": fixed(
        lambda: gettext("Razz has no qualifier: the best low here is %(cards)s (%(category)s).")
    ),
    "pairs_count_against_low": fixed(
        lambda: gettext(
            "Pairs count against a low: five different ranks beat any hand with a pair."
        )
    ),
    "lower_pair_wins": fixed(
        lambda: gettext(
            "Between two hands with the same kind of pairing, the lower pair wins (with two "
            "pairs, compare the higher pair first); only then are the other cards compared from "
            "the top down."
        )
    ),
    "lows_compared_top_down": fixed(
        lambda: gettext(
            "Lows are compared from the highest card down: the first card that differs "
            "decides, and the lower card wins."
        )
    ),
    "no_bet_to_call": fixed(
        lambda: gettext(
            "Nobody has bet yet on %(street)s, so there is nothing to call: %(seat)s may check "
            "or bet, and may also fold."
        )
    ),
    "statement_rule": fixed(lambda: gettext("The rule that settles it is explained here:")),
    "facing_bet_no_check": _facing_bet,
}
