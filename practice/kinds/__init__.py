"""The registry of quiz kinds, in the order the hub lists them."""

from __future__ import annotations

from importlib import import_module
from typing import Final

from practice.quiz import QuizKind

__all__ = ["KINDS", "kind_get"]

#: module name -> class name, in the hub's order.
_MODULES: Final = (
    ("rank_lows", "RankLows"),
    ("bring_in", "BringIn"),
    ("first_to_act", "FirstToAct"),
    ("best_high", "BestHigh"),
    ("best_low", "BestLow"),
    ("qualify", "Qualify"),
    ("out_of_cards", "OutOfCards"),
    ("spot_mistake", "SpotMistake"),
    ("split_pot", "SplitPot"),
    ("bet_sizing", "BetSizing"),
    ("legal_action", "LegalAction"),
    ("showdown_order", "ShowdownOrder"),
)


def _load() -> dict[str, QuizKind]:
    kinds: dict[str, QuizKind] = {}
    for module_name, class_name in _MODULES:
        module = import_module(f"practice.kinds.{module_name}")
        kind: QuizKind = getattr(module, class_name)()
        kinds[kind.slug] = kind
    return kinds


KINDS: Final[dict[str, QuizKind]] = _load()


def kind_get(slug: str) -> QuizKind | None:
    return KINDS.get(slug)
