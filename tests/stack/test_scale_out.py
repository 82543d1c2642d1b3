"""Scale-out: two gunicorn servers on one PostgreSQL and one Redis behind one nginx. A content
edit made through the admin on one server shows on the other at once (and through nginx's
proxy cache within its few seconds), and a learner's progress cookie works on both.

Needs DATABASE_URL pointing at a PostgreSQL database the test may fill (make test-stack runs
it under scripts/with-postgres) and Debian's redis-server; only 127.0.0.1 is used."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.admin_forms import FormFields
from tests.stack.conftest import (
    ROOT,
    VENV_BIN,
    Server,
    assert_port_closed,
    base_env,
    free_port,
    manage,
    start_serve,
    stop_serve,
    wait_until_up,
)

pytestmark = pytest.mark.stack

TERM_PAGE = "/en/rules/glossary/bring-in/"
PASSWORD = "scale-out-Passw0rd!"


@dataclass
class Cluster:
    first: Server
    second: Server
    front: Server


def _start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT
    )


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory, static_root: Path) -> Iterator[Cluster]:
    database = os.environ.get("DATABASE_URL", "")
    assert database.startswith(("postgres://", "postgresql://")), (
        "the scale-out test needs a PostgreSQL DATABASE_URL: scripts/with-postgres make test-stack"
    )
    redis_server = shutil.which("redis-server")
    assert redis_server, (
        "the scale-out test needs redis-server (Debian: apt-get install redis-server)"
    )
    tmp = tmp_path_factory.mktemp("scale-out")
    processes: list[subprocess.Popen[bytes]] = []
    redis_port, first_port, second_port, front_port = (free_port() for _ in range(4))
    serve = None
    try:
        processes.append(
            _start(
                [
                    redis_server,
                    "--bind",
                    "127.0.0.1",
                    "--port",
                    str(redis_port),
                    "--save",
                    "",
                    "--appendonly",
                    "no",
                    "--dir",
                    str(tmp),
                ],
                dict(os.environ),
                tmp / "redis.log",
            )
        )
        env = base_env(
            tmp,
            DATABASE_URL=database,
            REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
            DJANGO_STATIC_ROOT=str(static_root),
            DJANGO_SUPERUSER_PASSWORD=PASSWORD,
            WEB_CONCURRENCY="2",
        )
        manage(env, "migrate", "--noinput", "-v", "0")
        manage(env, "loadrules", "-v", "0")
        manage(
            env, "createsuperuser", "--noinput", "--username", "editor", "--email", "e@x.invalid"
        )
        servers = []
        for port in (first_port, second_port):
            process = _start(
                [str(VENV_BIN / "gunicorn"), "--config", "gunicorn.conf.py"],
                {**env, "GUNICORN_BIND": f"127.0.0.1:{port}"},
                tmp / f"gunicorn-{port}.log",
            )
            processes.append(process)
            server = Server(port)
            wait_until_up(server, process, tmp / f"gunicorn-{port}.log")
            servers.append(server)
        serve_env = {
            **env,
            "SERVE_UPSTREAMS": f"127.0.0.1:{first_port} 127.0.0.1:{second_port}",
            "SERVE_CACHE_TIME": "2s",
        }
        serve, log = start_serve(tmp, serve_env, front_port)
        front = Server(front_port)
        wait_until_up(front, serve, log)
        yield Cluster(servers[0], servers[1], front)
    finally:
        if serve is not None:
            assert stop_serve(serve) == 130
        for process in reversed(processes):
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
    for port in (redis_port, first_port, second_port, front_port):
        assert_port_closed(port)


def _csrf(server: Server, path: str) -> tuple[str, str]:
    answer = server.keep_cookies(server.request(path))
    assert answer.status == 200, (path, answer.status)
    parser = FormFields()
    parser.feed(answer.body.decode())
    return parser.fields.get("csrfmiddlewaretoken", ""), answer.body.decode()


def _post(server: Server, path: str, fields: dict[str, str], **headers: str):
    return server.keep_cookies(
        server.request(
            path,
            method="POST",
            body=urlencode(fields),
            headers={"Content-Type": "application/x-www-form-urlencoded", **headers},
        )
    )


def test_an_admin_edit_on_one_server_shows_on_the_other_at_once(cluster: Cluster) -> None:
    marker = f"Edited through the first server at {time.time():.0f}."
    for server in (cluster.first, cluster.second, cluster.front):
        for _ in range(2):  # now in every cache: Redis, and nginx's proxy cache
            assert marker.encode() not in server.request(TERM_PAGE).body
    assert cluster.front.request(TERM_PAGE).header("X-Cache") == "HIT"

    editor = Server(cluster.first.port)
    token, _html = _csrf(editor, "/admin/login/")
    login = _post(
        editor,
        "/admin/login/",
        {
            "csrfmiddlewaretoken": token,
            "username": "editor",
            "password": PASSWORD,
            "next": "/admin/",
        },
    )
    assert login.status == 302, login.body[:500]
    listing = editor.request("/admin/rules/glossaryterm/?q=bring-in").body.decode()
    found = re.search(r'href="/admin/rules/glossaryterm/(\d+)/change/[^"]*">bring-in<', listing)
    assert found, listing[-2000:]
    change_path = f"/admin/rules/glossaryterm/{found.group(1)}/change/"
    _token, form_html = _csrf(editor, change_path)
    parser = FormFields()
    parser.feed(form_html)
    fields = parser.fields
    assert "definition_en" in fields
    fields["definition_en"] = marker
    fields["_save"] = "Save"
    saved = _post(editor, change_path, fields)
    assert saved.status == 302, saved.body.decode()[-3000:]

    # The other server, straight away.
    assert marker.encode() in cluster.second.request(TERM_PAGE).body
    assert marker.encode() in cluster.first.request(TERM_PAGE).body
    # Through nginx: its copy expires within SERVE_CACHE_TIME (2 s here).
    started = time.monotonic()
    while marker.encode() not in cluster.front.request(TERM_PAGE).body:
        assert time.monotonic() - started < 6, "nginx still serves the old page after 6 s"
        time.sleep(0.1)


def test_a_learners_progress_cookie_works_on_both_servers(cluster: Cluster) -> None:
    from practice.ids import question_id_parse
    from practice.kinds import KINDS

    quiz = KINDS["bring-in"]
    learner = Server(cluster.first.port)
    answer = None
    for seed in range(10):
        # Alternate: even answers on the first server, odd ones on the second, one cookie.
        learner.port = cluster.first.port if seed % 2 == 0 else cluster.second.port
        question = quiz.generate(
            question_id_parse(
                kind="bring-in", game="stud", profile="robert", level="easy", seed=seed
            )
        )
        path = f"/en/practice/bring-in/stud/robert/easy/{seed}/"
        token, _html = _csrf(learner, path)
        answer = _post(
            learner,
            path,
            {"seat": str(question.answer), "csrfmiddlewaretoken": token},
            **{"HX-Request": "true"},
        )
        assert answer.status == 200, answer.body[:500]
    assert answer is not None
    # Ten answers counted on one record across both servers: a streak of ten, and the set ends
    # on its summary (no eleventh question).
    assert b"<dt>Streak</dt><dd>10</dd>" in answer.body
    assert b"See how the set went" in answer.body
