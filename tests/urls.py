"""Addresses for tests, written with the English words every page has under /en/.

``localized("/sv/rules/stud/")`` is that page's address in Swedish (``/sv/regler/stud/``):
tests name pages the way the code does, and tests/site/test_localized_urls.py checks the
addresses themselves."""

from __future__ import annotations

from core.urlwords import legacy_path

__all__ = ["localized"]


def localized(path: str) -> str:
    """The page at ``path`` (English words under any language prefix) at its real address."""
    cut = min((i for i in (path.find("?"), path.find("#")) if i >= 0), default=len(path))
    base, rest = path[:cut], path[cut:]
    return (legacy_path(base) or base) + rest
