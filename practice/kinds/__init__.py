"""The registry of quiz kinds, in the order the hub lists them."""

from __future__ import annotations

from typing import Final

from practice.kinds.best_high import BestHigh
from practice.kinds.best_low import BestLow
from practice.kinds.bet_sizing import BetSizing
from practice.kinds.bring_in import BringIn
from practice.kinds.first_to_act import FirstToAct
from practice.kinds.legal_action import LegalAction
from practice.kinds.out_of_cards import OutOfCards
from practice.kinds.qualify import Qualify
from practice.kinds.rank_lows import RankLows
from practice.kinds.showdown_order import ShowdownOrder
from practice.kinds.split_pot import SplitPot
from practice.kinds.spot_mistake import SpotMistake
from practice.quiz import QuizKind

__all__ = ["KINDS", "kind_get"]

#: slug -> the kind's one instance, in the hub's order. A kind that leaves out one of
#: ``QuizKind``'s abstract methods (``mistake()`` among them) cannot be instantiated, so the site
#: does not start; mypy checks each method's signature against ``QuizKind``'s.
KINDS: Final[dict[str, QuizKind]] = {
    kind.slug: kind
    for kind in (
        RankLows(),
        BringIn(),
        FirstToAct(),
        BestHigh(),
        BestLow(),
        Qualify(),
        OutOfCards(),
        SpotMistake(),
        SplitPot(),
        BetSizing(),
        LegalAction(),
        ShowdownOrder(),
    )
}


def kind_get(slug: str) -> QuizKind | None:
    return KINDS.get(slug)
