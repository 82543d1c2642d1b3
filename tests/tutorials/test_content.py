"""The course is content: loadcourse is idempotent, the admin edits it with history, a lesson
never repeats a section, an example or a landmark."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from tests.urls import localized
from tutorials import models
from tutorials.course import content_from_files, courses, paths
from tutorials.loading import CourseContentError, course_load

pytestmark = pytest.mark.django_db

LESSON_URLS = [
    f"/en/learn/{course.slug}/{lesson.slug}/"
    for course in content_from_files().courses.values()
    for lesson in course.lessons
]


def test_loading_twice_changes_nothing_and_the_database_matches_the_files() -> None:
    report = course_load()
    assert (report.created, report.updated, report.deleted) == (0, 0, 0)
    files = content_from_files()
    assert courses() == files.courses
    assert paths() == files.paths
    assert models.LessonPart.objects.count() == sum(
        len(lesson.parts) for course in files.courses.values() for lesson in course.lessons
    )


def test_an_admin_edit_shows_on_the_lesson_page_with_history(client: Client) -> None:
    part = models.LessonPart.objects.get(lesson__slug="who-brings-in", slug="the-ante")
    part.text_sv = "Alla lägger en ante innan korten delas ut. (Redigerad i admin.)"
    part.save()
    assert part.history.count() >= 2  # loaded, then edited
    session = client.session
    session.save()
    page = client.post(
        localized("/sv/learn/stud/who-brings-in/step/1/"), {"deal": "0", "verdict": "true"}
    ).content.decode()
    assert "(Redigerad i admin.)" in page
    call_command("loadcourse", verbosity=0)  # the edit is kept (a conflict) ...
    part.refresh_from_db()
    assert "(Redigerad i admin.)" in part.text_sv
    call_command("loadcourse", "--force", verbosity=0)  # ... until the files are forced
    part.refresh_from_db()
    assert "(Redigerad i admin.)" not in part.text_sv


def test_a_broken_course_file_loads_nothing(tmp_path: Path) -> None:
    import shutil

    from tutorials.course import CONTENT_DIR

    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    razz = target / "courses" / "razz.yaml"
    razz.write_text(razz.read_text().replace("kind: bring-in", "kind: no-such-kind", 1))
    with pytest.raises(CourseContentError, match="There is no quiz kind “no-such-kind”"):
        course_load(target)
    assert models.LessonPart.objects.filter(kind="no-such-kind").count() == 0


def test_the_paths_are_short_and_lead_from_home_the_tiles_and_the_rules_pages(
    client: Client,
) -> None:
    found = paths()
    assert set(found) == {"stud-hi-lo-home-game", "razz"}
    assert all(len(path.lessons) <= 10 for path in found.values())
    # Shorter than the full way there (stud, then the game's own course).
    full = {
        slug: len(courses()["stud"].lessons) + len(courses()[str(path.game)].lessons)
        for slug, path in found.items()
    }
    assert all(len(path.lessons) < full[slug] / 2 for slug, path in found.items())
    home = client.get("/en/").content.decode()
    assert 'href="/en/learn/paths/stud-hi-lo-home-game/"' in home
    assert 'href="/en/learn/paths/razz/"' in home
    assert (
        localized("/fi/learn/paths/razz/")
        in client.get(localized("/fi/rules/razz/")).content.decode()
    )
    stud8 = client.get(localized("/sv/rules/stud8/")).content.decode()
    assert localized("/sv/learn/paths/stud-hi-lo-home-game/") in stud8
    assert "Spela Stud Hi/Lo på en hemmakväll" in stud8
    assert "/learn/paths/" not in client.get("/en/rules/stud/").content.decode()


@pytest.mark.parametrize("url", LESSON_URLS)
def test_a_lesson_page_repeats_no_section_example_or_landmark(client: Client, url: str) -> None:
    page = client.get(url).content.decode()
    ids = Counter(re.findall(r'\sid="([^"]+)"', page))
    assert [name for name, count in ids.items() if count > 1] == []
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    labels = Counter(re.findall(r'<(?:nav|section)[^>]*aria-label(?:ledby)?="([^"]+)"', main))
    assert [name for name, count in labels.items() if count > 1] == []
    # The rule texts are one tap away, each listed once; no rule section or worked example is
    # copied into the lesson's flow.
    covered = main.split('class="lesson-rules"', 1)[1].split("</details>", 1)[0]
    links = re.findall(r'href="(/en/rules/[^"#]+)"', covered)
    assert links and len(links) == len(set(links))
    assert 'class="lesson-step"' not in main and 'class="example"' not in main
