"""Every core test starts and ends with an empty cache (whole pages live there)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    for alias in ("default", "pages"):
        caches[alias].clear()
    yield
    for alias in ("default", "pages"):
        caches[alias].clear()
