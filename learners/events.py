"""What the learner did, told to the record: answers, steps, lessons done, milestones, hands.

``record_event`` runs inside the store's transaction, on the locked record (``learners.store``):
the progress functions name their events with each change (``then``), so the change and what it
means for the Today card are saved together. Days are counted in the learner's time zone.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Any, Final
from zoneinfo import ZoneInfo

from django.db.models import F
from django.utils import timezone

from learners.leitner import DAYS_UNTIL_DUE, box_after
from learners.models import Learner, LearnerDay, LessonDone

__all__ = ["Event", "day_streak", "learner_today", "record_event", "zone"]

#: Something the learner did: a name and its facts (see ``record_event``).
type Event = tuple[str, dict[str, Any]]

STREAK_MILESTONE: Final = 10
_TZ_NAME: Final = re.compile(r"^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$")


def zone(name: str) -> ZoneInfo | None:
    if not _TZ_NAME.match(name or ""):
        return None
    try:
        return ZoneInfo(name)
    except (ValueError, OSError, KeyError):  # unknown, or not a zone file
        return None


def learner_today(learner: Learner, now: datetime | None = None) -> date:
    """Today in the learner's time zone (UTC when it is unknown)."""
    tz = zone(learner.timezone) or ZoneInfo("UTC")
    return (now or timezone.now()).astimezone(tz).date()


def _moment(learner: Learner, kind: str, ref: str = "", *, once: bool = False) -> None:
    reached = learner.data.setdefault("reached", [])
    name = f"{kind}:{ref}"
    if once and name in reached:
        return
    if name not in reached:
        reached.append(name)
    moments = learner.data.setdefault("moments", [])
    if [kind, ref] not in moments:
        moments.append([kind, ref])
        del moments[:-5]


def _active(learner: Learner, today: date) -> None:
    """Count one step or answer today; a ten-day streak is a milestone."""
    # One UPDATE on a day already begun (the usual case), an INSERT on the day's first: the
    # caller holds the record's lock, so no other request counts this day meanwhile.
    counted = LearnerDay.objects.filter(learner=learner, day=today).update(steps=F("steps") + 1)
    created = not counted
    if created:
        LearnerDay.objects.create(learner=learner, day=today, steps=1)
    if created and day_streak(learner, today) >= STREAK_MILESTONE:
        _moment(learner, "streak", str(STREAK_MILESTONE), once=True)


def day_streak(learner: Learner, today: date) -> int:
    """Days in a row with at least one step or answer, ending today (or yesterday, when today
    has none yet: the streak is not lost before the day is over)."""
    days = set(
        LearnerDay.objects.filter(learner=learner, day__gte=today - timedelta(days=400))
        .filter(steps__gt=0)
        .values_list("day", flat=True)
    )
    current = today if today in days else today - timedelta(days=1)
    streak = 0
    while current in days:
        streak += 1
        current -= timedelta(days=1)
    return streak


def _number(value: object) -> int:
    return value if isinstance(value, int) else 0


def record_event(learner: Learner, name: str, facts: dict[str, Any]) -> None:
    """Record ``name`` on the locked record: ``answer`` (skill, correct: a step today, and the
    skill's review date in days), ``step``, ``lesson_done`` (key, course_done), ``path_done``
    (path), ``scoop`` (the first one is a milestone), ``hand`` (game: a step today, and one
    more hand of the game in ``data["hands"]``, the one count of hands played)."""
    today = learner_today(learner)
    if name == "answer":
        _active(learner, today)
        review = learner.data.setdefault("review", {})
        skill = str(facts["skill"])
        box = review.get(skill, [0])[0] if isinstance(review.get(skill), list) else 0
        box = box_after(int(box), correct=bool(facts["correct"]))
        review[skill] = [box, (today + timedelta(days=DAYS_UNTIL_DUE[box])).isoformat()]
    elif name == "step":
        _active(learner, today)
    elif name == "lesson_done":
        key = str(facts["key"])
        LessonDone.objects.get_or_create(learner=learner, lesson=key, defaults={"day": today})
        _moment(learner, "lesson", key)
        if facts.get("course_done"):
            _moment(learner, "course", str(facts["course_done"]))
    elif name == "path_done":
        _moment(learner, "path", str(facts["path"]))
    elif name == "scoop":
        _moment(learner, "scoop", once=True)
    elif name == "hand":
        _active(learner, today)
        hands = learner.data.setdefault("hands", {})
        game = str(facts["game"])
        hands[game] = _number(hands.get(game)) + 1
    else:
        raise ValueError(f"unknown learner event {name!r}")
