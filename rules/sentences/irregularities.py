"""Sentences for floor rulings on irregularities (rules.engine.irregularities)."""

from __future__ import annotations

from django.utils.translation import gettext

from rules.sentences._base import Sentence, fixed

SENTENCES: dict[str, Sentence] = {
    "exposed_third_card_down": fixed(
        lambda: gettext(
            "A hole card turned up by the dealer serves as the door card, and the player's "
            "third card is dealt face down."
        )
    ),
    "exposed_both_dead": fixed(
        lambda: gettext(
            "With both hole cards turned up, the hand is dead and the player gets his ante back."
        )
    ),
    "exposed_becomes_upcard": fixed(
        lambda: gettext(
            "The exposed card becomes the player's upcard, his third card is dealt face down, "
            "and he may be the bring-in."
        )
    ),
    "exposed_misdeal": fixed(
        lambda: gettext("A hole card exposed by the dealer on the first deal causes a misdeal.")
    ),
    "too_many_cards_dead": fixed(
        lambda: gettext("A hand with more than seven cards at the showdown is dead.")
    ),
    "seven_cards_live": fixed(
        lambda: gettext("All seven cards are on the table, so the hand plays for the pot.")
    ),
    "missing_seventh_may_be_live": fixed(
        lambda: gettext(
            "A hand missing only its last card is not dead automatically: the floor may rule "
            "it live."
        )
    ),
    "too_few_cards_dead": fixed(
        lambda: gettext("A hand with too few cards at the showdown is dead.")
    ),
    "six_cards_not_dead": fixed(
        lambda: gettext("Under these rules only a hand of fewer than six cards is dead.")
    ),
    "upcards_picked_up_fold": fixed(
        lambda: gettext(
            "Picking up or turning down your upcards while facing a bet is a fold: the hand "
            "is dead."
        )
    ),
    "upcards_picked_up_no_effect": fixed(
        lambda: gettext(
            "Once the betting is over, picking up your upcards means nothing: the hand stays "
            "live until it is thrown away."
        )
    ),
}
