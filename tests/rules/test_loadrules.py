"""loadrules and dumprules: idempotent, keeps admin edits, all or nothing, round trip."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError

from rules.models import Difference, GlossaryTerm, Page, Section, Step

pytestmark = pytest.mark.django_db

MODELS = (Page, Section, Step, GlossaryTerm, Difference)


def _load(content: Path, *args: str) -> str:
    out = io.StringIO()
    call_command("loadrules", *args, content=content, stdout=out)
    return out.getvalue()


def _history_rows() -> int:
    return sum(model.history.count() for model in MODELS)


def _snapshot() -> dict[str, list[tuple[str, ...]]]:
    """Every content column of every object (``loaded`` is the loader's own bookkeeping)."""
    snapshot = {}
    for model in MODELS:
        columns = [f.attname for f in model._meta.concrete_fields if f.name != "loaded"]
        rows = model.objects.values_list(*columns)
        snapshot[model.__name__] = sorted(tuple(str(v) for v in row) for row in rows)
    return snapshot


def _counts(output: str) -> dict[str, int]:
    summary = (
        output.strip().splitlines()[-1]
        if "run with --force" not in output
        else next(line for line in output.splitlines() if line.startswith("loadrules:"))
    )
    return {name: int(number) for number, name in re.findall(r"(\d+) (\w+)", summary)}


def test_loading_twice_changes_nothing(fixture_content: Path) -> None:
    first = _counts(_load(fixture_content))
    assert first["created"] == 14
    rows = _history_rows()
    snapshot = _snapshot()
    second = _counts(_load(fixture_content))
    assert second == {"created": 0, "updated": 0, "unchanged": 14, "deleted": 0, "conflicts": 0}
    assert _history_rows() == rows  # no new history rows either
    assert _snapshot() == snapshot


def test_a_changed_file_updates_only_that_object(fixture_content: Path) -> None:
    _load(fixture_content)
    path = fixture_content / "glossary.yaml"
    data = yaml.safe_load(path.read_text())
    data["terms"][0]["definition"]["da"] = "Ny definition."
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    counts = _counts(_load(fixture_content))
    assert counts["updated"] == 1 and counts["unchanged"] == 13
    assert GlossaryTerm.objects.get(slug="ante").definition_da == "Ny definition."


def test_an_admin_edit_survives_and_is_reported(fixture_content: Path) -> None:
    _load(fixture_content)
    step = Step.objects.get(slug="ante")
    step.body_sv = "Redigerad i admin."
    step.save()
    # the file changes too, so loading would overwrite the edit
    path = fixture_content / "pages" / "stud.yaml"
    path.write_text(path.read_text().replace("Alla lägger", "Varje spelare lägger"))
    output = _load(fixture_content)
    assert "conflict: step stud/forced-bets/ante: body [sv]" in output
    assert _counts(output)["conflicts"] == 1
    assert Step.objects.get(pk=step.pk).body_sv == "Redigerad i admin."
    # unedited languages of the same object are untouched; a second run reports it again
    assert _counts(_load(fixture_content))["conflicts"] == 1

    forced = _load(fixture_content, "--force")
    assert "overwrote an admin edit: step stud/forced-bets/ante: body [sv]" in forced
    assert _counts(forced)["conflicts"] == 0
    assert Step.objects.get(pk=step.pk).body_sv.startswith("Varje spelare lägger")
    assert _counts(_load(fixture_content))["updated"] == 0


def test_an_admin_edit_is_kept_even_when_the_file_did_not_change(fixture_content: Path) -> None:
    _load(fixture_content)
    term = GlossaryTerm.objects.get(slug="wheel")
    term.term_fi = "Pyörä"
    term.save()
    output = _load(fixture_content)
    assert "conflict: term wheel: term [fi]" in output
    assert GlossaryTerm.objects.get(slug="wheel").term_fi == "Pyörä"


def test_dump_then_load_changes_nothing(fixture_content: Path, tmp_path: Path) -> None:
    _load(fixture_content)
    step = Step.objects.get(slug="cards-speak")
    step.body_da = "Redigeret i admin,\nmed to linjer."
    step.save()
    dumped = tmp_path / "dumped"
    call_command("dumprules", content=dumped, stdout=io.StringIO())
    rows, snapshot = _history_rows(), _snapshot()
    counts = _counts(_load(dumped))
    assert counts["created"] == counts["updated"] == counts["deleted"] == 0
    assert counts["conflicts"] == 0
    assert _history_rows() == rows and _snapshot() == snapshot
    # dumping again writes the same files
    again = tmp_path / "again"
    call_command("dumprules", content=again, stdout=io.StringIO())
    for path in dumped.rglob("*.yaml"):
        assert path.read_text() == (again / path.relative_to(dumped)).read_text()
    assert "Redigeret i admin" in (dumped / "pages" / "stud.yaml").read_text()


def test_objects_removed_from_the_files_are_deleted(fixture_content: Path) -> None:
    _load(fixture_content)
    path = fixture_content / "differences.yaml"
    data = yaml.safe_load(path.read_text())
    data["entries"] = data["entries"][:1]
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    assert _counts(_load(fixture_content))["deleted"] == 1
    assert list(Difference.objects.values_list("slug", flat=True)) == ["open-pair"]


def _break(content: Path, old: str, new: str, file: str = "pages/stud.yaml") -> None:
    path = content / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "      fi: Kaikki maksavat",
            "      xx: Kaikki maksavat",
            "pages/stud.yaml: sections[forced-bets].steps[ante].body.fi: missing language",
        ),
        (
            "[2c] is the lowest",
            "[2x] is the lowest",
            "pages/stud.yaml: sections[forced-bets].steps[who-brings-in].body.en: bad cards [2x]",
        ),
        (
            "{{page:low-hands}}",
            "{{page:high-hands}}",
            "pages/stud.yaml: sections[showdown].steps[cards-speak].body.en: unknown page",
        ),
        (
            "rules: [R-ANTE-1]",
            "rules: [ante]",
            "pages/stud.yaml: sections[forced-bets].steps[ante].rules: rule ids look like",
        ),
        (
            "example: {kind: bring_in, game: stud}",
            "example: {kind: bring_in, game: holdem}",
            "steps[who-brings-in].example.game: unknown game",
        ),
        (
            "example: {kind: bring_in, game: stud}",
            "example: {kind: nope, game: stud}",
            "steps[who-brings-in].example.kind: unknown example kind 'nope'",
        ),
        ("\nkind: game\n", "\nkind: nope\n", "pages/stud.yaml: kind: expected game or common"),
        ("\ngame: stud\n", "\ngame: chess\n", "pages/stud.yaml: game: unknown game 'chess'"),
    ],
)
def test_bad_content_names_file_and_key_and_loads_nothing(
    fixture_content: Path, old: str, new: str, message: str
) -> None:
    snapshot, rows = _snapshot(), _history_rows()
    _break(fixture_content, old, new)
    with pytest.raises(CommandError) as error:
        _load(fixture_content)
    assert message in str(error.value)
    assert "nothing was loaded" in str(error.value)
    assert _snapshot() == snapshot and _history_rows() == rows


def test_a_broken_term_link_in_the_glossary_is_an_error(fixture_content: Path) -> None:
    _break(fixture_content, "The best low:", "{{term:kicker}} The best low:", "glossary.yaml")
    with pytest.raises(CommandError, match=r"glossary.yaml: terms\[wheel\].definition.en"):
        _load(fixture_content)


def test_the_summary_is_clear(fixture_content: Path) -> None:
    output = _load(fixture_content)
    assert output.strip().endswith(
        "loadrules: 14 created, 0 updated, 0 unchanged, 0 deleted, 0 conflicts"
    )


def test_a_page_slug_may_not_shadow_another_rules_url(fixture_content: Path) -> None:
    (fixture_content / "pages" / "low-hands.yaml").rename(
        fixture_content / "pages" / "glossary.yaml"
    )
    _break(fixture_content, "slug: low-hands", "slug: glossary", "pages/glossary.yaml")
    with pytest.raises(CommandError, match="'glossary' is taken by another rules URL"):
        _load(fixture_content)
