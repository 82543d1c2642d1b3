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
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation

from learners import store
from learners.limits import address_of
from learners.models import DeviceCode, Learner, LearnerDay, LearnerKey, LessonDone
from learners.services import CODE_ALPHABET, CODE_TRIES
from learners.store import COOKIE
from practice.progress import quiz_progress_load
from tests.learners.helpers import answer, client_request, move_back, only_learner
from tutorials.progress import progress_mark_read

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
    assert quiz_progress_load(client_request(second)).answered == 1
    answer(second, seed=12)
    assert quiz_progress_load(client_request(first)).answered == 2
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


def test_wrong_code_tries_are_counted_for_every_worker_alike() -> None:
    """The count is shared (the database), not kept in one worker's memory: a worker whose
    local cache is empty still refuses the eleventh wrong code. A right code uses no try."""
    first, guesser = Client(), Client()
    answer(first)
    for _ in range(CODE_TRIES - 1):
        assert guesser.post("/en/my-progress/continue/", {"code": "AAAAAAAA"}).status_code == 400
    assert guesser.post("/en/my-progress/continue/", {"code": _code(first)}).status_code == 302
    assert guesser.post("/en/my-progress/continue/", {"code": "AAAAAAAA"}).status_code == 400
    for cache in caches.all():
        cache.clear()  # as another gunicorn worker, with a local-memory cache of its own
    limited = Client().post("/en/my-progress/continue/", {"code": "AAAAAAAA"})
    assert limited.status_code == 429
    other = Client(REMOTE_ADDR="192.0.2.9")  # another address has tries of its own
    assert other.post("/en/my-progress/continue/", {"code": "AAAAAAAA"}).status_code == 400


def test_new_records_per_address_are_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    """One address cannot make a record a request without end: past the limit a code is
    refused (429, in the reader's language) and an answer is checked but kept nowhere."""
    monkeypatch.setattr(store, "NEW_RECORDS", 3)
    for _ in range(3):
        assert Client().post("/en/my-progress/code/").status_code == 200
    refused = Client().post("/fi/oma-edistyminen/koodi/")
    assert refused.status_code == 429
    assert "Moni verkkosi käyttäjä" in refused.content.decode()
    late = Client()
    answer(late)  # the answer is still checked and shown (a 200)
    assert COOKIE not in late.cookies
    assert Learner.objects.count() == 3
    other = Client(REMOTE_ADDR="2001:db8:1:2::7")
    assert other.post("/en/my-progress/code/").status_code == 200
    assert Learner.objects.count() == 4


@pytest.mark.parametrize(
    ("address", "counted_as"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),  # one home's or phone's block
        ("::ffff:203.0.113.7", "203.0.113.7"),
    ],
)
def test_addresses_are_counted_by_client_or_by_ipv6_block(address: str, counted_as: str) -> None:
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = address
    assert address_of(request) == counted_as


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
    response = second.post("/sv/mina-framsteg/glom/", {"confirm": "yes"})
    assert response.status_code == 302
    assert not Learner.objects.exists() and not LearnerKey.objects.exists()
    assert second.cookies[COOKIE].value == ""  # the cookie is deleted too
    assert quiz_progress_load(client_request(first)).answered == 0
    page = first.get("/en/my-progress/").content.decode()
    assert "Nothing is kept yet" in page


def _missed_set(client: Client) -> None:
    """A set of ten with questions 2 and 5 missed, and "Try the ones I missed" begun."""
    for seed in range(10):
        answer(client, seed=seed, right=seed not in (2, 5))
    client.post("/en/practice/set/retry/")


def test_the_missed_questions_and_the_retry_move_with_a_code() -> None:
    """The set's missed questions and the retry queue are in the record like the rest: another
    device sees the same summary and goes on with the same retry."""
    first, second = Client(), Client()
    _missed_set(first)
    second.post("/en/my-progress/continue/", {"code": _code(first)})
    summary = second.get("/en/practice/set/summary/").content.decode()
    assert "The two questions you missed" in summary
    assert 'href="/en/practice/bring-in/stud/robert/normal/5/"' in summary
    page = second.get("/en/practice/bring-in/stud/robert/normal/5/").content.decode()
    assert "The ones you missed: question 1 of 2" in page


def test_forget_leaves_nothing_of_the_learner_anywhere() -> None:
    """The record, its keys, days, lessons done and open codes; the missed questions and the
    retry queue; the session's keys (here the practice choices); the learner and time-zone
    cookies. Another learner's record stays."""
    client, other = Client(), Client()
    other.cookies["tz"] = "Europe/Helsinki"
    answer(other, seed=40)  # another learner's: stays
    client.cookies["tz"] = "Europe/Helsinki"
    client.post("/en/practice/bring-in/", {"game": "razz"})  # a preference, in the session
    _missed_set(client)
    progress_mark_read(client_request(client), key="stud/the-game")
    _code(client)
    mine = Learner.objects.exclude(keys__digest=store.digest(other.cookies[COOKIE].value)).get()
    owned = (Learner, LearnerKey, LearnerDay, LessonDone, DeviceCode)
    assert all(model.objects.filter(**_of(model, mine)).exists() for model in owned)
    assert dict(client.session), "the session holds the learner's keys before"

    response = client.post("/en/my-progress/forget/", {"confirm": "yes"})
    assert response.status_code == 302
    assert not any(model.objects.filter(**_of(model, mine)).exists() for model in owned)
    assert [key for key in dict(client.session) if not key.startswith("_")] == []
    assert client.cookies[COOKIE].value == "" and client.cookies["tz"].value == ""
    assert client.get("/en/practice/set/summary/")["Location"] == "/en/practice/"
    assert quiz_progress_load(client_request(other)).answered == 1  # the other learner's


def _of(model: type, learner: Learner) -> dict[str, object]:
    return {"pk": learner.pk} if model is Learner else {"learner": learner}


@pytest.mark.parametrize(
    ("language", "box", "refused"),
    [
        ("en", "Yes, delete my progress here and on every device", "Tick the box first"),
        ("sv", "Ja, radera mina framsteg här och på alla enheter", "Kryssa i rutan först"),
        ("da", "Ja, slet mine fremskridt her og på alle enheder", "Sæt kryds i feltet først"),
        ("fi", "Kyllä, poista edistymiseni täältä ja kaikilta laitteilta", "Rastita ensin ruutu"),
    ],
)
def test_forget_asks_first_and_says_it_forgets_on_every_device(
    client: Client, language: str, box: str, refused: str
) -> None:
    """One click forgets nothing: the learner ticks a box that says the progress goes on
    every linked device too (a form, no JavaScript needed); without it, a 400 that says so."""
    answer(client)
    with translation.override(language):
        mine, forget = reverse("learners:mine"), reverse("learners:forget")
    page = client.get(mine).content.decode()
    assert box in page
    assert re.search(
        r'<input type="checkbox" id="forget-confirm" name="confirm" value="yes" required', page
    )
    for form in ({}, {"confirm": "on"}):
        response = client.post(forget, form)
        assert response.status_code == 400 and refused in response.content.decode()
        assert 'aria-describedby="forget-error"' in response.content.decode()
    assert Learner.objects.count() == 1
    assert client.post(forget, {"confirm": "yes"}).status_code == 302
    assert not Learner.objects.exists()


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
    assert quiz_progress_load(client_request(client)).answered == 0
    assert quiz_progress_load(client_request(kept)).answered == 1


def test_the_admin_shows_aggregates_only(client: Client) -> None:
    answer(client)
    progress_mark_read(client_request(client), key="stud/the-game")
    User.objects.create_superuser("editor", "", "pw-for-tests-only")
    admin = Client()
    admin.force_login(User.objects.get(username="editor"))
    daily = admin.get("/admin/learners/learnerday/").content.decode()
    assert "<td>1</td><td>2</td>" in daily  # one learner: one answer, one lesson read
    done = admin.get("/admin/learners/lessondone/").content.decode()
    assert "Seven cards, the best five win</td><td>1</td>" in done
    assert only_learner().data.get("course", {}).get("d") == ["stud/the-game"]
