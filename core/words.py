"""Every display name, in the reader's language: the one vocabulary of the site.

Seats, cards, amounts, percentages, games, rule profiles, streets and hand categories are
named here and nowhere else, so a term changed in a catalogue changes everywhere at once.
Names for running text are lower case ("seat 3", "fourth street"); labels that start a line
or a table cell take ``capfirst`` of the same word, never a second msgid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext

from core.cards import card_name_of
from core.rulebooks import house_code
from rules.engine import Card

__all__ = [
    "action_name",
    "amount",
    "card_list",
    "card_name",
    "category_name",
    "game_name",
    "join_and",
    "join_or",
    "percent",
    "profile_name",
    "profile_title",
    "rank_run",
    "seat_label",
    "seat_list",
    "seat_name",
    "signed_amount",
    "street_label",
    "street_name",
]


def join_and(items: Sequence[str]) -> str:
    """ "seat 1, seat 2 and seat 3" in the active language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    # Translators: the end of a list, "seat 1, seat 2 and seat 3".
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def join_or(items: Sequence[str]) -> str:
    """ "$5, $10 or $15" in the active language."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}


def seat_name(seat: int) -> str:
    """Seat 0 of the engine is the first seat to the dealer's left: "seat 1" (running text)."""
    return pgettext("poker seat", "seat %(number)s") % {"number": seat + 1}


def seat_label(seat: int) -> str:
    """ "Seat 1": the seat's name where it starts a label or a line."""
    return capfirst(seat_name(seat))


def seat_list(seats: Iterable[int]) -> str:
    return join_and([seat_name(seat) for seat in seats])


def card_name(card: Card) -> str:
    """ "ace of spades", "spaderess", "patarouva": the card's name for running text."""
    return card_name_of(card)


def card_list(cards: Iterable[Card]) -> str:
    return join_and([card_name(card) for card in cards])


def amount(value: object) -> str:
    """An amount of money in the examples ("$5"; "5 $" where the language writes it so)."""
    # Translators: an amount of money in the examples; "5 $" or "$5" as your language writes it.
    return gettext("$%(amount)s") % {"amount": value}


def signed_amount(value: int) -> str:
    """A win or a loss with its sign and unit: "+$12", "−$33" ("−33 $" where the
    language writes the unit after), with a true minus sign rather than a hyphen."""
    if value < 0:
        return "\u2212" + amount(-value)
    if value > 0:
        return "+" + amount(value)
    return amount(0)


def percent(value: object) -> str:
    """A percentage: "35%" in English, "35 %" in Swedish, Danish and Finnish."""
    # Translators: a percentage; Swedish, Danish and Finnish put a space before the sign.
    return pgettext("percentage", "%(number)s%%") % {"number": value}


def rank_run(cards: Iterable[Card]) -> str:
    """A hand's ranks from the highest, as the reader's texts write them: "10-6-5-3-2"."""
    # Translators: the ten in a run of ranks such as "K-Q-J-T-9"; write it as your texts do
    # ("10" in Swedish and Finnish, "T" in Danish and English).
    ten = pgettext("rank symbol", "T")
    return "-".join(ten if card.rank.symbol == "T" else card.rank.symbol for card in cards)


def game_name(game: object) -> str:
    """The game's one name, for titles, labels and running text alike."""
    names = {
        "stud": gettext("Seven Card Stud"),
        "stud8": gettext("Stud Hi/Lo eight-or-better"),
        "razz": gettext("Razz"),
    }
    return names.get(str(game), str(game))


def profile_title(profile: object) -> str:
    """A rulebook as a choice or a column heading: "TDA 2024 (tournament)"."""
    titles = {
        "robert": pgettext("rule profile", "Robert's Rules (cash game)"),
        "tda": pgettext("rule profile", "TDA 2024 (tournament)"),
        "wsop_la": pgettext("rule profile", "WSOP live action (cash game)"),
        "wsop": pgettext("rule profile", "WSOP (tournament)"),
    }
    if code := house_code(profile):
        return pgettext("rule profile", "House rules %(code)s") % {"code": code}
    return titles.get(str(profile), str(profile))


def profile_name(profile: object) -> str:
    """A rulebook in running text: "under the TDA tournament rules"."""
    names = {
        "robert": gettext("Robert's Rules of Poker"),
        "tda": gettext("the TDA tournament rules"),
        "wsop_la": gettext("the WSOP cash-game rules"),
        "wsop": gettext("the WSOP tournament rules"),
    }
    if code := house_code(profile):
        return gettext("the house rules %(code)s") % {"code": code}
    return names.get(str(profile), str(profile))


def action_name(action: object) -> str:
    """A player's action (the engine's ``ActionKind`` values): "fold", "bring in", "raise"."""
    names = {
        "fold": pgettext("poker action", "fold"),
        "check": pgettext("poker action", "check"),
        "call": pgettext("poker action", "call"),
        "bring_in": pgettext("poker action", "bring in"),
        "complete": pgettext("poker action", "complete"),
        "bet": pgettext("poker action", "bet"),
        "raise": pgettext("poker action", "raise"),
    }
    return names.get(str(action), str(action))


def street_name(street: object) -> str:
    """ "fourth street" for running text (the engine's ``Street`` values)."""
    names = {
        "third": pgettext("street", "third street"),
        "fourth": pgettext("street", "fourth street"),
        "fifth": pgettext("street", "fifth street"),
        "sixth": pgettext("street", "sixth street"),
        "seventh": pgettext("street", "seventh street"),
    }
    return names.get(str(street), str(street))


def street_label(street: object) -> str:
    """ "Fourth street" where it starts a heading or a line."""
    return capfirst(street_name(street))


def category_name(category: object) -> str:
    """High-hand and low-hand categories (the engine's ``HighCategory``/``LowCategory`` values)."""
    names = {
        "high_card": pgettext("hand", "high card"),
        "no_pair": pgettext("hand", "no pair"),
        "one_pair": pgettext("hand", "one pair"),
        "two_pair": pgettext("hand", "two pair"),
        "three_of_a_kind": pgettext("hand", "three of a kind"),
        "straight": pgettext("hand", "a straight"),
        "flush": pgettext("hand", "a flush"),
        "full_house": pgettext("hand", "a full house"),
        "four_of_a_kind": pgettext("hand", "four of a kind"),
        "straight_flush": pgettext("hand", "a straight flush"),
    }
    return names.get(str(category), str(category))
