"""The learner record's services for the learner's page: the Today card, milestones, codes for
another device, download and forget, pruning.

The apps record progress through their own progress functions (``practice.progress``,
``tutorials.progress``, ``table.progress``) over ``learners.store``.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Final

from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from learners.events import day_streak, learner_today
from learners.limits import tally_add, tally_prune
from learners.models import DeviceCode, Learner, LearnerDay
from learners.store import store_for

__all__ = [
    "CODE_ALPHABET",
    "CODE_MINUTES",
    "DAILY_GOAL",
    "CodeError",
    "Today",
    "code_create",
    "code_normalise",
    "code_use",
    "learner_export",
    "learner_forget",
    "moments_pop",
    "prune",
    "today_for",
]

#: No 0/O, 1/I/L: a code read aloud or off a phone is typed right.
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 8
CODE_MINUTES: Final = 10
#: Codes one learner may have open at once, and wrong codes one address may try in
#: CODE_MINUTES (counted by every worker alike: learners.limits).
CODES_OPEN: Final = 3
CODE_TRIES: Final = 10
#: Steps or answers a day that meet the daily goal.
DAILY_GOAL: Final = 10


# The Today card ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Today:
    streak: int
    steps: int
    goal: int
    #: Skills due for review today or earlier, most overdue first.
    due: tuple[str, ...]
    hands: int
    #: When none is due: the next day a review falls due and how many skills then (or None).
    next_review: date | None = None
    next_count: int = 0
    #: Days from today to ``next_review``.
    next_in_days: int = 0

    @property
    def goal_met(self) -> bool:
        return self.steps >= self.goal

    @property
    def goal_percent(self) -> int:
        return min(100, round(100 * self.steps / self.goal))


def _due(learner: Learner, today: date) -> list[str]:
    review = learner.data.get("review")
    if not isinstance(review, dict):
        return []
    due: list[tuple[str, str]] = []
    for skill, value in review.items():
        if isinstance(value, list) and len(value) == 2 and str(value[1]) <= today.isoformat():
            due.append((str(value[1]), skill))
    return [skill for _when, skill in sorted(due)]


def _next_review(learner: Learner, today: date) -> tuple[date, int] | None:
    """The first day after today that a review falls due, and how many skills fall due then."""
    review = learner.data.get("review")
    if not isinstance(review, dict):
        return None
    later: list[date] = []
    for value in review.values():
        if isinstance(value, list) and len(value) == 2 and str(value[1]) > today.isoformat():
            try:
                later.append(date.fromisoformat(str(value[1])))
            except ValueError:
                continue
    if not later:
        return None
    first = min(later)
    return first, later.count(first)


def today_for(request: HttpRequest) -> Today | None:
    """The learner's day, or None for a visitor without a record (no cookie: no query)."""
    store = store_for(request)
    if not store.has_cookie and not store.new_token:
        return None
    learner = store.learner()
    if learner is None:
        return None
    today = learner_today(learner)
    row = LearnerDay.objects.filter(learner=learner, day=today).first()
    hands = learner.data.get("hands")
    due = tuple(_due(learner, today))
    upcoming = None if due else _next_review(learner, today)
    return Today(
        streak=day_streak(learner, today),
        steps=row.steps if row is not None else 0,
        goal=DAILY_GOAL,
        due=due,
        next_review=upcoming[0] if upcoming else None,
        next_count=upcoming[1] if upcoming else 0,
        next_in_days=(upcoming[0] - today).days if upcoming else 0,
        hands=sum(v for v in hands.values() if isinstance(v, int))
        if isinstance(hands, dict)
        else 0,
    )


def moments_pop(request: HttpRequest) -> list[tuple[str, str]]:
    """The milestones reached and not shown yet (each is shown once)."""
    store = store_for(request)
    if not store.has_cookie and not store.new_token:
        return []
    learner = store.learner()
    if learner is None or not learner.data.get("moments"):
        return []
    return store.change("moments", lambda raw: (None, [tuple(item) for item in raw or []]))


# Another device ------------------------------------------------------------------------------


class CodeError(Exception):
    """Why a code was refused: ``reason`` is "unknown" (wrong, used or expired), "limit" (too
    many codes or tries) or "busy" (too many new records from the address just now)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def code_normalise(text: str) -> str:
    """What the learner typed, as a code: spaces and dashes dropped, capitals."""
    return "".join(text.split()).replace("-", "").upper()[: CODE_LENGTH + 4]


def code_create(request: HttpRequest) -> DeviceCode:
    """A new code for the learner's record (which is made if there is none yet)."""
    store = store_for(request)
    learner = store.learner()
    if learner is None:  # a record is made for the code: an empty one
        store.change("reached", lambda raw: (raw if raw is not None else [], None))
        learner = store.learner()
    if learner is None:  # the address made too many records just now (learners.store)
        raise CodeError("busy")
    now = timezone.now()
    DeviceCode.objects.filter(expires__lte=now).delete()
    if DeviceCode.objects.filter(learner=learner).count() >= CODES_OPEN:
        raise CodeError("limit")
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        _obj, created = DeviceCode.objects.get_or_create(
            code=code,
            defaults={"learner": learner, "expires": now + timedelta(minutes=CODE_MINUTES)},
        )
        if created:
            return _obj


def code_use(request: HttpRequest, text: str) -> Learner:
    """Attach this browser to the record the code was made for; the code is used up. Each
    try is counted before it is checked (tries sent at once cannot all slip under the limit),
    and a right code gives its try back: only wrong codes use up the address's tries."""
    if tally_add("code-tries", request, seconds=CODE_MINUTES * 60) > CODE_TRIES:
        raise CodeError("limit")
    code = code_normalise(text)
    with transaction.atomic():
        found = (
            DeviceCode.objects.select_for_update()
            .select_related("learner")
            .filter(code=code, expires__gt=timezone.now())
            .first()
            if len(code) == CODE_LENGTH
            else None
        )
        if found is None:
            raise CodeError("unknown")
        learner = found.learner
        found.delete()
    tally_add("code-tries", request, seconds=CODE_MINUTES * 60, delta=-1)
    store_for(request).attach(learner)
    return learner


# Privacy -------------------------------------------------------------------------------------


def learner_forget(request: HttpRequest) -> None:
    """Delete everything kept about the learner, wherever it is (``LearnerStore.forget``)."""
    store_for(request).forget()


def learner_export(request: HttpRequest) -> dict[str, Any] | None:
    """Everything kept about the learner, as JSON-ready data."""
    store = store_for(request)
    learner = store.learner() if store.has_cookie else None
    if learner is None:
        return None
    return {
        "created": learner.created.isoformat(),
        "last_seen": learner.seen.isoformat(),
        "time_zone": learner.timezone,
        "progress": learner.data,
        "days": [
            {"day": day.isoformat(), "steps": steps}
            for day, steps in learner.days.order_by("day").values_list("day", "steps")
        ],
        "lessons_done": [
            {"lesson": lesson, "day": day.isoformat()}
            for lesson, day in learner.lessons.order_by("day", "lesson").values_list(
                "lesson", "day"
            )
        ],
    }


def prune(*, days: int) -> int:
    """Delete the records not used for ``days`` days (and expired codes); returns how many."""
    now = timezone.now()
    DeviceCode.objects.filter(expires__lte=now).delete()
    tally_prune()
    _total, by_model = Learner.objects.filter(seen__lt=now - timedelta(days=days)).delete()
    return by_model.get(Learner._meta.label, 0)
