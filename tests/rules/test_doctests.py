"""The examples in the rules app's docstrings (rules/engine runs its own as doctests)."""

from __future__ import annotations

import doctest

import pytest

import rules.markup
import rules.services


@pytest.mark.parametrize("module", [rules.markup, rules.services])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0
    assert result.attempted > 0
