"""The end of a hand, for the learner: one line on what they won or lost, from the engine's
settlement, and the coach's word on a move that is legal but costly (folding when a check was
free)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from core import words
from rules.engine import ActionKind, Game
from rules.rendering import rule_target
from table.play import Stop, Table, TableError, replay

__all__ = ["costly_fold_note", "outcome_line"]

#: The rule of folding with no bet to face: legal, binding (R-IRR-3).
FOLD_WITHOUT_A_BET = "R-IRR-3"


def outcome_line(table: Table) -> str:
    """ "You won the low half: +$24": what the learner's seat took from the pots and its net
    result; empty until the hand is over."""
    settlement = table.state.settlement
    if table.stop is not Stop.OVER or settlement is None:
        return ""
    seat = table.learner
    net = {"net": words.signed_amount(settlement.net[seat])}
    if not table.state.live[seat]:
        return _("You folded: %(net)s") % net
    won = [pot for pot in settlement.pots if seat in pot.winners]
    if not won:
        return _("You lost this hand: %(net)s") % net
    high = [pot for pot in won if seat in pot.high_winners]
    low = [pot for pot in won if seat in pot.low_winners]
    shared = any(
        (seat in pot.high_winners and len(pot.high_winners) > 1)
        or (seat in pot.low_winners and len(pot.low_winners) > 1)
        for pot in won
    )
    if shared:
        return _("You won a share of the pot: %(net)s") % net
    if table.setup.game is not Game.STUD8:
        return _("You won the pot: %(net)s") % net
    if low and not high:
        return _("You won the low half: %(net)s") % net
    if high and not low and any(pot.low_winners for pot in high):
        return _("You won the high half: %(net)s") % net
    return _("You won the whole pot: %(net)s") % net


def _before_last_move(table: Table) -> Table | None:
    """The hand at the learner's last decision: the coach may have asked more questions after
    it (who wins at the showdown), so fewer answers replay to it."""
    for asked in range(table.asked, -1, -1):
        try:
            return replay(table.setup, table.moves[:-1], asked)
        except TableError:
            continue
    return None


def costly_fold_note(table: Table) -> dict[str, str] | None:
    """The coach's word when the learner's last move folded a hand that could have checked:
    ``{"text", "url", "title"}`` (the rule's step), or None."""
    if not table.moves or table.moves[-1].kind is not ActionKind.FOLD:
        return None
    before = _before_last_move(table)
    if before is None:
        return None
    state = before.state
    if before.stop is not Stop.ACT or state.to_act != table.learner:
        return None
    if state.legal_actions().get(ActionKind.CHECK) is None:
        return None
    target = rule_target(FOLD_WITHOUT_A_BET, game=str(table.setup.game))
    return {
        "text": _(
            "You folded when you could have checked for free. That is allowed, and the fold "
            "stands, but a check would have kept your cards in the hand at no cost."
        ),
        "url": target[0] if target else "",
        "title": target[1] if target else "",
    }
