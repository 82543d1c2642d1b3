"""Hand evaluators: ours against treys (7-card high) and PokerKit (8-or-better low)."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from pokerkit import Card as PokerKitCard
from pokerkit import EightOrBetterLowHand, RegularLowHand, StandardHighHand
from treys import Card as TreysCard
from treys import Evaluator

from rules.engine import DECK, Card, best_high, best_low, high_key, low_key
from rules.engine._tables import high_ranks

HANDS = 10_000
REPEATS = 3
SEED = 2026


def _rate(evaluate: Callable[[Any], object], hands: Sequence[Any]) -> float:
    """Evaluations per second: the best of ``REPEATS`` timed passes over the same hands."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for hand in hands:
            evaluate(hand)
        best = min(best, time.perf_counter() - start)
    return len(hands) / best


def _row(name: str, rate: float, baseline: float) -> str:
    return f"  {name:<50} {rate:>12,.0f} /s {rate / baseline:>8.1f}x"


def main() -> None:
    """Time every evaluator on the same seeded random 7-card hands and print a table."""
    rng = random.Random(SEED)
    ours: list[list[Card]] = [rng.sample(DECK, 7) for _ in range(HANDS)]
    # Every competitor gets the very same hands, converted to its own card type before timing.
    treys_hands = [
        ([TreysCard.new(str(card)) for card in hand[:2]], [TreysCard.new(str(c)) for c in hand[2:]])
        for hand in ours
    ]
    pokerkit_hands = [tuple(PokerKitCard.parse("".join(map(str, hand)))) for hand in ours]

    start = time.perf_counter()
    high_ranks()  # the rank-pattern table is built on first use; count it separately
    print(
        f"  first-use table build: {(time.perf_counter() - start) * 1000:.0f} ms (once per process)"
    )
    _check_agreement(ours, treys_hands)

    evaluator = Evaluator()
    treys_rate = _rate(lambda pair: evaluator.evaluate(pair[0], pair[1]), treys_hands)
    print(f"\n  7-card high, {HANDS:,} hands, best of {REPEATS}                evals/s  vs treys")
    print(_row("treys Evaluator().evaluate(hole, board)", treys_rate, treys_rate))
    print(
        _row(
            "pokerkit StandardHighHand.from_game",
            _rate(StandardHighHand.from_game, pokerkit_hands),
            treys_rate,
        )
    )
    print(_row("ours high_key(cards)", _rate(high_key, ours), treys_rate))
    print(_row("ours best_high(cards) (builds the Hand)", _rate(best_high, ours), treys_rate))

    pk_rate = _rate(EightOrBetterLowHand.from_game_or_none, pokerkit_hands)
    print(
        f"\n  8-or-better low, {HANDS:,} hands, best of {REPEATS}            evals/s  vs pokerkit"
    )
    print(_row("pokerkit EightOrBetterLowHand.from_game_or_none", pk_rate, pk_rate))
    print(_row("ours low_key(cards)", _rate(low_key, ours), pk_rate))
    print(_row("ours best_low(cards) (builds the Hand)", _rate(best_low, ours), pk_rate))

    razz_pk = _rate(RegularLowHand.from_game, pokerkit_hands)
    print(
        f"\n  razz low, {HANDS:,} hands, best of {REPEATS}                   evals/s  vs pokerkit"
    )
    print(_row("pokerkit RegularLowHand.from_game", razz_pk, razz_pk))
    print(_row("ours low_key(cards, qualifier=None)", _rate(_razz_key, ours), razz_pk))


def _razz_key(cards: list[Card]) -> int | None:
    return low_key(cards, qualifier=None)


def _check_agreement(
    ours: list[list[Card]], treys_hands: list[tuple[list[int], list[int]]]
) -> None:
    """Make sure both sides do the real work: they must order the hands the same way."""
    evaluator = Evaluator()
    for i in range(0, min(len(ours), 2000) - 1, 2):
        mine = high_key(ours[i]) - high_key(ours[i + 1])
        # treys: a smaller number is a stronger hand.
        theirs = evaluator.evaluate(*treys_hands[i + 1]) - evaluator.evaluate(*treys_hands[i])
        assert (mine > 0) - (mine < 0) == (theirs > 0) - (theirs < 0), (ours[i], ours[i + 1])


if __name__ == "__main__":
    main()
