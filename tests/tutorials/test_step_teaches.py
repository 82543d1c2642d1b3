"""A lesson step's explanation is about the rule its question asks (issue 29 item 4, review R5).

A step shows a question, then its idea (``text``), which is about the rules in its ``teaches``.
The question must ask the step's own rule (the first of ``teaches``) and no rule another step
of the same lesson explains instead: the review found the step on the cap dealing the raise
sizes after an open pair, then explaining the cap.
"""

from __future__ import annotations

import pytest

from tutorials.course import Course, Lesson, content_from_files
from tutorials.queries import steps_get
from tutorials.questions import part_asks, part_question, part_rules

PARTS = [
    (course, lesson, index)
    for course in content_from_files().courses.values()
    for lesson in course.lessons
    for index in range(len(lesson.parts))
    if not lesson.parts[index].is_idea  # an idea card asks nothing
]
IDS = [f"{c.slug}/{lesson.slug}/{lesson.parts[i].slug}" for c, lesson, i in PARTS]


@pytest.fixture
def steps(db: None) -> dict:
    keys = {
        key for _c, lesson, _i in PARTS for key in (*lesson.steps, *(p.rule for p in lesson.parts))
    }
    return steps_get(keys)


@pytest.mark.parametrize(("course", "lesson", "index"), PARTS, ids=IDS)
def test_each_step_s_question_asks_the_rule_its_explanation_teaches(
    course: Course, lesson: Lesson, index: int, steps: dict
) -> None:
    part = lesson.parts[index]
    teaches = part_rules(part, steps)
    own, excluded = part_asks(lesson, index, steps)
    assert own in teaches or not own
    for deal in range(3):
        _quiz, question = part_question(
            course=course, lesson=lesson, index=index, deal=deal, steps=steps
        )
        asked = {reason.rule for reason in question.reasons}
        assert not own or own in asked, (part.slug, deal, sorted(asked))
        assert asked & teaches, (part.slug, deal, sorted(asked))
        assert not asked & excluded, (part.slug, deal, sorted(asked & excluded))


def _part(course: str, lesson: str, slug: str) -> tuple[Course, Lesson, int]:
    found = content_from_files().courses[course]
    for candidate in found.lessons:
        if candidate.slug == lesson:
            return found, candidate, [p.slug for p in candidate.parts].index(slug)
    raise LookupError(lesson)


def test_r5_r_bet_5_the_cap_step_asks_the_cap_not_the_open_pair_sizes(steps: dict) -> None:
    course, lesson, index = _part("stud", "limits-and-open-pairs", "the-cap")
    for deal in range(4):
        _quiz, question = part_question(
            course=course, lesson=lesson, index=index, deal=deal, steps=steps
        )
        codes = {reason.code for reason in question.reasons}
        assert "cap_reached" in codes or "raises_left" in codes
        assert not codes & {"open_pair_option", "open_pair_big_made"}, (deal, codes)


def test_r5_r_bet_2_the_open_pair_step_says_all_raises_are_big_after_a_big_bet() -> None:
    # RR Seven-Card Stud #4: "If a $10 raise is made, then all other raises must be in
    # increments of $10."
    _course, lesson, index = _part("stud", "limits-and-open-pairs", "open-pair")
    text = lesson.parts[index].text
    assert "every later raise on that street is big" in text["en"]
    assert "alla senare höjningar" in text["sv"]
    assert "alle senere raises" in text["da"]
    assert "kaikkien myöhempien korotusten" in text["fi"]
