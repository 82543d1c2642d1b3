"""32 answers at once on one learner record (as from many tabs), none lost: on SQLite by
default, on PostgreSQL with ``scripts/with-postgres .venv/bin/pytest tests/learners`` (and
``make test-postgres``, which runs every database test)."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from django.db import connection, connections
from django.http import HttpRequest

from learners.models import Learner, LearnerDay
from learners.store import COOKIE, LearnerStore
from practice.progress import progress_record, quiz_progress_load

ANSWERS = 32


class _Session(dict[str, object]):
    """A session as a view has it: the store hangs on it."""

    learner_store: LearnerStore


def _session(token: str) -> _Session:
    request = HttpRequest()
    request.COOKIES = {COOKIE: token}
    session = _Session()
    store = LearnerStore(request)
    session.learner_store = store
    request.session = session  # type: ignore[attr-defined]
    return session


@pytest.fixture
def token(transactional_db: None) -> Iterator[str]:
    first = _session("")
    progress_record(first, skill="bring-in", question="warm-up", correct=True)
    yield first.learner_store.new_token


@pytest.mark.django_db(transaction=True)
def test_concurrent_answers_on_one_record_are_all_counted(token: str) -> None:
    barrier = threading.Barrier(ANSWERS)
    errors: list[BaseException] = []

    def one(index: int) -> None:
        try:
            session = _session(token)
            barrier.wait()
            progress_record(
                session,
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
    progress = quiz_progress_load(_session(token))
    assert progress.answered == ANSWERS + 1, connection.vendor
    assert progress.correct == 1 + sum(1 for n in range(ANSWERS) if n % 3 != 0)
    assert sum(state.seen for _slug, state in progress.skills) == ANSWERS + 1
    assert len(progress.recent) == ANSWERS + 1
    # Every answer counted in the day too, and both skills have a review date.
    assert LearnerDay.objects.get(learner=learner).steps == ANSWERS + 1
    assert set(learner.data["review"]) == {"bring-in", "first-to-act"}
