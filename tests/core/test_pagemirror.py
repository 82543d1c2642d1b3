"""The page mirror: cached pages written out as files nginx serves itself, byte for byte and
header for header what Django answers, one folder per content version, the `current` link
moved by the keeper when the content changes."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import brotli
import pytest
from django.core.management import CommandError, call_command
from django.test import Client, RequestFactory, override_settings

from core import pagemirror
from rules.models import ContentVersion
from rules.versioning import content_version
from tests.rules.conftest import django_db_setup

__all__ = ["django_db_setup"]

pytestmark = pytest.mark.django_db

GAME = "/en/rules/stud/"


@pytest.fixture
def root(tmp_path: Path) -> Iterator[Path]:
    mirror = tmp_path / "pages"
    with override_settings(PAGE_MIRROR_ROOT=str(mirror)):
        yield mirror


def _folder(root: Path, path: str, *, colours: str = "two", scheme: str = "http") -> Path:
    relative = Path(scheme, "testserver", colours, path.strip("/"))
    return root / pagemirror.generation(content_version()) / relative


def _nginx_etag(file: Path) -> str:
    """The ETag nginx gives a file: its modification time and size in hex."""
    stat = file.stat()
    return f'"{int(stat.st_mtime):x}-{stat.st_size:x}"'


def test_a_cached_page_is_written_out_as_django_answers_it(root: Path, client: Client) -> None:
    answers = {
        encoding: client.get(GAME, headers={"Accept-Encoding": encoding} if encoding else {})
        for encoding in ("", "gzip", "br")
    }
    folder = _folder(root, GAME)
    plain = (folder / "index.html").read_bytes()
    assert plain == answers[""].content
    assert gzip.decompress((folder / "index.html.gz").read_bytes()) == plain
    assert brotli.decompress((folder / "index.html.br").read_bytes()) == plain
    for encoding, name in (("", "index.html"), ("gzip", "index.html.gz"), ("br", "index.html.br")):
        assert (folder / name).read_bytes() == answers[encoding].content
        # nginx's own ETag for the file is the one Django sent: 304s work whoever answers.
        assert _nginx_etag(folder / name) == answers[encoding]["ETag"]
    assert not [path for path in folder.iterdir() if path.name.startswith(".")]  # no temp left


def test_the_four_colour_deck_has_its_own_files(root: Path, client: Client) -> None:
    client.cookies["card_colours"] = "four"
    client.get(GAME)
    assert 'class="deck-four' in (_folder(root, GAME, colours="four") / "index.html").read_text()
    assert not (_folder(root, GAME) / "index.html").exists()


def test_the_headers_nginx_adds_are_those_django_sends(client: Client) -> None:
    """shared_headers() must follow the settings and middleware exactly: nginx.conf is
    written from it, and a page whose headers differ is never written out."""
    response = client.get(GAME)
    sent = {name.lower(): value for name, value in response.items()}
    for name, value in pagemirror.shared_headers(secure=False).items():
        assert sent.pop(name.lower()) == value, name
    assert set(sent) == {
        "content-type",
        "content-length",
        "etag",
        "vary",
        "content-language",
    }


@override_settings(SECURE_HSTS_SECONDS=600, SECURE_HSTS_PRELOAD=True)
def test_https_pages_go_in_their_own_folder_with_hsts(root: Path, client: Client) -> None:
    response = client.get(GAME, secure=True)
    assert response["Strict-Transport-Security"] == "max-age=600; preload"
    assert pagemirror.shared_headers(secure=True)["Strict-Transport-Security"] == (
        "max-age=600; preload"
    )
    assert (_folder(root, GAME, scheme="https") / "index.html").exists()
    assert not (_folder(root, GAME) / "index.html").exists()
    assert "Strict-Transport-Security" not in pagemirror.shared_headers(secure=False)


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("/en/rules/stud/?seed=12", {}),  # a query: nginx answers only plain paths from files
        ("/en/rules/stud/", {"HX-Request": "true"}),
        ("/en/practice/bring-in/stud/robert/normal/5/", {}),  # shared, but never kept
        ("/en/embed/rules/glossary/bring-in/", {}),  # framable: other headers than nginx adds
        ("/en/", {}),  # cached, but a learner's home must come from Django
        ("/en/rules/no-such-page/", {}),
        ("/sitemap-en.xml", {}),
    ],
)
def test_other_answers_are_never_written_out(
    root: Path, client: Client, path: str, headers: dict[str, str]
) -> None:
    client.get(path, headers=headers)
    client.get(path, headers=headers)
    written = [p for p in root.rglob("index.html")] if root.exists() else []
    assert written == []


def test_a_content_change_writes_to_a_new_generation(root: Path, client: Client) -> None:
    client.get(GAME)
    before = _folder(root, GAME)
    ContentVersion.objects.update_or_create(pk=1, defaults={"version": content_version() + 1})
    client.get(GAME)
    after = _folder(root, GAME)
    assert before != after
    assert (before / "index.html").exists() and (after / "index.html").exists()


def test_a_page_that_cannot_be_written_still_goes_out(
    root: Path, client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    root.mkdir(parents=True)
    (root / pagemirror.generation(content_version())).write_text("a file, not a folder")
    response = client.get(GAME)
    assert response.status_code == 200
    assert "could not write /en/rules/stud/ to the page mirror" in caplog.text


@pytest.mark.parametrize(
    ("path", "host", "expected"),
    [
        ("/en/rules/stud/", "testserver", "http/testserver/two/en/rules/stud"),
        ("/en/rules/stud/", "127.0.0.1:8080", "http/127.0.0.1:8080/two/en/rules/stud"),
        ("/en/rules/stud/", "[::1]:8080", "http/[::1]:8080/two/en/rules/stud"),
        ("/en/rules/stud", "testserver", None),  # nginx adds index.html to paths ending in /
        ("/en/rules/../stud/", "testserver", None),
        ("/en/rules/.hidden/", "testserver", None),
        ("/en/rules//stud/", "testserver", None),
        ("/en/rules/st ud/", "testserver", None),
        ("/en/rules/stüd/", "testserver", None),
    ],
)
def test_only_names_nginx_spells_the_same_are_used(
    path: str, host: str, expected: str | None
) -> None:
    request = RequestFactory().get(path, HTTP_HOST=host)
    with override_settings(ALLOWED_HOSTS=["*"]):
        found = pagemirror.mirror_path(request)
    assert (str(found) if found else None) == expected


def test_the_keeper_follows_the_content_version(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link moves, in one step, to the generation of each new content version."""
    import rules.versioning

    versions = iter([4, 4, 4, 5, 5])
    monkeypatch.setattr(rules.versioning, "content_version", lambda: next(versions))
    stop = threading.Event()
    seen: list[tuple[str, str]] = []

    def changed(name: str) -> None:
        seen.append((name, os.readlink(root / "current")))
        if len(seen) == 2:
            stop.set()

    pagemirror.keep(root, stop=stop, poll=0, on_change=changed)
    first, second = pagemirror.generation(4), pagemirror.generation(5)
    assert seen == [(first, first), (second, second)]
    assert (root / first).is_dir() and (root / second).is_dir()
    assert sorted(p.name for p in root.iterdir()) == sorted([first, second, "current"])


def test_the_keeper_deletes_generations_no_longer_served(
    root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = root / "0123456789abcdef"
    (old / "http").mkdir(parents=True)
    past = time.time() - pagemirror.SWEEP_AFTER_SECONDS - 5
    os.utime(old, (past, past))
    recent = root / "fedcba9876543210"
    recent.mkdir()
    with override_settings(PAGE_MIRROR_ROOT=str(root)):
        call_command("pagemirror", "--once")
    current = pagemirror.generation(content_version())
    assert os.readlink(root / "current") == current
    assert not old.exists()  # untouched for long: gone
    assert recent.exists()  # may still be written to by a slow render


def test_nginx_config_lists_every_shared_header() -> None:
    config = pagemirror.nginx_config(indent="")
    lines = config["MIRROR_HEADERS"].splitlines()
    for name, value in pagemirror.shared_headers(secure=False).items():
        assert f'add_header {name} "{value}";' in lines
    assert "add_header Strict-Transport-Security $page_hsts;" in lines
    assert 'add_header Last-Modified "";' in lines
    with override_settings(SECURE_HSTS_SECONDS=60):
        assert pagemirror.nginx_config()["MIRROR_HSTS"] == '"max-age=60"'
    with override_settings(SECURE_HSTS_SECONDS=0):
        assert pagemirror.nginx_config()["MIRROR_HSTS"] == '""'
    with (
        override_settings(X_FRAME_OPTIONS='DENY"; add_header X $x'),
        pytest.raises(ValueError, match="cannot write"),
    ):
        pagemirror.nginx_config()


def test_the_command_prints_nginx_config_and_needs_a_root() -> None:
    out = io.StringIO()
    call_command("pagemirror", "--nginx-config", stdout=out)
    assert json.loads(out.getvalue()) == pagemirror.nginx_config()
    with override_settings(PAGE_MIRROR_ROOT=""), pytest.raises(CommandError, match="not set"):
        call_command("pagemirror", "--once")


def test_a_failed_write_leaves_no_half_page(
    root: Path, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills while the plain file is written: nothing half-written stays, and nginx
    (which looks for index.html) keeps asking Django."""
    real = Path.write_bytes

    def full_disk(self: Path, data: bytes) -> int:
        if re.match(r"\.index\.html\.[0-9]+\.", self.name):  # the plain one's temporary file
            real(self, data[:10])
            raise OSError(28, "No space left on device")
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    assert client.get(GAME).status_code == 200
    folder = _folder(root, GAME)
    assert sorted(path.name for path in folder.iterdir()) == ["index.html.br", "index.html.gz"]
