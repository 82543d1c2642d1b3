"""Hands played at the practice table, as the learner's progress sees them.

The one call the table makes: ``hand_played(request, game, hand)``. For now it counts in the
session; at merge it can be pointed at the learner's record without touching the views.
"""

from __future__ import annotations

from django.http import HttpRequest

__all__ = ["hand_played", "hands_played"]

SESSION_KEY = "table_hands"
_SEEN_KEY = "table_hands_seen"
_SEEN_KEPT = 50


def hand_played(request: HttpRequest, game: str, hand: str) -> bool:
    """Count a finished hand once (``hand`` names it: reloading its page counts nothing).
    Returns whether it was counted now."""
    seen: list[str] = list(request.session.get(_SEEN_KEY, []))
    if hand in seen:
        return False
    counts: dict[str, int] = dict(request.session.get(SESSION_KEY, {}))
    counts[game] = counts.get(game, 0) + 1
    request.session[SESSION_KEY] = counts
    request.session[_SEEN_KEY] = [*seen, hand][-_SEEN_KEPT:]
    return True


def hands_played(request: HttpRequest) -> dict[str, int]:
    """Finished hands per game (``"stud"``, ``"stud8"``, ``"razz"``)."""
    return dict(request.session.get(SESSION_KEY, {}))
