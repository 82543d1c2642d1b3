"""The learner's progress, kept in the signed-cookie session: sets of ten, score, streaks, mastery.

Skills are scheduled with a Leitner system: a right answer moves a skill up a box (seen less
often), a wrong one sends it back to box 1, so the next question favours what the learner gets
wrong. No account is needed and the server keeps nothing.
"""

from __future__ import annotations

import random
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import Any, Final

__all__ = [
    "BOXES",
    "MIXED",
    "SET_SIZE",
    "Progress",
    "SkillState",
    "progress_load",
    "progress_pick_next",
    "progress_record",
    "progress_reset",
    "progress_start_set",
]

SESSION_KEY: Final = "quiz_progress"
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


def progress_load(session: MutableMapping[str, Any]) -> Progress:
    """Read progress from the session; anything malformed (an old or tampered cookie) resets."""
    raw = session.get(SESSION_KEY)
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


def _save(session: MutableMapping[str, Any], progress: Progress) -> None:
    session[SESSION_KEY] = progress.to_session()


def progress_record(
    session: MutableMapping[str, Any], *, skill: str, question: str, correct: bool
) -> tuple[Progress, bool]:
    """Count one answer. Returns the new progress and whether it counted (a question already
    answered recently is not counted again, so reloading cannot farm points)."""
    progress = progress_load(session)
    if question in progress.recent:
        return progress, False
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
    updated = Progress(
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
    _save(session, updated)
    return updated, True


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
    progress = _new_set(progress_load(session), mode=MIXED if mixed else "")
    _save(session, progress)
    return progress


def progress_reset(session: MutableMapping[str, Any]) -> None:
    session.pop(SESSION_KEY, None)


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
    session: MutableMapping[str, Any], progress: Progress, *, key: str, correct: bool
) -> None:
    """After ``progress_record`` counted an answer: keep the question's id if it was missed
    (a set's first answer starts the list afresh)."""
    missed = [] if progress.set_answered <= 1 else list(progress_missed_questions(session))
    if not correct and key not in missed:
        missed.append(key)
    session[MISSED_KEY] = missed[:SET_SIZE]


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
