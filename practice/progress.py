"""The learner's practice progress: sets of ten, score, streaks, mastery, walkthroughs.

Skills are scheduled with a Leitner system: a right answer moves a skill up a box (seen less
often), a wrong one sends it back to box 1, so the next question favours what the learner gets
wrong. The functions take the request's session; what they read and write lives in the learner
record (``learners``, through ``core.progress_store``): no account, kept for good, changed
atomically. Each answer is also told to the record (``answer``), which keeps the skill's review
date in days for the "Today" card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass
from typing import Any, Final

from core.progress_store import Event, progress_change, progress_event, progress_read

__all__ = [
    "BOXES",
    "MIXED",
    "SET_SIZE",
    "Progress",
    "SkillState",
    "WalkthroughProgress",
    "progress_pick_next",
    "progress_record",
    "progress_reset",
    "progress_scoop_found",
    "progress_start_set",
    "quiz_progress_load",
    "walkthrough_load",
    "walkthrough_record",
]

SESSION_KEY: Final = "quiz_progress"
WALKTHROUGH_KEY: Final = "walkthrough"
#: The set mode of a mixed review (any skill of the game); otherwise the mode is the drilled
#: skill's slug, or "" before a set's first answer decides it.
MIXED: Final = "mixed"
SET_SIZE: Final = 10
BOXES: Final = 5
#: How many answers later a skill in each box comes due again.
_DUE_AFTER: Final = {1: 1, 2: 3, 3: 6, 4: 12, 5: 24}
#: Question ids remembered so a reload or a second post of one question is not counted twice.
_REMEMBERED: Final = 40


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

    @property
    def accuracy(self) -> int:
        return round(100 * self.right / self.seen) if self.seen else 0


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

    def to_session(self) -> dict[str, Any]:
        return {
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


def quiz_progress_load(session: MutableMapping[str, Any]) -> Progress:
    """The learner's practice progress; anything malformed (an old or tampered value) resets."""
    return _parse(progress_read(session, SESSION_KEY))


def _parse(raw: object) -> Progress:
    if not isinstance(raw, dict):
        return Progress()
    try:
        skills = tuple(
            (str(slug), SkillState(*(int(value) for value in values)))
            for slug, values in sorted(raw.get("skills", {}).items())
            if isinstance(values, list) and len(values) == 4
        )
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
        )
    except (TypeError, ValueError):
        return Progress()


def progress_record(
    session: MutableMapping[str, Any], *, skill: str, question: str, correct: bool
) -> tuple[Progress, bool]:
    """Count one answer. Returns the new progress and whether it counted (a question already
    answered recently is not counted again, so reloading cannot farm points)."""

    def change(raw: object) -> tuple[object, tuple[Progress, bool]]:
        progress = _parse(raw)
        if question in progress.recent:
            return raw, (progress, False)
        updated = _recorded(progress, skill=skill, question=question, correct=correct)
        return updated.to_session(), (updated, True)

    def then(result: tuple[Progress, bool]) -> list[Event]:
        return [("answer", {"skill": skill, "correct": correct})] if result[1] else []

    return progress_change(session, SESSION_KEY, change, then)


def _recorded(progress: Progress, *, skill: str, question: str, correct: bool) -> Progress:
    if progress.set_done:
        progress = _new_set(progress, mode=MIXED if progress.set_mixed else "")
    elif not progress.set_mixed and progress.set_mode not in ("", skill):
        # Another skill in the middle of a drill starts that skill's own drill.
        progress = _new_set(progress)
    states = progress.skill_map
    state = states.get(skill, SkillState())
    box = min(BOXES, state.box + 1) if correct else 1
    answered = progress.answered + 1
    states[skill] = SkillState(
        seen=state.seen + 1,
        right=state.right + (1 if correct else 0),
        box=box,
        due=answered + _DUE_AFTER[box],
    )
    streak = progress.streak + 1 if correct else 0
    return Progress(
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


def _new_set(progress: Progress, *, mode: str = "") -> Progress:
    return Progress(
        answered=progress.answered,
        correct=progress.correct,
        streak=progress.streak,
        best_streak=progress.best_streak,
        skills=progress.skills,
        recent=progress.recent,
        set_mode=mode,
    )


def progress_start_set(session: MutableMapping[str, Any], *, mixed: bool = True) -> Progress:
    """Begin a new set of ten (scores and mastery are kept): a mixed review of every skill,
    or (``mixed=False``) a drill of whichever skill is answered first."""

    def change(raw: object) -> tuple[object, Progress]:
        progress = _new_set(_parse(raw), mode=MIXED if mixed else "")
        return progress.to_session(), progress

    return progress_change(session, SESSION_KEY, change)


def progress_reset(session: MutableMapping[str, Any]) -> None:
    progress_change(session, SESSION_KEY, lambda raw: (None, None))


def progress_scoop_found(session: MutableMapping[str, Any]) -> None:
    """The learner saw that one hand scoops the pot (a milestone, the first time)."""
    progress_event(session, "scoop")


# The hand walkthrough: predictions made, and right --------------------------------------------


@dataclass(frozen=True, slots=True)
class WalkthroughProgress:
    predicted: int = 0
    right: int = 0
    recent: tuple[str, ...] = ()


def walkthrough_load(session: MutableMapping[str, Any]) -> WalkthroughProgress:
    return _parse_walkthrough(progress_read(session, WALKTHROUGH_KEY))


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
    session: MutableMapping[str, Any], *, step: str, correct: bool
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

    return progress_change(session, WALKTHROUGH_KEY, change, then)


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


# The questions missed in a set, and trying them again ---------------------------------------
#
# Kept beside the progress (not in it) under their own keys: a set's summary lists the very
# questions missed, and "Try the ones I missed" replays exactly those, which changes nothing in
# the scores (a question answered recently is never counted twice, see ``progress_record``).

MISSED_KEY: Final = "quiz_set_missed_questions"
MISSED_ANSWERS_KEY: Final = "quiz_set_missed_answers"
RETRY_KEY: Final = "quiz_retry"


def question_key(kind: str, game: str, profile: str, level: str, seed: int | str) -> str:
    """A question's id as the missed list keeps it: ``kind/game/profile/level/seed``."""
    return f"{kind}/{game}/{profile}/{level}/{seed}"


def progress_missed_questions(session: MutableMapping[str, Any]) -> tuple[str, ...]:
    """The ids (``question_key``) of the questions missed in the current set, in order."""
    raw = session.get(MISSED_KEY)
    if not isinstance(raw, list):
        return ()
    return tuple(str(item) for item in raw if isinstance(item, str))[:SET_SIZE]


def progress_note_answer(
    session: MutableMapping[str, Any],
    progress: Progress,
    *,
    key: str,
    correct: bool,
    answer: Mapping[str, list[str]] | None = None,
) -> None:
    """After ``progress_record`` counted an answer: keep the question's id if it was missed,
    and the answer given (the form's fields), so the set's summary can show the hand and what
    the learner said (a set's first answer starts both afresh)."""
    missed = [] if progress.set_answered <= 1 else list(progress_missed_questions(session))
    answers = {} if progress.set_answered <= 1 else dict(_missed_answers(session))
    if not correct and key not in missed:
        missed.append(key)
        if answer is not None:
            answers[key] = {
                name: [str(value) for value in values][:10]
                for name, values in answer.items()
                if name != "csrfmiddlewaretoken"
            }
    session[MISSED_KEY] = missed[:SET_SIZE]
    session[MISSED_ANSWERS_KEY] = {k: v for k, v in answers.items() if k in missed[:SET_SIZE]}


def _missed_answers(session: Mapping[str, Any]) -> dict[str, dict[str, list[str]]]:
    raw = session.get(MISSED_ANSWERS_KEY)
    if not isinstance(raw, dict):
        return {}
    return {
        str(key): {str(n): [str(v) for v in vs] for n, vs in value.items() if isinstance(vs, list)}
        for key, value in raw.items()
        if isinstance(value, dict)
    }


def progress_missed_answer(session: Mapping[str, Any], key: str) -> dict[str, list[str]] | None:
    """The answer given to a missed question of the set (its form fields), or None."""
    return _missed_answers(session).get(key)


def progress_retry_start(session: MutableMapping[str, Any]) -> tuple[str, ...]:
    """Queue the set's missed questions to be tried again; returns the queue."""
    missed = progress_missed_questions(session)
    session[RETRY_KEY] = {"queue": list(missed), "total": len(missed)}
    return missed


def progress_retry(session: MutableMapping[str, Any]) -> tuple[tuple[str, ...], int]:
    """The missed questions still to try again, and how many there were."""
    raw = session.get(RETRY_KEY)
    if not isinstance(raw, dict):
        return (), 0
    queue = raw.get("queue")
    total = raw.get("total")
    if not isinstance(queue, list) or not isinstance(total, int):
        return (), 0
    return tuple(str(item) for item in queue)[:SET_SIZE], total


def progress_retry_done(session: MutableMapping[str, Any], key: str) -> None:
    """One missed question tried again: it leaves the queue."""
    queue, total = progress_retry(session)
    session[RETRY_KEY] = {"queue": [item for item in queue if item != key], "total": total}


def progress_retry_clear(session: MutableMapping[str, Any]) -> None:
    session.pop(RETRY_KEY, None)
