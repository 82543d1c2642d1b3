"""Sentences for pots, halves, side pots and odd chips (rules.engine.pots)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

from core import words
from rules.engine import Reason
from rules.sentences._base import Sentence, fields, fixed


def _side_pot(reason: Reason) -> str:
    if reason.code == "main_pot":
        return gettext("The main pot is %(amount)s; %(seats)s can win it.") % fields(reason)
    # Pot index 0 is the main pot, so index 1 is the first side pot.
    values = fields(reason) | {"number": str(reason.params.get("index", 1))}
    return gettext("Side pot %(number)s is %(amount)s; only %(seats)s can win it.") % values


def _tie_split(reason: Reason, side: str) -> str:
    """Tied hands split a pot or half equally; when chips are left over, the share is said to
    come before the odd chip (the next sentence places it), so "$51 each" never seems to
    contradict a $52/$51 payout."""
    amount, each = reason.amounts[0], reason.amounts[1]
    left = amount - each * len(reason.seats)
    if side == "high":
        sentence = (
            ngettext(
                "%(seats)s tie for high and split %(amount)s: %(amount2)s each before the odd "
                "chip.",
                "%(seats)s tie for high and split %(amount)s: %(amount2)s each before the odd "
                "chips.",
                left,
            )
            if left
            else gettext("%(seats)s tie for high and split %(amount)s, %(amount2)s each.")
        )
    else:
        sentence = (
            ngettext(
                "%(seats)s tie for low and split %(amount)s: %(amount2)s each before the odd chip.",
                "%(seats)s tie for low and split %(amount)s: %(amount2)s each before the odd "
                "chips.",
                left,
            )
            if left
            else gettext("%(seats)s tie for low and split %(amount)s, %(amount2)s each.")
        )
    return sentence % fields(reason)


def _odd_chip(reason: Reason) -> str:
    values = fields(reason)
    half = reason.params.get("half")
    if not reason.params.get("halves", half in ("high", "low")):
        # Razz, stud and a stud/8 scoop have no halves: the whole pot goes to the winner(s).
        return _odd_chip_whole_pot(reason, values)
    values["half"] = (
        pgettext("pot half", "the high half")
        if half == "high"
        else pgettext("pot half", "the low half")
    )
    sentences = {
        "odd_chip_highest_card": gettext(
            "The odd chip of %(half)s goes to %(seat)s, who holds the highest card by suit "
            "(%(card)s), counting all his cards."
        ),
        "odd_chip_lowest_card": gettext(
            "The odd chip of %(half)s goes to %(seat)s, who holds the lowest card by suit "
            "(%(card)s), counting all his cards."
        ),
        "odd_chip_high_card_five": gettext(
            "The odd chip of %(half)s goes to %(seat)s, who has the highest card by suit in his "
            "five-card hand (%(card)s)."
        ),
        "odd_chip_position": gettext(
            "The odd chip of %(half)s goes to %(seat)s, the first of the tied players in position."
        ),
    }
    return sentences[reason.code] % values


def _odd_chip_whole_pot(reason: Reason, values: dict[str, str]) -> str:
    sentences = {
        "odd_chip_highest_card": gettext(
            "The odd chip goes to %(seat)s, who holds the highest card by suit (%(card)s), "
            "counting all his cards."
        ),
        "odd_chip_lowest_card": gettext(
            "The odd chip goes to %(seat)s, who holds the lowest card by suit (%(card)s), "
            "counting all his cards."
        ),
        "odd_chip_high_card_five": gettext(
            "The odd chip goes to %(seat)s, who has the highest card by suit in his five-card "
            "hand (%(card)s)."
        ),
        "odd_chip_position": gettext(
            "The odd chip goes to %(seat)s, the first of the tied players in position."
        ),
    }
    return sentences[reason.code] % values


def _no_low(reason: Reason) -> str:
    if reason.params.get("side_pot"):
        sentence = gettext(
            "Nobody in this side pot has a qualifying low (five different ranks, eight or "
            "lower), so %(seats)s with the best high hand wins all of it."
        )
    else:
        sentence = gettext(
            "Nobody has a qualifying low (five different ranks, eight or lower), so %(seats)s "
            "with the best high hand wins the whole pot."
        )
    return sentence % fields(reason)


SENTENCES: dict[str, Sentence] = {
    "rake_taken": fixed(
        lambda: gettext("The house takes %(amount)s rake before the pot is split.")
    ),
    "main_pot": _side_pot,
    "side_pot": _side_pot,
    # One folded seat or several: Finnish says "hän" or "he" (the English "they" hides it).
    "folded_not_eligible": lambda reason: (
        ngettext(
            "%(seats)s folded: his chips stay in the pot, but he cannot win it.",
            "%(seats)s folded: their chips stay in the pot, but they cannot win it.",
            len(reason.seats),
        )
        % fields(reason)
    ),
    "all_in_not_eligible": lambda reason: (
        ngettext(
            "%(seats)s is all-in for less and cannot win this pot.",
            "%(seats)s are all-in for less and cannot win this pot.",
            len(reason.seats),
        )
        % fields(reason)
    ),
    "dead_money": fixed(
        lambda: gettext(
            "Chips from folded players that no live player matched stay in the pot as dead money."
        )
    ),
    "uncontested": fixed(
        lambda: gettext(
            "Only %(seat)s is left in this pot and takes %(amount)s without a showdown."
        )
    ),
    "uncalled_returned": fixed(
        lambda: gettext("Nobody matched the last %(amount)s, so it goes back to %(seat)s.")
    ),
    "best_high": lambda reason: (
        gettext("%(seats)s tie for the best high hand, %(category)s.") % fields(reason)
        if len(reason.seats) > 1
        else ngettext(
            "%(seats)s has the best high hand, %(category)s: %(cards)s.",
            "%(seats)s have the best high hand, %(category)s: %(cards)s.",
            len(reason.seats),
        )
        % fields(reason)
    ),
    "best_low": lambda reason: (
        # Tied hands hold different suits: name the value they share, not one seat's cards.
        gettext("%(seats)s tie for the best low hand, %(value)s.")
        % (fields(reason) | {"value": words.rank_run(reason.cards)})
        if len(reason.seats) > 1
        else ngettext(
            "%(seats)s has the best low hand: %(cards)s.",
            "%(seats)s have the best low hand: %(cards)s.",
            len(reason.seats),
        )
        % fields(reason)
    ),
    "high_tie_split": lambda reason: _tie_split(reason, "high"),
    "low_tie_split": lambda reason: _tie_split(reason, "low"),
    "halves": fixed(
        lambda: gettext(
            "The pot is split in two: %(amount)s for the best high hand, %(amount2)s for the "
            "best low."
        )
    ),
    "scoop": fixed(lambda: gettext("%(seats)s wins both halves and scoops %(amount)s.")),
    "no_qualifying_low": _no_low,
    "identical_hands_split_whole": fixed(
        lambda: gettext(
            "The same players tie for both high and low, so they split the whole pot evenly."
        )
    ),
    "odd_chip_to_high": fixed(
        lambda: gettext("The pot does not halve evenly: the odd chip goes to the high half.")
    ),
    "odd_chip_highest_card": _odd_chip,
    "odd_chip_lowest_card": _odd_chip,
    "odd_chip_high_card_five": _odd_chip,
    "odd_chip_position": _odd_chip,
}
