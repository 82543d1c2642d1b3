"""Betting situations for the bet-sizing and legal-action quizzes, played out on the engine."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from practice.quiz import QuestionId
from rules.engine import (
    DECK,
    Action,
    ActionKind,
    BettingRound,
    Card,
    Game,
    Reason,
    Stakes,
    Street,
    bring_in,
    first_to_act,
    get_profile,
    shuffle,
    start_round,
)

__all__ = [
    "STAKES",
    "Situation",
    "Step",
    "situation_build",
    "situation_for",
    "upcards_count",
]

#: A few fixed-limit structures (ante, bring-in, small bet, big bet).
STAKES: Final = (
    Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10),
    Stakes(ante=2, bring_in=5, small_bet=15, big_bet=30),
    Stakes(ante=1, bring_in=3, small_bet=10, big_bet=20),
)

#: Script letters: p = passive (check, call or bring in), a = aggressive (complete, bet or
#: raise) with a random allowed amount, s = the smallest and b = the biggest, f = fold.
_PASSIVE: Final = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)


def upcards_count(street: Street) -> int:
    """Upcards per player on a street: 1 on 3rd up to 4 on 6th and 7th (R-DEAL-2)."""
    return min(street.number - 2, 4)


@dataclass(frozen=True, slots=True)
class Step:
    """One action already taken on this street; ``total`` is the street total after it."""

    seat: int
    kind: str
    total: int | None
    all_in: bool


@dataclass(frozen=True, slots=True)
class Situation:
    """A street's betting so far: who has which upcards and chips, what happened, who is next.

    ``stacks`` are the chips behind at the start of the street; ``asked`` is the seat the
    question is about (the seat to act, or the bring-in once the round is over).
    """

    game: Game
    street: Street
    stakes: Stakes
    stacks: tuple[int, ...]
    boards: tuple[tuple[Card, ...], ...]
    first: int
    forced: bool
    substitute: bool
    steps: tuple[Step, ...]
    round: BettingRound
    asked: int
    #: What happened beside the actions (a wrongly named bring-in corrected, R-BRING-10).
    notes: tuple[Reason, ...] = ()

    @property
    def seats(self) -> int:
        return len(self.stacks)

    @property
    def rows(self) -> tuple[dict[str, object], ...]:
        """What the template draws per seat: hole cards face down, upcards, chips, status."""
        rows = []
        folded = {step.seat for step in self.steps if step.kind == ActionKind.FOLD}
        hidden = 3 if self.street is Street.SEVENTH else 2
        for seat, board in enumerate(self.boards):
            bet = self.round.bets[seat]
            rows.append(
                {
                    "seat": seat,
                    "number": seat + 1,
                    "cards": ("??",) * 2 + tuple(str(c) for c in board) + ("??",) * (hidden - 2),
                    "behind": self.round.stacks[seat],
                    "bet": bet,
                    "folded": seat in folded,
                    "asked": seat == self.asked,
                    "all_in": self.round.stacks[seat] == 0 and seat not in folded,
                }
            )
        return tuple(rows)


def _deal(
    rng: random.Random, street: Street, players: int, *, pair_seat: int | None
) -> list[tuple[Card, ...]]:
    count = upcards_count(street)
    deck = list(DECK)
    shuffle(rng, deck)  # rng.shuffle's very draws, faster
    boards: list[tuple[Card, ...]] = []
    for seat in range(players):
        if seat == pair_seat and count == 2:
            first = deck.pop()
            mate = next((c for c in deck if c.rank == first.rank), None)
            if mate is None:  # the rest of the rank is on earlier boards: deal again
                raise ValueError(f"no card left to pair the {first}")
            deck.remove(mate)
            boards.append((first, mate))
        else:
            boards.append(tuple(deck.pop() for _ in range(count)))
    if pair_seat is None and count == 2:
        # No accidental open pair unless the scenario asks for one.
        for seat, board in enumerate(boards):
            while board[0].rank == board[1].rank:
                board = (board[0], deck.pop())
            boards[seat] = board
    return boards


def situation_build(
    rng: random.Random,
    *,
    game: Game,
    profile: str,
    street: Street,
    players: int,
    script: str,
    stakes: Stakes | None = None,
    pair: bool = False,
    short_seat: int | None = None,
    short_stack: int = 0,
    ante_all_in: bool = False,
    boards: Sequence[tuple[Card, ...]] | None = None,
    finish: bool = False,
) -> Situation:
    """Deal upcards, open the street's betting on the engine and play ``script`` on it.

    ``short_seat`` (counted from the first to act) gets ``short_stack`` chips behind;
    ``ante_all_in`` leaves the bring-in card with no chips after the ante (R-BRING-8);
    ``finish`` plays on (check or call) until the round is over.
    Raises ``ValueError`` when the script cannot be played (the caller tries again).
    """
    rules = get_profile(profile)
    stakes = stakes or rules.stakes or rng.choice(STAKES)  # house rules play their own
    pair_seat = rng.randrange(players) if pair else None
    if boards is None:
        boards = _deal(rng, street, players, pair_seat=pair_seat)
    boards = [tuple(board) for board in boards]
    stacks = [rng.randint(12, 30) * stakes.big_bet for _ in range(players)]
    substitute = False
    if street is Street.THIRD:
        doors = [board[0] for board in boards]
        low = bring_in(game, doors, profile=rules).seat
        if ante_all_in:
            stacks[low] = 0
        decision = bring_in(
            game, doors, profile=rules, all_in_for_ante={low} if ante_all_in else ()
        )
        first = decision.seat
        substitute = ante_all_in
    else:
        first = first_to_act(game, boards, profile=rules).seat
    if short_seat is not None:
        stacks[(first + short_seat) % players] = short_stack
    rnd = start_round(
        game,
        street,
        stakes=stakes,
        stacks=stacks,
        first=first,
        forced=street is Street.THIRD,
        substitute=substitute,
        profile=rules,
        boards=boards,
    )
    steps: list[Step] = []
    asked = first
    letters = list(script)
    while letters or (finish and rnd.to_act is not None):
        letter = letters.pop(0) if letters else "p"
        seat = rnd.to_act
        if seat is None:
            raise ValueError("the round ended before the script did")
        legal = rnd.legal_actions()
        if letter == "p":
            choice = next((a for a in legal if a.kind in _PASSIVE), None)
        elif letter == "f":
            choice = legal.get(ActionKind.FOLD)
        else:
            choice = next((a for a in legal if a.kind.is_aggressive), None)
        if choice is None:
            raise ValueError(f"script letter {letter!r} cannot be played by seat {seat}")
        if letter == "b":
            amount = choice.max_amount
        elif letter == "s":
            amount = choice.min_amount
        elif letter == "a":
            amount = rng.choice(choice.amounts) if choice.amounts else None
        else:
            amount = choice.min_amount
        rnd = rnd.apply(Action(choice.kind, amount))
        steps.append(
            Step(
                seat=seat,
                kind=choice.kind.value,
                total=amount,
                all_in=rnd.stacks[seat] == 0 and choice.kind is not ActionKind.FOLD,
            )
        )
        if choice.kind is ActionKind.BRING_IN:
            asked = seat
    if rnd.to_act is not None:
        asked = rnd.to_act
    return Situation(
        game=game,
        street=street,
        stakes=stakes,
        stacks=tuple(stacks),
        boards=tuple(boards),
        first=first,
        forced=street is Street.THIRD,
        substitute=substitute,
        steps=tuple(steps),
        round=rnd,
        asked=asked,
    )


Builder = Callable[[random.Random, Game, str, str], Situation]


def situation_for(
    qid: QuestionId, scenarios: Sequence[str], *, build: Builder
) -> tuple[str, Situation]:
    """A scenario from ``scenarios`` played out on the engine by ``build`` (which raises
    ``ValueError`` for the rare deal a script cannot be played on: then deal again)."""
    rng = qid.rng
    scenario = rng.choice(list(scenarios))
    for _attempt in range(50):
        try:
            return scenario, build(rng, qid.game, qid.profile, scenario)
        except ValueError:
            continue
    raise AssertionError(f"no {scenario} situation for {qid}")  # pragma: no cover
