"""The practice table's hands at engine level (no HTTP): 2,000 seeded hands with the
opponents' policy and a random learner. Rules checked: every action is one the engine offers
(R-BET-*, R-BRING-*), every hand ends settled (R-POT-1..8) with the chips conserved, and a
hand's URL parts replay to the same hand."""

from __future__ import annotations

import random

import pytest

from rules.engine import Action, Game, HandState, random_action, settle
from table.play import (
    MomentKind,
    Setup,
    Stop,
    TableError,
    opponent_action,
    parse_move,
    parse_setup,
    policy_rng,
    replay,
)

PROFILE_NAMES = ("robert", "tda", "wsop_la", "wsop")
HANDS = 2000


def _setup(index: int, *, coach: bool = False) -> Setup:
    return Setup(
        game=list(Game)[index % 3],
        profile=PROFILE_NAMES[(index // 3) % 4],
        seed=index * 7919 % 1_000_000,
        opponents=2 + index % 6,
        coach=coach,
    )


def _legal(state: HandState, action: Action) -> bool:
    offered = state.legal_actions().get(action.kind)
    if offered is None:
        return False
    return action.amount in offered.amounts if offered.amounts else action.amount is None


def _play(setup: Setup, rng: random.Random) -> tuple[HandState, tuple[Action, ...], int]:
    """Play the hand as the table does, checking each opponent action against the engine."""
    start = replay(setup)
    learner, state = start.learner, start.state
    # The table's first stop is where the engine hands over: no one has acted yet.
    moves: list[Action] = []
    opponent_actions = 0
    while not state.is_over:
        if state.to_act == learner:
            action = random_action(state, rng)
            moves.append(action)
        else:
            action = opponent_action(state, policy_rng(setup, state))
            assert _legal(state, action), (setup, state.legal_actions(), action)
            opponent_actions += 1
        state = state.apply(action)
    return state, tuple(moves), opponent_actions


def test_two_thousand_hands_legal_settled_and_conserved() -> None:
    rng = random.Random("table-property")
    showdowns = folds = opponent_total = 0
    for index in range(HANDS):
        setup = _setup(index)
        state, moves, acted = _play(setup, rng)
        opponent_total += acted
        assert state.is_over and state.settlement is not None
        starting = sum(s for s in state.starting_stacks if s is not None)
        assert sum(s for s in state.final_stacks if s is not None) == starting, setup
        assert sum(state.settlement.payouts) == state.pot
        # The settlement is the engine's ``settle`` for the same cards (R-POT-1..8).
        live = state.live
        expected = settle(
            state.game,
            hands=[state.cards(s) if live[s] else None for s in range(state.seats)],
            contributions=state.committed,
            folded=[not flag for flag in live],
            profile=state.profile,
            community=state.community if state.showdown is not None else None,
        )
        assert expected.payouts == state.settlement.payouts
        showdowns += state.showdown is not None
        folds += state.showdown is None
        # The URL's parts (setup and the learner's moves) replay to the same hand.
        table = replay(setup, moves)
        assert table.stop is Stop.OVER and table.state.events == state.events
    # Plausible, not silly: both showdowns and folded-out hands happen, opponents act a lot.
    assert showdowns > HANDS // 4 and folds > HANDS // 20
    assert opponent_total > HANDS * 3


@pytest.mark.parametrize("index", range(0, 60, 7))
def test_coach_stops_before_each_street_and_at_the_showdown(index: int) -> None:
    """With the coach on, the hand pauses before anyone acts on a street the learner is in
    (R-BRING-2/3, R-ACT-1..4) and at the showdown (R-SHOW-*), and answers replay."""
    setup = _setup(index, coach=True)
    rng = random.Random(index)
    moves: list[Action] = []
    asked = 0
    kinds = []
    for _ in range(80):
        table = replay(setup, tuple(moves), asked)
        if table.stop is Stop.COACH:
            assert table.moment is not None and table.moment.number == asked + 1
            kinds.append(table.moment.kind)
            if table.moment.kind is not MomentKind.WINNERS:
                # Nobody has acted on the street yet: the question's answer is not given away.
                assert table.state.events[-1].street is table.state.street
                assert table.state.events[-1].seats[0] == table.moment.answer["seat"]
            asked += 1
        elif table.stop is Stop.ACT:
            moves.append(random_action(table.state, rng))
        else:
            break
    assert table.stop is Stop.OVER
    assert kinds[0] is MomentKind.BRING_IN
    if table.state.showdown is not None:
        assert kinds[-1] is MomentKind.WINNERS


def test_same_parts_same_hand() -> None:
    one = replay(_setup(5), (), 0)
    two = replay(_setup(5), (), 0)
    assert one.state.events == two.state.events and one.learner == two.learner


@pytest.mark.parametrize(
    ("parts", "field"),
    [
        ({"game": "holdem"}, "game"),
        ({"profile": "house"}, "profile"),
        ({"seed": "12a"}, "seed"),
        ({"seed": "99999999999"}, "seed"),
        ({"opponents": "1"}, "opponents"),
        ({"opponents": "8"}, "opponents"),
        ({"coach": "maybe"}, "coach"),
    ],
)
def test_bad_setup_names_the_part(parts: dict[str, str], field: str) -> None:
    values = {"game": "stud", "profile": "tda", "seed": "5", "opponents": "3", "coach": "on"}
    with pytest.raises(TableError) as caught:
        parse_setup(**{**values, **parts})
    assert caught.value.field == field


def test_illegal_move_is_refused_with_the_engines_reasons() -> None:
    """R-BRING-4: the bring-in may not check; the reasons say what he may do."""
    setup = Setup(Game.STUD, "robert", 3, 3, coach=False)
    table = replay(setup)
    assert table.stop is Stop.ACT  # a coach-off table stops only to act or at the end
    moves: list[Action] = []
    legal = table.state.legal_actions()
    bad = next(
        a for a in (parse_move("check"), parse_move("raise99")) if not _legal(table.state, a)
    )
    with pytest.raises(TableError) as caught:
        replay(setup, (*moves, bad))
    assert caught.value.field == "illegal"
    assert caught.value.legal == legal
    assert caught.value.reasons


def test_moves_after_the_end_and_unasked_answers_are_refused() -> None:
    setup = _setup(11)
    _state, moves, _ = _play(setup, random.Random(3))
    with pytest.raises(TableError) as caught:
        replay(setup, (*moves, parse_move("fold")))
    assert caught.value.field in ("moves", "illegal")
    with pytest.raises(TableError) as caught:
        replay(setup, moves, asked=2)  # the coach is off
    assert caught.value.field == "asked"
    coached = Setup(setup.game, setup.profile, setup.seed, setup.opponents, coach=True)
    with pytest.raises(TableError) as caught:
        replay(coached, (), asked=50)
    assert caught.value.field == "asked"


@pytest.mark.parametrize("token", ["dance", "raise", "call5", "check5", "fold1", "raise0"])
def test_move_tokens(token: str) -> None:
    if token in ("raise", "call5"):
        assert parse_move(token).kind.value == token.rstrip("0123456789")
    else:
        with pytest.raises(TableError):
            parse_move(token)
