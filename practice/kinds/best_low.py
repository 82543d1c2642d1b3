"""Best low hand: pick the five cards of the best low from seven (R-LOW-3..5), with the
eight-or-better qualifier in stud/8 and none in razz, where pairs count against a low."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
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
from practice.kinds.qualify import low_reasons
from practice.quiz import Level, Question, QuestionId, QuizKind
from rules.engine import DECK, Card, Game, Rank, Reason, best_low, low_key

#: Every rank, ace first, as ace-to-five low counts them.
_BY_LOW = tuple(sorted(Rank, key=lambda rank: rank.low_value))
_LOW_CARDS = tuple(card for card in DECK if card.rank.low_value <= 8)
_HIGH_CARDS = tuple(card for card in DECK if card.rank.low_value > 8)


def _mixed(rng: random.Random, low_count: int) -> list[Card]:
    """Seven cards of which ``low_count`` are eight or lower."""
    return [*rng.sample(_LOW_CARDS, low_count), *rng.sample(_HIGH_CARDS, 7 - low_count)]


def _stud8_cards(rng: random.Random, level: Level) -> list[Card]:
    if level is Level.EASY:
        if rng.random() < 0.8:  # five or six low ranks and high cards: drop the high ones
            return deal_ranks(rng, [*rng.sample(LOW_RANKS, 6), rng.choice(HIGH_RANKS)])
        return deal_ranks(rng, [*rng.sample(LOW_RANKS, 3), *rng.sample(HIGH_RANKS, 4)])
    if level is Level.NORMAL:
        cards = _mixed(rng, rng.randint(4, 7))
        rng.shuffle(cards)
        return cards
    pattern = rng.randrange(3)
    if pattern == 0:  # six or seven low ranks: keep the five lowest (Q25)
        lows = rng.sample(LOW_RANKS, rng.choice((6, 7)))
        return deal_ranks(rng, [*lows, *rng.sample(HIGH_RANKS, 7 - len(lows))])
    if pattern == 1:  # low pairs among five or six low ranks: each rank once (Q29)
        lows = rng.sample(LOW_RANKS, rng.choice((5, 6)))
        low_end = sorted(lows, key=lambda rank: rank.low_value)[:3]
        return deal_ranks(rng, [*lows, *rng.choices(low_end, k=7 - len(lows))])
    return near_the_line(rng)  # on the line: 8-7-6-5-4, a nine too many, four low ranks


def _razz_cards(rng: random.Random, level: Level) -> list[Card]:
    if level is Level.EASY:  # seven different ranks, mostly low
        return deal_ranks(rng, rng.sample(_BY_LOW[:10], 7))
    if level is Level.NORMAL:
        cards = _mixed(rng, rng.randint(3, 6))
        rng.shuffle(cards)
        return cards
    pattern = rng.randrange(4)
    if pattern == 0:  # three pairs and a card: one pair is forced, keep the lowest pair
        a, b, c, d = rng.sample(_BY_LOW, 4)
        return deal_ranks(rng, [a, a, b, b, c, c, d])
    if pattern == 1:  # trips and trips (or trips and two pairs): two pair at best (Q33)
        a, b, c = rng.sample(_BY_LOW[:6], 3)
        shape = [a, a, a, b, b, b, c] if rng.random() < 0.5 else [a, a, a, b, b, c, c]
        return deal_ranks(rng, shape)
    if pattern == 2:  # low pairs and high cards: no pair beats any pair (Q31)
        a, b = rng.sample(_BY_LOW[:4], 2)
        highs = rng.sample(_BY_LOW[7:], 3)
        return deal_ranks(rng, [a, a, b, b, *highs])
    a, b = rng.sample(_BY_LOW[:5], 2)  # six ranks with a low pair: drop the pair's twin
    others = rng.sample([rank for rank in _BY_LOW if rank not in (a, b)], 4)
    return deal_ranks(rng, [a, a, b, *others])


def razz_reasons(cards: Sequence[Card], low: Sequence[Card], category: str) -> tuple[Reason, ...]:
    """Why this is the best razz low of the seven cards (R-LOW-5)."""
    reasons = [Reason("R-LOW-5", "best_razz_low", cards=tuple(low), params={"category": category})]
    if len({card.rank for card in cards}) < len(cards):
        reasons.append(Reason("R-LOW-5", "pairs_count_against_low"))
    return tuple(reasons)


class BestLow(QuizKind):
    slug = "best-low"
    games = (Game.STUD8, Game.RAZZ)
    title = _("Best low hand")
    summary = _("Pick the five cards that make the best low hand out of seven.")
    rule_step = "low-hands/eight-or-better/low-from-seven-cards"

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        qualifier = qid.game.low_qualifier
        make = _razz_cards if qualifier is None else _stud8_cards
        cards = make(rng, qid.level)
        low = best_low(cards, qualifier=qualifier)
        if low is None:
            reasons = low_reasons(cards, None)
        elif qualifier is None:
            reasons = razz_reasons(cards, low.cards, str(low.category))
        else:
            reasons = low_reasons(cards, low.cards)
        return Question(
            qid=qid,
            data={
                "cards": tuple(cards),
                "qualifier": qualifier,
                "key": None if low is None else low.key,
                "category": None if low is None else str(low.category),
            },
            answer=None if low is None else low.cards,
            reasons=reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        return read_pick(question, data, no_low=question.data["qualifier"] is not None)

    def is_correct(self, question: Question, given: Any) -> bool:
        qualifier = question.data["qualifier"]
        return pick_is_right(
            given, question.data["key"], lambda five: low_key(five, qualifier=qualifier)
        )

    def prompt(self, question: Question) -> str:
        if question.data["qualifier"] is None:
            return gettext("Razz: tick the five cards that make the best low hand.")
        return gettext(
            "Stud Hi/Lo: tick the five cards of the best eight-or-better low, "
            "or “no low” if there is none."
        )

    def describe_answer(self, question: Question) -> str:
        if question.answer is None:
            return gettext("No low qualifies: a low needs five different ranks of eight or lower.")
        if question.data["qualifier"] is None:
            return gettext("The best low is %(cards)s (%(category)s).") % {
                "cards": say_cards(question.answer),
                "category": words.category_name(question.data["category"]),
            }
        return gettext("The best low is %(cards)s.") % {"cards": say_cards(question.answer)}

    def describe_given(self, question: Question, given: Any) -> str:
        assert isinstance(given, CardPick)
        qualifier = question.data["qualifier"]

        def what_it_makes(five: Sequence[Card]) -> str:
            low = best_low(five, qualifier=qualifier)
            if low is None:
                return gettext("not a qualifying low")
            if qualifier is None:
                return words.category_name(str(low.category))
            return gettext("a qualifying low")

        return describe_pick(given, what_it_makes)

    def mistake(self, question: Question, given: Any) -> str:
        """Where the learner's pick falls short of the best low (or of "no low")."""
        return pick_mistake(
            given,
            seven=question.data["cards"],
            answer=question.answer,
            qualifier=question.data["qualifier"],
            low=True,
        )
