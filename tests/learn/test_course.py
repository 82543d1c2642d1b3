"""The course data: every lesson's steps exist, and its check asks only about what it teaches."""

from __future__ import annotations

import pytest

from learn import services
from learn.course import COURSES, Course, Lesson
from tutorials.kinds import KINDS

LESSONS = [(course, lesson) for course in COURSES.values() for lesson in course.lessons]
IDS = [f"{course.slug}/{lesson.slug}" for course, lesson in LESSONS]
CHECKED = [(course, lesson) for course, lesson in LESSONS if lesson.checks]
CHECKED_IDS = [f"{course.slug}/{lesson.slug}" for course, lesson in CHECKED]


@pytest.fixture
def steps(db: None) -> dict:
    keys = {key for _course, lesson in LESSONS for key in lesson.steps}
    return services.steps_get(keys)


def test_stud_comes_first_and_covers_the_whole_stud_page_in_reading_order(steps: dict) -> None:
    from rules.models import Step

    assert list(COURSES) == ["stud", "stud8", "razz"]
    stud_keys = [key for lesson in COURSES["stud"].lessons for key in lesson.steps]
    page = [step.key for step in Step.objects.filter(section__page__slug="stud")]
    assert [key for key in stud_keys if key.startswith("stud/")] == page
    assert 8 <= len(COURSES["stud"].lessons) <= 12


@pytest.mark.parametrize(("course", "lesson"), LESSONS, ids=IDS)
def test_every_step_exists_and_titles_are_in_four_languages(
    course: Course, lesson: Lesson, steps: dict
) -> None:
    missing = [key for key in lesson.steps if key not in steps]
    assert missing == []
    assert all(lesson.title[code].strip() for code in ("sv", "da", "fi", "en"))
    assert all(source.kind in KINDS for source in lesson.checks)
    assert all(source.game in KINDS[source.kind].games for source in lesson.checks)


@pytest.mark.parametrize(("course", "lesson"), CHECKED, ids=CHECKED_IDS)
def test_check_questions_cite_only_the_lessons_rules(
    course: Course, lesson: Lesson, steps: dict
) -> None:
    """Every question cites a rule this lesson teaches and nothing not yet taught (the
    lesson's own rules plus those of the lessons before it on the path)."""
    own = services.lesson_rules(lesson, steps)
    allowed = services.rules_allowed(course, lesson, steps)
    assert own and own <= allowed
    seen = []
    for attempt in range(6):
        questions = services.check_questions(
            course=course, lesson=lesson, attempt=attempt, steps=steps
        )
        assert len(questions) == services.CHECK_SIZE
        for _quiz, question in questions:
            cited = {reason.rule for reason in question.reasons}
            assert cited & own, (question.qid, cited, own)
            assert cited <= allowed, (question.qid, cited - allowed)
        seen.append([question.qid for _quiz, question in questions])
        # The same attempt gives the same questions.
        again = services.check_questions(course=course, lesson=lesson, attempt=attempt, steps=steps)
        assert [question.qid for _quiz, question in again] == seen[-1]
    assert seen[0] != seen[1]  # a retry asks new questions


def test_read_only_lessons_are_the_irregularities() -> None:
    read_only = [f"{c.slug}/{lesson.slug}" for c, lesson in LESSONS if not lesson.checks]
    assert read_only == ["stud/mistakes-at-the-table", "stud/late-mistakes"]


@pytest.mark.parametrize(
    ("texts", "minutes"),
    [
        ([""], 1),
        (["word " * 200], 1),
        (["word " * 201], 2),
        (["[As Kd] **bold** " * 150], 3),
        (["{{page:hand-rankings|the rankings}}"], 1),
    ],
)
def test_reading_minutes_round_up_at_200_words_a_minute(texts: list[str], minutes: int) -> None:
    assert services.reading_minutes(texts) == minutes


def test_kind_lessons_put_stud_skills_first() -> None:
    order = list(services.kind_lessons())
    assert set(order) == set(KINDS)
    stud_only = {"rank-lows", "best-low", "qualify"}
    assert all(order.index(kind) > order.index("bring-in") for kind in stud_only)
    assert order.index("bring-in") < order.index("first-to-act") < order.index("bet-sizing")
