"""practice.css is written as files by component (practice/styles/) and served as one file
(core/static_bundles.py): one stylesheet request a page, whatever the number of sources."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import override_settings

from core.static_bundles import BundleFinder, bundle_parts, bundle_text


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "styles"
    folder.mkdir()
    (folder / "02-b.css").write_text(".b {\n  color: red;\n}\n")
    (folder / "01-a.css").write_text(".a {\n  color: blue;\n}\n")
    (folder / "notes.txt").write_text("not a stylesheet")
    return folder


def _finder(sources: Path, root: Path) -> BundleFinder:
    with override_settings(
        STATIC_BUNDLES={"app/all.css": sources}, STATIC_BUNDLES_ROOT=root / "bundles"
    ):
        return BundleFinder()


def test_a_bundle_joins_its_css_files_in_name_order(sources: Path, tmp_path: Path) -> None:
    finder = _finder(sources, tmp_path)
    found = finder.find("app/all.css")
    assert found is not None
    text = Path(found).read_text()
    assert text.index(".a {") < text.index(".b {")
    assert "/* " in text and "01-a.css */" in text and "02-b.css */" in text
    assert "not a stylesheet" not in text
    assert finder.find("app/other.css") is None
    assert finder.find("app/all.css", find_all=True) == [found]


def test_a_changed_source_is_served_at_the_next_look_up(sources: Path, tmp_path: Path) -> None:
    finder = _finder(sources, tmp_path)
    first = Path(str(finder.find("app/all.css"))).read_text()
    (sources / "02-b.css").write_text(".b {\n  color: green;\n}\n")
    second = Path(str(finder.find("app/all.css"))).read_text()
    assert "color: red" in first and "color: green" in second and "color: red" not in second


def test_collectstatic_lists_the_bundle(sources: Path, tmp_path: Path) -> None:
    finder = _finder(sources, tmp_path)
    listed = [(name, storage.path(name)) for name, storage in finder.list(None)]
    assert [name for name, _path in listed] == ["app/all.css"]
    assert Path(listed[0][1]).read_text() == bundle_text(sources)


def test_an_empty_source_folder_is_a_check_error(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    finder = _finder(tmp_path / "empty", tmp_path)
    assert [error.id for error in finder.check()] == ["core.E001"]


def test_practice_css_is_served_as_its_component_files() -> None:
    found = finders.find("practice/practice.css")
    assert found is not None
    parts = bundle_parts(settings.STATIC_BUNDLES["practice/practice.css"])
    assert len(parts) >= 8, parts
    served = Path(found).read_text()
    positions = [served.index(f"/* practice/styles/{part.name} */") for part in parts]
    assert positions == sorted(positions)
    # The marked answers' colours sit in the states layer, over every tile's own frame.
    assert "@layer states" in served and ".option--wrong > label" in served
