"""Limits per address under make serve with three gunicorn workers: wrong device codes and
new learner records are counted once for the whole site (learners.limits keeps the count in
the database), not once per worker. Tries are sent several at a time, so they land on every
worker; the limit still holds to the try."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from learners.services import CODE_TRIES
from learners.store import NEW_RECORDS
from tests.stack.conftest import Server, serving

pytestmark = pytest.mark.stack

WORKERS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, static_root: Path) -> Iterator[Server]:
    """make serve with three sync workers, on SQLite (no content: the learner's page needs
    none)."""
    with serving(
        tmp_path_factory.mktemp("limits"), static_root, load=(), WEB_CONCURRENCY=str(WORKERS)
    ) as served:
        yield served.server


def _form(server: Server) -> tuple[dict[str, str], str]:
    """A CSRF cookie and its token, as the learner's page gives them."""
    page = server.request("/en/my-progress/")
    assert page.status == 200
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.body.decode())
    assert token is not None
    return {"Cookie": f"csrftoken={page.cookies()['csrftoken']}"}, token.group(1)


def _posts(server: Server, path: str, body: str, count: int) -> Counter[int]:
    """``count`` POSTs, six at a time (more than the workers: each is busy with one)."""
    headers, token = _form(server)
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    payload = f"csrfmiddlewaretoken={token}&{body}"
    with ThreadPoolExecutor(max_workers=2 * WORKERS) as pool:
        answers = list(
            pool.map(
                lambda _n: server.request(path, method="POST", headers=headers, body=payload),
                range(count),
            )
        )
    return Counter(answer.status for answer in answers)


def test_ten_wrong_codes_then_429_across_three_workers(server: Server) -> None:
    statuses = _posts(server, "/en/my-progress/continue/", "code=AAAA-AAAA", CODE_TRIES + 5)
    assert statuses == {400: CODE_TRIES, 429: 5}
    again = _posts(server, "/en/my-progress/continue/", "code=AAAA-AAAA", 3)
    assert again == {429: 3}


def test_new_records_from_one_address_are_limited_across_three_workers(server: Server) -> None:
    """Cookieless "Get a code" posts each make a record (an empty one, for the code): the
    address gets NEW_RECORDS of them, then a 429."""
    statuses = _posts(server, "/en/my-progress/code/", "", NEW_RECORDS + 6)
    assert statuses == {200: NEW_RECORDS, 429: 6}
