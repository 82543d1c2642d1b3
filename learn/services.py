"""Course services: the lessons' rule steps, their checks, and the learner's progress.

Progress lives in the signed-cookie session under one small key, with language-free keys
(``course/lesson`` slugs), so it survives a change of language and needs no account::

    {"d": ["stud/the-game", ...],          # lessons done
     "c": {"stud/who-brings-in": [1, "10"]},  # check: attempt number, results so far (1 = right)
     "l": "stud/who-brings-in"}             # the lesson opened last
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections.abc import Iterable, Mapping, MutableMapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from django.urls import reverse
from django.utils.translation import get_language

from learn.course import COURSES, CheckSource, Course, Lesson
from rules.models import Step
from tutorials.kinds import KINDS
from tutorials.quiz import MAX_SEED, Question, QuestionId, QuizKind

logger = logging.getLogger(__name__)

__all__ = [
    "CHECK_SIZE",
    "PASS_MARK",
    "CheckState",
    "CourseProgress",
    "check_questions",
    "kind_lessons",
    "lesson_key",
    "lesson_rules",
    "lesson_steps",
    "progress_check_answer",
    "progress_check_retry",
    "progress_continue",
    "progress_load",
    "progress_mark_read",
    "progress_visit",
    "reading_minutes",
    "rules_allowed",
    "steps_get",
]

SESSION_KEY: Final = "course"
CHECK_SIZE: Final = 3
PASS_MARK: Final = 2
WORDS_PER_MINUTE: Final = 200
#: How many seeds a check tries for one question before giving up (tests keep it far off).
_SEARCH: Final = 4000
_PROFILE: Final = "robert"


def lesson_key(course: Course, lesson: Lesson) -> str:
    return f"{course.slug}/{lesson.slug}"


def _all_lessons() -> list[tuple[Course, Lesson]]:
    return [(course, lesson) for course in COURSES.values() for lesson in course.lessons]


_KEYS: Final = frozenset(lesson_key(course, lesson) for course, lesson in _all_lessons())


# Rule steps --------------------------------------------------------------------------------


def steps_get(keys: Iterable[str]) -> dict[str, Step]:
    """The rule steps named ``page/section/step``, by key (missing ones are left out)."""
    wanted = set(keys)
    pages = {key.split("/")[0] for key in wanted}
    steps = Step.objects.select_related("section__page").filter(section__page__slug__in=pages)
    return {step.key: step for step in steps if step.key in wanted}


def lesson_steps(lesson: Lesson, steps: Mapping[str, Step]) -> list[Step]:
    return [steps[key] for key in lesson.steps if key in steps]


def lesson_rules(lesson: Lesson, steps: Mapping[str, Step]) -> frozenset[str]:
    """The rule ids a lesson teaches: the union of its steps' ``rules``."""
    return frozenset(rule for step in lesson_steps(lesson, steps) for rule in step.rules)


def rules_allowed(course: Course, lesson: Lesson, steps: Mapping[str, Step]) -> frozenset[str]:
    """The rules a check on ``lesson`` may also cite: those taught before it on the path (the
    courses this one builds on, then this course's earlier lessons) and its own."""
    earlier: list[Lesson] = []
    for name in course.builds_on:
        earlier.extend(COURSES[name].lessons)
    for item in course.lessons:
        earlier.append(item)
        if item == lesson:
            break
    return frozenset(rule for item in earlier for rule in lesson_rules(item, steps))


def course_step_keys(course: Course) -> set[str]:
    keys = {key for lesson in course.lessons for key in lesson.steps}
    for name in course.builds_on:
        keys |= course_step_keys(COURSES[name])
    return keys


_LINK: Final = re.compile(r"\{\{[a-z]+:([^}|]*)\|?([^}]*)\}\}")
_SYMBOLS: Final = re.compile(r"[\[\]*#`]")


def reading_minutes(texts: Iterable[str]) -> int:
    """Minutes to read ``texts`` at about 200 words a minute, rounded up, at least one (a card
    ``[As]`` is a word; a link ``{{page:slug|label}}`` counts as its label)."""
    words = 0
    for text in texts:
        plain = _LINK.sub(lambda m: f" {m.group(2) or m.group(1).replace('-', ' ')} ", text)
        words += len(_SYMBOLS.sub(" ", plain).split())
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def lesson_minutes(lesson: Lesson, steps: Mapping[str, Step]) -> int:
    return reading_minutes(step.body for step in lesson_steps(lesson, steps))


def lesson_title(lesson: Lesson) -> str:
    return lesson.title.get(get_language() or "en", lesson.title["en"])


# Checks ------------------------------------------------------------------------------------


def _identity(question: Question) -> object:
    """What makes two questions the same to a learner (a spot-the-mistake statement repeats
    whatever its seed)."""
    statement = question.data.get("statement")
    if statement is not None:
        return (question.qid.kind, getattr(statement, "key", statement))
    return question.qid


def _base_seed(key: str, attempt: int) -> int:
    digest = hashlib.sha256(f"{key}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (MAX_SEED // 2)


@lru_cache(maxsize=1024)
def _check_ids(
    sources: tuple[CheckSource, ...],
    base: int,
    own: frozenset[str],
    allowed: frozenset[str],
) -> tuple[QuestionId, ...]:
    chosen: list[QuestionId] = []
    seen: set[object] = set()
    for index in range(CHECK_SIZE):
        source = sources[index % len(sources)]
        quiz = KINDS[source.kind]
        start = base + index * 100_003
        for offset in range(_SEARCH):
            qid = QuestionId(source.kind, source.game, _PROFILE, source.level, start + offset)
            question = quiz.generate(qid)
            cited = {reason.rule for reason in question.reasons}
            identity = _identity(question)
            if cited and cited <= allowed and cited & own and identity not in seen:
                chosen.append(qid)
                seen.add(identity)
                break
        else:
            raise LookupError(f"no question of {source} cites only the rules {sorted(allowed)}")
    return tuple(chosen)


def check_questions(
    *, course: Course, lesson: Lesson, attempt: int, steps: Mapping[str, Step]
) -> list[tuple[QuizKind, Question]]:
    """The ``CHECK_SIZE`` questions of one attempt at a lesson's check: every question cites
    at least one rule the lesson teaches, and nothing not taught by then. The same attempt
    always gives the same questions; the next attempt gives new ones."""
    if not lesson.checks:
        return []
    try:
        ids = _check_ids(
            lesson.checks,
            _base_seed(lesson_key(course, lesson), attempt),
            lesson_rules(lesson, steps),
            rules_allowed(course, lesson, steps),
        )
    except (LookupError, TypeError):
        # The steps' rule ids (edited in the admin) leave no question to ask: the lesson is
        # shown without its check rather than not at all.
        logger.warning("no check for lesson %s", lesson_key(course, lesson), exc_info=True)
        return []
    return [(KINDS[qid.kind], KINDS[qid.kind].generate(qid)) for qid in ids]


def kind_lessons() -> dict[str, tuple[Course, Lesson]]:
    """Each quiz kind's lesson, in course order: the first lesson whose check leads with the
    kind, else the first whose check uses it at all."""
    found: dict[str, tuple[Course, Lesson]] = {}
    for course, lesson in _all_lessons():
        if lesson.checks and lesson.checks[0].kind not in found:
            found[lesson.checks[0].kind] = (course, lesson)
    for course, lesson in _all_lessons():
        for source in lesson.checks:
            found.setdefault(source.kind, (course, lesson))
    position = {lesson_key(*pair): index for index, pair in enumerate(_all_lessons())}
    return dict(sorted(found.items(), key=lambda item: position[lesson_key(*item[1])]))


# Progress ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CheckState:
    attempt: int = 0
    results: str = ""

    @property
    def answered(self) -> int:
        return len(self.results)

    @property
    def right(self) -> int:
        return self.results.count("1")

    @property
    def finished(self) -> bool:
        return self.answered >= CHECK_SIZE

    @property
    def passed(self) -> bool:
        return self.finished and self.right >= PASS_MARK


@dataclass(frozen=True, slots=True)
class CourseProgress:
    done: frozenset[str] = frozenset()
    checks: tuple[tuple[str, CheckState], ...] = ()
    last: str = ""

    @property
    def started(self) -> bool:
        return bool(self.last or self.done)

    def check(self, key: str) -> CheckState:
        return dict(self.checks).get(key, CheckState())

    def to_session(self) -> dict[str, Any]:
        data: dict[str, Any] = {"d": sorted(self.done)}
        if self.checks:
            data["c"] = {key: [state.attempt, state.results] for key, state in self.checks}
        if self.last:
            data["l"] = self.last
        return data


def progress_load(session: Mapping[str, Any]) -> CourseProgress:
    """The learner's course progress; unknown lessons and malformed values are dropped."""
    raw = session.get(SESSION_KEY)
    if not isinstance(raw, dict):
        return CourseProgress()
    done = raw.get("d")
    checks = raw.get("c")
    last = raw.get("l")
    states: list[tuple[str, CheckState]] = []
    if isinstance(checks, dict):
        for key, value in sorted(checks.items()):
            if (
                key in _KEYS
                and isinstance(value, list)
                and len(value) == 2
                and isinstance(value[0], int)
                and 0 <= value[0] <= MAX_SEED
                and isinstance(value[1], str)
                and set(value[1]) <= {"0", "1"}
                and len(value[1]) <= CHECK_SIZE
            ):
                states.append((key, CheckState(value[0], value[1])))
    return CourseProgress(
        done=frozenset(key for key in done if key in _KEYS)
        if isinstance(done, list)
        else frozenset(),
        checks=tuple(states),
        last=last if isinstance(last, str) and last in _KEYS else "",
    )


def _save(session: MutableMapping[str, Any], progress: CourseProgress) -> None:
    session[SESSION_KEY] = progress.to_session()


def _with_check(progress: CourseProgress, key: str, state: CheckState) -> CourseProgress:
    checks = dict(progress.checks)
    checks[key] = state
    return CourseProgress(progress.done, tuple(sorted(checks.items())), progress.last)


def progress_visit(session: MutableMapping[str, Any], *, key: str) -> CourseProgress:
    """Remember the lesson the learner opened (the home page offers to continue from it)."""
    progress = progress_load(session)
    if key in _KEYS and progress.last != key:
        progress = CourseProgress(progress.done, progress.checks, key)
        _save(session, progress)
    return progress


def progress_check_answer(
    session: MutableMapping[str, Any], *, key: str, index: int, correct: bool
) -> tuple[CourseProgress, bool]:
    """Count the answer to question ``index`` of the lesson's current check. Returns the new
    progress and whether it counted (a repeated or out-of-turn post is not). Passing the
    check (``PASS_MARK`` of ``CHECK_SIZE``) marks the lesson done."""
    progress = progress_load(session)
    state = progress.check(key)
    if key not in _KEYS or state.finished or index != state.answered:
        return progress, False
    state = CheckState(state.attempt, state.results + ("1" if correct else "0"))
    progress = _with_check(progress, key, state)
    if state.passed:
        progress = CourseProgress(progress.done | {key}, progress.checks, progress.last)
    _save(session, progress)
    return progress, True


def progress_check_retry(session: MutableMapping[str, Any], *, key: str) -> CourseProgress:
    """Start a new attempt at a lesson's check, with new questions (a lesson once done stays
    done)."""
    progress = progress_load(session)
    if key not in _KEYS:
        return progress
    state = progress.check(key)
    progress = _with_check(progress, key, CheckState(min(state.attempt + 1, MAX_SEED), ""))
    _save(session, progress)
    return progress


def progress_mark_read(session: MutableMapping[str, Any], *, key: str) -> CourseProgress:
    """Mark a lesson without a check done ("I've read this")."""
    progress = progress_load(session)
    if key in _KEYS and key not in progress.done:
        progress = CourseProgress(progress.done | {key}, progress.checks, progress.last)
        _save(session, progress)
    return progress


def progress_continue(progress: CourseProgress) -> tuple[Course, Lesson] | None:
    """The lesson to continue with: the one opened last if not done yet, else the first lesson
    not done after it on the path (stud, then Stud Hi/Lo, then razz), else any not done."""
    lessons: list[tuple[Course, Lesson]] = _all_lessons()
    keys = [lesson_key(course, lesson) for course, lesson in lessons]
    if progress.last and progress.last not in progress.done:
        current: tuple[Course, Lesson] = lessons[keys.index(progress.last)]
        return current
    start = keys.index(progress.last) + 1 if progress.last else 0
    order: list[int] = [*range(start, len(keys)), *range(start)]
    pending = [lessons[index] for index in order if keys[index] not in progress.done]
    return pending[0] if pending else None


def kind_lesson_url(kind: str, game: str) -> str | None:
    """The lesson that teaches quiz ``kind`` for ``game``: the game's own course first (a lesson
    whose check uses the kind in that game), else the kind's lesson on the path."""
    for course, lesson in _all_lessons():
        if any(source.kind == kind and str(source.game) == game for source in lesson.checks):
            return _lesson_url(course, lesson)
    found = kind_lessons().get(kind)
    return None if found is None else _lesson_url(*found)


def _lesson_url(course: Course, lesson: Lesson) -> str:
    return reverse("learn:lesson", kwargs={"course": course.slug, "lesson": lesson.slug})
