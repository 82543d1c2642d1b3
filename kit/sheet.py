"""A game's rules on one A4 page, under a rulebook or house rules: the deal, the forced bets,
who acts first, the limits, the showdown and the split, each in a sentence or two with the
profile's own answers and amounts, and card pictures the engine picks (who brings in, who acts
first, the five cards that play). The same page prints (a print stylesheet) and is a PDF."""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any, Final

from django.contrib.staticfiles import finders
from django.utils.translation import gettext, ngettext

from core import words
from rules.engine import (
    BoardTieBreak,
    Card,
    Game,
    Profile,
    Stakes,
    best_high,
    best_low,
    bring_in,
    first_to_act,
    parse_cards,
)
from rules.presenters import profile_value_text

__all__ = ["SHEET_STAKES", "sheet_context", "sheet_pdf"]

#: The structure a rulebook's sheet shows (house rules show their own): the table's.
SHEET_STAKES: Final = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
#: Example door cards and boards: equal ranks, so the suit (or the board) decides.
_DOORS: Final = {
    Game.STUD: "Kh 2d 9s 2c",
    Game.STUD8: "Kh 2d 9s 2c",
    Game.RAZZ: "3h Kd 5c Ks",
}
_BOARDS: Final = {
    Game.STUD: ("Ah Kd", "Qs Qc", "9h 4h"),
    Game.STUD8: ("Ah Kd", "Qs Qc", "9h 4h"),
    Game.RAZZ: ("5h 2s", "4d 3c", "Kd 7c"),
}
_HANDS: Final = {
    Game.STUD: "Kh Kd 9s 9c 4h 7d 2s",
    Game.STUD8: "Ah 2h 4h 6h 8c Kc Qd",
    Game.RAZZ: "Ah 2c 4d 5s 7h Kc Kd",
}


def _deal_picture() -> list[Card | None]:
    """Seven cards as the deal gives them: two down, four up, the last down."""
    up = parse_cards("Kh 9s 9c 4h")
    return [None, None, *up, None]


def _examples(game: Game, profile: Profile) -> dict[str, Any]:
    doors = parse_cards(_DOORS[game])
    low = bring_in(game, doors, profile=profile).seat
    boards = [parse_cards(board) for board in _BOARDS[game]]
    first = first_to_act(game, boards, profile=profile).seat
    hand = parse_cards(_HANDS[game])
    plays = best_low(hand, qualifier=None) if game is Game.RAZZ else best_high(hand)
    assert plays is not None
    low_hand = best_low(hand) if game is Game.STUD8 else None
    return {
        "doors": doors,
        "bring_in_card": doors[low],
        "bring_in_name": words.card_name(doors[low]),
        "boards": [
            {"cards": board, "first": seat == first, "label": words.seat_label(seat)}
            for seat, board in enumerate(boards)
        ],
        "hand": hand,
        "plays": plays.cards,
        "low": low_hand.cards if low_hand is not None else None,
    }


def _paragraphs(game: Game, profile: Profile, stakes: Stakes) -> dict[str, list[str]]:
    """The sheet's sentences, by section."""
    amounts = {
        "ante": words.amount(stakes.ante),
        "bring_in": words.amount(stakes.bring_in),
        "small": words.amount(stakes.small_bet),
        "big": words.amount(stakes.big_bet),
    }
    return {
        "deal": _deal_lines(),
        "forced": _forced_lines(game, amounts),
        "acts": _acts_lines(game, profile),
        "limits": _limits_lines(game, profile, amounts),
        "showdown": _showdown_lines(game, profile),
        "split": _split_lines(game, profile),
    }


def _deal_lines() -> list[str]:
    return [
        gettext(
            "Each player gets two cards face down and one face up (third street), one face "
            "up on each of fourth, fifth and sixth streets, and the last face down (seventh "
            "street). A betting round follows each."
        ),
        gettext("Each player plays the best five of his seven cards."),
    ]


def _forced_lines(game: Game, amounts: dict[str, str]) -> list[str]:
    razz = game is Game.RAZZ
    return [
        gettext("Everyone antes %(ante)s before the deal.") % amounts,
        (
            gettext(
                "On third street the highest upcard brings in for %(bring_in)s (an ace is "
                "low); between equal ranks the higher suit does: spades, hearts, diamonds, clubs."
            )
            if razz
            else gettext(
                "On third street the lowest upcard brings in for %(bring_in)s (an ace is high); "
                "between equal ranks the lower suit does: clubs, diamonds, hearts, spades."
            )
        )
        % amounts,
        gettext(
            "The bring-in may complete to the small bet, %(small)s, instead; the players after "
            "him call, complete or fold."
        )
        % amounts,
    ]


def _acts_lines(game: Game, profile: Profile) -> list[str]:
    razz = game is Game.RAZZ
    tie = profile.tie_break(game)
    return [
        gettext("Third street: the player to the left of the bring-in acts first."),
        gettext(
            "From fourth street on, the lowest hand showing acts first; pairs count against it."
        )
        if razz
        else gettext("From fourth street on, the highest hand showing acts first."),
        gettext("Equal boards: %(rule)s.") % {"rule": profile_value_text(tie)}
        if tie is not BoardTieBreak.POSITION
        else gettext("Equal boards: the first of them dealt acts first."),
    ]


def _limits_lines(game: Game, profile: Profile, amounts: dict[str, str]) -> list[str]:
    raises = profile.max_raises
    limits = [
        gettext(
            "Third and fourth streets: bets and raises are the small bet, %(small)s. Fifth, "
            "sixth and seventh: the big bet, %(big)s."
        )
        % amounts,
        ngettext(
            "A bet and %(count)s raise per round at most; heads-up: %(heads_up)s.",
            "A bet and %(count)s raises per round at most; heads-up: %(heads_up)s.",
            raises,
        )
        % {"count": raises, "heads_up": profile_value_text(profile.heads_up_cap)},
    ]
    if game is Game.STUD:
        limits.append(
            gettext("An open pair on fourth street: anyone may bet or raise the big bet instead.")
            if profile.open_pair_big_bet
            else gettext("An open pair on fourth street changes nothing: the small bet stays.")
        )
    return limits


def _showdown_lines(game: Game, profile: Profile) -> list[str]:
    return [
        gettext(
            "The last player to bet or raise shows first; if nobody bet on the last street, "
            "the first to act does."
        ),
        gettext("A player all-in and the betting over: every hand is turned face up at once.")
        if profile.all_in_hands_face_up
        else gettext("With a side pot, its players show before a player all-in for the main pot."),
        {
            Game.STUD: gettext("The best five-card high hand wins."),
            Game.STUD8: gettext(
                "Half the pot to the best high hand, half to the best low: five unpaired cards "
                "of eight or lower, the ace low, straights and flushes no harm. No low: the high "
                "hand takes it all."
            ),
            Game.RAZZ: gettext(
                "The lowest five cards win, counted from the ace up: straights and flushes do "
                "not count, pairs do. The best hand is 5-4-3-2-A."
            ),
        }[game],
    ]


def _split_lines(game: Game, profile: Profile) -> list[str]:
    split = [
        gettext("Equal hands share the pot, or the half, equally.")
        if game is Game.STUD8
        else gettext("Equal hands share the pot equally."),
        gettext("An odd chip left over: %(rule)s.")
        % {"rule": profile_value_text(profile.odd_chip)},
    ]
    if game is Game.STUD8:
        split.append(
            gettext("A pot that does not halve evenly: the odd chip goes to the high half.")
        )
    split += [
        gettext("Side pots are settled one by one, each among the players in it."),
        gettext("The deck runs short on seventh street: %(rule)s.")
        % {"rule": profile_value_text(profile.out_of_cards)},
    ]
    return split


def sheet_context(*, game: Game, profile: Profile) -> dict[str, Any]:
    """Everything the sheet shows for ``game`` under ``profile``."""
    stakes = profile.stakes or SHEET_STAKES
    return {
        "game": game,
        "game_label": words.game_name(game),
        "profile_name": profile.name,
        "rules_label": words.profile_title(profile.name),
        "stakes_text": gettext(
            "Ante %(ante)s, bring-in %(bring_in)s, small bet %(small)s, big bet %(big)s"
        )
        % {
            "ante": words.amount(stakes.ante),
            "bring_in": words.amount(stakes.bring_in),
            "small": words.amount(stakes.small_bet),
            "big": words.amount(stakes.big_bet),
        },
        "deal_picture": _deal_picture(),
        "text": _paragraphs(game, profile, stakes),
        **_examples(game, profile),
    }


@lru_cache(maxsize=4)
def _stylesheets() -> tuple[Any, ...]:
    from weasyprint import CSS  # only when a PDF is asked for: pango loads then

    return (CSS(filename=finders.find("kit/sheet.css")),)


def sheet_pdf(html: str, *, base_url: str) -> bytes:
    """The sheet page's HTML as a one-page A4 PDF."""
    from weasyprint import HTML

    logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)  # a line a step else

    pdf: bytes = HTML(string=html, base_url=base_url).write_pdf(stylesheets=list(_stylesheets()))
    return pdf
