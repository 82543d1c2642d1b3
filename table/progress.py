"""Hands played at the practice table, in the learner's progress (``core.progress_store``).

The one call the table makes: ``hand_played(request, game, hand)``. With the ``learners`` app
the count lives in the learner record, as an atomic change that also tells the record a hand
was played (a step for the day streak); without it, in the session.

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
from core.progress_store import progress_change, progress_kept, progress_read

__all__ = ["hand_played", "hands_played"]

KEY = "table_hands"
_SEEN_KEPT = 50


def hand_played(request: HttpRequest, game: str, hand: str) -> bool:
    """Count a finished hand once (``hand`` names it: reloading its page counts nothing), for
    a learner with a record, opened from this site (see the module docstring). Returns
    whether it was counted now."""
    if not sent_from_this_site(request) or not progress_kept(request.session):
        return False

    def change(old: Any) -> tuple[dict[str, Any], bool]:
        value = dict(old or {})
        seen: list[str] = list(value.get("seen", []))
        if hand in seen:
            return value, False
        counts: dict[str, int] = dict(value.get("counts", {}))
        counts[game] = counts.get(game, 0) + 1
        return {"counts": counts, "seen": [*seen, hand][-_SEEN_KEPT:]}, True

    return progress_change(
        request.session,
        KEY,
        change,
        then=lambda counted: [("hand", {"game": game})] if counted else [],
    )


def hands_played(request: HttpRequest) -> dict[str, int]:
    """Finished hands per game (``"stud"``, ``"stud8"``, ``"razz"``)."""
    value = progress_read(request.session, KEY) or {}
    return dict(value.get("counts", {}))
