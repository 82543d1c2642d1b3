"""What the learner got wrong, in one sentence: shared by the kinds' ``mistake()`` methods.

Each kind's ``mistake(question, given)`` (``QuizKind.mistake``) compares the learner's answer with
the engine's and says, in the reader's language, where this answer went wrong ("Your 9-6-5-3-2
loses to 8-7-6-5-4: compare the highest card first"). The feedback shows it under the verdict;
the full "Why" (the engine's reasons as sentences) stays one tap away.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, ngettext

from core import words
from core.numerals import counts
from practice.kinds._five_cards import CardPick
from rules.engine import Card, best_high, best_low

__all__ = ["high_ranks", "low_ranks", "pick_mistake"]


def _symbol(card: Card) -> str:
    symbol = card.rank.symbol
    return "10" if symbol == "T" else symbol


def low_ranks(cards: Sequence[Card]) -> str:
    """A low as players say it, the highest card first: "8-7-6-5-4" (the ace is low)."""
    ordered = sorted(cards, key=lambda card: -card.rank.low_value)
    return "-".join(_symbol(card) for card in ordered)


def high_ranks(cards: Sequence[Card]) -> str:
    """A high hand's ranks, the cards that count most first: "K-K-9-7-4"."""
    ordered = best_high(cards).cards if len(cards) == 5 else tuple(cards)
    return "-".join(_symbol(card) for card in ordered)


def _count_problem(pick: CardPick) -> str | None:
    """What is wrong with the shape of a pick (both boxes, not five cards), if anything."""
    if pick.no_low and pick.cards:
        return gettext("Tick either five cards or “no low”, not both.")
    if not pick.no_low and len(pick.cards) != 5:
        return ngettext(
            "You ticked one card; a hand is exactly five cards.",
            "You ticked %(count_words)s cards; a hand is exactly five cards.",
            len(pick.cards),
        ) % counts(count=len(pick.cards))
    return None


def _low_ranks_held(cards: Sequence[Card], qualifier: int) -> int:
    return len({card.rank.low_value for card in cards if card.rank.low_value <= qualifier})


def pick_mistake(
    pick: CardPick,
    *,
    seven: Sequence[Card],
    answer: Sequence[Card] | None,
    qualifier: int | None,
    low: bool,
) -> str:
    """The mistake in a pick of five cards from seven, for a high or a low hand."""
    shape = _count_problem(pick)
    if shape:
        return shape
    if pick.no_low:
        assert answer is not None
        return gettext("These cards do make a low: %(low)s.") % {"low": low_ranks(answer)}
    if answer is None:
        held = _low_ranks_held(seven, qualifier or 8)
        if not held:
            return gettext(
                "There is no low here: none of these seven cards is eight or lower, and a low "
                "needs five different ranks."
            )
        return ngettext(
            "There is no low here: these seven cards hold only one rank of eight or lower, "
            "and a low needs five different ranks.",
            "There is no low here: these seven cards hold only %(count_words)s different ranks "
            "of eight or lower, and a low needs five.",
            held,
        ) % counts(count=held)
    if not low:
        mine, best = best_high(pick.cards), best_high(answer)
        if mine.category != best.category:
            return gettext(
                "Your five cards make %(mine)s, but these seven make %(best)s: look for the "
                "strongest kind of hand first."
            ) % {
                "mine": words.category_name(str(mine.category)),
                "best": words.category_name(str(best.category)),
            }
        return gettext(
            "Your %(mine)s loses to %(best)s: the same kind of hand, so compare the cards "
            "one by one from the one that counts most."
        ) % {"mine": high_ranks(pick.cards), "best": high_ranks(answer)}
    mine_low = best_low(pick.cards, qualifier=qualifier)
    if mine_low is None:
        return gettext(
            "Your %(mine)s is not an eight-or-better low: a low needs five different ranks of "
            "eight or lower. The best low here is %(best)s."
        ) % {"mine": low_ranks(pick.cards), "best": low_ranks(answer)}
    paired = len({card.rank for card in pick.cards}) < 5
    best_paired = len({card.rank for card in answer}) < 5
    if paired and not best_paired:
        return gettext(
            "Your %(mine)s holds a pair, and a pair counts against a low: %(best)s has none."
        ) % {"mine": low_ranks(pick.cards), "best": low_ranks(answer)}
    return gettext("Your %(mine)s loses to %(best)s: compare the highest card first.") % {
        "mine": low_ranks(pick.cards),
        "best": low_ranks(answer),
    }
