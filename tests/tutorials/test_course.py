"""The course data: every lesson's steps exist, and its check asks only about what it teaches."""

from __future__ import annotations

import pytest

from practice.kinds import KINDS
from tutorials.course import Course, Lesson, content_from_files, courses
from tutorials.queries import (
    CHECK_SIZE,
    kind_lessons,
    lesson_rules,
    reading_minutes,
    rules_allowed,
    steps_get,
)
from tutorials.questions import check_questions, part_question, part_rules, question_identity

# Parametrised from the files (collection has no database); the tests read the loaded copy.
LESSONS = [
    (course, lesson)
    for course in content_from_files().courses.values()
    for lesson in course.lessons
]
IDS = [f"{course.slug}/{lesson.slug}" for course, lesson in LESSONS]
CHECKED = [(course, lesson) for course, lesson in LESSONS if lesson.checks]
CHECKED_IDS = [f"{course.slug}/{lesson.slug}" for course, lesson in CHECKED]


@pytest.fixture
def steps(db: None) -> dict:
    keys = {key for _course, lesson in LESSONS for key in lesson.steps}
    return steps_get(keys)


def test_stud_comes_first_and_covers_the_whole_stud_page_in_reading_order(steps: dict) -> None:
    from rules.models import Step

    assert list(courses()) == ["stud", "stud8", "razz"]
    stud_keys = [key for lesson in courses()["stud"].lessons for key in lesson.steps]
    page = [step.key for step in Step.objects.filter(section__page__slug="stud")]
    assert [key for key in stud_keys if key.startswith("stud/")] == page
    assert 8 <= len(courses()["stud"].lessons) <= 12


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
    """Every question cites a rule this lesson teaches (a review question: any rule taught
    so far) and nothing not yet taught (the lesson's own rules plus those of the lessons before
    it on the path)."""
    review = {(s.kind, s.game, s.level) for s in lesson.checks if s.review}
    own = lesson_rules(lesson, steps)
    allowed = rules_allowed(course, lesson, steps)
    assert own and own <= allowed
    seen = []
    for attempt in range(6):
        questions = check_questions(course=course, lesson=lesson, attempt=attempt, steps=steps)
        assert len(questions) == CHECK_SIZE
        for _quiz, question in questions:
            cited = {reason.rule for reason in question.reasons}
            qid = question.qid
            assert cited & own or (qid.kind, qid.game, qid.level) in review, (qid, cited, own)
            assert cited <= allowed, (question.qid, cited - allowed)
        seen.append([question.qid for _quiz, question in questions])
        # The same attempt gives the same questions.
        again = check_questions(course=course, lesson=lesson, attempt=attempt, steps=steps)
        assert [question.qid for _quiz, question in again] == seen[-1]
    assert seen[0] != seen[1]  # a retry asks new questions


@pytest.mark.parametrize(("course", "lesson"), CHECKED, ids=CHECKED_IDS)
def test_checks_do_not_repeat_a_question_within_the_first_15_draws(
    course: Course, lesson: Lesson, steps: dict
) -> None:
    """Five attempts of three questions: fifteen different questions (a spot-the-mistake
    statement is the same question whatever its seed)."""
    drawn = [
        question_identity(question)
        for attempt in range(5)
        for _quiz, question in check_questions(
            course=course, lesson=lesson, attempt=attempt, steps=steps
        )
    ]
    assert len(drawn) == 15
    assert len(set(drawn)) == 15, [item for item in drawn if drawn.count(item) > 1]


def test_lessons_without_a_check_are_the_irregularities_and_have_steps() -> None:
    no_check = [f"{c.slug}/{lesson.slug}" for c, lesson in LESSONS if not lesson.checks]
    assert no_check == ["stud/mistakes-at-the-table", "stud/late-mistakes"]
    assert all(lesson.parts for _course, lesson in LESSONS)


@pytest.mark.parametrize(("course", "lesson"), LESSONS, ids=IDS)
def test_steps_are_short_in_four_languages_and_deal_what_they_teach(
    course: Course, lesson: Lesson, steps: dict
) -> None:
    """Each step: one idea in at most about 80 words (a little more room for the languages
    that need more words than English), a question that cites a rule it teaches, a full rule
    to link to, and no two steps of a lesson on the same rule step."""
    assert [part.rule for part in lesson.parts] == list(dict.fromkeys(p.rule for p in lesson.parts))
    for index, part in enumerate(lesson.parts):
        assert len(part.text["en"].split()) <= 80, part.slug
        for code in ("sv", "da", "fi"):
            assert 0 < len(part.text[code].split()) <= 90, (part.slug, code)
        assert part.rule in steps, part.rule
        if part.is_idea:  # an idea card: a title in each language, and no question
            assert all(part.title[code] for code in ("sv", "da", "fi", "en")), part.slug
            continue
        teaches = part_rules(part, steps)
        for deal in range(3):
            _quiz, question = part_question(
                course=course, lesson=lesson, index=index, deal=deal, steps=steps
            )
            assert {reason.rule for reason in question.reasons} & teaches, (part.slug, deal)


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
    assert reading_minutes(texts) == minutes


@pytest.mark.django_db
def test_kind_lessons_put_stud_skills_first() -> None:
    order = list(kind_lessons())
    assert set(order) == set(KINDS)
    stud_only = {"rank-lows", "best-low", "qualify"}
    assert all(order.index(kind) > order.index("bring-in") for kind in stud_only)
    assert order.index("bring-in") < order.index("first-to-act") < order.index("bet-sizing")
