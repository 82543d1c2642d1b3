"""The questions the course asks: a lesson step's question, and the questions of each attempt
at a lesson's check, searched for among a quiz kind's seeds by the rules they cite (a step asks
what it explains; a check asks what the lesson teaches and nothing not taught by then)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Final

from practice.kinds import KINDS
from practice.quiz import MAX_SEED, Question, QuestionId, QuizKind
from rules.models import Step
from tutorials.course import CheckSource, Course, Lesson, Part
from tutorials.queries import CHECK_SIZE, lesson_key, lesson_rules, rules_allowed

logger = logging.getLogger(__name__)

__all__ = [
    "check_ids",
    "check_questions",
    "deal_size",
    "part_asks",
    "part_question",
    "part_question_fits",
    "part_rules",
    "question_identity",
]

#: How many seeds a check tries for one question before giving up (tests keep it far off).
_SEARCH: Final = 4000
_PROFILE: Final = "robert"


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
def check_ids(
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
        for earlier in check_ids(sources, key, attempt - 1, own, allowed):
            seen.add(question_identity(KINDS[earlier.kind].generate(earlier)))
        for before in range(first, attempt - 1):
            for earlier in check_ids(sources, key, before, own, allowed):
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
        ids = check_ids(
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
