"""``loadcourse`` checks the files as the admin checks an edit, names the file, item and field
of each problem and loads nothing then; it keeps what the admin edited since the last load."""

from __future__ import annotations

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tutorials import models
from tutorials.course import CONTENT_DIR

pytestmark = pytest.mark.django_db

THE_GAME = "courses/stud.yaml: units[basics].lessons[the-game]"
BEST_FIVE = f"{THE_GAME}.parts[best-five]"
BEST_FIVE_YAML = (
    "      rule: stud/overview/goal\n      kind: best-high\n      game: stud\n      level: easy"
)
HOME_GAME = "paths.yaml: paths[stud-hi-lo-home-game]"

#: (file, text, its replacement, what the error says: file, item, field and why).
BAD_FILES = {
    "check game": (
        "courses/stud.yaml",
        "    - kind: best-high\n      game: stud\n",
        "    - kind: best-high\n      game: chess\n",
        f"{THE_GAME}.checks[0]: “chess” is not a game",
    ),
    "check without game": (
        "courses/stud.yaml",
        "    - kind: best-high\n      game: stud\n",
        "    - kind: best-high\n",
        f"{THE_GAME}.checks[0]: A check is written",
    ),
    "part level": (
        "courses/stud.yaml",
        BEST_FIVE_YAML,
        BEST_FIVE_YAML.replace("level: easy", "level: insane"),
        f"{BEST_FIVE}.level: “insane” is not a level: choose easy, normal or hard.",
    ),
    "part kind": (
        "courses/stud.yaml",
        BEST_FIVE_YAML,
        BEST_FIVE_YAML.replace("kind: best-high", "kind: nope-kind"),
        f"{BEST_FIVE}.kind: There is no quiz kind “nope-kind”",
    ),
    "part game": (
        "courses/stud.yaml",
        BEST_FIVE_YAML,
        BEST_FIVE_YAML.replace("game: stud", "game: razz"),
        f"{BEST_FIVE}.game: “best-high” questions are not dealt in razz",
    ),
    "part rule step": (
        "courses/stud.yaml",
        BEST_FIVE_YAML,
        BEST_FIVE_YAML.replace("stud/overview/goal", "stud/overview/nope"),
        f"{BEST_FIVE}.rule: There is no rule step “stud/overview/nope”",
    ),
    "part rule id unknown": (
        "courses/stud.yaml",
        "teaches: [R-DEAL-2, R-PLAYERS-1]",
        "teaches: [R-DEAL-2, R-NOPE-1]",
        f"{THE_GAME}.parts[the-streets].teaches: No rule step teaches “R-NOPE-1”.",
    ),
    "part rule id malformed": (
        "courses/stud.yaml",
        "teaches: [R-DEAL-2, R-PLAYERS-1]",
        "teaches: [deal]",
        f"{THE_GAME}.parts[the-streets].teaches: Rule ids are a list such as",
    ),
    "lesson step": (
        "courses/stud.yaml",
        "    - stud/overview/goal\n    - hand-rankings",
        "    - stud/nope/goal\n    - hand-rankings",
        f"{THE_GAME}.steps: There is no rule step “stud/nope/goal”",
    ),
    "unit section": (
        "courses/stud.yaml",
        "  section: stud/overview\n",
        "  section: stud/nope\n",
        "courses/stud.yaml: units[basics].section: There is no rule section “stud/nope”",
    ),
    "course game": (
        "courses/stud.yaml",
        "\ngame: stud\n",
        "\ngame: chess\n",
        "courses/stud.yaml: game: “chess” is not a game",
    ),
    "path lesson": (
        "paths.yaml",
        "  - stud/hand-rankings\n",
        "  - stud/nope\n",
        f"{HOME_GAME}.lessons: no lesson 'stud/nope'",
    ),
    "path game": (
        "paths.yaml",
        "  game: stud8\n",
        "  game: chess\n",
        f"{HOME_GAME}.game: “chess” is not a game",
    ),
}


@pytest.fixture
def content(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_file_is_refused_naming_the_file_item_and_field(content: Path, case: str) -> None:
    name, text, bad, message = BAD_FILES[case]
    file = content / name
    original = file.read_text(encoding="utf-8")
    assert text in original
    file.write_text(original.replace(text, bad, 1), encoding="utf-8")
    before = models.LessonPart.objects.order_by("pk").values_list("kind", "game", "level", "rule")
    expected = list(before)
    with pytest.raises(CommandError, match="nothing was loaded") as raised:
        call_command("loadcourse", content=content, verbosity=0)
    assert message in str(raised.value)
    assert list(before.all()) == expected


def _the_ante() -> models.LessonPart:
    return models.LessonPart.objects.get(lesson__slug="who-brings-in", slug="the-ante")


def test_an_admin_edit_is_kept_and_reported_until_force() -> None:
    part = _the_ante()
    part.text_sv = "Alla lägger en ante innan korten delas ut. (Redigerad i admin.)"
    part.level = "hard"
    part.save()
    made = models.LessonPart.objects.create(
        lesson=part.lesson,
        slug="made-in-admin",
        order=9,
        rule=part.rule,
        kind=part.kind,
        game=part.game,
        text_en="A step an editor added.",
    )
    out = StringIO()
    call_command("loadcourse", stdout=out)
    part.refresh_from_db()
    assert "(Redigerad i admin.)" in part.text_sv and part.level == "hard"
    assert models.LessonPart.objects.filter(pk=made.pk).exists()
    where = "courses/stud.yaml: units[forced-bets].lessons[who-brings-in].parts"
    report = out.getvalue()
    assert f"conflict: {where}[the-ante] text.sv: edited in the admin" in report
    assert f"conflict: {where}[the-ante] level: edited in the admin" in report
    assert f"conflict: {where}[made-in-admin]: made in the admin" in report
    assert "3 conflicts" in report and "--force" in report

    out = StringIO()
    call_command("loadcourse", "--force", stdout=out)
    part.refresh_from_db()
    assert "(Redigerad i admin.)" not in part.text_sv and part.level != "hard"
    assert not models.LessonPart.objects.filter(pk=made.pk).exists()
    assert f"overwrote an admin edit: {where}[the-ante] text.sv" in out.getvalue()
    assert "0 conflicts" in out.getvalue()


def test_a_field_the_admin_did_not_touch_still_follows_the_files(content: Path) -> None:
    part = _the_ante()
    part.text_sv = "Redigerad i admin."
    part.save()
    stud = content / "courses" / "stud.yaml"
    text = stud.read_text(encoding="utf-8")
    old_en = part.text_en
    assert old_en in text
    stud.write_text(text.replace(old_en, "Everyone puts in an ante first.", 1), encoding="utf-8")
    out = StringIO()
    call_command("loadcourse", content=content, stdout=out)
    part.refresh_from_db()
    assert part.text_en == "Everyone puts in an ante first."  # the files' change
    assert part.text_sv == "Redigerad i admin."  # the editor's, kept
    assert "1 conflicts" in out.getvalue()
