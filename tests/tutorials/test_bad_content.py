"""A bad course item that reached the database anyway (saved before validation existed, or by a
raw ``UPDATE``) costs only itself: every page shows the rest and the item is logged, no 500."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from rules.versioning import content_version_bump
from tutorials import models
from tutorials.course import course_cache_clear, courses, paths

pytestmark = pytest.mark.django_db

#: Home, the course, a lesson and its check, a path, the practice hub, the sitemap, a rule page:
#: the pages security.md F3 saw answer 500.
PAGES = (
    "/en/",
    "/en/learn/",
    "/en/learn/stud/",
    "/en/learn/stud/the-game/",
    "/en/learn/stud/the-game/?check=1",
    "/en/learn/paths/stud-hi-lo-home-game/",
    "/en/practice/",
    "/sitemap-en.xml",
    "/en/rules/stud/",
    "/en/rules/stud8/",
)


def _lesson() -> Any:
    return models.Lesson.objects.filter(unit__course__slug="stud", slug="the-game")


def _part() -> Any:
    return models.LessonPart.objects.filter(lesson__slug="the-game", slug="best-five")


def _path(slug: str) -> Any:
    return lambda: models.Path.objects.filter(slug=slug)


#: What an editor (or a script) could leave in a row: the row, the raw update, and what the log
#: says (the item and the field).
BAD_ROWS: dict[str, tuple[Callable[[], Any], dict[str, Any], str]] = {
    "check-without-game": (_lesson, {"checks": [{"kind": "nope"}]}, "the-game].checks[0]:"),
    "check-game-chess": (
        _lesson,
        {"checks": [{"kind": "best-high", "game": "chess"}]},
        "the-game].checks[0]: “chess” is not a game",
    ),
    "check-not-a-mapping": (_lesson, {"checks": ["best-high"]}, "the-game].checks[0]:"),
    "lesson-without-steps": (_lesson, {"steps": []}, "lessons[the-game].steps: A lesson covers"),
    "lesson-title-missing-fi": (_lesson, {"title_fi": ""}, "lessons[the-game].title.fi: missing"),
    "part-level-insane": (_part, {"level": "insane"}, "parts[best-five].level: “insane”"),
    "part-kind-unknown": (_part, {"kind": "nope-kind"}, "parts[best-five].kind: There is no"),
    "part-game-chess": (_part, {"game": "chess"}, "parts[best-five].game: “chess”"),
    "part-kind-not-played": (
        _part,
        {"kind": "qualify", "game": "stud"},
        "parts[best-five].game: “qualify” questions are not dealt in stud",
    ),
    "path-lesson-unknown": (
        _path("stud-hi-lo-home-game"),
        {"lessons": ["stud/nope", "stud/the-game"]},
        "paths[stud-hi-lo-home-game].lessons: no lesson 'stud/nope'",
    ),
    "path-game-chess": (_path("razz"), {"game": "chess"}, "paths[razz].game: “chess”"),
    "course-game-chess": (
        lambda: models.Course.objects.filter(slug="razz"),
        {"game": "chess"},
        "course razz: game: “chess”",
    ),
}
#: Where the bad item is the lesson itself, its own pages are gone (404), nothing else.
LESSON_GONE = {"lesson-without-steps", "lesson-title-missing-fi"}


def _raw_update(name: str) -> None:
    rows, values, _logged = BAD_ROWS[name]
    assert rows().update(**values) == 1  # no clean(), no signal: as a script would
    course_cache_clear()
    content_version_bump()


@pytest.mark.parametrize("name", sorted(BAD_ROWS))
def test_a_bad_row_leaves_every_page_up_with_the_rest_shown_and_is_logged(
    client: Client, caplog: pytest.LogCaptureFixture, name: str
) -> None:
    _raw_update(name)
    with caplog.at_level(logging.ERROR, logger="tutorials.course"):
        statuses = {url: client.get(url).status_code for url in PAGES}
    expected = dict.fromkeys(PAGES, 200)
    if name in LESSON_GONE:
        expected.update({url: 404 for url in PAGES if "/the-game/" in url})
    assert statuses == expected
    logged = [r.getMessage() for r in caplog.records if r.name == "tutorials.course"]
    assert any(BAD_ROWS[name][2] in message for message in logged), logged
    # The rest of the course is still there.
    assert "Which hand wins" in client.get("/en/learn/stud/").content.decode()
    stud = courses()["stud"]
    assert len(stud.lessons) >= 10
    assert "hand-rankings" in {lesson.slug for lesson in stud.lessons}
    assert "stud8" in courses()
    assert "stud-hi-lo-home-game" in paths()
