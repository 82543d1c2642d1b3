"""Sentences for the deck and running out of cards (rules.engine.deck)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from rules.engine import Reason
from rules.sentences._base import Sentence, counted, fixed


def _rr_community_card(reason: Reason) -> str:
    # RR #15 never deals the last card straight from the stub: with two cards or fewer left it
    # goes with the burns first, and the community card comes after that scramble.
    if int(reason.amounts[0]) <= 2:
        return counted(
            lambda n: ngettext(
                "Only one card is left for %(players_words)s players, too few even with the "
                "burns: the dealer mixes it with the burn cards, scrambles, cuts, burns and "
                "turns a single community card face up in the middle.",
                "Only %(count_words)s cards are left for %(players_words)s players, too few "
                "even with the burns: the dealer burns, mixes the last card with the burn "
                "cards, scrambles, cuts, burns and turns a single community card face up in the "
                "middle.",
                n,
            )
        )(reason)
    return counted(
        lambda n: ngettext(
            "Only one card is left for %(players_words)s players, too few even with the burns: "
            "a single community card is turned face up in the middle.",
            "Only %(count_words)s cards are left for %(players_words)s players, too few even "
            "with the burns: a single community card is turned face up in the middle.",
            n,
        )
    )(reason)


SENTENCES: dict[str, Sentence] = {
    "card_count": counted(
        lambda n: ngettext(
            "%(count)s cards have been dealt and %(count2_words)s burned, so one card is left "
            "before seventh street.",
            "%(count)s cards have been dealt and %(count2_words)s burned, so %(count3_words)s "
            "are left before seventh street.",
            n,
        ),
        amount=2,
    ),
    "enough_cards": counted(
        lambda n: ngettext(
            "One card is left and %(count2_words)s are needed for %(players_words)s players: "
            "a normal deal.",
            "%(count_words)s cards are left and %(count2_words)s are needed for "
            "%(players_words)s players: a normal deal.",
            n,
        )
    ),
    "tda_reuse_burns": counted(
        lambda n: ngettext(
            "Only one card is left and %(count2_words)s are needed: the burn cards are added, "
            "scrambled and cut, and everyone gets a card.",
            "Only %(count_words)s cards are left and %(count2_words)s are needed: the burn "
            "cards are added, scrambled and cut, and everyone gets a card.",
            n,
        )
    ),
    "tda_community_card": counted(
        lambda n: ngettext(
            "Only one card is left and %(count2_words)s are needed, too few even with the "
            "burns: the dealer burns one card and turns a single community card face up.",
            "Only %(count_words)s cards are left and %(count2_words)s are needed, too few even "
            "with the burns: the dealer burns one card and turns a single community card face "
            "up.",
            n,
        )
    ),
    "tda_community_after_reshuffle": counted(
        lambda n: ngettext(
            "Only one card is left: it is scrambled with the burn cards, then the dealer "
            "burns one and turns a single community card face up.",
            "Only %(count_words)s cards are left: they are scrambled with the burn cards, then "
            "the dealer burns one and turns a single community card face up.",
            n,
        )
    ),
    "rr_last_card_with_burns": counted(
        lambda n: ngettext(
            "Only one card is left for %(players_words)s players: the dealer mixes it with the "
            "burn cards, scrambles, cuts, burns and finishes the deal.",
            "Only %(count_words)s cards are left for %(players_words)s players: the dealer "
            "deals all but the last card, mixes it with the burn cards, scrambles, cuts, burns "
            "and finishes the deal.",
            n,
        )
    ),
    "rr_no_reburn": fixed(
        lambda: gettext(
            "There are too few cards to burn again, so the deal goes on without a burn."
        )
    ),
    "rr_community_card": _rr_community_card,
    "opener_high_with_community": fixed(
        lambda: gettext(
            "The player whose board is best together with the community card acts first on "
            "seventh street."
        )
    ),
    "opener_sixth_street": fixed(
        lambda: gettext(
            "The player who acted first on sixth street also acts first on seventh street."
        )
    ),
    "premature_keeps_no_raise": fixed(
        lambda: gettext(
            "The player keeps the river card he has already looked at, but may not bet or "
            "raise on sixth street."
        )
    ),
    "premature_held_aside": fixed(
        lambda: gettext(
            "The cards dealt too early are taken out and held aside; later the right players "
            "get them."
        )
    ),
    "premature_reshuffle": fixed(
        lambda: gettext(
            "The cards dealt too early go back into the stub, which is reshuffled; the street "
            "is dealt again without another burn."
        )
    ),
}
