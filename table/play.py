"""A practice hand as a pure function of its URL: no Django, no server state.

A hand is named by a ``Setup`` (game, rule profile, seed, number of opponents, coach on or
off) plus the learner's own moves and how many coach questions were answered. ``replay``
deals the hand with the engine (``rules.engine.new_hand``), lets the opponents act by
``opponent_action`` and the learner by his moves, and stops where the learner must do
something: act, answer a coach question, or read the settled hand. The same URL always
replays to the same table.

The opponents' policy (``opponent_action``), on the engine's hand values:

* strength is a number from 0 to 1: with five cards or more, the category of the best high
  hand (``best_high``) and, in stud/8 and razz, the best low (``best_low``); with fewer, pairs,
  trips and high (or, for low games, small unpaired) cards;
* seeded variety: a noise of up to 0.15 either way, drawn from the hand's seed and the number
  of actions so far, so each decision is reproducible;
* weak (below 0.3): check if free, else fold; fair: check or call (post the bring-in when
  forced); strong (0.72 and up): complete, bet or raise the smallest legal amount, but only
  to the third raise of a street, then call.

It is plausible, not strong: it never bluffs and ignores the other boards. It only ever picks
from ``legal_actions()``, so every opponent action is legal by construction (the property
tests check that anyway).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from core.rulebooks import house_code, rulebook_known
from rules.engine import (
    DEFAULT_STAKES,
    Action,
    ActionKind,
    Card,
    EventKind,
    Game,
    HandState,
    LegalActions,
    Rank,
    Reason,
    Street,
    best_high,
    best_low,
    get_profile,
    new_hand,
    street_limits,
)

__all__ = [
    "MAX_OPPONENTS",
    "MAX_SEED",
    "MIN_OPPONENTS",
    "Moment",
    "MomentKind",
    "Setup",
    "Stop",
    "Table",
    "TableError",
    "encode_move",
    "opponent_action",
    "parse_move",
    "parse_setup",
    "replay",
]

STAKES: Final = DEFAULT_STAKES
MIN_OPPONENTS: Final = 2
MAX_OPPONENTS: Final = 7
MAX_SEED: Final = 999_999_999
MAX_MOVES: Final = 60
LEARNER_STACK: Final = 150

_WEAK: Final = 0.3
_STRONG: Final = 0.72
_NOISE: Final = 0.15
_MOVE: Final = re.compile(r"^([a-z_]+?)(\d{0,4})$")
_KINDS: Final = {kind.value: kind for kind in ActionKind}


class TableError(ValueError):
    """A hand's URL that does not name a playable hand. ``field`` says which part, for the
    message in the reader's language; ``legal`` and ``reasons`` are set for an illegal move."""

    def __init__(
        self,
        message: str,
        *,
        field: str,
        value: object = "",
        legal: LegalActions | None = None,
        reasons: tuple[Reason, ...] = (),
        seat: int | None = None,
        index: int | None = None,
    ) -> None:
        super().__init__(message)
        self.field = field
        self.value = value
        self.legal = legal
        self.reasons = reasons
        self.seat = seat
        self.index = index


@dataclass(frozen=True, slots=True)
class Setup:
    """What names a hand before anyone acts."""

    game: Game
    profile: str
    seed: int
    opponents: int
    coach: bool = True

    @property
    def players(self) -> int:
        return self.opponents + 1

    def seating(self) -> tuple[int, list[int]]:
        """The learner's seat and every seat's chips, drawn from the seed."""
        rng = random.Random(f"table:seats:{self.seed}:{self.opponents}")
        learner = rng.randrange(self.players)
        stacks = [rng.randrange(80, 241, 10) for _ in range(self.players)]
        stacks[learner] = LEARNER_STACK
        return learner, stacks


def _whole(raw: object, *, field: str, low: int, high: int) -> int:
    text = str(raw)
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(high)):
        raise TableError(f"bad {field} {raw!r}", field=field, value=raw)
    value = int(text)
    if not low <= value <= high:
        raise TableError(f"{field} {value} is out of range {low}..{high}", field=field, value=raw)
    return value


def parse_setup(
    *, game: str, profile: str, seed: str | int, opponents: str | int, coach: str | bool
) -> Setup:
    """Check each part of a hand's URL; a bad part raises ``TableError`` naming it."""
    try:
        game_value = Game(game)
    except ValueError:
        raise TableError(f"unknown game {game!r}", field="game", value=game) from None
    if not rulebook_known(profile):
        code = house_code(profile)
        field = "house" if code else "profile"
        raise TableError(f"unknown rule profile {profile!r}", field=field, value=code or profile)
    if isinstance(coach, str):
        if coach not in ("on", "off"):
            raise TableError(f"coach must be on or off, not {coach!r}", field="coach", value=coach)
        coach = coach == "on"
    return Setup(
        game=game_value,
        profile=profile,
        seed=_whole(seed, field="seed", low=0, high=MAX_SEED),
        opponents=_whole(opponents, field="opponents", low=MIN_OPPONENTS, high=MAX_OPPONENTS),
        coach=bool(coach),
    )


def parse_move(token: str) -> Action:
    """``call``, ``raise15``, ``bring_in2``: an action and its street total, from a URL."""
    match = _MOVE.match(token)
    if match is None or match.group(1) not in _KINDS:
        raise TableError(f"unknown move {token!r}", field="move", value=token)
    kind = _KINDS[match.group(1)]
    amount = int(match.group(2)) if match.group(2) else None
    try:
        return Action(kind, amount)
    except ValueError:
        raise TableError(f"bad move {token!r}", field="move", value=token) from None


def encode_move(action: Action) -> str:
    return action.kind.value + ("" if action.amount is None else str(action.amount))


# --- the opponents ----------------------------------------------------------------------------


def _partial_strength(game: Game, cards: tuple[Card, ...]) -> float:
    """Fewer than five cards: pairs and trips for high, small unpaired cards for low."""
    counts: dict[Rank, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    top_count = max(counts.values())
    high = 0.0
    if top_count >= 3:
        high = 0.95
    elif top_count == 2:
        pair = max(rank for rank, n in counts.items() if n == 2)
        high = 0.5 + 0.3 * (pair - 2) / 12
        if sum(1 for n in counts.values() if n == 2) == 2:
            high = 0.8
    else:
        suited = len({card.suit for card in cards}) == 1
        high = 0.15 + 0.2 * (max(counts) - 2) / 12 + (0.1 if suited else 0.0)
    low = 0.0
    smalls = {card.rank.low_value for card in cards if card.rank.low_value <= 8}
    if game.has_low_half:
        share = len(smalls) / len(cards)
        worst = max(smalls) if smalls else 13
        low = 0.2 + 0.55 * share + (0.15 if share == 1 and worst <= 6 else 0.0)
    if game is Game.RAZZ:
        return low
    if game is Game.STUD8:
        return max(high, low)
    return high


def _strength(game: Game, cards: tuple[Card, ...]) -> float:
    if len(cards) < 5:
        return _partial_strength(game, cards)
    high = 0.0
    if game.has_high_half:
        hand = best_high(cards)
        high = min(1.0, 0.12 + 0.11 * hand.category.strength + 0.01 * int(hand.cards[0].rank))
    low = 0.0
    if game.has_low_half:
        lowest = best_low(cards, qualifier=game.low_qualifier)
        if lowest is not None:
            if lowest.category.value == "no_pair":
                worst = lowest.cards[0].rank.low_value
                low = 0.95 - 0.07 * (worst - 5)
            else:
                low = 0.25 - 0.04 * (5 - lowest.category.strength)
    if game is Game.RAZZ:
        return max(low, 0.05)
    if game is Game.STUD8:
        return max(high, low) + (0.1 if high > 0.6 and low > 0.5 else 0.0)
    return high


def opponent_action(state: HandState, rng: random.Random) -> Action:
    """The seat to act's choice by the documented policy (see the module docstring)."""
    legal = state.legal_actions()
    seat = legal.seat
    if seat is None or not legal.actions:
        raise ValueError("no one is to act: the hand is over")
    strength = _strength(state.game, state.cards(seat)) + rng.uniform(-_NOISE, _NOISE)
    raises = state.round.raises if state.round is not None else 0

    def pick(*kinds: ActionKind) -> Action | None:
        for kind in kinds:
            offered = legal.get(kind)
            if offered is not None:
                return Action(kind, offered.min_amount)
        return None

    choice: Action | None = None
    if strength >= _STRONG and raises < 3:
        choice = pick(ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
    elif strength < _WEAK:
        choice = pick(ActionKind.CHECK, ActionKind.FOLD)
        if choice is not None and choice.kind is ActionKind.FOLD and legal.get("bring_in"):
            choice = None  # the bring-in cannot fold before posting: post it (R-BRING-4)
    if choice is None:
        choice = pick(ActionKind.CHECK, ActionKind.BRING_IN, ActionKind.CALL, ActionKind.FOLD)
    if choice is None:  # only aggression left (a forced opening): take the smallest
        first = legal.actions[0]
        choice = Action(first.kind, first.min_amount)
    return choice


# --- replaying a hand ---------------------------------------------------------------------------


class MomentKind(StrEnum):
    BRING_IN = "bring_in"  # third street: who brings in, and the bet size
    FIRST_TO_ACT = "first_to_act"  # fourth to seventh street: who acts first, and the bet size
    WINNERS = "winners"  # the showdown: who wins the (main) pot, or each half


class Stop(StrEnum):
    COACH = "coach"  # a coach question waits for an answer
    ACT = "act"  # the learner is to act
    OVER = "over"  # the hand is settled


@dataclass(frozen=True, slots=True)
class Moment:
    """A coach question: what to predict, the engine's answer and its reasons."""

    number: int
    kind: MomentKind
    street: Street
    answer: dict[str, object]
    reasons: tuple[Reason, ...]
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Table:
    """A replayed hand where it stops, with everything the page shows."""

    setup: Setup
    learner: int
    moves: tuple[Action, ...]
    asked: int
    state: HandState
    stop: Stop
    moment: Moment | None
    #: How many events of ``state`` are shown (a coach stop hides what the question asks).
    shown: int

    @property
    def final(self) -> bool:
        return self.stop is Stop.OVER


def _size(state: HandState) -> str:
    limits = street_limits(
        state.game, state.street, state.stakes, profile=state.profile, boards=state.boards
    )
    if len(limits.amounts) > 1:
        return "either"
    return "small" if limits.amounts[0] == state.stakes.small_bet else "big"


def _street_moment(number: int, state: HandState) -> Moment:
    opener = state.events[-1]
    assert opener.kind is EventKind.STREET and opener.street is state.street
    limits = street_limits(
        state.game, state.street, state.stakes, profile=state.profile, boards=state.boards
    )
    third = state.street is Street.THIRD
    return Moment(
        number=number,
        kind=MomentKind.BRING_IN if third else MomentKind.FIRST_TO_ACT,
        street=state.street,
        answer={"seat": opener.seats[0], "size": _size(state)},
        reasons=(*opener.reasons, *limits.reasons),
        seats=tuple(s for s in range(state.seats) if state.live[s]),
    )


def _winners_moment(number: int, state: HandState) -> Moment:
    assert state.settlement is not None
    pot = state.settlement.pots[0]
    answer: dict[str, object] = {}
    if state.game.has_high_half:
        answer["high"] = frozenset(pot.high_winners)
    if state.game is Game.RAZZ:
        answer["low"] = frozenset(pot.low_winners)
    elif state.game.has_low_half:
        answer["low"] = frozenset(pot.low_winners) or frozenset({"none"})
    return Moment(
        number=number,
        kind=MomentKind.WINNERS,
        street=Street.SEVENTH,
        answer=answer,
        reasons=pot.reasons,
        seats=tuple(s for s in range(state.seats) if state.live[s]),
    )


def policy_rng(setup: Setup, state: HandState) -> random.Random:
    """The opponents' dice for this decision: the seed and the number of actions so far."""
    acted = sum(1 for event in state.events if event.kind is EventKind.BET)
    return random.Random(f"table:policy:{setup.seed}:{acted}")


def replay(setup: Setup, moves: tuple[Action, ...] = (), asked: int = 0) -> Table:
    """Deal and play the hand the URL names up to the learner's next decision.

    Raises ``TableError`` for moves the engine refuses (``field="illegal"``, with the legal
    actions and the reasons), moves left over after the hand, or coach answers that were never
    asked (``field="asked"``).
    """
    if len(moves) > MAX_MOVES:
        raise TableError(f"{len(moves)} moves is too many", field="moves", value=len(moves))
    if asked < 0 or (asked and not setup.coach):
        raise TableError(f"bad number of coach answers {asked}", field="asked", value=asked)
    learner, stacks = setup.seating()
    profile = get_profile(setup.profile)
    stakes = profile.stakes or STAKES  # house rules deal their own structure
    scale = max(1, stakes.big_bet // STAKES.big_bet)  # stacks of as many big bets
    state = new_hand(
        setup.game,
        stacks=[chips * scale for chips in stacks],
        seed=f"table:{setup.seed}",
        stakes=stakes,
        profile=profile,
    )
    used = 0
    moments = 0
    opened: set[Street] = set()
    while True:
        if (
            setup.coach
            and state.round is not None
            and state.street not in opened
            and state.live[learner]
        ):
            opened.add(state.street)
            moments += 1
            if moments > asked:
                moment = _street_moment(moments, state)
                return Table(
                    setup, learner, moves, asked, state, Stop.COACH, moment, len(state.events) - 1
                )
        if state.is_over:
            if used < len(moves):
                raise TableError(
                    "moves left after the hand is over", field="moves", value=len(moves)
                )
            if setup.coach and state.showdown is not None:
                moments += 1
                if moments > asked:
                    moment = _winners_moment(moments, state)
                    shown = next(
                        i for i, e in enumerate(state.events) if e.kind is EventKind.SHOWDOWN
                    )
                    return Table(setup, learner, moves, asked, state, Stop.COACH, moment, shown + 1)
            _check_asked(asked, moments)
            return Table(setup, learner, moves, asked, state, Stop.OVER, None, len(state.events))
        if state.to_act == learner:
            if used == len(moves):
                _check_asked(asked, moments)
                return Table(setup, learner, moves, asked, state, Stop.ACT, None, len(state.events))
            move = moves[used]
            legal = state.legal_actions()
            offered = legal.get(move.kind)
            if offered is None or (move.amount is not None and move.amount not in offered.amounts):
                reasons = legal.refusal(move)  # the rule the move breaks first
                raise TableError(
                    f"seat {learner} may not {move}",
                    field="illegal",
                    value=move,
                    legal=legal,
                    reasons=reasons,
                    seat=learner,
                    index=used,
                )
            if move.amount is None and offered.amounts:
                move = Action(move.kind, offered.min_amount)
            state = state.apply(move)
            used += 1
        else:
            state = state.apply(opponent_action(state, policy_rng(setup, state)))


def _check_asked(asked: int, moments: int) -> None:
    if asked != moments and asked > 0:
        raise TableError(
            f"{asked} coach answers, but {moments} questions were asked",
            field="asked",
            value=asked,
        )
