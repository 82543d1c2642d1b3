"""The learner record: made at the first answer under an HttpOnly cookie (none before), read
by the progress functions, with the bookmarks of a visit before it, review dates in days, a day
streak in the learner's time zone, milestones shown once (a lesson, a course, a path), the
Today card on the course page, and home cacheable for everyone else."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone, translation
from django.utils.translation import gettext
from pytest_django.asserts import assertInHTML

from learners.events import learner_today
from learners.leitner import DAYS_UNTIL_DUE
from learners.models import Learner, LearnerDay, LearnerKey, LessonDone
from learners.store import BOOKMARKS_KEY, COOKIE, COOKIE_AGE
from practice.progress import quiz_progress_load, walkthrough_load, walkthrough_record
from table.progress import hand_played
from tests.browser.quiz_answers import answer_form
from tests.browser.quiz_flow import question_for, question_path
from tests.learners.helpers import answer, client_request, move_back, only_learner
from tests.urls import localized
from tutorials.course import courses
from tutorials.progress import progress_mark_read
from tutorials.queries import lesson_key, path_lessons

pytestmark = pytest.mark.django_db


PATH = "/en/learn/paths/stud-hi-lo-home-game/"
LESSON = "/en/learn/stud/the-game/"


def test_a_first_visit_sets_no_cookie_and_keeps_no_record(client: Client) -> None:
    """Not even opening a path or a lesson (which the site remembers, to lead on from it): a
    crawler's visits leave no records behind."""
    pages = ("/en/", "/en/practice/", "/en/learn/", "/en/learn/stud/", "/sv/mina-framsteg/")
    for path in (*pages, PATH, LESSON, "/en/"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert COOKIE not in response.cookies, path
    assert not Learner.objects.exists()
    # Until then the browser's session keeps them: home already offers to go on.
    assert "Continue: Seven cards, the best five win" in client.get("/en/").content.decode()


def test_the_path_and_lesson_opened_before_the_first_answer_go_into_the_record(
    client: Client,
) -> None:
    client.get(PATH)
    client.get(LESSON)
    answer(client)
    data = only_learner().data
    assert data["course"]["w"] == "stud-hi-lo-home-game"
    assert data["course"]["l"] == "stud/the-game"
    assert BOOKMARKS_KEY not in dict(client.session)  # moved, not copied


def test_a_quiz_answer_is_one_change_of_the_record_in_one_transaction(client: Client) -> None:
    """Everything an answer records (the score, the set's missed question and the answer given,
    the review date, the day's step) is saved by one service in one transaction: one save of
    the record, between one BEGIN (a savepoint under the test's own transaction) and its end."""
    answer(client, seed=1)  # the record exists: the next answer only changes it
    with CaptureQueriesContext(connection) as queries:
        answer(client, seed=2, right=False)
    sql = [query["sql"] for query in queries.captured_queries]
    saves = [
        n
        for n, text in enumerate(sql)
        if text.startswith('UPDATE "learners_learner" SET') and '"data" =' in text
    ]
    opened = [n for n, text in enumerate(sql) if text.startswith("SAVEPOINT")]
    closed = [n for n, text in enumerate(sql) if text.startswith("RELEASE SAVEPOINT")]
    assert len(saves) == 1 and len(opened) == 1 and len(closed) == 1, sql
    day = [n for n, text in enumerate(sql) if 'UPDATE "learners_learnerday"' in text]
    assert opened[0] < day[0] < saves[0] < closed[0]
    progress = only_learner().data["quiz_progress"]
    assert progress["answered"] == 2 and len(progress["missed"]) == 1
    assert list(progress["missed_answers"]) == progress["missed"]


def test_the_first_answer_makes_the_record_and_its_cookie(client: Client) -> None:
    question_cookie = None
    answer(client)
    question_cookie = client.cookies[COOKIE]
    assert question_cookie["httponly"]
    assert question_cookie["samesite"] == "Lax"
    assert int(question_cookie["max-age"]) == COOKIE_AGE
    assert not question_cookie["secure"]  # DEBUG (tests): plain http
    learner = only_learner()
    # Only the key's hash is kept, never the key itself.
    assert not LearnerKey.objects.filter(digest=question_cookie.value).exists()
    assert learner.data["quiz_progress"]["answered"] == 1
    assert quiz_progress_load(client_request(client)).answered == 1
    assert "quiz_progress" not in dict(client.session)


@override_settings(SESSION_COOKIE_SECURE=True)
def test_the_cookie_is_secure_when_the_site_is(client: Client) -> None:
    answer(client)
    assert client.cookies[COOKIE]["secure"]


def test_review_dates_are_in_days_by_leitner_box(client: Client) -> None:
    answer(client, "bring-in", 1, right=True)
    answer(client, "bring-in", 2, right=True)
    answer(client, "first-to-act", 3, right=False)
    learner = only_learner()
    today = learner_today(learner)
    review = learner.data["review"]
    assert review["bring-in"] == [2, (today + timedelta(days=DAYS_UNTIL_DUE[2])).isoformat()]
    assert review["first-to-act"] == [1, (today + timedelta(days=1)).isoformat()]
    page = client.get("/en/").content.decode()
    # None due today: the next one's day instead (first-to-act, missed: tomorrow).
    assertInHTML('<span class="today__number">1</span>', page)
    assert "review due tomorrow" in page
    move_back(learner, 2)
    page = client.get("/en/").content.decode()
    assert "Review 2 skills now" in page


def test_a_due_review_is_one_tap_away(client: Client) -> None:
    answer(client, "bring-in", 1, right=False)
    move_back(only_learner(), 1)
    response = client.post("/en/my-progress/review/")
    assert response.status_code == 302
    assert response["Location"].startswith("/en/practice/bring-in/")
    assert quiz_progress_load(client_request(client)).set_mode == "mixed"


def test_days_count_in_the_learners_time_zone(client: Client) -> None:
    client.cookies["tz"] = "Pacific/Kiritimati"  # UTC+14: often already tomorrow
    answer(client)
    learner = only_learner()
    assert learner.timezone == "Pacific/Kiritimati"
    day = LearnerDay.objects.get(learner=learner)
    assert day.day == learner_today(learner)
    client.cookies["tz"] = "Not/A_Zone"
    answer(client, seed=8)
    assert only_learner().timezone == "Pacific/Kiritimati"


def test_the_day_streak_and_its_ten_day_moment(client: Client) -> None:
    answer(client)
    learner = only_learner()
    today = learner_today(learner)
    LearnerDay.objects.bulk_create(
        LearnerDay(learner=learner, day=today - timedelta(days=n), steps=3) for n in range(1, 10)
    )
    page = client.get("/en/").content.decode()
    assertInHTML('<span class="today__number">10</span>', page)
    # The moment comes with the first answer of the tenth day (here: a new day), on the
    # answer's own page.
    LearnerDay.objects.filter(learner=learner, day=today).delete()
    page = answer(client, seed=9)
    assert 'role="status"' in page and "Ten days in a row" in page
    assert "Ten days in a row" not in client.get("/en/").content.decode()  # shown once


def test_a_missed_day_ends_the_streak_but_not_before_the_day_is_over(client: Client) -> None:
    answer(client)
    learner = only_learner()
    move_back(learner, 1)  # answered yesterday only: the streak still counts today
    assertInHTML('<span class="today__number">1</span>', client.get("/en/").content.decode())
    move_back(learner, 1)
    assertInHTML('<span class="today__number">0</span>', client.get("/en/").content.decode())


def test_finishing_a_lesson_is_a_moment(client: Client) -> None:
    answer(client)  # a record first
    progress_mark_read(client_request(client), key="stud/the-game")
    assert "Lesson done" in client.get("/en/learn/stud/").content.decode()


def test_the_home_page_is_cached_for_everyone_and_personal_for_a_learner(client: Client) -> None:
    first = client.get("/en/")
    assert "public" in first["Cache-Control"]
    assert first.has_header("ETag")
    assert 'class="today"' not in first.content.decode()
    assert client.get("/en/", headers={"if-none-match": first["ETag"]}).status_code == 304
    learner = Client()
    answer(learner)
    mine = learner.get("/en/")
    assert "private" in mine["Cache-Control"] and "public" not in mine["Cache-Control"]
    assert "Cookie" in mine["Vary"]
    assert 'class="today"' in mine.content.decode()
    # Everyone else still gets the cached page, without anyone's card.
    again = Client().get("/en/")
    assert again["ETag"] == first["ETag"]
    assert "public" in again["Cache-Control"]
    assert 'class="today"' not in again.content.decode()
    assert not again.cookies


def test_a_learner_whose_record_is_gone_starts_afresh(client: Client) -> None:
    answer(client)
    Learner.objects.all().delete()
    page = client.get("/en/")
    assert 'class="today"' not in page.content.decode()
    answer(client, seed=11)
    assert only_learner().data["quiz_progress"]["answered"] == 1
    assert timezone.now() - only_learner().seen < timedelta(minutes=1)


def _scoop_question() -> tuple[str, int]:
    for seed in range(1, 400):
        for level in ("easy", "normal"):
            if question_for("split-pot", "stud8", level, seed).data.get("scenario") == "scoop":
                return level, seed
    raise AssertionError("no scoop among the first seeds")


def test_the_first_scoop_found_is_a_moment_once(client: Client) -> None:
    level, seed = _scoop_question()
    question = question_for("split-pot", "stud8", level, seed)
    page = client.post(question_path(question), answer_form(question, right=True))
    assert "Your first scoop" in page.content.decode()
    assert only_learner().data["reached"] == ["scoop:"]
    # Found again, on another question: no second moment.
    learner = only_learner()
    learner.data["quiz_progress"]["recent"] = []
    learner.save()
    again = client.post(question_path(question), answer_form(question, right=True))
    assert "Your first scoop" not in again.content.decode()


def test_walkthrough_predictions_and_hands_played_count(client: Client) -> None:
    answer(client)  # a record, and its cookie
    request = client_request(client)
    walkthrough_record(request, step="stud/robert/5/2", correct=True)
    _progress, counted = walkthrough_record(request, step="stud/robert/5/2", correct=True)
    assert not counted  # the same step posted twice counts once
    walkthrough_record(request, step="stud/robert/5/3", correct=False)
    assert walkthrough_load(client_request(client)).predicted == 2
    assert walkthrough_load(client_request(client)).right == 1
    assert hand_played(request, "razz", "razz:hand-1")
    assert not hand_played(request, "razz", "razz:hand-1")  # the same hand reloaded
    assert hand_played(request, "razz", "razz:hand-2")
    learner = only_learner()
    assert learner.data["hands"] == {"razz": 2}
    # One answer, two predictions, two hands: five steps today.
    assert LearnerDay.objects.get(learner=learner).steps == 5
    page = client.get("/en/my-progress/").content.decode()
    assert "Two hands played to the end at the practice table." in page


def test_attaching_leaves_this_browsers_own_record_behind(client: Client) -> None:
    other = Client()
    answer(other, seed=14)
    kept = only_learner()
    answer(client, seed=15)
    page = other.post("/en/my-progress/code/").content.decode()
    found = re.search(r"<strong>([A-Z0-9]{4})-([A-Z0-9]{4})</strong>", page)
    assert found
    client.post("/en/my-progress/continue/", {"code": "".join(found.groups())})
    # This browser's own record had no other key: it is gone, the other one is shared.
    assert only_learner() == kept
    assert (
        quiz_progress_load(client_request(client)).recent
        == quiz_progress_load(client_request(other)).recent
    )


def test_finishing_a_path_is_a_moment_shown_once_in_the_learners_language(client: Client) -> None:
    answer(client)
    client.get(localized("/sv/learn/paths/razz/"))  # the path the learner follows
    request = client_request(client)
    for found_course, lesson in path_lessons("razz"):
        progress_mark_read(request, key=lesson_key(found_course, lesson))
    with translation.override("sv"):
        finished = gettext("Path finished. You know what you need to sit down and play.")
    assert finished != "Path finished. You know what you need to sit down and play."
    assert finished in client.get("/sv/").content.decode()
    assert finished not in client.get("/sv/").content.decode()  # a moment is shown once


def test_the_course_page_shows_the_learners_day_without_a_second_continue(client: Client) -> None:
    assert 'class="today"' not in client.get("/en/learn/stud/").content.decode()
    answer(client)
    progress_mark_read(client_request(client), key="stud/the-game")  # a lesson to go on
    page = client.get("/en/learn/stud/").content.decode()
    assert "Continue:" in page
    start = page.index('<section class="today"')
    card = page[start : page.index("</section>", start)]
    assert "2 of 10 steps today" in card
    assert "Your progress and other devices" in card
    # The course page's own button says where to go on; the card does not say it again.
    assert "Continue:" not in card


def test_finishing_a_course_is_a_moment(client: Client) -> None:
    answer(client)
    request = client_request(client)
    keys = [lesson_key(courses()["razz"], lesson) for lesson in courses()["razz"].lessons]
    for key in keys[:-1]:
        progress_mark_read(request, key=key)
    client.get("/en/")  # the lesson moments, shown
    progress_mark_read(client_request(client), key=keys[-1])
    page = client.get("/en/learn/razz/").content.decode()
    assert "Course finished: Razz. Well played!" in page
    assert len(LessonDone.objects.filter(lesson__startswith="razz/")) == len(keys)
