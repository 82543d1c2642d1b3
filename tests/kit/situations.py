"""Random pot-splitting situations for the kit's tests: side pots, ties and odd chips on
purpose, each written into a query string the way a reader could type it."""

from __future__ import annotations

import random
from dataclasses import dataclass

from rules.engine import DECK, Card, Game, Rank

__all__ = ["Situation", "situation", "situation_query"]


@dataclass(frozen=True)
class Situation:
    game: Game
    profile: str
    hands: tuple[tuple[Card, ...] | None, ...]  # None for a folded seat
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]
    folded_cards: tuple[tuple[Card, ...], ...]  # what a folded seat's field may still hold


def _take(deck: list[Card], rng: random.Random, rank: int) -> Card | None:
    """A card of ``rank`` (ace as 14) from the deck, or None when all four are gone."""
    pool = [i for i, card in enumerate(deck) if card.rank == rank]
    return deck.pop(rng.choice(pool)) if pool else None


def _twins(rng: random.Random, game: Game, deck: list[Card]) -> list[list[Card]]:
    """Two hands with the same five ranks in other suits: a tie for high (a straight) or for
    low (five small ranks), the usual cause of odd chips."""
    if game is Game.STUD or (game is Game.STUD8 and rng.random() < 0.4):
        top = rng.randint(6, 14)
        ranks = list(range(top - 4, top + 1))
    else:
        ranks = rng.sample([14, *range(2, 9 if game is Game.STUD8 else 11)], 5)
    hands: list[list[Card]] = [[], []]
    for rank in ranks:
        for hand in hands:
            card = _take(deck, rng, rank)
            if card is not None:
                hand.append(card)
    return hands


def situation(rng: random.Random, game: Game, profile: str) -> Situation:
    """One situation: 2-8 seats, 0-3 folded, live hands of 5-7 cards, chips on 1-3 levels."""
    deck = list(DECK)
    rng.shuffle(deck)
    seats = rng.randint(2, 8)
    folded_count = rng.randint(0, min(3, seats - 1))
    live_count = seats - folded_count
    twins = live_count >= 2 and rng.random() < 0.6
    hands: list[list[Card]] = _twins(rng, game, deck) if twins else []
    while len(hands) < live_count:
        hands.append([])
    for hand in hands:
        room = max(0, len(deck) - 5 * live_count)
        want = rng.randint(5, 7)
        while len(hand) < want and deck and (len(hand) < 5 or room > 0):
            hand.append(deck.pop())
    rng.shuffle(hands)
    levels = sorted(rng.sample(range(1, 61), rng.randint(1, 3)))
    chips = [rng.choice(levels) for _ in hands]
    chips[rng.randrange(len(chips))] = levels[-1]  # someone put in the most
    order = ["live"] * live_count + ["folded"] * folded_count
    rng.shuffle(order)
    live = iter(zip(hands, chips, strict=True))
    seat_hands: list[tuple[Card, ...] | None] = []
    contributions: list[int] = []
    folded_cards: list[tuple[Card, ...]] = []
    for state in order:
        if state == "live":
            hand, amount = next(live)
            seat_hands.append(tuple(hand))
            contributions.append(amount)
            folded_cards.append(())
        else:
            seat_hands.append(None)
            contributions.append(rng.randint(0, levels[-1]))
            shown = [deck.pop() for _ in range(rng.choice((0, 0, 3))) if deck]
            folded_cards.append(tuple(shown))
    return Situation(
        game,
        profile,
        tuple(seat_hands),
        tuple(contributions),
        tuple(hand is None for hand in seat_hands),
        tuple(folded_cards),
    )


def _written(card: Card, rng: random.Random) -> str:
    rank = card.rank.symbol
    if card.rank is Rank.TEN and rng.random() < 0.5:
        rank = "10"
    text = rank + card.suit.value
    return text.upper() if rng.random() < 0.2 else text.lower() if rng.random() < 0.2 else text


def situation_query(found: Situation, rng: random.Random) -> dict[str, str]:
    """The query a reader's browser sends for ``found``: cards written in the ways the tool
    reads (spaces, commas, none; upper and lower case; 10 for a ten)."""
    query = {"game": str(found.game), "profile": found.profile}
    if rng.random() < 0.7:
        query["players"] = str(len(found.contributions))
    for index, hand in enumerate(found.hands):
        number = index + 1
        cards = hand if hand is not None else found.folded_cards[index]
        if cards:
            separator = rng.choice((" ", ",", ", ", "", "  "))
            query[f"cards{number}"] = separator.join(_written(card, rng) for card in cards)
        chips = found.contributions[index]
        if chips or rng.random() < 0.5:
            query[f"chips{number}"] = str(chips)
        if found.folded[index]:
            query[f"folded{number}"] = "1"
    return query
