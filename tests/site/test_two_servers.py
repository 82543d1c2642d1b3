"""Two app servers on one database and one shared cache (Redis): a step title changed through the
admin on one server is the link text of a quiz explanation on the other at its next request.

Real processes, real HTTP on 127.0.0.1: gunicorn twice, redis-server once, one SQLite file.
"""

from __future__ import annotations

import http.cookiejar
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEW_TITLE = "Who posts the bring-in (edited on server A)"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(port: int, process: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the process on port {port} exited with {process.returncode}")
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing answered on port {port} within {seconds} s")


class _Form(HTMLParser):
    """The fields of the first form whose action matches (inputs, textareas, selects)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: list[tuple[str, str]] = []
        self._in_form = False
        self._textarea: str | None = None
        self._select: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post" and not self._in_form:
            self._in_form = True
        if not self._in_form:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in {"checkbox", "radio"} and "checked" not in a:
                return
            if kind not in {"submit", "button", "file"}:
                self.fields.append((a["name"], a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self._textarea, self._text = a["name"], []
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
        elif tag == "option" and self._select and "selected" in a:
            self.fields.append((self._select, a.get("value", "")))

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, "".join(self._text).lstrip("\n")))
            self._textarea = None
        elif tag == "select":
            self._select = None
        elif tag == "form":
            self._in_form = False


class _Browser:
    """Cookies and CSRF like a browser, over urllib."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=30) as response:
            return str(response.read().decode("utf-8"))

    def post(self, path: str, fields: list[tuple[str, str]]) -> tuple[int, str]:
        data = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(
            self.base + path, data=data, headers={"Referer": self.base + path}
        )
        try:
            with self.opener.open(request, timeout=30) as response:
                return response.status, str(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8")


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[int, int, Path]]:
    redis = shutil.which("redis-server")
    assert redis, "redis-server is missing: apt-get install redis-server (.ci/run installs it)"
    database = tmp_path / "db.sqlite3"
    redis_port = _free_port()
    env = {
        **os.environ,
        "DJANGO_DEBUG": "true",
        "DATABASE_URL": f"sqlite:///{database}",
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'site'}",
    }
    manage = [sys.executable, str(ROOT / "manage.py")]
    for command in (["migrate", "--noinput"], ["loadrules"]):
        subprocess.run([*manage, *command], env=env, check=True, capture_output=True, cwd=ROOT)
    create = (
        "from django.contrib.auth import get_user_model; "
        "get_user_model().objects.create_superuser('floor', 'floor@example.org', 'pw-2-servers')"
    )
    subprocess.run([*manage, "shell", "-c", create], env=env, check=True, cwd=ROOT)
    processes = [
        subprocess.Popen(
            [redis, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", ""],
            stdout=subprocess.DEVNULL,
            cwd=tmp_path,
        )
    ]
    ports = (_free_port(), _free_port())
    try:
        _wait_for(redis_port, processes[0])
        for port in ports:
            gunicorn = Path(sys.executable).with_name("gunicorn")
            process = subprocess.Popen(
                [str(gunicorn), "--bind", f"127.0.0.1:{port}", "--workers", "1"],
                env=env,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            processes.append(process)
            _wait_for(port, process)
        yield ports[0], ports[1], database
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


def _explanation_after_an_answer(server: _Browser) -> str:
    """Answer a bring-in question on the server; the feedback's rule links name the step."""
    path = "/en/practice/bring-in/stud/robert/normal/11/"
    page = server.get(path)
    form = _Form()
    form.feed(page)
    fields = [(name, value) for name, value in form.fields if name != "seat"]
    status, html = server.post(path, [*fields, ("seat", "0")])
    assert status == 200, html[:500]
    return html


@pytest.mark.django_db(transaction=True)
def test_a_title_edited_on_one_server_is_the_rule_link_on_the_other(
    two_servers: tuple[int, int, Path],
) -> None:
    port_a, port_b, database = two_servers
    learner = _Browser(port_b)
    assert NEW_TITLE not in _explanation_after_an_answer(learner)  # server B has read the old

    with sqlite3.connect(database) as connection:
        (step_id,) = connection.execute(
            "SELECT id FROM rules_step WHERE slug = 'who-brings-in' AND rules LIKE '%R-BRING-2%'"
        ).fetchone()
    editor = _Browser(port_a)
    login = _Form()
    login.feed(editor.get("/admin/login/"))
    status, _html = editor.post(
        "/admin/login/?next=/admin/",
        [*login.fields, ("username", "floor"), ("password", "pw-2-servers")],
    )
    assert status == 200
    change = f"/admin/rules/step/{step_id}/change/"
    form = _Form()
    form.feed(editor.get(change))
    fields = [(n, NEW_TITLE if n == "title_en" else v) for n, v in form.fields]
    assert ("title_en", NEW_TITLE) in fields
    status, html = editor.post(change, [*fields, ("_save", "Save")])
    assert status == 200 and "errornote" not in html, html[:2000]

    assert NEW_TITLE in _explanation_after_an_answer(learner)
