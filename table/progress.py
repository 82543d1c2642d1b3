"""Hands played at the practice table, counted in the learner record (``learners.store``).

The one call the table makes: ``hand_played(request, game, hand)``. The record counts the hand
(``data["hands"]``, the count the learner's page shows, and a step for the day streak); the
table keeps only the names of the hands counted lately, so that reloading a hand's last page
counts it no second time.

A hand ends on a GET (its last move is a link, so the table plays without JavaScript), and a
GET must not make state for whoever follows a link: a finished hand counts only for a browser
that has a record already (a crawler, or a visitor who never answered anything, makes none)
and only when the page was opened from this site (another site's link, followed with the
learner's cookie, counts nothing).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from core.http import sent_from_this_site
from learners.store import progress_change, progress_kept

__all__ = ["hand_played"]

KEY = "table_hands"
_SEEN_KEPT = 50


def hand_played(request: HttpRequest, game: str, hand: str) -> bool:
    """Count a finished hand once (``hand`` names it: reloading its page counts nothing), for
    a learner with a record, opened from this site (see the module docstring). Returns
    whether it was counted now."""
    if not sent_from_this_site(request) or not progress_kept(request):
        return False

    def change(old: Any) -> tuple[dict[str, Any], bool]:
        seen: list[str] = list((old or {}).get("seen", []))
        if hand in seen:
            return {"seen": seen}, False
        return {"seen": [*seen, hand][-_SEEN_KEPT:]}, True

    return progress_change(
        request,
        KEY,
        change,
        then=lambda counted: [("hand", {"game": game})] if counted else [],
    )
