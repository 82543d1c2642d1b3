"""Every course field an editor sets is checked where it is saved: a bad value is refused beside
its field in the admin, and every page stays up."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tests.admin_forms import change_form, refused
from tests.tutorials.test_bad_content import PAGES
from tutorials import models

pytestmark = pytest.mark.django_db


def _part() -> models.LessonPart:
    return models.LessonPart.objects.get(lesson__slug="the-game", slug="best-five")


def _lesson() -> models.Lesson:
    return models.Lesson.objects.get(unit__course__slug="stud", slug="the-game")


def _unit() -> models.Unit:
    return models.Unit.objects.get(course__slug="stud", slug="basics")


def _path() -> models.Path:
    return models.Path.objects.get(slug="stud-hi-lo-home-game")


def _course() -> models.Course:
    return models.Course.objects.get(slug="stud")


CHOICE = "Select a valid choice. {} is not one of the available choices."

#: (the object, the field, the bad value as the form sends it, the message beside the field).
BAD_VALUES = {
    "part level": (_part, "level", "insane", CHOICE.format("insane")),
    "part game": (_part, "game", "chess", CHOICE.format("chess")),
    "part kind": (_part, "kind", "nope-kind", "There is no quiz kind “nope-kind”: choose one of"),
    "part kind not in its game": (
        _part,
        "kind",
        "qualify",
        "“qualify” questions are not dealt in stud: choose stud8.",
    ),
    "part rule step": (
        _part,
        "rule",
        "stud/overview/nope",
        "There is no rule step “stud/overview/nope” (page/section/step).",
    ),
    "part rule id unknown": (_part, "teaches", '["R-NOPE-1"]', "No rule step teaches “R-NOPE-1”."),
    "part rule ids not a list": (
        _part,
        "teaches",
        '"R-BRING-2"',
        'Rule ids are a list such as ["R-BRING-2", "R-BRING-3"].',
    ),
    "part text missing a language": (_part, "text_fi", "", "Write this text in every language."),
    "check without game": (
        _lesson,
        "checks",
        '[{"kind": "nope"}]',
        'Check 1: A check is written {"kind": "best-high", "game": "stud", "level": "easy"}.',
    ),
    "check game": (
        _lesson,
        "checks",
        '[{"kind": "best-high", "game": "chess"}]',
        "Check 1: “chess” is not a game: choose stud, stud8 or razz.",
    ),
    "check level": (
        _lesson,
        "checks",
        '[{"kind": "best-high", "game": "stud", "level": "insane"}]',
        "Check 1: “insane” is not a level: choose easy, normal or hard.",
    ),
    "check kind": (
        _lesson,
        "checks",
        '[{"kind": "nope", "game": "stud"}]',
        "Check 1: There is no quiz kind “nope”",
    ),
    "lesson rule step": (
        _lesson,
        "steps",
        '["no/such/step"]',
        "There is no rule step “no/such/step” (page/section/step).",
    ),
    "lesson steps not a list": (
        _lesson,
        "steps",
        '{"a": 1}',
        'A lesson covers 1 to 6 rule steps, a list such as ["stud/overview/goal"].',
    ),
    "lesson title missing a language": (
        _lesson,
        "title_fi",
        "",
        "Write this text in every language.",
    ),
    "unit rule section": (
        _unit,
        "section",
        "stud/nope",
        "There is no rule section “stud/nope” (page/section).",
    ),
    "path lesson": (_path, "lessons", '["stud/nope"]', "There is no lesson “stud/nope”."),
    "path lessons not a list": (
        _path,
        "lessons",
        '"stud/the-game"',
        'Lessons are a list such as ["stud/the-game", "stud/hand-rankings"].',
    ),
    "path game": (_path, "game", "chess", CHOICE.format("chess")),
    "course game": (_course, "game", "chess", CHOICE.format("chess")),
    "course builds on": (
        _course,
        "builds_on",
        '"stud8"',
        'A list of course slugs such as ["stud"].',
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_a_bad_value_is_refused_beside_its_field_and_every_page_stays_up(
    admin_client: Client, case: str
) -> None:
    get, name, bad, message = BAD_VALUES[case]
    obj = get()
    url = f"/admin/tutorials/{obj._meta.model_name}/{obj.pk}/change/"
    before = getattr(obj, name)
    assert message in refused(admin_client, url, name, bad)
    obj.refresh_from_db()
    assert getattr(obj, name) == before
    statuses = {page: admin_client.get(page).status_code for page in PAGES}
    assert statuses == dict.fromkeys(PAGES, 200)


def test_a_good_edit_is_saved(admin_client: Client) -> None:
    """The checks refuse only what is wrong: the same form with a good value saves."""
    part = _part()
    url = f"/admin/tutorials/lessonpart/{part.pk}/change/"
    data = change_form(admin_client, url)
    data.update(level="hard", teaches='["R-DECK-1"]')
    response = admin_client.post(url, data)
    assert response.status_code == 302, unescape(response.content.decode())
    part.refresh_from_db()
    assert (part.level, part.teaches) == ("hard", ["R-DECK-1"])
