"""Course progress in the learner record: compact, language-free keys, tamper-proof loading."""

from __future__ import annotations

import json

import pytest
from django.http import HttpRequest

from learners.models import Learner
from learners.store import progress_change
from tutorials import placement
from tutorials.course import courses, paths
from tutorials.progress import (
    CheckState,
    CourseProgress,
    course_progress_load,
    progress_check_answer,
    progress_check_retry,
    progress_continue,
    progress_mark_read,
    progress_part_answer,
    progress_visit,
)
from tutorials.queries import CHECK_SIZE, lesson_key

pytestmark = pytest.mark.django_db  # the course is content, read from the database


def test_answering_the_steps_then_passing_two_of_three_marks_the_lesson_done(
    learner_request: HttpRequest,
) -> None:
    key = "stud/who-brings-in"
    assert progress_part_answer(learner_request, key=key, index=1, correct=True)[1] is False
    assert progress_part_answer(learner_request, key=key, index=0, correct=False)[1] is True
    assert progress_part_answer(learner_request, key=key, index=0, correct=True)[1] is False
    progress_part_answer(learner_request, key=key, index=1, correct=True)
    assert course_progress_load(learner_request).parts_answered(key) == 2
    assert key not in course_progress_load(learner_request).done  # the check is still to pass
    progress_check_answer(learner_request, key=key, index=0, correct=True)
    progress_check_answer(learner_request, key=key, index=1, correct=False)
    progress, counted = progress_check_answer(learner_request, key=key, index=2, correct=True)
    assert counted and key in progress.done
    assert progress.check(key).passed


def test_passing_the_check_without_the_steps_does_not_finish_the_lesson(
    learner_request: HttpRequest,
) -> None:
    key = "stud/who-brings-in"
    for index in range(3):
        progress, _ = progress_check_answer(learner_request, key=key, index=index, correct=True)
    assert progress.check(key).passed and key not in progress.done
    progress_part_answer(learner_request, key=key, index=0, correct=True)
    progress, _ = progress_part_answer(learner_request, key=key, index=1, correct=True)
    assert key in progress.done


def test_the_test_out_marks_the_units_answered_right_known(learner_request: HttpRequest) -> None:
    path = "stud-hi-lo-home-game"
    questions = placement.test_out_questions(path)
    assert len(questions) == placement.TEST_OUT_SIZE
    # Every lesson of the path belongs to exactly one question's unit.
    covered = [key for item in questions for key in item.lessons]
    assert sorted(covered) == sorted(paths()[path].lessons)
    marks = [True, False, True, False, True]
    for index, right in enumerate(marks):
        placement.test_out_answer(learner_request, path=path, index=index, correct=right)
    done = course_progress_load(learner_request).done
    expected = {
        key for item, right in zip(questions, marks, strict=True) if right for key in item.lessons
    }
    assert done == expected
    placement.test_out_reset(learner_request)
    assert placement.test_out_load(learner_request, path) == ""


def test_one_of_three_does_not_pass_and_a_retry_starts_a_new_attempt(
    learner_request: HttpRequest,
) -> None:
    key = "stud/who-brings-in"
    for index, right in enumerate((True, False, False)):
        progress, _ = progress_check_answer(learner_request, key=key, index=index, correct=right)
    assert key not in progress.done and progress.check(key).finished
    progress = progress_check_retry(learner_request, key=key)
    assert progress.check(key) == CheckState(attempt=1, results="")


def test_out_of_turn_and_repeated_answers_do_not_count(learner_request: HttpRequest) -> None:
    key = "stud/the-game"
    assert progress_check_answer(learner_request, key=key, index=1, correct=True)[1] is False
    assert progress_check_answer(learner_request, key=key, index=0, correct=True)[1] is True
    assert progress_check_answer(learner_request, key=key, index=0, correct=True)[1] is False
    assert course_progress_load(learner_request).check(key).results == "1"


def _continue_with(request: HttpRequest) -> tuple[str, str] | None:
    """The course and lesson slugs "Continue" leads to (None: nothing left)."""
    found = progress_continue(course_progress_load(request))
    return None if found is None else (found[0].slug, found[1].slug)


def test_continue_goes_to_the_next_lesson_not_done(learner_request: HttpRequest) -> None:
    assert course_progress_load(learner_request).started is False
    progress_visit(learner_request, key="stud/the-game")
    assert _continue_with(learner_request) == ("stud", "the-game")
    progress_mark_read(learner_request, key="stud/the-game")  # no effect on the path's order
    assert _continue_with(learner_request) == ("stud", "hand-rankings")


def test_the_last_stud_lesson_leads_on_to_stud_hi_lo(learner_request: HttpRequest) -> None:
    progress_visit(learner_request, key="stud/late-mistakes")
    progress_mark_read(learner_request, key="stud/late-mistakes")
    assert _continue_with(learner_request) == ("stud8", "low-hands")


def test_tampered_or_unknown_values_are_dropped(learner_request: HttpRequest) -> None:
    tampered = {
        "d": ["stud/the-game", "nope/x", 3],
        "c": {"stud/the-game": [1, "12"], "stud/who-brings-in": [2, "1"], "x": [0, ""]},
        "l": "<script>",
    }
    progress_change(learner_request, "course", lambda raw: (tampered, None))
    progress = course_progress_load(learner_request)
    assert progress.done == {"stud/the-game"}
    assert dict(progress.checks) == {"stud/who-brings-in": CheckState(2, "1")}
    assert progress.last == ""
    progress_change(learner_request, "course", lambda raw: ("junk", None))
    assert course_progress_load(learner_request) == CourseProgress()


def test_a_finished_course_stays_small_in_the_record(learner_request: HttpRequest) -> None:
    for course in courses().values():
        for lesson in course.lessons:
            key = lesson_key(course, lesson)
            progress_visit(learner_request, key=key)
            for index in range(CHECK_SIZE):
                progress_check_answer(learner_request, key=key, index=index, correct=True)
            progress_check_retry(learner_request, key=key)
    (learner,) = Learner.objects.all()
    assert len(json.dumps(learner.data["course"], separators=(",", ":"))) < 1500
