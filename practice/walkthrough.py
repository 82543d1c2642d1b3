"""Hand walkthroughs: a whole hand dealt by the engine from a seed, cut into prediction steps.

Stateless: ``walkthrough_get(game=..., profile=..., seed=...)`` replays the same hand every time
(the players' actions come from a policy seeded by the same id), so a step is a URL.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, Final

from django.utils.translation import gettext

from practice.ids import walkthrough_id_parse
from practice.quiz import AnswerError, QuizError
from rules.engine import (
    DEFAULT_STAKES,
    Action,
    ActionKind,
    EventKind,
    Game,
    HandState,
    Pot,
    Reason,
    ShowdownCode,
    Street,
    new_hand,
    random_action,
    street_limits,
)

__all__ = [
    "SIZES",
    "Prediction",
    "Step",
    "StepKind",
    "Walkthrough",
    "walkthrough_check",
    "walkthrough_get",
]

STAKES: Final = DEFAULT_STAKES
#: The learner's choices for the bet size of a street.
SIZES: Final = ("small", "big", "either")
_FOLD_KEPT: Final = 0.4  # the policy keeps only this share of its folds: more showdowns


class StepKind(StrEnum):
    BRING_IN = "bring_in"  # 3rd street: who brings in, and the bet size
    FIRST_TO_ACT = "first_to_act"  # 4th-7th street: who acts first, and the bet size
    SHOWDOWN = "showdown"  # who shows first
    WINNERS = "winners"  # who wins the (main) pot, or each half in stud/8
    RESULT = "result"  # the settlement: nothing to predict


@dataclass(frozen=True, slots=True)
class Step:
    """One stop of the walkthrough: the table as it stands and what to predict there."""

    number: int
    kind: StepKind
    street: Street | None
    state: HandState
    #: How many of the final hand's events have happened when the step is shown.
    cut: int
    #: The engine's answer, as the same dict ``walkthrough_parse`` reads from a form.
    answer: Mapping[str, Any] = field(default_factory=dict)
    reasons: tuple[Reason, ...] = ()
    #: The seats the learner may choose from.
    seats: tuple[int, ...] = ()
    reveal: bool = False

    @property
    def predicts(self) -> bool:
        return self.kind is not StepKind.RESULT


@dataclass(frozen=True, slots=True)
class Walkthrough:
    game: Game
    profile: str
    seed: int
    final: HandState
    steps: tuple[Step, ...]

    @property
    def total(self) -> int:
        return len(self.steps)

    def step(self, number: int) -> Step:
        if not 1 <= number <= len(self.steps):
            raise QuizError(
                f"this hand has steps 1 to {len(self.steps)}, not {number}",
                field="step",
                value=number,
                not_found=True,
            )
        return self.steps[number - 1]


@dataclass(frozen=True, slots=True)
class Prediction:
    """The check of one prediction: each part right or wrong."""

    correct: bool
    given: Mapping[str, Any]
    parts: Mapping[str, bool]


def _policy(state: HandState, rng: random.Random) -> Action:
    """The engine's random policy, folding less often so more hands reach the showdown."""
    action = random_action(state, rng)
    if action.kind is ActionKind.FOLD and rng.random() > _FOLD_KEPT:
        legal = state.legal_actions()
        for kind in (ActionKind.CHECK, ActionKind.CALL):
            offered = legal.get(kind)
            if offered is not None:
                return Action(kind, offered.min_amount)
    return action


def _size(game: Game, state: HandState) -> tuple[str, tuple[Reason, ...]]:
    limits = street_limits(game, state.street, STAKES, profile=state.profile, boards=state.boards)
    if len(limits.amounts) > 1:
        return "either", limits.reasons
    return ("small" if limits.amounts[0] == STAKES.small_bet else "big"), limits.reasons


def _main_pot(final: HandState) -> Pot:
    assert final.settlement is not None
    return final.settlement.pots[0]


def _play(game: Game, profile: str, seed: int) -> tuple[HandState, list[HandState]]:
    """The seed's hand played out: its final state, and the state at the start of each
    street's betting."""
    rng = random.Random(f"walkthrough:{game}:{profile}:{seed}")
    players = rng.randint(3, 8)
    stacks = [rng.randint(60, 240) for _ in range(players)]
    state = new_hand(
        game, stacks=stacks, seed=f"walkthrough:{seed}", stakes=STAKES, profile=profile
    )
    snapshots: list[HandState] = []

    def note(current: HandState) -> None:
        if current.round is not None and (
            not snapshots or snapshots[-1].street is not current.street
        ):
            snapshots.append(current)

    note(state)
    while not state.is_over:
        state = state.apply(_policy(state, rng))
        note(state)
    return state, snapshots


def _street_step(game: Game, snap: HandState, number: int) -> Step:
    """Who opens the street's betting (the bring-in on third street), and at what size."""
    opener = snap.events[-1]
    assert opener.kind is EventKind.STREET and opener.street is snap.street
    size, size_reasons = _size(game, snap)
    third = snap.street is Street.THIRD
    return Step(
        number=number,
        kind=StepKind.BRING_IN if third else StepKind.FIRST_TO_ACT,
        street=snap.street,
        state=snap,
        cut=len(snap.events) - 1,
        answer={"seat": opener.seats[0], "size": size},
        reasons=(*opener.reasons, *size_reasons),
        seats=tuple(s for s in range(snap.seats) if snap.live[s]),
    )


def _winners_answer(game: Game, pot: Pot) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    if game.has_high_half:
        answer["high"] = frozenset(pot.high_winners)
    if game is Game.RAZZ:
        answer["low"] = frozenset(pot.low_winners)
    elif game.has_low_half:
        answer["low"] = frozenset(pot.low_winners) or frozenset({"none"})
    return answer


def _showdown_steps(game: Game, final: HandState, number: int) -> list[Step]:
    """Who shows first (unless every hand is tabled at once) and who wins the main pot; the
    first numbered ``number``."""
    showdown = final.showdown
    assert showdown is not None
    face_up = any(r.code == ShowdownCode.ALL_IN_HANDS_FACE_UP for r in showdown.first.reasons)
    shown = next(i for i, e in enumerate(final.events) if e.kind is EventKind.SHOWDOWN)
    live = tuple(s for s in range(final.seats) if final.live[s])
    steps: list[Step] = []
    if not face_up:
        # (TDA 16 / WSOP-T 70: with a player all-in every hand is tabled at once, so there is
        # no "who shows first" to predict.)
        steps.append(
            Step(
                number=number,
                kind=StepKind.SHOWDOWN,
                street=Street.SEVENTH,
                state=final,
                cut=shown,
                answer={"seat": showdown.first.seat},
                reasons=showdown.first.reasons,
                seats=live,
            )
        )
    pot = _main_pot(final)
    steps.append(
        Step(
            number=number + len(steps),
            kind=StepKind.WINNERS,
            street=Street.SEVENTH,
            state=final,
            cut=shown + 1,
            answer=_winners_answer(game, pot),
            reasons=pot.reasons,
            seats=live,
            reveal=True,
        )
    )
    return steps


def _build(game: Game, profile: str, seed: int) -> Walkthrough:
    final, snapshots = _play(game, profile, seed)
    steps = [_street_step(game, snap, number) for number, snap in enumerate(snapshots, 1)]
    if final.showdown is not None:
        steps += _showdown_steps(game, final, len(steps) + 1)
    steps.append(
        Step(
            number=len(steps) + 1,
            kind=StepKind.RESULT,
            street=None,
            state=final,
            cut=len(final.events),
            reveal=True,
        )
    )
    return Walkthrough(game, profile, seed, final, tuple(steps))


@lru_cache(maxsize=256)
def _cached(game: Game, profile: str, seed: int) -> Walkthrough:
    return _build(game, profile, seed)


def walkthrough_get(*, game: str, profile: str, seed: str | int) -> Walkthrough:
    """The hand a walkthrough URL names (raises ``QuizError`` for bad parts)."""
    return _cached(*walkthrough_id_parse(game=game, profile=profile, seed=seed))


def _seat(data: Mapping[str, Sequence[str]], name: str, seats: Sequence[int]) -> int:
    values = data.get(name) or []
    if isinstance(values, str) or len(values) != 1:
        raise AnswerError(f"choose one seat for {name!r}", user_message=gettext("Choose one seat."))
    try:
        seat = int(values[0])
    except ValueError:
        raise AnswerError(f"seat {values[0]!r} is not a number") from None
    if seat not in seats:
        raise AnswerError(f"seat {seat} is not in the hand")
    return seat


def _seat_set(
    data: Mapping[str, Sequence[str]], name: str, seats: Sequence[int], *, none: bool
) -> frozenset[int | str]:
    values = data.get(name) or []
    if isinstance(values, str):
        values = [values]
    if not values:
        raise AnswerError(
            f"choose at least one for {name!r}",
            user_message=gettext("Tick at least one seat."),
        )
    chosen: set[int | str] = set()
    for value in values:
        if none and value == "none":
            chosen.add("none")
            continue
        try:
            seat = int(value)
        except ValueError:
            raise AnswerError(f"seat {value!r} is not a number") from None
        if seat not in seats:
            raise AnswerError(f"seat {seat} is not in the showdown")
        chosen.add(seat)
    if "none" in chosen and len(chosen) > 1:
        raise AnswerError(
            "'nobody' cannot be chosen together with a seat",
            user_message=gettext("“Nobody” cannot be ticked together with a seat."),
        )
    return frozenset(chosen)


def walkthrough_check(
    *, walk: Walkthrough, step: Step, data: Mapping[str, Sequence[str]]
) -> Prediction:
    """Read the learner's prediction for ``step`` and judge it against the engine."""
    if not step.predicts:
        raise AnswerError("there is nothing to predict on this step")
    given: dict[str, Any] = {}
    if step.kind in (StepKind.BRING_IN, StepKind.FIRST_TO_ACT, StepKind.SHOWDOWN):
        given["seat"] = _seat(data, "seat", step.seats)
    if step.kind in (StepKind.BRING_IN, StepKind.FIRST_TO_ACT):
        values = data.get("size") or []
        if isinstance(values, str) or len(values) != 1 or values[0] not in SIZES:
            raise AnswerError("choose one bet size", user_message=gettext("Choose a bet size."))
        given["size"] = values[0]
    if step.kind is StepKind.WINNERS:
        for name in step.answer:
            given[name] = _seat_set(
                data, name, step.seats, none=name == "low" and walk.game is Game.STUD8
            )
    parts = {name: given[name] == step.answer[name] for name in step.answer}
    return Prediction(correct=all(parts.values()), given=given, parts=parts)
