"""32 answers at once on one learner record (as from many tabs), none lost: on SQLite by
default, on PostgreSQL with ``scripts/with-postgres .venv/bin/pytest tests/learners`` (and
``make test-postgres``, which runs every database test)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.http import HttpRequest
from django.test import RequestFactory

from learners.models import Learner, LearnerDay
from learners.store import COOKIE, store_for
from practice.progress import progress_record, quiz_progress_load

ANSWERS = 32


def _request(token: str) -> HttpRequest:
    """A request from the browser holding ``token`` in its learner cookie ("": a new one)."""
    request = RequestFactory().get("/")
    request.COOKIES = {COOKIE: token} if token else {}
    return request


@pytest.fixture
def token(transactional_db: None) -> Iterator[str]:
    first = _request("")
    progress_record(first, skill="bring-in", question="warm-up", correct=True)
    yield store_for(first).new_token


@pytest.mark.django_db(transaction=True)
def test_concurrent_answers_on_one_record_are_all_counted(token: str) -> None:
    barrier = threading.Barrier(ANSWERS)
    errors: list[BaseException] = []

    def one(index: int) -> None:
        try:
            request = _request(token)
            barrier.wait()
            progress_record(
                request,
                skill=("bring-in", "first-to-act")[index % 2],
                question=f"q{index}",
                correct=index % 3 != 0,
            )
        except BaseException as error:  # reported below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=one, args=(n,)) for n in range(ANSWERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    learner = Learner.objects.get()
    progress = quiz_progress_load(_request(token))
    assert progress.answered == ANSWERS + 1, connection.vendor
    assert progress.correct == 1 + sum(1 for n in range(ANSWERS) if n % 3 != 0)
    assert sum(state.seen for _slug, state in progress.skills) == ANSWERS + 1
    assert len(progress.recent) == ANSWERS + 1
    # Every answer counted in the day too, and both skills have a review date.
    assert LearnerDay.objects.get(learner=learner).steps == ANSWERS + 1
    assert set(learner.data["review"]) == {"bring-in", "first-to-act"}
