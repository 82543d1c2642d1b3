"""The build id (``core.pagecache.build_id``), part of every cached page's key and of the
rendered rule texts' keys: a hash of every file that shapes a page, so a deploy never serves
a page drawn by the old code, and two checkouts of one commit share their pages."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.apps import apps
from django.test import override_settings

from core.pagecache import _PROJECT, build_folders, build_id

#: Every app of the project's own (not the libraries' in the virtualenv), by its folder in
#: the checkout: "core", ..., "site/stud_site".
APP_FOLDERS = sorted(
    str(Path(app.path).resolve().relative_to(_PROJECT))
    for app in apps.get_app_configs()
    if Path(app.path).resolve().is_relative_to(_PROJECT)
    and not Path(app.path).resolve().is_relative_to(Path(sys.prefix).resolve())
)


@pytest.fixture
def build(tmp_path: Path) -> Iterator[Callable[[], str]]:
    """The build id of a checkout at ``tmp_path`` (its static files collected to
    ``tmp_path / "collected"``)."""

    def compute() -> str:
        build_id.cache_clear()
        with override_settings(BASE_DIR=tmp_path, STATIC_ROOT=tmp_path / "collected"):
            return build_id()

    yield compute
    build_id.cache_clear()


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_every_app_of_the_project_is_one_of_the_build_folders() -> None:
    assert {"core", "learners", "table", "previews", "site/stud_site"} <= set(APP_FOLDERS)
    assert {str(folder) for folder in build_folders()} >= {*APP_FOLDERS, "site/templates", "locale"}


@pytest.mark.parametrize("folder", APP_FOLDERS)
@pytest.mark.parametrize(
    "name", ["templatetags/tags.py", "templates/app/page.html", "content/x.yaml"]
)
def test_changing_a_file_in_any_app_changes_the_build_id(
    tmp_path: Path, build: Callable[[], str], folder: str, name: str
) -> None:
    """Code, templates and content files of every app (learners' template tags, which every
    cached page loads, and core/content/urls.yaml, the URL words, among them)."""
    path = tmp_path / folder / name
    _write(path, "one\n")
    before = build()
    _write(path, "two\n")
    assert build() != before
    _write(path, "one\n")
    assert build() == before


@pytest.mark.parametrize(
    "name",
    [
        "core/content/urls.yaml",
        "site/templates/base.html",
        "locale/sv/LC_MESSAGES/django.mo",
        "requirements/base.txt",  # the pinned libraries (Django's own templates and tags)
        "collected/staticfiles.json",  # the static files' hashed names
    ],
)
def test_urls_words_templates_catalogues_libraries_and_static_names_change_it(
    tmp_path: Path, build: Callable[[], str], name: str
) -> None:
    _write(tmp_path / name, "one\n")
    before = build()
    _write(tmp_path / name, "two\n")
    assert build() != before


def test_static_files_and_bytecode_change_nothing_but_the_manifest_does(
    tmp_path: Path, build: Callable[[], str]
) -> None:
    _write(tmp_path / "table" / "views.py", "x = 1\n")
    before = build()
    _write(tmp_path / "table" / "static" / "table" / "table.css", "a {}\n")
    _write(tmp_path / "table" / "__pycache__" / "views.cpython-313.pyc", "bytes\n")
    assert build() == before


def test_the_build_id_comes_from_the_files_contents_not_their_times(
    tmp_path: Path, build: Callable[[], str]
) -> None:
    """Two checkouts of one commit share their pages; a deploy's DJANGO_BUILD_ID (a commit
    id, say) tells two builds apart but cannot hide a changed file."""
    _write(tmp_path / "core" / "views.py", "x = 1\n")
    first = build()
    os.utime(tmp_path / "core" / "views.py", (1, 1))
    assert build() == first
    with override_settings(BUILD_ID="commit-abc"):
        named = build()
        assert named != first
        _write(tmp_path / "core" / "views.py", "x = 2\n")
        assert build() != named
