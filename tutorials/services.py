"""Course services: the lessons' rule steps, their checks, and the learner's progress.

Progress lives in the signed-cookie session under one small key, with language-free keys
(``course/lesson`` slugs), so it survives a change of language and needs no account::

    {"d": ["stud/the-game", ...],          # lessons done
     "c": {"stud/who-brings-in": [1, "10"]},  # check: attempt number, results so far (1 = right)
     "p": {"stud/who-brings-in": "10"},     # the lesson's steps answered, in order (1 = right)
     "l": "stud/who-brings-in",             # the lesson opened last
     "w": "stud-hi-lo-home-game"}           # the path the learner follows

A lesson is done when its steps are answered and its check is passed (a lesson without a check:
when its steps are answered). Every read and write of progress goes through this module.
"""

from __future__ import annotations

import hashlib
import logging
import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Final

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language

from learners.store import Event, progress_change, progress_read
from practice.kinds import KINDS
from practice.quiz import MAX_SEED, Question, QuestionId, QuizKind
from rules.models import Step
from tutorials.course import CheckSource, Course, Lesson, Part, courses, paths

logger = logging.getLogger(__name__)

__all__ = [
    "CHECK_SIZE",
    "PASS_MARK",
    "CheckState",
    "CourseProgress",
    "check_questions",
    "course_progress_load",
    "kind_lessons",
    "lesson_key",
    "lesson_rules",
    "lesson_steps",
    "parts_reachable",
    "progress_check_answer",
    "progress_check_retry",
    "progress_continue",
    "progress_mark_read",
    "progress_visit",
    "question_identity",
    "reading_minutes",
    "rules_allowed",
    "steps_get",
]

KEY: Final = "course"
CHECK_SIZE: Final = 3
PASS_MARK: Final = 2
WORDS_PER_MINUTE: Final = 200
#: How many seeds a check tries for one question before giving up (tests keep it far off).
_SEARCH: Final = 4000
_PROFILE: Final = "robert"


def lesson_key(course: Course, lesson: Lesson) -> str:
    return f"{course.slug}/{lesson.slug}"


def _all_lessons() -> list[tuple[Course, Lesson]]:
    return [(course, lesson) for course in courses().values() for lesson in course.lessons]


def _keys() -> frozenset[str]:
    return frozenset(lesson_key(course, lesson) for course, lesson in _all_lessons())


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
        earlier.extend(courses()[name].lessons)
    for item in course.lessons:
        earlier.append(item)
        if item == lesson:
            break
    return frozenset(rule for item in earlier for rule in lesson_rules(item, steps))


def course_step_keys(course: Course) -> set[str]:
    keys = {key for lesson in course.lessons for key in lesson.steps}
    for name in course.builds_on:
        keys |= course_step_keys(courses()[name])
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


#: Minutes a question takes to answer and its explanation to read, on top of the reading.
MINUTES_PER_QUESTION: Final = 0.5


def lesson_minutes(lesson: Lesson, steps: Mapping[str, Step]) -> int:
    """About how long the lesson takes: its steps' texts and questions, and the check."""
    if not lesson.parts:
        return reading_minutes(step.body for step in lesson_steps(lesson, steps))
    words = sum(len(part.text.get("en", "").split()) for part in lesson.parts)
    questions = len(lesson.parts) + (CHECK_SIZE if lesson.checks else 0)
    return max(1, math.ceil(words / WORDS_PER_MINUTE + questions * MINUTES_PER_QUESTION))


def text_in_language(texts: Mapping[str, str]) -> str:
    """A content text in the active language (English when that one is empty)."""
    return texts.get(get_language() or "en") or texts.get("en", "")


def lesson_title(lesson: Lesson) -> str:
    return text_in_language(lesson.title)


# Checks ------------------------------------------------------------------------------------


def question_identity(question: Question) -> object:
    """What makes two questions the same to a learner (a spot-the-mistake statement repeats
    whatever its seed)."""
    statement = question.data.get("statement")
    if statement is not None:
        return (question.qid.kind, getattr(statement, "key", statement))
    return question.qid


def _base_seed(key: str, attempt: int) -> int:
    digest = hashlib.sha256(f"{key}:{attempt}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % (MAX_SEED // 2)


def _search(
    source: CheckSource,
    start: int,
    accept: Callable[[frozenset[str], object], bool],
) -> QuestionId:
    """The first question of ``source`` from seed ``start`` on whose cited rules and identity
    ``accept`` takes."""
    quiz = KINDS[source.kind]
    for offset in range(_SEARCH):
        qid = QuestionId(source.kind, source.game, _PROFILE, source.level, start + offset)
        question = quiz.generate(qid)
        if accept(
            frozenset(reason.rule for reason in question.reasons), question_identity(question)
        ):
            return qid
    raise LookupError(f"no question of {source} fits from seed {start}")


#: Checks draw without repeats within this many attempts (3 questions each: 15 draws).
NO_REPEAT_ATTEMPTS: Final = 5


@lru_cache(maxsize=1024)
def _check_ids(
    sources: tuple[CheckSource, ...],
    key: str,
    attempt: int,
    own: frozenset[str],
    allowed: frozenset[str],
) -> tuple[QuestionId, ...]:
    """The questions of one attempt. Every question cites a rule the lesson teaches and nothing
    not taught by then; none repeats a question of the attempts before it in its block of
    ``NO_REPEAT_ATTEMPTS`` (only a pool too small for that may repeat, rather than fail)."""
    first = attempt - attempt % NO_REPEAT_ATTEMPTS
    seen: set[object] = set()
    if attempt > first:
        for earlier in _check_ids(sources, key, attempt - 1, own, allowed):
            seen.add(question_identity(KINDS[earlier.kind].generate(earlier)))
        for before in range(first, attempt - 1):
            for earlier in _check_ids(sources, key, before, own, allowed):
                seen.add(question_identity(KINDS[earlier.kind].generate(earlier)))
    base = _base_seed(key, attempt)
    chosen: list[QuestionId] = []
    for index in range(CHECK_SIZE):
        # The sources take turns over the attempts, so a small pool is asked less often.
        source = sources[(attempt * CHECK_SIZE + index) % len(sources)]
        start = base + index * 100_003

        def fits(
            cited: frozenset[str],
            identity: object,
            *,
            fresh: bool = True,
            review: bool = source.review,
        ) -> bool:
            return bool(cited and cited <= allowed and (review or cited & own)) and (
                not fresh or identity not in seen
            )

        try:
            qid = _search(source, start, fits)
        except LookupError:
            qid = _search(source, start, lambda cited, identity: fits(cited, identity, fresh=False))
        chosen.append(qid)
        seen.add(question_identity(KINDS[qid.kind].generate(qid)))
    return tuple(chosen)


def check_questions(
    *, course: Course, lesson: Lesson, attempt: int, steps: Mapping[str, Step]
) -> list[tuple[QuizKind, Question]]:
    """The ``CHECK_SIZE`` questions of one attempt at a lesson's check: every question cites
    at least one rule the lesson teaches, and nothing not taught by then. The same attempt
    always gives the same questions; the next attempts give new ones."""
    if not lesson.checks:
        return []
    try:
        ids = _check_ids(
            lesson.checks,
            lesson_key(course, lesson),
            attempt,
            lesson_rules(lesson, steps),
            rules_allowed(course, lesson, steps),
        )
    except (LookupError, TypeError):
        # The steps' rule ids (edited in the admin) leave no question to ask: the lesson is
        # shown without its check rather than not at all.
        logger.warning("no check for lesson %s", lesson_key(course, lesson), exc_info=True)
        return []
    return [(KINDS[qid.kind], KINDS[qid.kind].generate(qid)) for qid in ids]


# Lesson steps (parts) ----------------------------------------------------------------------


def part_rules(part: Part, steps: Mapping[str, Step]) -> frozenset[str]:
    """The rule ids a step's explanation is about: its ``teaches`` (the rule step's rules when
    empty)."""
    if part.teaches:
        return frozenset(part.teaches)
    step = steps.get(part.rule)
    return frozenset(step.rules) if step else frozenset()


def part_asks(lesson: Lesson, index: int, steps: Mapping[str, Step]) -> tuple[str, frozenset[str]]:
    """What step ``index``'s question must ask so that its explanation is about it: the step's
    own rule (the first of ``teaches``, or any of its rules when ``teaches`` is empty, "") and
    the rules it must not ask, those that another step of the lesson explains instead (the
    review's R5: a step on the cap dealt the raise sizes after an open pair)."""
    part = lesson.parts[index]
    own = part.teaches[0] if part.teaches else ""
    siblings = frozenset().union(
        *(
            part_rules(other, steps)
            for i, other in enumerate(lesson.parts)
            if i != index and not other.is_idea
        )
    )
    return own, siblings - part_rules(part, steps)


def part_question_fits(
    question: Question, *, teaches: frozenset[str], own: str, excluded: frozenset[str]
) -> bool:
    """Whether a question is one a step may deal: it asks the step's own rule (or one it
    teaches) and no rule a sibling step explains instead."""
    asked = {reason.rule for reason in question.reasons}
    if own and own not in asked:
        return False
    return bool(asked & teaches) and not asked & excluded


#: A step deals the smallest of this many fitting questions: a lesson's example is a simple one
#: (few players, few actions), so that it fits a phone's screen with its answer choices.
_PART_CANDIDATES: Final = 24


def deal_size(question: Question) -> int:
    """How much a question shows: seats and actions of a betting situation, rows of a table."""
    size = 0
    for value in question.data.values():
        rows = getattr(value, "rows", None)
        if rows is not None:
            size += len(rows) + len(getattr(value, "steps", ()) or ())
        elif isinstance(value, list | tuple) and value and isinstance(value[0], Mapping):
            size += len(value)
    return size


@lru_cache(maxsize=4096)
def _part_id(
    source: CheckSource,
    key: str,
    deal: int,
    teaches: frozenset[str],
    own: str = "",
    excluded: frozenset[str] = frozenset(),
) -> QuestionId:
    quiz = KINDS[source.kind]
    start = _base_seed(key, deal)
    best: tuple[int, QuestionId] | None = None
    found = 0
    for offset in range(_SEARCH):
        qid = QuestionId(source.kind, source.game, _PROFILE, source.level, start + offset)
        question = quiz.generate(qid)
        if not part_question_fits(question, teaches=teaches, own=own, excluded=excluded):
            continue
        size = deal_size(question)
        if best is None or size < best[0]:
            best = (size, qid)
        found += 1
        if found >= _PART_CANDIDATES:
            break
    return best[1] if best else QuestionId(source.kind, source.game, _PROFILE, source.level, start)


def part_question(
    *, course: Course, lesson: Lesson, index: int, deal: int, steps: Mapping[str, Step]
) -> tuple[QuizKind, Question]:
    """The question step ``index`` of a lesson deals: the same ``deal`` always gives the same
    question, another ``deal`` ("Another one like this") a fresh one; it cites a rule the
    step teaches."""
    part = lesson.parts[index]
    key = f"{lesson_key(course, lesson)}/{part.slug}"
    own, excluded = part_asks(lesson, index, steps)
    qid = _part_id(part.source, key, deal, part_rules(part, steps), own, excluded)
    quiz = KINDS[qid.kind]
    return quiz, quiz.generate(qid)


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
    #: Per lesson, its steps answered so far, in order ("1" right, "0" wrong).
    parts: tuple[tuple[str, str], ...] = ()
    #: The path the learner follows ("" for none).
    path: str = ""

    @property
    def started(self) -> bool:
        return bool(self.last or self.done)

    def check(self, key: str) -> CheckState:
        return dict(self.checks).get(key, CheckState())

    def parts_answered(self, key: str) -> int:
        return len(dict(self.parts).get(key, ""))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"d": sorted(self.done)}
        if self.checks:
            data["c"] = {key: [state.attempt, state.results] for key, state in self.checks}
        if self.parts:
            data["p"] = dict(self.parts)
        if self.last:
            data["l"] = self.last
        if self.path:
            data["w"] = self.path
        return data


def course_progress_load(request: HttpRequest) -> CourseProgress:
    """The learner's course progress; unknown lessons and malformed values are dropped."""
    return _parse(progress_read(request, KEY))


def _parse(raw: object) -> CourseProgress:
    if not isinstance(raw, dict):
        return CourseProgress()
    keys = _keys()
    done = raw.get("d")
    checks = raw.get("c")
    parts = raw.get("p")
    last = raw.get("l")
    path = raw.get("w")
    states: list[tuple[str, CheckState]] = []
    if isinstance(checks, dict):
        for key, value in sorted(checks.items()):
            if (
                key in keys
                and isinstance(value, list)
                and len(value) == 2
                and isinstance(value[0], int)
                and 0 <= value[0] <= MAX_SEED
                and isinstance(value[1], str)
                and set(value[1]) <= {"0", "1"}
                and len(value[1]) <= CHECK_SIZE
            ):
                states.append((key, CheckState(value[0], value[1])))
    answered: list[tuple[str, str]] = []
    if isinstance(parts, dict):
        answered = [
            (key, value)
            for key, value in sorted(parts.items())
            if key in keys
            and isinstance(value, str)
            and set(value) <= {"0", "1", SEEN}
            and len(value) <= 20
        ]
    return CourseProgress(
        done=frozenset(key for key in done if key in keys)
        if isinstance(done, list)
        else frozenset(),
        checks=tuple(states),
        last=last if isinstance(last, str) and last in keys else "",
        parts=tuple(answered),
        path=path if isinstance(path, str) and path in paths() else "",
    )


def _change(
    request: HttpRequest,
    change: Callable[[CourseProgress], CourseProgress | None],
    *,
    step: bool = False,
    bookmark: bool = False,
) -> CourseProgress:
    """Apply ``change`` to the stored progress atomically (None: leave it as it is; ``change``
    may run more than once). In the same transaction the learner record hears of each lesson
    it marks done, a course or a path finished and, with ``step``, of a step taken. A
    ``bookmark`` (a lesson opened, a path followed) makes no learner record: a visit is not
    progress, and a crawler's visits must not leave records behind."""

    def apply(raw: object) -> tuple[object, tuple[CourseProgress, CourseProgress, bool]]:
        before = _parse(raw)
        after = change(before)
        if after is None:
            return raw, (before, before, False)
        return after.to_json(), (before, after, True)

    def then(result: tuple[CourseProgress, CourseProgress, bool]) -> list[Event]:
        before, after, changed = result
        events: list[Event] = [("step", {})] if step and changed else []
        for key in sorted(after.done - before.done):
            events.append(("lesson_done", {"key": key, "course_done": _course_done(after, key)}))
        path = after.path
        if path and after.done - before.done:
            keys = {lesson_key(course, lesson) for course, lesson in path_lessons(path)}
            if keys and keys <= after.done and not keys <= before.done:
                events.append(("path_done", {"path": path}))
        return events

    _before, progress, _changed = progress_change(request, KEY, apply, then, create=not bookmark)
    return progress


def _course_done(progress: CourseProgress, key: str) -> str:
    """The course slug when ``key`` completes its course, else ""."""
    course = courses().get(key.split("/")[0])
    if course is None:
        return ""
    keys = {lesson_key(course, lesson) for lesson in course.lessons}
    return course.slug if keys <= progress.done else ""


def _with_check(progress: CourseProgress, key: str, state: CheckState) -> CourseProgress:
    checks = dict(progress.checks)
    checks[key] = state
    return replace(progress, checks=tuple(sorted(checks.items())))


def _lesson_of(key: str) -> Lesson | None:
    for course, lesson in _all_lessons():
        if lesson_key(course, lesson) == key:
            return lesson
    return None


def _parts_done(progress: CourseProgress, key: str) -> bool:
    lesson = _lesson_of(key)
    return lesson is not None and progress.parts_answered(key) >= len(lesson.parts)


def _finish_if_done(progress: CourseProgress, key: str) -> CourseProgress:
    """Mark the lesson done once its steps are answered and its check passed (a lesson with no
    check: once its steps are answered)."""
    lesson = _lesson_of(key)
    if lesson is None or key in progress.done or not _parts_done(progress, key):
        return progress
    if lesson.checks and not progress.check(key).passed:
        return progress
    if not lesson.checks and not lesson.parts:
        return progress  # only "I've read this" finishes it
    return replace(progress, done=progress.done | {key})


def progress_visit(request: HttpRequest, *, key: str) -> CourseProgress:
    """Remember the lesson the learner opened (the home page offers to continue from it)."""
    if key not in _keys() or course_progress_load(request).last == key:
        return course_progress_load(request)

    def change(progress: CourseProgress) -> CourseProgress | None:
        return None if progress.last == key else replace(progress, last=key)

    return _change(request, change, bookmark=True)


#: An idea card's mark in a lesson's step results: shown, nothing asked ("1" right, "0" wrong).
SEEN = "-"


def progress_part_answer(
    request: HttpRequest, *, key: str, index: int, correct: bool, seen: bool = False
) -> tuple[CourseProgress, bool]:
    """Count the answer to step ``index`` of a lesson: the next step unanswered counts (an
    earlier one answered again changes nothing); ``seen``: an idea card was shown. Returns the
    progress and whether it counted."""
    counted = False

    def change(progress: CourseProgress) -> CourseProgress | None:
        nonlocal counted
        lesson = _lesson_of(key)
        results = dict(progress.parts).get(key, "")
        counted = lesson is not None and 0 <= index < len(lesson.parts) and index == len(results)
        if not counted:
            return None
        answered = dict(progress.parts)
        answered[key] = results + (SEEN if seen else "1" if correct else "0")
        return _finish_if_done(replace(progress, parts=tuple(sorted(answered.items()))), key)

    progress = _change(request, change, step=not seen)
    return progress, counted


def parts_reachable(lesson: Lesson, answered: int) -> int:
    """How many of a lesson's parts the learner may have passed: those answered and the idea
    cards right after them (a card asks nothing: its "Continue" is a link to the next step)."""
    reachable = answered
    while reachable < len(lesson.parts) and lesson.parts[reachable].is_idea:
        reachable += 1
    return reachable


def progress_check_answer(
    request: HttpRequest, *, key: str, index: int, correct: bool
) -> tuple[CourseProgress, bool]:
    """Count the answer to question ``index`` of the lesson's current check. Returns the new
    progress and whether it counted (a repeated or out-of-turn post is not). Passing the
    check (``PASS_MARK`` of ``CHECK_SIZE``) after the steps marks the lesson done."""
    counted = False

    def change(progress: CourseProgress) -> CourseProgress | None:
        nonlocal counted
        state = progress.check(key)
        counted = key in _keys() and not state.finished and index == state.answered
        if not counted:
            return None
        state = CheckState(state.attempt, state.results + ("1" if correct else "0"))
        return _finish_if_done(_with_check(progress, key, state), key)

    progress = _change(request, change, step=True)
    return progress, counted


def progress_check_retry(request: HttpRequest, *, key: str) -> CourseProgress:
    """Start a new attempt at a lesson's check, with new questions (a lesson once done stays
    done)."""
    if key not in _keys():
        return course_progress_load(request)

    def change(progress: CourseProgress) -> CourseProgress:
        state = progress.check(key)
        return _with_check(progress, key, CheckState(min(state.attempt + 1, MAX_SEED), ""))

    return _change(request, change)


def progress_mark_read(request: HttpRequest, *, key: str) -> CourseProgress:
    """Mark a lesson done that has nothing to answer ("I've read this")."""

    def change(progress: CourseProgress) -> CourseProgress | None:
        if key not in _keys() or key in progress.done:
            return None
        return replace(progress, done=progress.done | {key})

    return _change(request, change, step=True)


def progress_mark_known(request: HttpRequest, *, keys: Iterable[str]) -> CourseProgress:
    """Mark lessons done that the learner showed they know (the test-out)."""
    known = frozenset(keys) & _keys()

    def change(progress: CourseProgress) -> CourseProgress | None:
        if known <= progress.done:
            return None
        return replace(progress, done=progress.done | known)

    return _change(request, change)


def progress_follow(request: HttpRequest, *, path: str) -> CourseProgress:
    """Remember the path the learner follows (its lessons then lead on along it)."""

    def change(progress: CourseProgress) -> CourseProgress | None:
        if path not in paths() or progress.path == path:
            return None
        return replace(progress, path=path)

    return _change(request, change, bookmark=True)


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


def path_lessons(path: str) -> list[tuple[Course, Lesson]]:
    """A path's lessons, in its order."""
    found = paths().get(path)
    if found is None:
        return []
    by_key = {lesson_key(course, lesson): (course, lesson) for course, lesson in _all_lessons()}
    return [by_key[key] for key in found.lessons if key in by_key]


def kind_lesson_url(kind: str, game: str) -> str | None:
    """The lesson that teaches quiz ``kind`` for ``game``: the game's own course first (a lesson
    whose check uses the kind in that game), else the kind's lesson on the path."""
    for course, lesson in _all_lessons():
        if any(source.kind == kind and str(source.game) == game for source in lesson.checks):
            return _lesson_url(course, lesson)
    found = kind_lessons().get(kind)
    return None if found is None else _lesson_url(*found)


def _lesson_url(course: Course, lesson: Lesson) -> str:
    return reverse("tutorials:lesson", kwargs={"course": course.slug, "lesson": lesson.slug})


# The test-out ------------------------------------------------------------------------------

TEST_OUT_SIZE: Final = 5
_TEST_OUT_KEY: Final = "course-test-out"


@dataclass(frozen=True, slots=True)
class TestOutQuestion:
    """One test-out question: it stands for a unit of the path (its lessons there)."""

    lessons: tuple[str, ...]
    quiz: QuizKind
    question: Question


def test_out_questions(path: str) -> list[TestOutQuestion]:
    """Up to ``TEST_OUT_SIZE`` questions for a path, one per unit it takes lessons from (spread
    over the path when it has more units), each drawn like a lesson's check question."""
    groups: dict[tuple[str, str], list[tuple[Course, Lesson]]] = {}
    for course, lesson in path_lessons(path):
        unit = next(unit for unit in course.units if lesson in unit.lessons)
        groups.setdefault((course.slug, unit.slug), []).append((course, lesson))
    asked = [group for group in groups.values() if any(lesson.checks for _c, lesson in group)]
    if len(asked) > TEST_OUT_SIZE:
        step = len(asked) / TEST_OUT_SIZE
        asked = [asked[int(index * step)] for index in range(TEST_OUT_SIZE)]
    questions: list[TestOutQuestion] = []
    for group in asked:
        course, lesson = next((c, item) for c, item in group if item.checks)
        steps = steps_get(course_step_keys(course))
        ids = _check_ids(
            lesson.checks,
            f"{lesson_key(course, lesson)}:test-out",
            0,
            lesson_rules(lesson, steps),
            rules_allowed(course, lesson, steps),
        )
        quiz = KINDS[ids[0].kind]
        questions.append(
            TestOutQuestion(
                lessons=tuple(lesson_key(c, item) for c, item in group),
                quiz=quiz,
                question=quiz.generate(ids[0]),
            )
        )
    return questions


def test_out_load(request: HttpRequest, path: str) -> str:
    """The test-out's answers so far for ``path`` ("1" right, "0" wrong): kept in the session
    while it is under way (its end marks lessons done in the learner record)."""
    raw = request.session.get(_TEST_OUT_KEY)
    if not isinstance(raw, dict) or raw.get("path") != path:
        return ""
    results = raw.get("r")
    if not isinstance(results, str) or not set(results) <= {"0", "1"}:
        return ""
    return results[:TEST_OUT_SIZE]


def test_out_answer(request: HttpRequest, *, path: str, index: int, correct: bool) -> str:
    """Count answer ``index`` of the test-out; after the last, mark the lessons of every unit
    answered right done. Returns the answers so far."""
    results = test_out_load(request, path)
    questions = test_out_questions(path)
    if index != len(results) or index >= len(questions):
        return results
    results += "1" if correct else "0"
    request.session[_TEST_OUT_KEY] = {"path": path, "r": results}
    if len(results) == len(questions):
        known = [
            key
            for item, mark in zip(questions, results, strict=True)
            if mark == "1"
            for key in item.lessons
        ]
        progress_mark_known(request, keys=known)
    return results


def test_out_reset(request: HttpRequest) -> None:
    request.session.pop(_TEST_OUT_KEY, None)
