"""Does it qualify? Seven stud/8 cards: pick the eight-or-better low, or say there is none
(R-LOW-3, R-LOW-4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from practice.kinds._five_cards import (
    HIGH_RANKS,
    LOW_RANKS,
    CardPick,
    deal_ranks,
    describe_pick,
    near_the_line,
    pick_is_right,
    read_pick,
    say_cards,
)
from practice.kinds._mistakes import pick_mistake
from practice.quiz import Level, Question, QuestionId, QuizKind
from rules.engine import DECK, Card, Game, Reason, best_low, low_key

_QUALIFIER = 8


def low_reasons(cards: Sequence[Card], low: Sequence[Card] | None) -> tuple[Reason, ...]:
    """Why these seven cards make this eight-or-better low, or none (R-LOW-3, R-LOW-4)."""
    if low is None:
        lows: dict[int, Card] = {}
        for card in sorted(cards, key=lambda c: c.rank.low_value):
            if card.rank.low_value <= _QUALIFIER:
                lows.setdefault(card.rank.low_value, card)
        return (
            Reason(
                "R-LOW-3", "too_few_low_ranks", cards=tuple(lows.values()), amounts=(len(lows),)
            ),
        )
    return (
        Reason("R-LOW-3", "low_qualifies", cards=tuple(low)),
        Reason("R-LOW-4", "low_chosen_separately"),
    )


def _easy(rng: random.Random) -> list[Card]:
    """Clearly yes (six low ranks) or clearly no (three low ranks)."""
    if rng.random() < 0.5:
        return deal_ranks(rng, [*rng.sample(LOW_RANKS, 6), rng.choice(HIGH_RANKS)])
    highs = rng.sample([rank for rank in HIGH_RANKS for _copy in range(4)], 4)
    return deal_ranks(rng, [*rng.sample(LOW_RANKS, 3), *highs])


def _normal(rng: random.Random) -> list[Card]:
    """Any seven cards; about half of the questions have a low."""
    wanted = rng.random() < 0.5
    while True:
        cards = rng.sample(DECK, 7)
        if (low_key(cards, qualifier=_QUALIFIER) is not None) is wanted:
            return cards


class Qualify(QuizKind):
    slug = "qualify"
    games = (Game.STUD8,)
    title = _("Does it qualify?")
    summary = _("Find the eight-or-better low in seven cards, or see that there is none.")
    rule_step = "low-hands/eight-or-better/qualifier"

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        if qid.level is Level.EASY:
            cards = _easy(rng)
        elif qid.level is Level.NORMAL:
            cards = _normal(rng)
        else:
            cards = near_the_line(rng)
        low = best_low(cards, qualifier=_QUALIFIER)
        return Question(
            qid=qid,
            data={
                "cards": tuple(cards),
                "qualifier": _QUALIFIER,
                "key": None if low is None else low.key,
            },
            answer=None if low is None else low.cards,
            reasons=low_reasons(cards, None if low is None else low.cards),
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        return read_pick(question, data, no_low=True)

    def is_correct(self, question: Question, given: Any) -> bool:
        return pick_is_right(
            given, question.data["key"], lambda five: low_key(five, qualifier=_QUALIFIER)
        )

    def prompt(self, question: Question) -> str:
        return gettext(
            "Tick the five cards of the eight-or-better low in these seven cards, "
            "or “no low” if they make none."
        )

    def describe_answer(self, question: Question) -> str:
        if question.answer is None:
            return gettext("No low qualifies: a low needs five different ranks of eight or lower.")
        return gettext("The low qualifies: %(cards)s.") % {"cards": say_cards(question.answer)}

    def describe_given(self, question: Question, given: Any) -> str:
        assert isinstance(given, CardPick)
        return describe_pick(given, _what_low_it_makes)

    def mistake(self, question: Question, given: Any) -> str:
        """Where the learner's pick falls short of the eight-or-better low (or of "no low")."""
        return pick_mistake(
            given,
            seven=question.data["cards"],
            answer=question.answer,
            qualifier=_QUALIFIER,
            low=True,
        )


def _what_low_it_makes(five: Sequence[Card]) -> str:
    if low_key(five, qualifier=_QUALIFIER) is None:
        return gettext("not a qualifying low")
    return gettext("a qualifying low")
