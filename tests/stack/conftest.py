"""The production stack under test: nginx + gunicorn started by scripts/serve (make serve), on
127.0.0.1 at free ports, with a temporary database and static folder; everything is stopped
and deleted afterwards. Needs Debian's nginx (the stack tests fail, not skip, without it)."""

from __future__ import annotations

import http.client
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
STARTUP_SECONDS = 60


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    seconds: float

    def header(self, name: str) -> str:
        return ", ".join(self.headers.get_all(name) or [])

    def vary(self) -> set[str]:
        return {v.strip().lower() for v in self.header("Vary").split(",") if v.strip()}

    def cookies(self) -> dict[str, str]:
        found = {}
        for line in self.headers.get_all("Set-Cookie") or []:
            name, _eq, rest = line.partition("=")
            found[name.strip()] = rest.split(";", 1)[0]
        return found


class _UnixConnection(http.client.HTTPConnection):
    """HTTP over a Unix socket (gunicorn behind make serve's nginx listens on one)."""

    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


@dataclass
class Server:
    """An HTTP server on 127.0.0.1:port (or, with ``unix_socket``, behind that socket, asked
    as if at that port), asked with http.client (nothing decoded for us)."""

    port: int
    cookies: dict[str, str] = field(default_factory=dict)
    unix_socket: Path | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        path: str,
        *,
        method: str = "GET",
        headers: dict[str, str] | None = None,
        body: bytes | str | None = None,
        timeout: float = 10,
    ) -> Answer:
        all_headers = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            all_headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection: http.client.HTTPConnection
        if self.unix_socket is not None:
            connection = _UnixConnection(str(self.unix_socket), timeout)
        else:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            data = response.read()
        finally:
            connection.close()
        answer = Answer(response.status, response.headers, data, time.monotonic() - started)
        return answer

    def keep_cookies(self, answer: Answer) -> Answer:
        self.cookies.update(answer.cookies())
        return answer


def base_env(tmp: Path, **extra: str) -> dict[str, str]:
    """Production settings for a child process: nothing inherited from the test settings."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "GUNICORN_", "SERVE_"))
        and k not in ("DATABASE_URL", "REDIS_URL", "CACHE_URL", "PORT", "WEB_CONCURRENCY")
    }
    env.update(
        DJANGO_SETTINGS_MODULE="stud_site.settings",
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY="stack-" + secrets.token_hex(24),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DJANGO_LOG_LEVEL="WARNING",
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        PYTHONPATH=f"{ROOT / 'site'}:{ROOT}",
    )
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [str(VENV_BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        timeout=600,
    )


@pytest.fixture(scope="session")
def static_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The hashed, compressed static files, collected once for every stack test."""
    tmp = tmp_path_factory.mktemp("stack-static")
    manage(base_env(tmp), "collectstatic", "--noinput", "-v", "0")
    return tmp / "static"


def wait_until_up(server: Server, process: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"the server stopped:\n{log.read_text()[-3000:]}")
        try:
            if server.request("/robots.txt", timeout=2).status == 200:
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"the server did not start:\n{log.read_text()[-3000:]}")


@dataclass
class Stack:
    server: Server
    serve_dir: Path
    process: subprocess.Popen[bytes]
    env: dict[str, str]

    @property
    def django(self) -> Server:
        """gunicorn itself, behind nginx's back (its Unix socket), as nginx would ask it."""
        return Server(self.server.port, unix_socket=self.serve_dir / "gunicorn.sock")

    def manage(self, *args: str) -> None:
        """``manage.py`` on the stack's database and settings."""
        manage(self.env, *args)


#: Runs a program with SIGINT at its default. A test run started as a background job inherits
#: SIGINT ignored, and a shell that starts with a signal ignored cannot trap it, so serve would
#: never see the Ctrl-C that stop_serve sends (exec keeps a default handler, not a Python one).
_INTERRUPTIBLE = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)


def start_serve(tmp: Path, env: dict[str, str], port: int) -> tuple[subprocess.Popen[bytes], Path]:
    """scripts/serve (make serve) in its own process group, interruptible as at a terminal;
    returns it and its log."""
    log = tmp / "serve.log"
    serve = str(ROOT / "scripts" / "serve")
    process = subprocess.Popen(
        [sys.executable, "-c", _INTERRUPTIBLE, serve],
        cwd=ROOT,
        env={**env, "PORT": str(port), "SERVE_DIR": str(tmp / "serve"), "SERVE_PREPARE": "0"},
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    return process, log


def stop_serve(process: subprocess.Popen[bytes]) -> int:
    """Ctrl-C, as a person at the terminal would; returns the exit status."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
        try:
            return process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise
    return process.returncode


@contextmanager
def serving(
    tmp: Path, static_root: Path, *, load: tuple[str, ...] = ("loadrules",), **settings: str
) -> Iterator[Stack]:
    """make serve at a free port on a new SQLite database in ``tmp``, with the collected static
    files, the content ``load`` commands and ``settings`` (environment variables) on top of
    production's; stopped with Ctrl-C afterwards, which must end it cleanly (status 130,
    nothing listening, its folder gone)."""
    env = base_env(tmp, DJANGO_STATIC_ROOT=str(static_root), **settings)
    manage(env, "migrate", "--noinput", "-v", "0")
    for command in load:
        manage(env, command, "-v", "0")
    port = free_port()
    process, log = start_serve(tmp, env, port)
    server = Server(port)
    try:
        wait_until_up(server, process, log)
        yield Stack(server, tmp / "serve", process, env)
    finally:
        status = stop_serve(process)
    assert status == 130, log.read_text()[-2000:]
    assert_port_closed(port)
    assert not (tmp / "serve" / "nginx.pid").exists()


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, static_root: Path) -> Iterator[Stack]:
    """make serve's stack with 2 sync gunicorn workers, on SQLite, at a free port."""
    with serving(
        tmp_path_factory.mktemp("stack"),
        static_root,
        WEB_CONCURRENCY="2",
        # As behind a TLS-terminating proxy on this machine (nginx believes 127.0.0.1's
        # X-Forwarded-Proto and passes it on).
        DJANGO_SECURE_PROXY_SSL_HEADER="true",
        SERVE_CACHE_TIME="2s",
        SERVE_CACHE_MAX="32m",
    ) as served:
        yield served


def assert_port_closed(port: int) -> None:
    with socket.socket() as sock:
        assert sock.connect_ex(("127.0.0.1", port)) != 0, f"something still listens on {port}"


@pytest.fixture(scope="session")
def site_stack(tmp_path_factory: pytest.TempPathFactory, static_root: Path) -> Iterator[Stack]:
    """make serve with every page a learner meets: the rules, the course and the search index
    loaded, 3 workers (make serve's default here), SQLite. One for the whole stack run, shared
    by the learner's walk and the link and HTML checkers."""
    with serving(
        tmp_path_factory.mktemp("site-stack"),
        static_root,
        load=("loadrules", "loadcourse", "searchindex"),
        SERVE_CACHE_TIME="2s",
    ) as served:
        yield served
