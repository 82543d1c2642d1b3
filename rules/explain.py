"""Engine reasons as sentences in the reader's language: the one place that does it.

Each reason code the engine defines has one translatable sentence, filled from the reason's
seats, cards, amounts and params, and a link to the rule step that teaches the reason's rule.
``explain_reasons(reasons, *, game)`` is the API the rule pages and the quizzes share.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext, pgettext

from core import words
from rules.engine import Reason
from rules.rendering import rule_target

__all__ = [
    "Explanation",
    "engine_reason_codes",
    "explain_reason",
    "explain_reasons",
]


@dataclass(frozen=True, slots=True)
class Explanation:
    """One reason as a sentence, with the rule id and the step that teaches it.

    The step's URL and title are looked up when a template asks for them, from the request's
    content index (``rules.rendering.rule_target``): building a sentence needs no database."""

    rule: str
    code: str
    text: str
    game: str | None = None

    @property
    def url(self) -> str | None:
        target = rule_target(self.rule, game=self.game)
        return target[0] if target else None

    @property
    def step_title(self) -> str | None:
        target = rule_target(self.rule, game=self.game)
        return target[1] if target else None


# --------------------------------------------------------------------------------------------
# Pieces of sentences


# --------------------------------------------------------------------------------------------
# One sentence per reason code


def _fields(reason: Reason) -> dict[str, str]:
    """Everything a sentence may mention, formatted for the active language."""
    seats, cards, amounts, params = reason.seats, reason.cards, reason.amounts, reason.params
    fields = {
        "seat": words.seat_name(seats[0]) if seats else "",
        "other_seat": words.seat_name(seats[1]) if len(seats) > 1 else "",
        "seats": words.seat_list(seats),
        "card": words.card_name(cards[0]) if cards else "",
        "cards": words.card_list(cards),
        "amount": words.amount(amounts[0]) if amounts else "",
        "amount2": words.amount(amounts[1]) if len(amounts) > 1 else "",
        "count": str(amounts[0]) if amounts else "",
        "count2": str(amounts[1]) if len(amounts) > 1 else "",
        "count3": str(amounts[2]) if len(amounts) > 2 else "",
        "street": words.street_name(params.get("street", "")),
        "game": words.game_name(params.get("game", "")),
        "profile": words.profile_name(params.get("profile", "")),
        "category": words.category_name(params.get("category", "")),
        "other_category": words.category_name(params.get("other_category", "")),
        "max_raises": str(params.get("max_raises", "")),
        "players": str(params.get("players", "")),
        "number": str(int(str(params.get("index", 0))) + 1 if "index" in params else ""),
    }
    return fields


def _s(sentence: Callable[[], str]) -> Callable[[Reason], str]:
    return lambda reason: sentence() % _fields(reason)


def _n(sentence: Callable[[int], str], *, amount: int = 0) -> Callable[[Reason], str]:
    """A sentence whose plural form follows ``reason.amounts[amount]``."""
    return lambda reason: sentence(int(reason.amounts[amount])) % _fields(reason)


def _raises_left(reason: Reason) -> str:
    left = reason.amounts[0] if reason.amounts else 0
    return ngettext(
        "One more raise is allowed this round (a bet and %(max_raises)s raises in all).",
        "%(count)s more raises are allowed this round (a bet and %(max_raises)s raises in all).",
        left,
    ) % _fields(reason)


def _side_pot(reason: Reason) -> str:
    if reason.code == "main_pot":
        return gettext("The main pot is %(amount)s; %(seats)s can win it.") % _fields(reason)
    # Pot index 0 is the main pot, so index 1 is the first side pot.
    fields = _fields(reason) | {"number": str(reason.params.get("index", 1))}
    return gettext("Side pot %(number)s is %(amount)s; only %(seats)s can win it.") % fields


def _odd_chip(reason: Reason) -> str:
    fields = _fields(reason)
    half = reason.params.get("half")
    if not reason.params.get("halves", half in ("high", "low")):
        # Razz, stud and a stud/8 scoop have no halves: the whole pot goes to the winner(s).
        return _odd_chip_whole_pot(reason, fields)
    fields["half"] = (
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
    return sentences[reason.code] % fields


def _odd_chip_whole_pot(reason: Reason, fields: dict[str, str]) -> str:
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
    return sentences[reason.code] % fields


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
    return sentence % _fields(reason)


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
    return sentence % _fields(reason)


#: Reason codes the quizzes give about the situations they build (``tutorials.kinds``), beside
#: the engine's own codes.
QUIZ_REASON_CODES = frozenset(
    {
        "best_five_of_seven",
        "best_high_hand",
        "low_qualifies",
        "too_few_low_ranks",
        "low_chosen_separately",
        "best_razz_low",
        "pairs_count_against_low",
        "lows_compared_top_down",
        "no_bet_to_call",
        "statement_rule",
        "facing_bet_no_check",
    }
)

SENTENCES: Mapping[str, Callable[[Reason], str]] = {
    # Bring-in (rules.engine.forced.BringInCode)
    "lowest_door_card": _s(
        lambda: gettext("%(seat)s has the lowest door card, the %(card)s, and brings in.")
    ),
    "ace_counts_high": lambda reason: (
        ngettext(
            "For the bring-in the ace counts high, so the %(cards)s is never the low card.",
            "For the bring-in the ace counts high, so the %(cards)s are never the low card.",
            len(reason.cards),
        )
        % _fields(reason)
    ),
    "highest_door_card": _s(
        lambda: gettext("%(seat)s has the highest door card, the %(card)s, and brings in.")
    ),
    "ace_counts_low": lambda reason: (
        ngettext(
            "In razz the ace counts low, so the %(cards)s is a low card, not a high one.",
            "In razz the ace counts low, so the %(cards)s are low cards, not high ones.",
            len(reason.cards),
        )
        % _fields(reason)
    ),
    "suit_breaks_tie": _s(
        lambda: gettext(
            "%(seats)s show the same rank (%(cards)s), so the suit decides: clubs are lowest, "
            "then diamonds, hearts and spades."
        )
    ),
    "low_card_all_in_for_ante": _s(
        lambda: gettext("%(seat)s is all-in for the ante and does not bring in.")
    ),
    "next_player_may_fold": _s(
        lambda: gettext(
            "%(seat)s, the next player to the left, acts first: he may bring in, complete or "
            "fold, but not check."
        )
    ),
    "next_player_must_bring_in": _s(
        lambda: gettext(
            "%(seat)s, the next player to the left, acts first and must bring in or complete."
        )
    ),
    # First to act (rules.engine.order.ActCode)
    "best_high_board": lambda reason: (
        (
            gettext("%(seat)s has the best board showing, %(cards)s (%(category)s).")
            if reason.params.get("all_in")
            else gettext(
                "%(seat)s has the best board showing, %(cards)s (%(category)s), and acts first."
            )
        )
        % _fields(reason)
    ),
    "best_low_board": lambda reason: (
        (
            gettext("%(seat)s has the lowest board showing, %(cards)s (%(category)s).")
            if reason.params.get("all_in")
            else gettext(
                "%(seat)s has the lowest board showing, %(cards)s (%(category)s), and acts first."
            )
        )
        % _fields(reason)
    ),
    "high_board_in_stud8": _s(
        lambda: gettext(
            "In Stud Hi/Lo the high board acts first, even though half the pot goes low."
        )
    ),
    "beats_board": _s(
        lambda: gettext(
            "%(seat)s's board (%(category)s) beats the next best board, %(other_seat)s's "
            "%(cards)s (%(other_category)s)."
        )
    ),
    "straights_flushes_do_not_count": _s(
        lambda: gettext(
            "Straights and flushes do not count on the board: the upcards of %(seats)s count "
            "only as high cards."
        )
    ),
    "tie_broken_by_position": _s(
        lambda: gettext(
            "%(seats)s show equal boards; the first of them in position (dealt first) acts first."
        )
    ),
    "tie_broken_by_high_card": _s(
        lambda: gettext(
            "%(seats)s show equal boards; the board with the highest card by suit, the "
            "%(card)s, acts first."
        )
    ),
    "best_board_all_in": _s(
        lambda: gettext(
            "%(seat)s has the best board but is all-in, so the action passes him as if he "
            "had checked."
        )
    ),
    "next_player_acts": _s(
        lambda: gettext("%(seat)s is the next live player clockwise and acts first.")
    ),
    "community_card_plays": _s(
        lambda: gettext(
            "The community card, the %(card)s, plays in every hand, so the best board with it "
            "acts first."
        )
    ),
    "sixth_street_opener_acts": _s(
        lambda: gettext(
            "The community card, the %(card)s, changes nothing: whoever acted first on sixth "
            "street acts first on seventh."
        )
    ),
    # Showdown order (rules.engine.order.ShowdownCode)
    "last_aggressor_shows_first": _s(
        lambda: gettext("%(seat)s made the last bet or raise on seventh street and shows first.")
    ),
    "first_to_act_shows_first": _s(
        lambda: gettext("Nobody bet on seventh street, so %(seat)s, who acts first, shows first.")
    ),
    "then_clockwise": _s(lambda: gettext("The hands are shown in this order: %(seats)s.")),
    "side_pot_shows_before_all_in": _s(
        lambda: gettext(
            "The players in the side pot show before %(seats)s, who is all-in and only in an "
            "earlier pot."
        )
    ),
    # Betting (rules.engine.betting.BetReason)
    "small_bet_street": _s(
        lambda: gettext("On %(street)s bets and raises are the small bet, %(amount)s.")
    ),
    "big_bet_street": _s(
        lambda: gettext("On %(street)s bets and raises are the big bet, %(amount)s.")
    ),
    "open_pair_option": _s(
        lambda: gettext(
            "An open pair shows on fourth street, so any player may bet or raise either "
            "%(amount)s or %(amount2)s."
        )
    ),
    "open_pair_big_made": _s(
        lambda: gettext("After a big bet on fourth street every raise is the big bet, %(amount)s.")
    ),
    "open_pair_not_in_game": _s(
        lambda: gettext(
            "An open pair changes nothing in %(game)s: fourth street stays at the small bet."
        )
    ),
    "open_pair_not_in_profile": _s(
        lambda: gettext(
            "Under %(profile)s an open pair on fourth street does not allow the big bet."
        )
    ),
    "bring_in_forced": _s(
        lambda: gettext(
            "%(seat)s must post the bring-in of %(amount)s or complete; he may not check."
        )
    ),
    "bring_in_all_in_for_less": _s(
        lambda: gettext(
            "%(seat)s has only %(amount)s and brings in for less than the full %(amount2)s."
        )
    ),
    "completion_is_the_bet": _s(
        lambda: gettext("Completing to %(amount)s is the opening bet, not a raise.")
    ),
    "facing_bring_in": _s(
        lambda: gettext("%(seat)s faces the bring-in of %(amount)s: fold, call it or complete.")
    ),
    "full_bring_in_to_call": _s(
        lambda: gettext(
            "%(seat)s brought in short with %(amount)s, but the others must still call the full "
            "bring-in of %(amount2)s."
        )
    ),
    "no_bring_in_option": _s(
        lambda: gettext(
            "Everyone just called the bring-in, so third street is over: the bring-in gets no "
            "option to raise."
        )
    ),
    "low_card_all_in_next_opens": _s(
        lambda: gettext("The low card is all-in for the ante, so %(seat)s opens instead.")
    ),
    "next_opener_may_fold": _s(lambda: gettext("%(seat)s may also fold instead.")),
    "next_opener_must_open": _s(
        lambda: gettext("%(seat)s must bring in or complete; he may not fold.")
    ),
    "raises_left": _raises_left,
    "cap_reached": _s(
        lambda: gettext(
            "The betting is capped: a bet and %(max_raises)s raises have been made, so no one "
            "may raise again."
        )
    ),
    "heads_up_uncapped": _s(
        lambda: gettext("Only two players are left, so the cap no longer applies.")
    ),
    "heads_up_still_capped": _s(
        lambda: gettext("Even with only two players left, the cap still applies under these rules.")
    ),
    "call_all_in_for_less": _s(lambda: gettext("%(seat)s calls all-in for %(amount)s.")),
    "raise_all_in_for_less": _s(
        lambda: gettext("%(seat)s can only go all-in to %(amount)s, short of a full raise.")
    ),
    "short_all_in_not_reopened": _s(
        lambda: gettext(
            "The all-in was less than half a bet and does not reopen the betting: %(seat)s may "
            "only call or fold."
        )
    ),
    "short_all_in_may_complete": _s(
        lambda: gettext("%(seat)s may complete the short all-in bet to %(amount2)s.")
    ),
    "all_in_counts_as_full": _s(
        lambda: gettext(
            "An all-in of half a bet or more counts as a full bet and reopens the betting."
        )
    ),
    "wrong_bring_in_corrected": _s(
        lambda: gettext(
            "%(seat)s was named low by mistake and takes back %(amount)s; %(other_seat)s, the "
            "true low card, brings in instead."
        )
    ),
    "wrong_bring_in_stands": _s(
        lambda: gettext(
            "The next player has already acted, so the bring-in of %(seat)s stands and "
            "%(other_seat)s owes nothing."
        )
    ),
    "corrected_must_bring_in": _s(
        lambda: gettext("%(seat)s, the true low card, must post the bring-in.")
    ),
    "corrected_may_complete": _s(
        lambda: gettext("%(seat)s, the true low card, may post the bring-in or complete.")
    ),
    "premature_card_no_raise": _s(
        lambda: gettext(
            "%(seat)s kept a card dealt too early, so he may check or call on this street but "
            "not bet or raise."
        )
    ),
    # Pots (rules.engine.pots.PotReason)
    "rake_taken": _s(lambda: gettext("The house takes %(amount)s rake before the pot is split.")),
    "main_pot": _side_pot,
    "side_pot": _side_pot,
    "folded_not_eligible": _s(
        lambda: gettext("%(seats)s folded: their chips stay in the pot, but they cannot win it.")
    ),
    "all_in_not_eligible": lambda reason: (
        ngettext(
            "%(seats)s is all-in for less and cannot win this pot.",
            "%(seats)s are all-in for less and cannot win this pot.",
            len(reason.seats),
        )
        % _fields(reason)
    ),
    "dead_money": _s(
        lambda: gettext(
            "Chips from folded players that no live player matched stay in the pot as dead money."
        )
    ),
    "uncontested": _s(
        lambda: gettext(
            "Only %(seat)s is left in this pot and takes %(amount)s without a showdown."
        )
    ),
    "uncalled_returned": _s(
        lambda: gettext("Nobody matched the last %(amount)s, so it goes back to %(seat)s.")
    ),
    "best_high": lambda reason: (
        gettext("%(seats)s tie for the best high hand, %(category)s.") % _fields(reason)
        if len(reason.seats) > 1
        else ngettext(
            "%(seats)s has the best high hand, %(category)s: %(cards)s.",
            "%(seats)s have the best high hand, %(category)s: %(cards)s.",
            len(reason.seats),
        )
        % _fields(reason)
    ),
    "best_low": lambda reason: (
        # Tied hands hold different suits: name the value they share, not one seat's cards.
        gettext("%(seats)s tie for the best low hand, %(value)s.")
        % (_fields(reason) | {"value": "-".join(card.rank.symbol for card in reason.cards)})
        if len(reason.seats) > 1
        else ngettext(
            "%(seats)s has the best low hand: %(cards)s.",
            "%(seats)s have the best low hand: %(cards)s.",
            len(reason.seats),
        )
        % _fields(reason)
    ),
    "high_tie_split": _s(
        lambda: gettext("%(seats)s tie for high and split %(amount)s, %(amount2)s each.")
    ),
    "low_tie_split": _s(
        lambda: gettext("%(seats)s tie for low and split %(amount)s, %(amount2)s each.")
    ),
    "halves": _s(
        lambda: gettext(
            "The pot is split in two: %(amount)s for the best high hand, %(amount2)s for the "
            "best low."
        )
    ),
    "scoop": _s(lambda: gettext("%(seats)s wins both halves and scoops %(amount)s.")),
    "no_qualifying_low": _no_low,
    "identical_hands_split_whole": _s(
        lambda: gettext(
            "The same players tie for both high and low, so they split the whole pot evenly."
        )
    ),
    "odd_chip_to_high": _s(
        lambda: gettext("The pot does not halve evenly: the odd chip goes to the high half.")
    ),
    "odd_chip_highest_card": _odd_chip,
    "odd_chip_lowest_card": _odd_chip,
    "odd_chip_high_card_five": _odd_chip,
    "odd_chip_position": _odd_chip,
    # Running out of cards (rules.engine.deck.DeckReason)
    "card_count": _n(
        lambda n: ngettext(
            "%(count)s cards have been dealt and %(count2)s burned, so %(count3)s card is left "
            "before seventh street.",
            "%(count)s cards have been dealt and %(count2)s burned, so %(count3)s are left "
            "before seventh street.",
            n,
        ),
        amount=2,
    ),
    "enough_cards": _n(
        lambda n: ngettext(
            "%(count)s card is left and %(count2)s are needed for %(players)s players: a "
            "normal deal.",
            "%(count)s cards are left and %(count2)s are needed for %(players)s players: a "
            "normal deal.",
            n,
        )
    ),
    "tda_reuse_burns": _n(
        lambda n: ngettext(
            "Only %(count)s card is left and %(count2)s are needed: the burn cards are added, "
            "scrambled and cut, and everyone gets a card.",
            "Only %(count)s cards are left and %(count2)s are needed: the burn cards are added, "
            "scrambled and cut, and everyone gets a card.",
            n,
        )
    ),
    "tda_community_card": _n(
        lambda n: ngettext(
            "Only %(count)s card is left and %(count2)s are needed, too few even with the "
            "burns: the dealer burns one card and turns a single community card face up.",
            "Only %(count)s cards are left and %(count2)s are needed, too few even with the "
            "burns: the dealer burns one card and turns a single community card face up.",
            n,
        )
    ),
    "tda_community_after_reshuffle": _n(
        lambda n: ngettext(
            "Only %(count)s card is left: it is scrambled with the burn cards, then the "
            "dealer burns one and turns a single community card face up.",
            "Only %(count)s cards are left: they are scrambled with the burn cards, then the "
            "dealer burns one and turns a single community card face up.",
            n,
        )
    ),
    "rr_last_card_with_burns": _n(
        lambda n: ngettext(
            "Only %(count)s card is left for %(players)s players: the dealer mixes it with the "
            "burn cards, scrambles, cuts, burns and finishes the deal.",
            "Only %(count)s cards are left for %(players)s players: the dealer deals all but "
            "the last card, mixes it with the burn cards, scrambles, cuts, burns and finishes "
            "the deal.",
            n,
        )
    ),
    "rr_no_reburn": _s(
        lambda: gettext(
            "There are too few cards to burn again, so the deal goes on without a burn."
        )
    ),
    "rr_community_card": _n(
        lambda n: ngettext(
            "Only %(count)s card is left for %(players)s players, too few even with the burns: "
            "a single community card is turned face up in the middle.",
            "Only %(count)s cards are left for %(players)s players, too few even with the burns: "
            "a single community card is turned face up in the middle.",
            n,
        )
    ),
    "opener_high_with_community": _s(
        lambda: gettext(
            "The player whose board is best together with the community card acts first on "
            "seventh street."
        )
    ),
    "opener_sixth_street": _s(
        lambda: gettext(
            "The player who acted first on sixth street also acts first on seventh street."
        )
    ),
    "premature_keeps_no_raise": _s(
        lambda: gettext(
            "The player keeps the river card he has already looked at, but may not bet or "
            "raise on sixth street."
        )
    ),
    "premature_held_aside": _s(
        lambda: gettext(
            "The cards dealt too early are taken out and held aside; later the right players "
            "get them."
        )
    ),
    "premature_reshuffle": _s(
        lambda: gettext(
            "The cards dealt too early go back into the stub, which is reshuffled; the street "
            "is dealt again without another burn."
        )
    ),
    # The hand state machine (rules.engine.hand.HandReason)
    "ante_posted": _s(
        lambda: gettext("Everyone dealt in posts an ante of %(amount)s before the first card.")
    ),
    "ante_all_in": _s(
        lambda: gettext("%(seats)s put his last chips in as the ante and is all-in.")
    ),
    "dealt_down": _s(lambda: gettext("%(seat)s is dealt a card face down.")),
    "dealt_up": _s(lambda: gettext("%(seat)s is dealt a card face up.")),
    "burned": _s(lambda: gettext("The dealer burns a card before dealing the street.")),
    "community_card": _s(
        lambda: gettext(
            "The deck has run short: the %(card)s is turned face up in the middle as a "
            "community card that plays in every hand."
        )
    ),
    "no_betting_all_in": _s(
        lambda: gettext(
            "Fewer than two players can still bet, so there is no more betting: the cards are "
            "dealt out to the showdown."
        )
    ),
    "everyone_else_folded": _s(
        lambda: gettext("Everyone else folded, so %(seat)s wins the pot without a showdown.")
    ),
    # Reasons the quizzes give about the hand they show (tutorials.kinds)
    "best_five_of_seven": _s(
        lambda: gettext(
            "A hand is the best five of the seven cards: %(cards)s play, the other two do not."
        )
    ),
    "best_high_hand": _s(lambda: gettext("The best high hand is %(category)s: %(cards)s.")),
    "low_qualifies": _s(
        lambda: gettext("%(cards)s is a qualifying low: five different ranks, each eight or lower.")
    ),
    "too_few_low_ranks": lambda reason: (
        ngettext(
            "Only %(count)s rank is eight or lower (%(cards)s); a low needs five different ranks, "
            "so there is no low.",
            "Only %(count)s different ranks are eight or lower (%(cards)s); a low needs five, "
            "so there is no low.",
            reason.amounts[0],
        )
        % _fields(reason)
    ),
    "low_chosen_separately": _s(
        lambda: gettext(
            "The low is chosen on its own from any five of the seven cards, whether or not "
            "they also play for high."
        )
    ),
    "best_razz_low": _s(
        lambda: gettext("Razz has no qualifier: the best low here is %(cards)s (%(category)s).")
    ),
    "pairs_count_against_low": _s(
        lambda: gettext(
            "Pairs count against a low: five different ranks beat any hand with a pair."
        )
    ),
    "lows_compared_top_down": _s(
        lambda: gettext(
            "Lows are compared from the highest card down: the first card that differs "
            "decides, and the lower card wins."
        )
    ),
    "no_bet_to_call": _s(
        lambda: gettext(
            "Nobody has bet yet on %(street)s, so there is nothing to call: %(seat)s may check "
            "or bet."
        )
    ),
    "statement_rule": _s(lambda: gettext("The rule that settles it is explained here:")),
    "facing_bet_no_check": _facing_bet,
    # Irregularities (rules.engine.irregularities.IrregularityReason)
    "exposed_third_card_down": _s(
        lambda: gettext(
            "A hole card turned up by the dealer serves as the door card, and the player's "
            "third card is dealt face down."
        )
    ),
    "exposed_both_dead": _s(
        lambda: gettext(
            "With both hole cards turned up, the hand is dead and the player gets his ante back."
        )
    ),
    "exposed_becomes_upcard": _s(
        lambda: gettext(
            "The exposed card becomes the player's upcard, his third card is dealt face down, "
            "and he may be the bring-in."
        )
    ),
    "exposed_misdeal": _s(
        lambda: gettext("A hole card exposed by the dealer on the first deal causes a misdeal.")
    ),
    "too_many_cards_dead": _s(
        lambda: gettext("A hand with more than seven cards at the showdown is dead.")
    ),
    "seven_cards_live": _s(
        lambda: gettext("All seven cards are on the table, so the hand plays for the pot.")
    ),
    "missing_seventh_may_be_live": _s(
        lambda: gettext(
            "A hand missing only its last card is not dead automatically: the floor may rule "
            "it live."
        )
    ),
    "too_few_cards_dead": _s(lambda: gettext("A hand with too few cards at the showdown is dead.")),
    "six_cards_not_dead": _s(
        lambda: gettext("Under these rules only a hand of fewer than six cards is dead.")
    ),
    "upcards_picked_up_fold": _s(
        lambda: gettext(
            "Picking up or turning down your upcards while facing a bet is a fold: the hand "
            "is dead."
        )
    ),
    "upcards_picked_up_no_effect": _s(
        lambda: gettext(
            "Once the betting is over, picking up your upcards means nothing: the hand stays "
            "live until it is thrown away."
        )
    ),
}


def _generic(reason: Reason) -> str:
    return gettext("Rule %(rule)s applies.") % {"rule": reason.rule}


def explain_reason(reason: Reason, *, game: str | None = None) -> Explanation:
    """One reason as a sentence in the active language, with the step teaching its rule."""
    sentence = SENTENCES.get(reason.code, _generic)
    try:
        text = sentence(reason)
    except (IndexError, KeyError, TypeError, ValueError):
        text = _generic(reason)
    return Explanation(
        rule=reason.rule, code=reason.code, text=capfirst(text), game=str(game) if game else None
    )


def explain_reasons(reasons: Iterable[Reason], *, game: object = None) -> list[Explanation]:
    """The reasons as sentences in the reader's language, in order, without repeats."""
    seen: set[tuple[object, ...]] = set()
    result = []
    for reason in reasons:
        identity = (reason.rule, reason.code, reason.seats, reason.cards, reason.amounts)
        if identity in seen:
            continue
        seen.add(identity)
        result.append(explain_reason(reason, game=str(game) if game else None))
    return result


def engine_reason_codes() -> dict[str, str]:
    """Every reason code the engine modules define: code -> the enum that defines it.

    Reason-code enums are the ``StrEnum`` classes named ``...Code`` or ``...Reason`` in
    ``rules.engine``'s modules.
    """
    import rules.engine as engine

    codes: dict[str, str] = {}
    for module_info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"rules.engine.{module_info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, StrEnum)
                and value.__module__ == module.__name__
                and (name.endswith("Code") or name.endswith("Reason"))
            ):
                for member in value:
                    codes[member.value] = f"{module.__name__}.{name}"
    return codes
