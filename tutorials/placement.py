"""The test-out (a placement test): a few questions on a path, one for each unit it takes lessons
from; the units answered right are marked done. Its answers so far are kept in the session
while it is under way; its end marks lessons done in the learner record
(``tutorials.progress.progress_mark_known``). The views are ``tutorials.testout``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from django.http import HttpRequest

from practice.kinds import KINDS
from practice.quiz import Question, QuizKind
from tutorials.course import Course, Lesson
from tutorials.progress import progress_mark_known
from tutorials.queries import (
    course_step_keys,
    lesson_key,
    lesson_rules,
    path_lessons,
    rules_allowed,
    steps_get,
)
from tutorials.questions import check_ids

__all__ = [
    "TEST_OUT_SIZE",
    "TestOutQuestion",
    "test_out_answer",
    "test_out_load",
    "test_out_questions",
    "test_out_reset",
]

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
        ids = check_ids(
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
