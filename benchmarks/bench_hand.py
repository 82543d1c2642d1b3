"""Whole hands: the time to deal, play (seeded random policy) and settle one hand per game."""

from __future__ import annotations

import time

from rules.engine import Game, play_random_hand, settle

HANDS = 200
REPEATS = 3


def _per_hand(game: Game, *, stacks: list[int | None] | None) -> float:
    """Milliseconds per hand: the best of ``REPEATS`` passes over the same seeds."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for seed in range(HANDS):
            play_random_hand(game, seed=seed, stacks=stacks)
        best = min(best, time.perf_counter() - start)
    return best / HANDS * 1000


def _settle_only(game: Game) -> float:
    """Milliseconds per ``settle`` call on the showdowns of finished random hands."""
    finished = [play_random_hand(game, seed=seed, stacks=[200] * 6) for seed in range(HANDS)]
    cases = [
        (
            [state.cards(s) if state.live[s] else None for s in range(state.seats)],
            state.committed,
            [not live for live in state.live],
        )
        for state in finished
    ]
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        for hands, contributions, folded in cases:
            settle(game, hands=hands, contributions=contributions, folded=folded)
        best = min(best, time.perf_counter() - start)
    return best / HANDS * 1000


def main() -> None:
    """Print the time to generate and settle one full random hand, per game."""
    print(f"  {HANDS} seeded hands per game, best of {REPEATS} passes")
    for game in Game:
        mixed = _per_hand(game, stacks=None)
        eight = _per_hand(game, stacks=[500] * 8)
        settle_ms = _settle_only(game)
        print(
            f"  {game.value:<6} random hand {mixed:6.2f} ms   8 deep stacks "
            f"{eight:6.2f} ms   settle alone {settle_ms:6.3f} ms"
        )


if __name__ == "__main__":
    main()
