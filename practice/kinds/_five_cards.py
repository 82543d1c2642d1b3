"""Shared by the hand-reading quizzes: seven cards, pick the five that play (R-DECK-1)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext

from core.cards import card_name_of
from core.numerals import counts
from core.words import join_and
from practice.quiz import AnswerError, Question
from rules.engine import Card, Rank, Suit, parse_card

__all__ = [
    "HIGH_RANKS",
    "LOW_RANKS",
    "NO_LOW_VALUE",
    "CardPick",
    "deal_ranks",
    "describe_pick",
    "near_the_line",
    "pick_is_right",
    "read_pick",
    "say_cards",
]

#: Ranks that can be part of an eight-or-better low, the ace first (R-LOW-3).
LOW_RANKS: Final = tuple(sorted((r for r in Rank if r.low_value <= 8), key=lambda r: r.low_value))
#: Ranks that never make an eight-or-better low.
HIGH_RANKS: Final = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
#: The form value of the "no low" box.
NO_LOW_VALUE: Final = "yes"


@dataclass(frozen=True, slots=True)
class CardPick:
    """The learner's answer: the cards ticked, and whether "no low" was ticked."""

    cards: tuple[Card, ...]
    no_low: bool = False


def deal_ranks(rng: random.Random, ranks: Sequence[Rank]) -> list[Card]:
    """Cards of the given ranks (a rank at most four times) in random suits, shuffled."""
    cards: list[Card] = []
    for rank in ranks:
        suits = [suit for suit in Suit if Card(rank, suit) not in cards]
        cards.append(Card(rank, rng.choice(suits)))
    rng.shuffle(cards)
    return cards


def near_the_line(rng: random.Random) -> list[Card]:
    """Seven cards close to the eight-or-better line (rules-facts Q28-Q30)."""
    pattern = rng.randrange(5)
    if pattern == 0:  # four low ranks and pairs of them: no low (Q28)
        lows = rng.sample(LOW_RANKS, 4)
        extra = rng.choices([*lows, Rank.NINE], k=3)
    elif pattern == 1:  # five low ranks, one paired: a low, the second card unused (Q29)
        lows = rng.sample(LOW_RANKS, 5)
        extra = [rng.choice(lows), rng.choice([*lows, *HIGH_RANKS])]
    elif pattern == 2:  # the worst low there is, 8-7-6-5-4 (Q30)
        lows = [Rank.EIGHT, Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR]
        extra = rng.choices([Rank.NINE, Rank.TEN, Rank.KING, *lows], k=2)
    elif pattern == 3:  # 9-5-4-3-2 style: a nine where an eight would be needed (Q30)
        lows = [*rng.sample(LOW_RANKS[:6], 4), Rank.NINE]
        extra = rng.choices([*lows, Rank.TEN], k=2)
    else:  # five low ranks, and the eight has to play
        lows = [Rank.EIGHT, *rng.sample(LOW_RANKS[:7], 4)]
        extra = rng.choices([Rank.NINE, *HIGH_RANKS], k=2)
    return deal_ranks(rng, [*lows, *extra])


def _values(data: Mapping[str, Sequence[str]], name: str) -> list[str]:
    values = data.get(name) or []
    return [values] if isinstance(values, str) else list(values)


def read_pick(
    question: Question, data: Mapping[str, Sequence[str]], *, no_low: bool = False
) -> CardPick:
    """The ticked cards (each one of the question's cards, at most once) and the "no low" box
    (only where ``no_low`` is offered); nothing ticked at all is no answer."""
    shown = set(question.data["cards"])
    cards: list[Card] = []
    for text in _values(data, "cards"):
        try:
            card = parse_card(text)
        except ValueError:
            raise AnswerError(f"{text!r} is not a card") from None
        if card not in shown:
            raise AnswerError(f"{text} is not one of the cards shown")
        if card in cards:
            raise AnswerError(f"{text} is ticked twice")
        cards.append(card)
    boxes = _values(data, "no_low")
    if boxes and (not no_low or boxes != [NO_LOW_VALUE]):
        raise AnswerError("the 'no low' box cannot be read")
    if not cards and not boxes:
        raise AnswerError("no card is ticked", user_message=gettext("Tick five cards first."))
    return CardPick(tuple(cards), bool(boxes))


def pick_is_right(
    pick: CardPick, answer_key: int | None, key: Callable[[Sequence[Card]], int | None]
) -> bool:
    """Right if the pick makes the answer's hand: any five cards with the same key will do
    (other suits can make the same hand); "no low" is right only when no low qualifies."""
    if answer_key is None:
        return pick.no_low and not pick.cards
    if pick.no_low or len(pick.cards) != 5:
        return False
    return key(pick.cards) == answer_key


def say_cards(cards: Sequence[Card]) -> str:
    """Card names for a sentence: "ace of spades, king of hearts … and six of clubs"."""
    return join_and([card_name_of(card) for card in cards])


def describe_pick(pick: CardPick, what_it_makes: Callable[[Sequence[Card]], str]) -> str:
    """The learner's pick in brief: "No low", the five cards and what they make, or a count."""
    if pick.no_low and pick.cards:
        return ngettext(
            "“No low”, and one card ticked as well",
            "“No low”, and %(count_words)s cards ticked as well",
            len(pick.cards),
        ) % counts(count=len(pick.cards))
    if pick.no_low:
        return gettext("No low")
    if len(pick.cards) != 5:
        return capfirst(
            ngettext(
                "One card (%(cards)s); a hand is five cards",
                "%(count_words)s cards (%(cards)s); a hand is five cards",
                len(pick.cards),
            )
            % {**counts(count=len(pick.cards)), "cards": say_cards(pick.cards)}
        )
    # Translators: the learner's five cards, then what they make: "…, two of clubs (a flush)".
    return gettext("%(cards)s (%(hand)s)") % {
        "cards": say_cards(pick.cards),
        "hand": what_it_makes(pick.cards),
    }
