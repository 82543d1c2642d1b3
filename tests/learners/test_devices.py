"""Another device: a short code (and its link with a QR code) attaches a second browser to the
record; single use, a few minutes, rate-limited. Forget deletes the record for both browsers;
Download gives everything kept as JSON; prunelearners removes records unused for long."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.cache import caches
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from learners.models import DeviceCode, Learner, LearnerKey
from learners.services import CODE_ALPHABET, CODE_TRIES
from learners.store import COOKIE
from practice.progress import quiz_progress_load
from tests.learners.helpers import answer, move_back, only_learner

pytestmark = pytest.mark.django_db

CODE = re.compile(r'<p class="device-code"[^>]*><strong>([A-Z0-9]{4})-([A-Z0-9]{4})</strong>')


@pytest.fixture(autouse=True)
def _fresh_cache() -> None:
    caches["default"].clear()


def _code(client: Client) -> str:
    page = client.post("/en/my-progress/code/").content.decode()
    found = CODE.search(page)
    assert found, page
    return found.group(1) + found.group(2)


def test_a_code_moves_the_progress_to_another_browser() -> None:
    first, second = Client(), Client()
    answer(first)
    page = first.post("/en/my-progress/code/").content.decode()
    code = "".join(CODE.search(page).groups())  # type: ignore[union-attr]
    assert len(code) == 8 and set(code) <= set(CODE_ALPHABET)
    assert "<svg" in page  # the QR code of the link
    assert f"/en/my-progress/continue/{code}/" in page
    # The link asks first: a GET (a link preview, a scanner) does not use the code up.
    confirm = second.get(f"/en/my-progress/continue/{code}/")
    assert confirm.status_code == 200 and DeviceCode.objects.filter(code=code).exists()
    attached = second.post("/en/my-progress/continue/", {"code": f"{code[:4].lower()} {code[4:]}"})
    assert attached.status_code == 302
    assert second.cookies[COOKIE].value != first.cookies[COOKIE].value  # a key of its own
    assert quiz_progress_load(second.session).answered == 1
    answer(second, seed=12)
    assert quiz_progress_load(first.session).answered == 2
    assert Learner.objects.count() == 1 and LearnerKey.objects.count() == 2
    assert not DeviceCode.objects.exists()  # single use
    third = Client()
    refused = third.post("/en/my-progress/continue/", {"code": code})
    assert refused.status_code == 400
    assert "not valid" in refused.content.decode()


def test_a_code_expires() -> None:
    first, second = Client(), Client()
    answer(first)
    code = _code(first)
    DeviceCode.objects.update(expires=timezone.now() - timedelta(seconds=1))
    assert second.post("/en/my-progress/continue/", {"code": code}).status_code == 400
    assert COOKIE not in second.cookies


def test_wrong_codes_are_rate_limited() -> None:
    first, guesser = Client(), Client()
    answer(first)
    code = _code(first)
    for _ in range(CODE_TRIES):
        assert guesser.post("/en/my-progress/continue/", {"code": "AAAAAAAA"}).status_code == 400
    # Even the right code is refused now, from that address.
    limited = guesser.post("/en/my-progress/continue/", {"code": code})
    assert limited.status_code == 429
    assert "Too many wrong codes" in limited.content.decode()


def test_open_codes_are_limited() -> None:
    client = Client()
    answer(client)
    for _ in range(3):
        _code(client)
    assert client.post("/en/my-progress/code/").status_code == 429


def test_forget_deletes_the_record_for_every_browser() -> None:
    first, second = Client(), Client()
    answer(first)
    second.post("/en/my-progress/continue/", {"code": _code(first)})
    response = second.post("/sv/mina-framsteg/glom/")
    assert response.status_code == 302
    assert not Learner.objects.exists() and not LearnerKey.objects.exists()
    assert second.cookies[COOKIE].value == ""  # the cookie is deleted too
    assert quiz_progress_load(first.session).answered == 0
    page = first.get("/en/my-progress/").content.decode()
    assert "Nothing is kept yet" in page


def test_download_gives_everything_kept_as_json(client: Client) -> None:
    answer(client)
    response = client.get("/en/my-progress/download/")
    assert response["Content-Type"].startswith("application/json")
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["progress"]["quiz_progress"]["answered"] == 1
    assert data["days"][0]["steps"] == 1
    assert set(data) == {"created", "last_seen", "time_zone", "progress", "days", "lessons_done"}
    assert json.loads(Client().get("/en/my-progress/download/").content) == {"progress": None}


def test_forms_need_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    for path in ("/en/my-progress/code/", "/en/my-progress/forget/", "/en/my-progress/review/"):
        assert client.post(path).status_code == 403


def test_prune_removes_records_unused_for_long(client: Client) -> None:
    answer(client)
    kept = Client()
    answer(kept, seed=13)
    old = Learner.objects.order_by("pk").first()
    assert old is not None
    move_back(old, 401)
    call_command("prunelearners")
    assert list(Learner.objects.all()) == [Learner.objects.order_by("pk").last()]
    assert quiz_progress_load(client.session).answered == 0
    assert quiz_progress_load(kept.session).answered == 1


def test_the_admin_shows_aggregates_only(client: Client) -> None:
    answer(client)
    from tutorials.services import progress_mark_read

    progress_mark_read(client.session, key="stud/the-game")
    User.objects.create_superuser("editor", "", "pw-for-tests-only")
    admin = Client()
    admin.force_login(User.objects.get(username="editor"))
    daily = admin.get("/admin/learners/learnerday/").content.decode()
    assert "<td>1</td><td>2</td>" in daily  # one learner: one answer, one lesson read
    done = admin.get("/admin/learners/lessondone/").content.decode()
    assert "Seven cards, the best five win</td><td>1</td>" in done
    assert only_learner().data.get("course", {}).get("d") == ["stud/the-game"]
