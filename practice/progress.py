"""The learner's practice progress: sets of ten, score, streaks, mastery, the questions missed
in a set and trying them again, walkthroughs.

Skills are scheduled by the site's Leitner boxes counted in answers (``learners.leitner``), so
the next question favours what the learner gets wrong. The functions take the request; what
they read and write lives in the learner record (``learners.store``): no account, kept for
good, moved to another device with a code, changed atomically. ``progress_record`` is the one
service of an answer: the score, the skill's box, the set's missed questions, the retry queue
and what the Today card hears of it (the skill's review date in days, a scoop) change in one
transaction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from django.http import HttpRequest

from learners.leitner import ANSWERS_UNTIL_DUE, BOXES, box_after
from learners.store import Event, progress_change, progress_read

__all__ = [
    "MIXED",
    "SET_SIZE",
    "Answered",
    "Progress",
    "SkillState",
    "WalkthroughProgress",
    "progress_pick_next",
    "progress_record",
    "progress_reset",
    "progress_retry_start",
    "progress_start_set",
    "question_key",
    "quiz_progress_load",
    "walkthrough_load",
    "walkthrough_record",
]

KEY: Final = "quiz_progress"
WALKTHROUGH_KEY: Final = "walkthrough"
#: The set mode of a mixed review (any skill of the game); otherwise the mode is the drilled
#: skill's slug, or "" before a set's first answer decides it.
MIXED: Final = "mixed"
SET_SIZE: Final = 10
#: Question ids remembered so a reload or a second post of one question is not counted twice.
_REMEMBERED: Final = 40
#: The values of a missed answer's form field kept.
_FIELDS_KEPT: Final = 10


@dataclass(frozen=True, slots=True)
class SkillState:
    seen: int = 0
    right: int = 0
    box: int = 1
    due: int = 0

    @property
    def mastery(self) -> int:
        """0-100: how well the skill is held (the box, tempered by too few answers)."""
        if self.seen == 0:
            return 0
        return round(100 * (self.box - 1) / (BOXES - 1) * min(1.0, self.seen / 3))


#: A missed question's answer as given: its form fields, each with its values.
type GivenAnswer = tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Progress:
    answered: int = 0
    correct: int = 0
    streak: int = 0
    best_streak: int = 0
    set_answered: int = 0
    set_correct: int = 0
    skills: tuple[tuple[str, SkillState], ...] = ()
    recent: tuple[str, ...] = ()
    #: MIXED, a drilled skill's slug, or "" (decided by the set's first answer).
    set_mode: str = ""
    #: The skills answered wrong in this set, in the order they were first missed.
    set_missed: tuple[str, ...] = ()
    #: The questions missed in this set (``question_key``), in order, and the answers given.
    missed: tuple[str, ...] = ()
    missed_answers: tuple[tuple[str, GivenAnswer], ...] = ()
    #: "Try the ones I missed": the missed questions still to try again, and how many there were.
    retry: tuple[str, ...] = ()
    retry_total: int = 0

    @property
    def skill_map(self) -> dict[str, SkillState]:
        return dict(self.skills)

    @property
    def set_percent(self) -> int:
        return round(100 * self.set_answered / SET_SIZE)

    @property
    def set_done(self) -> bool:
        return self.set_answered >= SET_SIZE

    @property
    def set_mixed(self) -> bool:
        return self.set_mode == MIXED

    def skill(self, slug: str) -> SkillState:
        return self.skill_map.get(slug, SkillState())

    def missed_answer(self, key: str) -> dict[str, list[str]] | None:
        """The answer given to a missed question of the set (its form fields), or None."""
        found = dict(self.missed_answers).get(key)
        return None if found is None else {name: list(values) for name, values in found}

    def upcoming(self, skill: str) -> tuple[str, int]:
        """The set mode and the number ("question 3 of 10") an unanswered question of
        ``skill`` would have: a finished set, or another skill in a drill, starts afresh."""
        if self.set_done:
            return (MIXED if self.set_mixed else skill), 1
        if self.set_mixed:
            return MIXED, self.set_answered + 1
        if self.set_mode == skill:
            return skill, self.set_answered + 1
        return skill, 1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "answered": self.answered,
            "correct": self.correct,
            "streak": self.streak,
            "best_streak": self.best_streak,
            "set_answered": self.set_answered,
            "set_correct": self.set_correct,
            "skills": {
                slug: [state.seen, state.right, state.box, state.due] for slug, state in self.skills
            },
            "recent": list(self.recent),
            "set_mode": self.set_mode,
            "set_missed": list(self.set_missed),
        }
        if self.missed:
            data["missed"] = list(self.missed)
            data["missed_answers"] = {
                key: {name: list(values) for name, values in given}
                for key, given in self.missed_answers
            }
        if self.retry_total:
            data["retry"] = {"queue": list(self.retry), "total": self.retry_total}
        return data


@dataclass(frozen=True, slots=True)
class Answered:
    """What ``progress_record`` did with an answer."""

    progress: Progress
    #: Whether it counted (a question answered recently counts no second time).
    counted: bool
    #: Whether it was a missed question tried again (it then left ``progress.retry``).
    retried: bool


def quiz_progress_load(request: HttpRequest) -> Progress:
    """The learner's practice progress; anything malformed (an old or tampered value) resets."""
    return _parse(progress_read(request, KEY))


def _strings(raw: object, limit: int) -> tuple[str, ...]:
    if not isinstance(raw, list):
        return ()
    return tuple(str(item) for item in raw if isinstance(item, str))[:limit]


def _given(raw: object) -> GivenAnswer:
    if not isinstance(raw, dict):
        return ()
    return tuple(
        (str(name), tuple(str(value) for value in values)[:_FIELDS_KEPT])
        for name, values in raw.items()
        if isinstance(values, list)
    )


def _parse(raw: object) -> Progress:
    if not isinstance(raw, dict):
        return Progress()
    try:
        skills = tuple(
            (str(slug), SkillState(*(int(value) for value in values)))
            for slug, values in sorted(raw.get("skills", {}).items())
            if isinstance(values, list) and len(values) == 4
        )
        missed = _strings(raw.get("missed"), SET_SIZE)
        answers = raw.get("missed_answers")
        retry = raw.get("retry")
        queue = retry.get("queue") if isinstance(retry, dict) else None
        total = retry.get("total") if isinstance(retry, dict) else None
        return Progress(
            answered=int(raw.get("answered", 0)),
            correct=int(raw.get("correct", 0)),
            streak=int(raw.get("streak", 0)),
            best_streak=int(raw.get("best_streak", 0)),
            set_answered=int(raw.get("set_answered", 0)),
            set_correct=int(raw.get("set_correct", 0)),
            skills=skills,
            recent=tuple(str(item) for item in raw.get("recent", []))[-_REMEMBERED:],
            # Sets begun before drills existed were mixed reviews.
            set_mode=str(raw.get("set_mode", MIXED if raw.get("set_answered") else "")),
            set_missed=tuple(str(item) for item in raw.get("set_missed", [])),
            missed=missed,
            missed_answers=tuple(
                (key, _given(answers.get(key)))
                for key in missed
                if isinstance(answers, dict) and key in answers
            ),
            retry=_strings(queue, SET_SIZE) if isinstance(total, int) else (),
            retry_total=total if isinstance(total, int) and isinstance(queue, list) else 0,
        )
    except (TypeError, ValueError, AttributeError):
        return Progress()


def progress_record(
    request: HttpRequest,
    *,
    skill: str,
    question: str,
    correct: bool,
    key: str = "",
    answer: Mapping[str, list[str]] | None = None,
    scoop: bool = False,
) -> Answered:
    """Record one answer, all of it in one transaction: count it (a question already answered
    recently is not counted again, so reloading cannot farm points); keep the question's id
    ``key`` (``question_key``) with the ``answer`` given (the form's fields) if it was missed,
    for the set's summary; take it off the retry queue when it is a missed question tried
    again (any other counted answer ends the retry); and tell the record (the skill's review
    date, a ``scoop`` found on a right answer)."""

    def change(raw: object) -> tuple[object, Answered]:
        progress = _parse(raw)
        retried = bool(key) and key in progress.retry
        counted = question not in progress.recent
        if counted:
            progress = _recorded(progress, skill=skill, question=question, correct=correct)
            progress = _noted(progress, key=key, correct=correct, answer=answer)
        if retried:
            progress = replace(
                progress, retry=tuple(item for item in progress.retry if item != key)
            )
        elif counted and progress.retry_total:
            progress = replace(progress, retry=(), retry_total=0)  # on with new questions
        return progress.to_json(), Answered(progress, counted, retried)

    def then(result: Answered) -> list[Event]:
        if not result.counted:
            return []
        events: list[Event] = [("answer", {"skill": skill, "correct": correct})]
        if scoop and correct:
            events.append(("scoop", {}))
        return events

    return progress_change(request, KEY, change, then)


def _recorded(progress: Progress, *, skill: str, question: str, correct: bool) -> Progress:
    if progress.set_done:
        progress = _new_set(progress, mode=MIXED if progress.set_mixed else "")
    elif not progress.set_mixed and progress.set_mode not in ("", skill):
        # Another skill in the middle of a drill starts that skill's own drill.
        progress = _new_set(progress)
    states = progress.skill_map
    state = states.get(skill, SkillState())
    box = box_after(state.box, correct=correct)
    answered = progress.answered + 1
    states[skill] = SkillState(
        seen=state.seen + 1,
        right=state.right + (1 if correct else 0),
        box=box,
        due=answered + ANSWERS_UNTIL_DUE[box],
    )
    streak = progress.streak + 1 if correct else 0
    return replace(
        progress,
        answered=answered,
        correct=progress.correct + (1 if correct else 0),
        streak=streak,
        best_streak=max(progress.best_streak, streak),
        set_answered=progress.set_answered + 1,
        set_correct=progress.set_correct + (1 if correct else 0),
        skills=tuple(sorted(states.items())),
        recent=(*progress.recent, question)[-_REMEMBERED:],
        set_mode=progress.set_mode or skill,
        set_missed=progress.set_missed
        if correct or skill in progress.set_missed
        else (*progress.set_missed, skill),
    )


def _noted(
    progress: Progress, *, key: str, correct: bool, answer: Mapping[str, list[str]] | None
) -> Progress:
    """After a counted answer: the question's id kept if it was missed, with the answer given
    (a set's first answer starts both afresh)."""
    first = progress.set_answered <= 1
    missed = [] if first else list(progress.missed)
    answers = {} if first else dict(progress.missed_answers)
    if key and not correct and key not in missed:
        missed.append(key)
        if answer is not None:
            answers[key] = _given(
                {
                    name: list(values)
                    for name, values in answer.items()
                    if name != "csrfmiddlewaretoken"
                }
            )
    kept = missed[:SET_SIZE]
    return replace(
        progress,
        missed=tuple(kept),
        missed_answers=tuple((item, answers[item]) for item in kept if item in answers),
    )


def _new_set(progress: Progress, *, mode: str = "") -> Progress:
    """A new set: the set's counts, mode and missed skills start afresh (the missed questions
    with the set's first answer, ``_noted``)."""
    return replace(progress, set_answered=0, set_correct=0, set_mode=mode, set_missed=())


def progress_start_set(request: HttpRequest, *, mixed: bool = True) -> Progress:
    """Begin a new set of ten (scores and mastery are kept): a mixed review of every skill,
    or (``mixed=False``) a drill of whichever skill is answered first. A retry under way
    ends."""

    def change(raw: object) -> tuple[object, Progress]:
        progress = _new_set(_parse(raw), mode=MIXED if mixed else "")
        progress = replace(progress, retry=(), retry_total=0)
        return progress.to_json(), progress

    return progress_change(request, KEY, change)


def progress_reset(request: HttpRequest) -> None:
    progress_change(request, KEY, lambda raw: (None, None))


def progress_retry_start(request: HttpRequest) -> tuple[str, ...]:
    """ "Try the ones I missed": queue the set's missed questions to be tried again; returns
    the queue."""

    def change(raw: object) -> tuple[object, tuple[str, ...]]:
        progress = _parse(raw)
        progress = replace(progress, retry=progress.missed, retry_total=len(progress.missed))
        return progress.to_json(), progress.missed

    return progress_change(request, KEY, change)


def question_key(kind: str, game: str, profile: str, level: str, seed: int | str) -> str:
    """A question's id as the missed list keeps it: ``kind/game/profile/level/seed``."""
    return f"{kind}/{game}/{profile}/{level}/{seed}"


# The hand walkthrough: predictions made, and right --------------------------------------------


@dataclass(frozen=True, slots=True)
class WalkthroughProgress:
    predicted: int = 0
    right: int = 0
    recent: tuple[str, ...] = ()


def walkthrough_load(request: HttpRequest) -> WalkthroughProgress:
    return _parse_walkthrough(progress_read(request, WALKTHROUGH_KEY))


def _parse_walkthrough(raw: object) -> WalkthroughProgress:
    if not isinstance(raw, dict):
        return WalkthroughProgress()
    try:
        return WalkthroughProgress(
            predicted=int(raw.get("predicted", 0)),
            right=int(raw.get("right", 0)),
            recent=tuple(str(item) for item in raw.get("recent", []))[-_REMEMBERED:],
        )
    except (TypeError, ValueError):
        return WalkthroughProgress()


def walkthrough_record(
    request: HttpRequest, *, step: str, correct: bool
) -> tuple[WalkthroughProgress, bool]:
    """Count one prediction in a walkthrough (``step`` names the hand and the step, so a
    second post of the same step is not counted again)."""

    def change(raw: object) -> tuple[object, tuple[WalkthroughProgress, bool]]:
        progress = _parse_walkthrough(raw)
        if step in progress.recent:
            return raw, (progress, False)
        updated = WalkthroughProgress(
            predicted=progress.predicted + 1,
            right=progress.right + (1 if correct else 0),
            recent=(*progress.recent, step)[-_REMEMBERED:],
        )
        data = {"predicted": updated.predicted, "right": updated.right}
        return {**data, "recent": list(updated.recent)}, (updated, True)

    def then(result: tuple[WalkthroughProgress, bool]) -> list[Event]:
        return [("step", {})] if result[1] else []

    return progress_change(request, WALKTHROUGH_KEY, change, then)


def progress_pick_next(progress: Progress, skills: list[str], *, rng: random.Random) -> str:
    """The skill to practise next.

    A skill answered wrong (box 1) comes back as soon as it is due again, one question later,
    before anything new; then skills never tried; then the most overdue skill in the lowest
    box. Ties are broken at random.
    """
    if not skills:
        raise ValueError("no skills to choose from")
    states = progress.skill_map
    missed = [
        slug
        for slug in skills
        if slug in states and states[slug].box == 1 and states[slug].due <= progress.answered
    ]
    if missed:
        soonest = min(states[slug].due for slug in missed)
        return rng.choice([slug for slug in missed if states[slug].due == soonest])
    unseen = [slug for slug in skills if slug not in states]
    if unseen:
        return rng.choice(unseen)

    def urgency(slug: str) -> tuple[int, int]:
        state = states[slug]
        return (state.due - progress.answered, state.box)

    best = min(urgency(slug) for slug in skills)
    return rng.choice([slug for slug in skills if urgency(slug) == best])
