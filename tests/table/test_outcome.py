"""The end of a hand for the learner (issue 28 item 4): the result line names what their seat
took from the engine's settlement and its net, and folding when a check was free gets the
coach's word with the rule's step; folding to a bet does not."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.utils import translation

from core import words
from rules.engine import Action, ActionKind, Game, Settlement
from rules.loading import CONTENT_DIR
from table.outcome import costly_fold_note, outcome_line
from table.play import Setup, Stop, Table, replay

pytestmark = pytest.mark.django_db


def _passive(table: Table) -> Action:
    legal = table.state.legal_actions()
    for kind in (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN):
        if (offered := legal.get(kind)) is not None:
            return Action(kind, offered.min_amount)
    first = legal.actions[0]
    return Action(first.kind, first.min_amount)


def _to_the_end(setup: Setup, *, fold_when: ActionKind | None = None) -> Table:
    """Check and call to the end; with ``fold_when``, fold at the first decision offering it."""
    table = replay(setup)
    moves: list[Action] = []
    asked = 0
    while table.stop is not Stop.OVER:
        if table.stop is Stop.COACH:  # any answer: the coach goes on
            asked += 1
            table = replay(setup, tuple(moves), asked)
            continue
        legal = table.state.legal_actions()
        if fold_when is not None and legal.get(fold_when) and legal.get(ActionKind.FOLD):
            moves.append(Action(ActionKind.FOLD, None))
        else:
            moves.append(_passive(table))
        table = replay(setup, tuple(moves), asked)
    return table


def _find(game: Game, wanted: object, *, coach: bool = False, **kwargs: object) -> Table:
    for seed in range(1, 400):
        table = _to_the_end(Setup(game, "robert", seed, 3, coach=coach), **kwargs)  # type: ignore[arg-type]
        if wanted(table):  # type: ignore[operator]
            return table
    raise AssertionError("no such hand in 400 seeds")


def _settlement(table: Table) -> Settlement:
    settlement = table.state.settlement
    assert settlement is not None
    return settlement


def _net(table: Table) -> str:
    return words.signed_amount(_settlement(table).net[table.learner])


def _halves(table: Table) -> tuple[bool, bool]:
    pots = _settlement(table).pots
    seat = table.learner
    return any(seat in p.high_winners for p in pots), any(seat in p.low_winners for p in pots)


def _alone(table: Table) -> bool:
    pots, seat = _settlement(table).pots, table.learner
    return all(
        len(p.high_winners) < 2 and len(p.low_winners) < 2 for p in pots if seat in p.winners
    )


def test_the_low_half_alone() -> None:
    table = _find(
        Game.STUD8, lambda t: t.state.live[t.learner] and _halves(t) == (False, True) and _alone(t)
    )
    assert _settlement(table).net[table.learner] > 0
    assert outcome_line(table) == f"You won the low half: {_net(table)}"
    with translation.override("sv"):
        assert outcome_line(table) == f"Du vann den låga halvan: {_net(table)}"


def test_the_high_half_when_another_seat_has_the_low() -> None:
    def wanted(t: Table) -> bool:
        pots = _settlement(t).pots
        return _halves(t) == (True, False) and _alone(t) and any(p.low_winners for p in pots)

    table = _find(Game.STUD8, wanted)
    assert outcome_line(table) == f"You won the high half: {_net(table)}"


def test_a_loss_and_a_stud_pot() -> None:
    lost = _find(
        Game.STUD,
        lambda t: t.state.live[t.learner] and t.learner not in _settlement(t).pots[0].winners,
    )
    assert _net(lost).startswith("\u2212")
    assert outcome_line(lost) == f"You lost this hand: {_net(lost)}"
    won = _find(Game.RAZZ, lambda t: t.learner in _settlement(t).pots[0].winners and _alone(t))
    with translation.override("fi"):
        assert outcome_line(won) == f"Voitit potin: {_net(won)}"


def test_no_line_before_the_end() -> None:
    assert outcome_line(replay(Setup(Game.STUD8, "robert", 5, 3, coach=False))) == ""


@pytest.mark.parametrize("coach", [False, True])
def test_folding_when_a_check_was_free_gets_the_coachs_word(coach: bool) -> None:
    """With the coach on, it asked who wins after the fold: the fold is found all the same."""
    call_command("loadrules", content=CONTENT_DIR, verbosity=0)  # the rule's step to link
    table = _find(Game.STUD, lambda t: True, fold_when=ActionKind.CHECK, coach=coach)
    assert table.asked > 0 if coach else table.asked == 0
    assert outcome_line(table) == f"You folded: {_net(table)}"
    note = costly_fold_note(table)
    assert note is not None
    assert note["text"].startswith("You folded when you could have checked for free.")
    assert "/rules/stud/" in note["url"] and note["title"] == "Folding when nobody has bet"
    with translation.override("da"):
        assert costly_fold_note(table)["text"].startswith("Du foldede, selv om du kunne")  # type: ignore[index]


def test_folding_to_a_bet_gets_no_word() -> None:
    table = _find(Game.STUD, lambda t: True, fold_when=ActionKind.CALL)
    assert table.moves[-1].kind is ActionKind.FOLD
    assert costly_fold_note(table) is None
