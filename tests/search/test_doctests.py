"""The examples in the search app's docstrings."""

from __future__ import annotations

import doctest

import pytest

import search.index
import search.services
import search.text


@pytest.mark.parametrize("module", [search.text, search.index, search.services])
def test_docstring_examples(module: object) -> None:
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)  # type: ignore[arg-type]
    assert result.failed == 0
    assert result.attempted > 0
