"""The course as the pages ask about it: lesson keys, the rule steps a lesson teaches and the
rules it may cite, reading times, titles, each quiz kind's lesson, a path's lessons."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Final

from django.utils.translation import get_language

from rules.models import Step
from tutorials.course import Course, Lesson, courses, paths

__all__ = [
    "CHECK_SIZE",
    "PASS_MARK",
    "all_lessons",
    "course_step_keys",
    "kind_lessons",
    "lesson_key",
    "lesson_keys",
    "lesson_minutes",
    "lesson_of",
    "lesson_rules",
    "lesson_steps",
    "lesson_title",
    "path_lessons",
    "reading_minutes",
    "rules_allowed",
    "steps_get",
    "text_in_language",
]

#: A lesson's check: its questions, and how many of them right pass it.
CHECK_SIZE: Final = 3
PASS_MARK: Final = 2
WORDS_PER_MINUTE: Final = 200


def lesson_key(course: Course, lesson: Lesson) -> str:
    return f"{course.slug}/{lesson.slug}"


def all_lessons() -> list[tuple[Course, Lesson]]:
    """Every lesson with its course, in course order."""
    return [(course, lesson) for course in courses().values() for lesson in course.lessons]


def lesson_keys() -> frozenset[str]:
    """The key (``course/lesson``) of every lesson."""
    return frozenset(lesson_key(course, lesson) for course, lesson in all_lessons())


def lesson_of(key: str) -> Lesson | None:
    """The lesson a key names (None when no lesson has it)."""
    for course, lesson in all_lessons():
        if lesson_key(course, lesson) == key:
            return lesson
    return None


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


def kind_lessons() -> dict[str, tuple[Course, Lesson]]:
    """Each quiz kind's lesson, in course order: the first lesson whose check leads with the
    kind, else the first whose check uses it at all."""
    found: dict[str, tuple[Course, Lesson]] = {}
    for course, lesson in all_lessons():
        if lesson.checks and lesson.checks[0].kind not in found:
            found[lesson.checks[0].kind] = (course, lesson)
    for course, lesson in all_lessons():
        for source in lesson.checks:
            found.setdefault(source.kind, (course, lesson))
    position = {lesson_key(*pair): index for index, pair in enumerate(all_lessons())}
    return dict(sorted(found.items(), key=lambda item: position[lesson_key(*item[1])]))


def path_lessons(path: str) -> list[tuple[Course, Lesson]]:
    """A path's lessons, in its order."""
    found = paths().get(path)
    if found is None:
        return []
    by_key = {lesson_key(course, lesson): (course, lesson) for course, lesson in all_lessons()}
    return [by_key[key] for key in found.lessons if key in by_key]
