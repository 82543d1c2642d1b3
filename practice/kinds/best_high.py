"""Best high hand: pick the five cards that make the best high hand from seven (R-RANK-1,
R-DECK-1)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._five_cards import (
    CardPick,
    deal_ranks,
    describe_pick,
    pick_is_right,
    read_pick,
    say_cards,
)
from practice.kinds._mistakes import pick_mistake
from practice.quiz import Level, Question, QuestionId, QuizKind
from rules.engine import DECK, Card, Game, HighCategory, Rank, Reason, Suit, best_high, high_key

_RANKS = tuple(Rank)
#: Ranks in straight order, the ace at both ends (it plays low only in the wheel).
_STRAIGHT_ORDER = (Rank.ACE, *_RANKS)


def _restricted(rng: random.Random, *, ranks: int, suits: int) -> list[Card]:
    """Seven cards from a few neighbouring ranks and suits: straights, flushes and full
    houses come up often."""
    start = rng.randrange(len(_STRAIGHT_ORDER) - ranks + 1)
    window = set(_STRAIGHT_ORDER[start : start + ranks])
    colours = set(rng.sample(list(Suit), suits))
    pool = [card for card in DECK if card.rank in window and card.suit in colours]
    return rng.sample(pool, 7)


def _hard(rng: random.Random) -> list[Card]:
    """Seven cards where the best five take some care to find (R-RANK-1)."""
    pattern = rng.randrange(8)
    if pattern == 0:  # three pairs: the best two pairs, then the best kicker
        a, b, c, d = rng.sample(_RANKS, 4)
        return deal_ranks(rng, [a, a, b, b, c, c, d])
    if pattern == 1:  # two sets of trips make a full house
        a, b, c = rng.sample(_RANKS, 3)
        return deal_ranks(rng, [a, a, a, b, b, b, c])
    if pattern == 2:  # trips and two pairs: the higher pair fills the house
        a, b, c = rng.sample(_RANKS, 3)
        return deal_ranks(rng, [a, a, a, b, b, c, c])
    if pattern == 3:  # a six-card straight: the top five
        start = rng.randrange(len(_STRAIGHT_ORDER) - 5)
        return deal_ranks(rng, [*_STRAIGHT_ORDER[start : start + 6], rng.choice(_RANKS)])
    if pattern == 4:  # the wheel, the ace playing low (Q24, Q25)
        extra = rng.choices(
            (Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING), k=2
        )
        return deal_ranks(rng, [Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, *extra])
    if pattern == 5:  # six cards of a suit: the five highest of them (or a straight flush)
        suit = rng.choice(list(Suit))
        suited = [Card(rank, suit) for rank in rng.sample(_RANKS, 6)]
        other = rng.choice([card for card in DECK if card.suit is not suit])
        cards = [*suited, other]
        rng.shuffle(cards)
        return cards
    if pattern == 6:  # four of a kind: the best kicker of the other three
        a, b, c = rng.sample(_RANKS, 3)
        return deal_ranks(rng, [a, a, a, a, b, b, c])
    while True:  # a straight and a flush in the same seven cards
        cards = _restricted(rng, ranks=7, suits=2)
        if best_high(cards).category.strength >= HighCategory.STRAIGHT.strength:
            return cards


def _cards(rng: random.Random, level: Level) -> list[Card]:
    if level is Level.EASY:  # any seven cards that make at least a pair
        while True:
            cards = rng.sample(DECK, 7)
            if high_key(cards) >> 20:
                return cards
    if level is Level.NORMAL:
        return _restricted(rng, ranks=9, suits=3)
    return _hard(rng)


class BestHigh(QuizKind):
    slug = "best-high"
    games = (Game.STUD, Game.STUD8)
    title = _("Best high hand")
    summary = _("Pick the five cards that make the best high hand out of seven.")
    rule_step = "hand-rankings/seven-cards/best-five-of-seven"

    def generate(self, qid: QuestionId) -> Question:
        cards = _cards(qid.rng, qid.level)
        hand = best_high(cards)
        category = str(hand.category)
        return Question(
            qid=qid,
            data={"cards": tuple(cards), "key": hand.key, "category": category},
            answer=hand.cards,
            reasons=(
                Reason("R-DECK-1", "best_five_of_seven", cards=hand.cards),
                Reason(
                    "R-RANK-1", "best_high_hand", cards=hand.cards, params={"category": category}
                ),
            ),
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        return read_pick(question, data)

    def is_correct(self, question: Question, given: Any) -> bool:
        return pick_is_right(given, question.data["key"], high_key)

    def prompt(self, question: Question) -> str:
        return gettext("Tick the five cards that make the best high hand.")

    def describe_answer(self, question: Question) -> str:
        return gettext("The best high hand is %(category)s: %(cards)s.") % {
            "category": words.category_name(question.data["category"]),
            "cards": say_cards(question.answer),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        assert isinstance(given, CardPick)
        return describe_pick(given, lambda five: words.category_name(str(best_high(five).category)))

    def mistake(self, question: Question, given: Any) -> str:
        """Where the learner's five cards fall short of the best high hand."""
        return pick_mistake(
            given, seven=question.data["cards"], answer=question.answer, qualifier=None, low=False
        )
