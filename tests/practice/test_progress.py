"""Progress in the session: sets of ten, score, streaks, spaced repetition."""

from __future__ import annotations

import random

from django.test import Client

from practice.ids import question_id_parse
from practice.progress import (
    SET_SIZE,
    progress_pick_next,
    progress_record,
    progress_reset,
    quiz_progress_load,
)


def test_right_answers_build_a_streak_and_raise_mastery() -> None:
    session: dict[str, object] = {}
    for number in range(3):
        progress, counted = progress_record(
            session, skill="bring-in", question=f"q{number}", correct=True
        )
        assert counted
    assert progress.streak == 3
    assert progress.correct == 3
    assert progress.skill("bring-in").box == 4
    assert progress.skill("bring-in").mastery == 75


def test_a_wrong_answer_resets_the_streak_and_the_box() -> None:
    session: dict[str, object] = {}
    progress_record(session, skill="bring-in", question="a", correct=True)
    progress, _ = progress_record(session, skill="bring-in", question="b", correct=False)
    assert progress.streak == 0
    assert progress.best_streak == 1
    assert progress.skill("bring-in").box == 1


def test_the_same_question_counts_once() -> None:
    session: dict[str, object] = {}
    progress_record(session, skill="bring-in", question="same", correct=True)
    progress, counted = progress_record(session, skill="bring-in", question="same", correct=True)
    assert not counted
    assert progress.answered == 1


def test_a_set_has_ten_questions_then_a_new_one_starts() -> None:
    session: dict[str, object] = {}
    for number in range(SET_SIZE):
        progress, _ = progress_record(
            session, skill="x", question=str(number), correct=number % 2 == 0
        )
    assert progress.set_done
    assert progress.set_correct == 5
    progress, _ = progress_record(session, skill="x", question="next", correct=True)
    assert progress.set_answered == 1
    assert progress.answered == SET_SIZE + 1


def test_tampered_session_data_resets_quietly() -> None:
    assert quiz_progress_load({"quiz_progress": {"answered": "lots"}}).answered == 0
    assert quiz_progress_load({"quiz_progress": ["not", "a", "dict"]}).answered == 0


def test_reset_forgets_everything() -> None:
    session: dict[str, object] = {}
    progress_record(session, skill="x", question="1", correct=True)
    progress_reset(session)
    assert quiz_progress_load(session).answered == 0


def test_a_missed_skill_comes_back_one_question_later_before_new_ones() -> None:
    session: dict[str, object] = {}
    rng = random.Random(1)
    progress, _ = progress_record(session, skill="hard", question="1", correct=False)
    # Not straight away: one other question first ...
    assert progress_pick_next(progress, ["hard", "new", "other"], rng=rng) in {"new", "other"}
    progress, _ = progress_record(session, skill="new", question="2", correct=True)
    # ... then the missed skill, before the skill never tried.
    assert progress_pick_next(progress, ["hard", "new", "other"], rng=rng) == "hard"


def test_unseen_skills_come_before_ones_answered_right() -> None:
    session: dict[str, object] = {}
    rng = random.Random(1)
    progress_record(session, skill="easy", question="1", correct=True)
    progress_record(session, skill="easy", question="2", correct=True)
    progress = quiz_progress_load(session)
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


def test_a_drill_is_the_skill_answered_first_and_another_skill_starts_its_own() -> None:
    from practice.progress import MIXED

    session: dict[str, object] = {}
    assert quiz_progress_load(session).upcoming("bring-in") == ("bring-in", 1)
    progress, _ = progress_record(session, skill="bring-in", question="a", correct=False)
    progress, _ = progress_record(session, skill="bring-in", question="b", correct=True)
    assert (progress.set_mode, progress.set_answered) == ("bring-in", 2)
    assert progress.set_missed == ("bring-in",)
    assert progress.upcoming("bring-in") == ("bring-in", 3)
    assert progress.upcoming("best-high") == ("best-high", 1)
    progress, _ = progress_record(session, skill="best-high", question="c", correct=True)
    assert (progress.set_mode, progress.set_answered, progress.set_missed) == ("best-high", 1, ())
    assert progress.upcoming("razz") != (MIXED, 2)


def test_a_mixed_review_keeps_every_skill_in_one_set() -> None:
    from practice.progress import MIXED, progress_start_set

    session: dict[str, object] = {}
    progress_start_set(session)
    progress_record(session, skill="bring-in", question="a", correct=True)
    progress, _ = progress_record(session, skill="best-high", question="b", correct=False)
    assert (progress.set_mode, progress.set_answered) == (MIXED, 2)
    assert progress.set_missed == ("best-high",)
    assert progress.upcoming("qualify") == (MIXED, 3)


def test_a_set_begun_before_drills_existed_counts_as_a_mixed_review() -> None:
    from practice.progress import MIXED, SESSION_KEY

    session: dict[str, object] = {SESSION_KEY: {"answered": 4, "set_answered": 4}}
    assert quiz_progress_load(session).set_mode == MIXED
