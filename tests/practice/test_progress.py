"""Practice progress in the learner record: sets of ten, score, streaks, spaced repetition."""

from __future__ import annotations

import random

import pytest
from django.http import HttpRequest
from django.test import Client

from learners.store import progress_change
from practice.ids import question_id_parse
from practice.progress import (
    SET_SIZE,
    Progress,
    progress_pick_next,
    progress_record,
    progress_reset,
    quiz_progress_load,
)


def record(request: HttpRequest, **answer: object) -> tuple[Progress, bool]:
    """``progress_record`` of one answer: the progress after it, and whether it counted."""
    answered = progress_record(request, **answer)  # type: ignore[arg-type]
    return answered.progress, answered.counted


def test_right_answers_build_a_streak_and_raise_mastery(learner_request: HttpRequest) -> None:
    for number in range(3):
        progress, counted = record(
            learner_request, skill="bring-in", question=f"q{number}", correct=True
        )
        assert counted
    assert progress.streak == 3
    assert progress.correct == 3
    assert progress.skill("bring-in").box == 4
    assert progress.skill("bring-in").mastery == 75


def test_a_wrong_answer_resets_the_streak_and_the_box(learner_request: HttpRequest) -> None:
    progress_record(learner_request, skill="bring-in", question="a", correct=True)
    progress, _ = record(learner_request, skill="bring-in", question="b", correct=False)
    assert progress.streak == 0
    assert progress.best_streak == 1
    assert progress.skill("bring-in").box == 1


def test_the_same_question_counts_once(learner_request: HttpRequest) -> None:
    progress_record(learner_request, skill="bring-in", question="same", correct=True)
    progress, counted = record(learner_request, skill="bring-in", question="same", correct=True)
    assert not counted
    assert progress.answered == 1


def test_a_set_has_ten_questions_then_a_new_one_starts(learner_request: HttpRequest) -> None:
    for number in range(SET_SIZE):
        progress, _ = record(
            learner_request, skill="x", question=str(number), correct=number % 2 == 0
        )
    assert progress.set_done
    assert progress.set_correct == 5
    progress, _ = record(learner_request, skill="x", question="next", correct=True)
    assert progress.set_answered == 1
    assert progress.answered == SET_SIZE + 1


@pytest.mark.parametrize("tampered", [{"answered": "lots"}, ["not", "a", "dict"]])
def test_tampered_data_resets_quietly(learner_request: HttpRequest, tampered: object) -> None:
    record(learner_request, skill="x", question="1", correct=True)
    assert quiz_progress_load(learner_request).answered == 1
    progress_change(learner_request, "quiz_progress", lambda raw: (tampered, None))
    assert quiz_progress_load(learner_request).answered == 0


def test_reset_forgets_everything(learner_request: HttpRequest) -> None:
    progress_record(learner_request, skill="x", question="1", correct=True)
    progress_reset(learner_request)
    assert quiz_progress_load(learner_request).answered == 0


def test_a_missed_skill_comes_back_one_question_later_before_new_ones(
    learner_request: HttpRequest,
) -> None:
    rng = random.Random(1)
    progress, _ = record(learner_request, skill="hard", question="1", correct=False)
    # Not straight away: one other question first ...
    assert progress_pick_next(progress, ["hard", "new", "other"], rng=rng) in {"new", "other"}
    progress, _ = record(learner_request, skill="new", question="2", correct=True)
    # ... then the missed skill, before the skill never tried.
    assert progress_pick_next(progress, ["hard", "new", "other"], rng=rng) == "hard"


def test_unseen_skills_come_before_ones_answered_right(learner_request: HttpRequest) -> None:
    rng = random.Random(1)
    progress_record(learner_request, skill="easy", question="1", correct=True)
    progress_record(learner_request, skill="easy", question="2", correct=True)
    progress = quiz_progress_load(learner_request)
    assert progress_pick_next(progress, ["easy", "new"], rng=rng) == "new"


def test_the_tenth_answer_shows_the_set_summary(client: Client, db: None) -> None:
    from practice.kinds import KINDS

    quiz = KINDS["bring-in"]
    for seed in range(SET_SIZE):
        question = quiz.generate(
            question_id_parse(
                kind="bring-in", game="stud", profile="robert", level="easy", seed=seed
            )
        )
        response = client.post(
            f"/en/practice/bring-in/stud/robert/easy/{seed}/",
            {
                "seat": str(
                    question.answer if seed % 2 else (question.answer + 1) % question.data["seats"]
                )
            },
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
        assert (b"See how the set went" in response.content) is (seed == SET_SIZE - 1)
    assert b"Next question" not in response.content  # no eleventh question
    summary = client.get("/en/practice/set/summary/")
    assert b"Set complete!" in summary.content
    assert b"You answered 5 of 10 questions right." in summary.content


def test_a_drill_is_the_skill_answered_first_and_another_skill_starts_its_own(
    learner_request: HttpRequest,
) -> None:
    from practice.progress import MIXED

    assert quiz_progress_load(learner_request).upcoming("bring-in") == ("bring-in", 1)
    progress, _ = record(learner_request, skill="bring-in", question="a", correct=False)
    progress, _ = record(learner_request, skill="bring-in", question="b", correct=True)
    assert (progress.set_mode, progress.set_answered) == ("bring-in", 2)
    assert progress.set_missed == ("bring-in",)
    assert progress.upcoming("bring-in") == ("bring-in", 3)
    assert progress.upcoming("best-high") == ("best-high", 1)
    progress, _ = record(learner_request, skill="best-high", question="c", correct=True)
    assert (progress.set_mode, progress.set_answered, progress.set_missed) == ("best-high", 1, ())
    assert progress.upcoming("razz") != (MIXED, 2)


def test_a_mixed_review_keeps_every_skill_in_one_set(learner_request: HttpRequest) -> None:
    from practice.progress import MIXED, progress_start_set

    progress_start_set(learner_request)
    progress_record(learner_request, skill="bring-in", question="a", correct=True)
    progress, _ = record(learner_request, skill="best-high", question="b", correct=False)
    assert (progress.set_mode, progress.set_answered) == (MIXED, 2)
    assert progress.set_missed == ("best-high",)
    assert progress.upcoming("qualify") == (MIXED, 3)


def test_a_set_begun_before_drills_existed_counts_as_a_mixed_review(
    learner_request: HttpRequest,
) -> None:
    from practice.progress import KEY, MIXED

    old = {"answered": 4, "set_answered": 4}
    progress_change(learner_request, KEY, lambda raw: (old, None))
    assert quiz_progress_load(learner_request).set_mode == MIXED
