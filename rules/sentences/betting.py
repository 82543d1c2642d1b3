"""Sentences for bet sizes, the betting round, the cap and all-ins (rules.engine.stakes,
betting and hand)."""

from __future__ import annotations

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from rules.engine import Reason
from rules.sentences._base import Sentence, fields, fixed


def _house_cap(reason: Reason) -> str:
    """TDA 48 leaves the number of raises to the house: say so, and that the number is ours."""
    return capfirst(
        gettext(
            "%(profile)s leave the number of raises to the house; the house limit used here is a "
            "bet and %(max_raises_words)s raises."
        )
        % fields(reason)
    )


def _raises_left(reason: Reason) -> str:
    left = reason.amounts[0] if reason.amounts else 0
    if reason.params.get("house_cap"):
        return (
            capfirst(
                ngettext(
                    "One more raise is allowed this round.",
                    "%(count_words)s more raises are allowed this round.",
                    left,
                )
                % fields(reason)
            )
            + " "
            + _house_cap(reason)
        )
    return capfirst(
        ngettext(
            "One more raise is allowed this round (a bet and %(max_raises_words)s raises in all).",
            "%(count_words)s more raises are allowed this round (a bet and "
            "%(max_raises_words)s raises in all).",
            left,
        )
        % fields(reason)
    )


def _cap_reached(reason: Reason) -> str:
    if reason.params.get("house_cap"):
        return (
            gettext("The betting is capped at the house limit, so no one may raise again.")
            + " "
            + _house_cap(reason)
        )
    return gettext(
        "The betting is capped: a bet and %(max_raises_words)s raises have been made, so "
        "no one may raise again."
    ) % fields(reason)


SENTENCES: dict[str, Sentence] = {
    "fold_with_no_bet": fixed(
        lambda: gettext(
            "%(seat)s may also fold although nobody has bet: the fold is legal and binding, but "
            "it gives the hand away for nothing (a tournament may penalise it)."
        )
    ),
    "small_bet_street": fixed(
        lambda: gettext("On %(street)s bets and raises are the small bet, %(amount)s.")
    ),
    "big_bet_street": fixed(
        lambda: gettext("On %(street)s bets and raises are the big bet, %(amount)s.")
    ),
    "open_pair_option": fixed(
        lambda: gettext(
            "An open pair shows on fourth street, so any player may bet or raise either "
            "%(amount)s or %(amount2)s; once a bet or raise of %(amount2)s is made, every "
            "later raise on the street is %(amount2)s."
        )
    ),
    "open_pair_big_made": fixed(
        lambda: gettext("After a big bet on fourth street every raise is the big bet, %(amount)s.")
    ),
    "open_pair_not_in_game": fixed(
        lambda: gettext(
            "An open pair changes nothing in %(game)s: fourth street stays at the small bet."
        )
    ),
    "open_pair_not_in_profile": fixed(
        lambda: gettext(
            "Under %(profile)s an open pair on fourth street does not allow the big bet."
        )
    ),
    "bring_in_forced": fixed(
        lambda: gettext(
            "%(seat)s must post the bring-in of %(amount)s or complete; he may not check."
        )
    ),
    "bring_in_no_fold": fixed(
        lambda: gettext(
            "%(seat)s must post the bring-in of %(amount)s or complete: the bring-in is a "
            "forced bet, so he may not fold before posting it."
        )
    ),
    "bring_in_all_in_for_less": fixed(
        lambda: gettext(
            "%(seat)s has only %(amount)s and brings in for less than the full %(amount2)s."
        )
    ),
    "completion_is_the_bet": fixed(
        lambda: gettext("Completing to %(amount)s is the opening bet, not a raise.")
    ),
    "facing_bring_in": fixed(
        lambda: gettext("%(seat)s faces the bring-in of %(amount)s: fold, call it or complete.")
    ),
    "full_bring_in_to_call": fixed(
        lambda: gettext(
            "%(seat)s brought in short with %(amount)s, but the others must still call the full "
            "bring-in of %(amount2)s."
        )
    ),
    "no_bring_in_option": fixed(
        lambda: gettext(
            "Everyone just called the bring-in, so third street is over: the bring-in gets no "
            "option to raise."
        )
    ),
    "low_card_all_in_next_opens": fixed(
        lambda: gettext("The low card is all-in for the ante, so %(seat)s opens instead.")
    ),
    "next_opener_may_fold": fixed(lambda: gettext("%(seat)s may also fold instead.")),
    "next_opener_must_open": fixed(
        lambda: gettext("%(seat)s must bring in or complete; he may not fold.")
    ),
    "raises_left": _raises_left,
    "cap_reached": _cap_reached,
    "heads_up_uncapped": fixed(
        lambda: gettext("Only two players are left, so the cap no longer applies.")
    ),
    "heads_up_still_capped": fixed(
        lambda: gettext("Even with only two players left, the cap still applies under these rules.")
    ),
    "call_all_in_for_less": fixed(lambda: gettext("%(seat)s calls all-in for %(amount)s.")),
    "raise_all_in_for_less": fixed(
        lambda: gettext("%(seat)s can only go all-in to %(amount)s, short of a full raise.")
    ),
    "short_all_in_not_reopened": fixed(
        lambda: gettext(
            "The all-in was less than half a bet and does not reopen the betting: %(seat)s may "
            "only call or fold."
        )
    ),
    "short_all_in_may_complete": fixed(
        lambda: gettext("%(seat)s may complete the short all-in bet to %(amount2)s.")
    ),
    "all_in_counts_as_full": fixed(
        lambda: gettext(
            "An all-in of half a bet or more counts as a full bet and reopens the betting."
        )
    ),
    "wrong_bring_in_corrected": fixed(
        lambda: gettext(
            "%(seat)s was named low by mistake and takes back %(amount)s; %(other_seat)s, the "
            "true low card, brings in instead."
        )
    ),
    "wrong_bring_in_stands": fixed(
        lambda: gettext(
            "The next player has already acted, so the bring-in of %(seat)s stands and "
            "%(other_seat)s owes nothing."
        )
    ),
    "corrected_must_bring_in": fixed(
        lambda: gettext("%(seat)s, the true low card, must post the bring-in.")
    ),
    "corrected_may_complete": fixed(
        lambda: gettext("%(seat)s, the true low card, may post the bring-in or complete.")
    ),
    "premature_card_no_raise": fixed(
        lambda: gettext(
            "%(seat)s kept a card dealt too early, so he may check or call on this street but "
            "not bet or raise."
        )
    ),
    "ante_posted": fixed(
        lambda: gettext("Everyone dealt in posts an ante of %(amount)s before the first card.")
    ),
    "ante_all_in": fixed(
        lambda: gettext("%(seats)s put his last chips in as the ante and is all-in.")
    ),
    "dealt_down": fixed(lambda: gettext("%(seat)s is dealt a card face down.")),
    "dealt_up": fixed(lambda: gettext("%(seat)s is dealt a card face up.")),
    "burned": fixed(lambda: gettext("The dealer burns a card before dealing the street.")),
    "community_card": fixed(
        lambda: gettext(
            "The deck has run short: the %(card)s is turned face up in the middle as a "
            "community card that plays in every hand."
        )
    ),
    "no_betting_all_in": fixed(
        lambda: gettext(
            "Fewer than two players can still bet, so there is no more betting: the cards are "
            "dealt out to the showdown."
        )
    ),
    "everyone_else_folded": fixed(
        lambda: gettext("Everyone else folded, so %(seat)s wins the pot without a showdown.")
    ),
}
