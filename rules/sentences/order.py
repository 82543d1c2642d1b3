"""Sentences for who acts first and who shows first (rules.engine.order, boards)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from rules.sentences._base import Sentence, fields, fixed

SENTENCES: dict[str, Sentence] = {
    "best_high_board": lambda reason: (
        (
            gettext("%(seat)s has the best board showing, %(cards)s (%(category)s).")
            if reason.params.get("all_in")
            else gettext(
                "%(seat)s has the best board showing, %(cards)s (%(category)s), and acts first."
            )
        )
        % fields(reason)
    ),
    "best_low_board": lambda reason: (
        (
            gettext("%(seat)s has the lowest board showing, %(cards)s (%(category)s).")
            if reason.params.get("all_in")
            else gettext(
                "%(seat)s has the lowest board showing, %(cards)s (%(category)s), and acts first."
            )
        )
        % fields(reason)
    ),
    "high_board_in_stud8": fixed(
        lambda: gettext(
            "In Stud Hi/Lo the high board acts first, even though half the pot goes low."
        )
    ),
    "beats_board": fixed(
        lambda: gettext(
            "%(seat)s's board (%(category)s) beats the next best board, %(other_seat)s's "
            "%(cards)s (%(other_category)s)."
        )
    ),
    "straights_flushes_do_not_count": fixed(
        lambda: gettext(
            "Straights and flushes do not count on the board: the upcards of %(seats)s count "
            "only as high cards."
        )
    ),
    "tie_broken_by_position": fixed(
        lambda: gettext(
            "%(seats)s show equal boards; the first of them in position (dealt first) acts first."
        )
    ),
    "tie_broken_by_high_card": fixed(
        lambda: gettext(
            "%(seats)s show equal boards; the board with the highest card by suit, the "
            "%(card)s, acts first."
        )
    ),
    "best_board_all_in": fixed(
        lambda: gettext(
            "%(seat)s has the best board but is all-in, so the action passes him as if he "
            "had checked."
        )
    ),
    "next_player_acts": fixed(
        lambda: gettext("%(seat)s is the next live player clockwise and acts first.")
    ),
    "community_card_plays": fixed(
        lambda: gettext(
            "The community card, the %(card)s, plays in every hand, so the best board with it "
            "acts first."
        )
    ),
    "sixth_street_opener_acts": fixed(
        lambda: gettext(
            "The community card, the %(card)s, changes nothing: whoever acted first on sixth "
            "street acts first on seventh."
        )
    ),
    "last_aggressor_shows_first": fixed(
        lambda: gettext("%(seat)s made the last bet or raise on seventh street and shows first.")
    ),
    "first_to_act_shows_first": fixed(
        lambda: gettext("Nobody bet on seventh street, so %(seat)s, who acts first, shows first.")
    ),
    "then_clockwise": fixed(lambda: gettext("The hands are shown in this order: %(seats)s.")),
    "side_pot_shows_before_all_in": fixed(
        lambda: gettext(
            "The players in the side pot show before %(seats)s, who is all-in and only in an "
            "earlier pot."
        )
    ),
    "all_in_hands_face_up": lambda reason: (
        ngettext(
            "%(seats)s is all-in, so under these rules every hand is turned face up together "
            "once the betting is over: nobody shows before anybody else.",
            "%(seats)s are all-in, so under these rules every hand is turned face up together "
            "once the betting is over: nobody shows before anybody else.",
            len(reason.seats),
        )
        % fields(reason)
    ),
}
