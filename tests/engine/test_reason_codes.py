"""``rules.engine.REASON_CODES`` names every reason-code enum the engine's modules define, so the
apps find every code (each has a sentence, ``tests/rules/test_explain.py``) through the engine's
public names alone."""

from __future__ import annotations

import importlib
import pkgutil
from enum import StrEnum

import rules.engine as engine
from rules.engine import REASON_CODES


def _defined_reason_enums() -> set[type[StrEnum]]:
    """The ``StrEnum`` classes named ``...Code`` or ``...Reason`` in the engine's modules, the
    private ones included."""
    found: set[type[StrEnum]] = set()
    for info in pkgutil.iter_modules(engine.__path__):
        module = importlib.import_module(f"rules.engine.{info.name}")
        for name, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, StrEnum)
                and value.__module__ == module.__name__
                and name.endswith(("Code", "Reason"))
            ):
                found.add(value)
    return found


def test_reason_codes_lists_every_reason_enum_the_engine_defines() -> None:
    defined = _defined_reason_enums()
    assert len(defined) >= 9
    assert sorted(enum.__name__ for enum in defined - set(REASON_CODES)) == []
    assert sorted(enum.__name__ for enum in set(REASON_CODES) - defined) == []
