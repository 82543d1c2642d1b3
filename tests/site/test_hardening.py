"""Findings of the security review (../shared/reviews/security.md) answered in Django: each test
failed before its fix. The stack's share (nginx, gunicorn) is in tests/stack/test_bounded.py."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django import forms
from django.contrib.auth.models import User
from django.test import Client, override_settings

from rules.admin import MarkupCheckedForm
from rules.models import Step
from tests.rules.conftest import django_db_setup
from tutorials import questions
from tutorials.queries import course_step_keys, kind_lessons, steps_get

__all__ = ["django_db_setup"]

pytestmark = pytest.mark.django_db

PAGES = [
    "/en/",
    "/en/rules/stud/",
    "/sv/rules/glossary/bring-in/",
    "/en/practice/",
    "/en/practice/bring-in/stud/robert/normal/5/",
    "/en/embed/rules/glossary/bring-in/",
    "/no-such-page/",
    "/robots.txt",
]


@override_settings(DEBUG=False, ALLOWED_HOSTS=["stud.example"])
@pytest.mark.parametrize("path", PAGES)
@pytest.mark.parametrize("host", ["evil.example", "stud.example.evil", "", "stud.example:80:80"])
def test_f1_a_host_not_allowed_gets_400_never_500(path: str, host: str) -> None:
    """F1: the 400 page's Open Graph tags asked for the host again: 500 on every URL."""
    client = Client(raise_request_exception=False)
    response = client.get(path, headers={"Host": host} if host else {}, SERVER_NAME="/tmp/sock")
    assert response.status_code == 400
    assert b"evil" not in response.content


@override_settings(DEBUG=False, ALLOWED_HOSTS=["stud.example"])
def test_f1_the_400_handler_is_host_safe_on_its_own() -> None:
    from django.core.exceptions import DisallowedHost
    from django.test import RequestFactory

    from stud_site.views import error_400

    request = RequestFactory().get("/en/", HTTP_HOST="evil.example")
    assert error_400(request, DisallowedHost("evil.example")).status_code == 400


@pytest.mark.parametrize(
    "path",
    [
        "/en/practice/bring-in/stud/robert/normal/5/",
        "/en/embed/practice/best-high/stud/robert/normal/5/",
        "/en/preferences/card-colours/",
        "/en/search/",
    ],
)
def test_f4_a_large_form_body_is_refused_unread(client: Client, path: str) -> None:
    """F4: 1 MB urlencoded bodies were decoded whole (0.66 s of a worker each)."""
    body = "seat=1&x=" + "%41" * 10_000
    response = client.post(path, body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 413
    assert "too large" in response.content.decode()


def test_f4_the_admin_may_send_larger_forms(admin_client: Client) -> None:
    body = "x=" + "a" * 40_000
    response = admin_client.post(
        "/admin/rules/glossaryterm/add/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200  # the form comes back with its errors, not a 413


@pytest.fixture
def admin_client(client: Client) -> Client:
    user = User.objects.create_superuser("editor", "editor@example.org", "pw-for-tests-only")
    client.force_login(user)
    return client


@pytest.mark.parametrize(
    "rules", ["5", '[{"x": 1}]', '"R-BRING-2"', '{"a": 1}', "[1]", "null", '["r-bring-2"]']
)
def test_f9_the_admin_refuses_rule_ids_that_are_not_a_list_of_ids(rules: str) -> None:
    step = Step.objects.select_related("section").first()
    assert step is not None
    saved_rules = json.dumps(step.rules)  # a bound ModelForm sets its values on the instance
    form_class = _step_form()
    data = {
        "section": step.section_id,
        "slug": step.slug,
        "order": step.order,
        "rules": rules,
        "title_en": step.title_en,
        "body_en": step.body_en,
    }
    form = form_class(data=data, instance=step)
    assert not form.is_valid()
    assert "rules" in form.errors
    good = form_class(data={**data, "rules": saved_rules}, instance=step)
    good.is_valid()
    assert "rules" not in good.errors


def _step_form() -> type[forms.ModelForm[Step]]:
    from django.forms import modelform_factory

    return modelform_factory(
        Step,
        form=MarkupCheckedForm,
        fields=("section", "slug", "order", "rules", "title_en", "body_en"),
    )


@pytest.mark.parametrize("stored", [5, [{"x": 1}], "R-BRING-2", {"a": 1}, [1]])
def test_f9_pages_survive_rule_ids_saved_wrongly(client: Client, stored: object) -> None:
    """F9: ``5`` or ``[{"x": 1}]`` in a step's rule ids gave 500 on the game page, its
    embeds and every quiz answer that links a rule; ``[]`` 500 on its course lesson."""
    step = Step.objects.get(section__page__slug="stud", slug="who-brings-in")
    Step.objects.filter(pk=step.pk).update(rules=stored)
    for path in (
        "/en/rules/stud/",
        "/en/rules/stud/forced-bets/who-brings-in/",
        "/en/embed/rules/stud/forced-bets/who-brings-in/",
        "/en/rules/",
    ):
        assert client.get(path).status_code == 200, path


def test_f9_a_lesson_whose_rules_leave_no_question_shows_without_its_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def nothing_fits(*args: object, **kwargs: object) -> Callable[..., object]:
        raise LookupError("no question cites only the rules []")

    monkeypatch.setattr(questions, "check_ids", nothing_fits)
    course, lesson = next(iter(kind_lessons().values()))
    steps = steps_get(course_step_keys(course))
    assert questions.check_questions(course=course, lesson=lesson, attempt=0, steps=steps) == []


@pytest.mark.parametrize("value", ["²", "٣", "1²"])
def test_f16_oembed_refuses_non_ascii_digits_without_a_traceback(
    client: Client, value: str
) -> None:
    url = "http://testserver/en/rules/glossary/bring-in/"
    response = client.get("/oembed/", {"url": url, "maxwidth": value})
    assert response.status_code == 400
    assert b"invalid literal" not in response.content


def test_robots_txt_asks_crawlers_to_skip_seed_and_theme_variants(client: Client) -> None:
    lines = client.get("/robots.txt").content.decode().splitlines()
    assert "Disallow: /*?seed=" in lines
    assert "Disallow: /*&seed=" in lines
    assert "Disallow: /*?theme=" in lines


def test_f11_an_admin_session_ends_at_logout() -> None:
    """F11: with signed-cookie sessions a copied admin cookie stayed valid after logout."""
    User.objects.create_superuser("staff", "staff@example.org", "Correct-horse-9")
    client = Client()
    login = client.post(
        "/admin/login/?next=/admin/",
        {"username": "staff", "password": "Correct-horse-9", "next": "/admin/"},
    )
    assert login.status_code == 302
    assert client.get("/admin/").status_code == 200
    copied = client.cookies["sessionid"].value
    assert client.post("/admin/logout/").status_code == 200
    thief = Client()
    thief.cookies["sessionid"] = copied
    replay = thief.get("/admin/")
    assert replay.status_code == 302
    assert "/admin/login/" in replay["Location"]
    # Logging in again works, and only that new session is good.
    again = Client()
    again.post("/admin/login/", {"username": "staff", "password": "Correct-horse-9"})
    assert again.get("/admin/").status_code == 200
