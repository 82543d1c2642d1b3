"""make serve is bounded by construction and answers junk without a 500: a crawler's 5,000
distinct URLs grow no gunicorn process by more than 30 MB and nothing on disk without bound;
junk headers never give a 500; and the review's stack findings (../shared/reviews/security.md
F1, F2, F3, F5-F8, F10, F12, F17) each have their check here."""

from __future__ import annotations

import contextlib
import http.client
import itertools
import os
import random
import socket
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.stack.conftest import Answer, Server, Stack
from tests.urls import localized

pytestmark = pytest.mark.stack

#: Pages with a "Deal another example" (its ?seed= variants), cheap ones first.
STEP_PAGES = [
    "/en/rules/stud/forced-bets/who-brings-in/",
    localized("/sv/rules/stud/forced-bets/who-brings-in/"),
    "/en/rules/razz/forced-bets/who-brings-in/",
]
CACHED_PAGES = [
    "/en/rules/glossary/bring-in/",
    localized("/sv/rules/glossary/"),
    localized("/da/rules/differences/"),
    localized("/fi/rules/glossary/bring-in/"),
    "/en/embed/rules/glossary/bring-in/",
]


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _gunicorn_pids(stack: Stack) -> list[int]:
    """make serve's gunicorn master and workers (their command line names the serve folder)."""
    marker = str(stack.serve_dir).encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"gunicorn" in cmdline and marker in cmdline:
            found.append(int(entry.name))
    return sorted(found)


def _disk_bytes(folder: Path) -> int:
    """Everything under the serve folder but the logs (rotated by whoever runs the server)."""
    total = 0
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if not name.endswith(".log"):
                with contextlib.suppress(OSError):
                    total += (Path(root) / name).stat().st_size
    return total


def _crawl_urls(port: int, count: int) -> list[tuple[str, str]]:
    """``count`` distinct (host, path) pairs as a crawler would meet them: ?seed= chains,
    ?theme= variants, other query junk, and Host spellings (letter case, other ports)."""
    hosts = [
        f"127.0.0.1:{port}",
        f"LOCALHOST:{port}",
        f"localhost:{port}",
        "localhost",
        f"LocalHost:{port}",
    ]
    urls: list[tuple[str, str]] = []
    seeds = itertools.count(1)
    while len(urls) < count:
        n = next(seeds)
        urls.append((hosts[0], f"{STEP_PAGES[n % len(STEP_PAGES)]}?seed={n}"))
        urls.append((hosts[0], f"{CACHED_PAGES[n % len(CACHED_PAGES)]}?theme=t{n}"))
        urls.append((hosts[n % len(hosts)], f"{CACHED_PAGES[n % len(CACHED_PAGES)]}?utm={n}"))
        urls.append((f"localhost:{1 + n % 65535}", CACHED_PAGES[n % len(CACHED_PAGES)]))
        spelling = "".join(c.upper() if n >> i & 1 else c for i, c in enumerate("localhost"))
        urls.append((f"{spelling}:{port}", CACHED_PAGES[n // 512 % len(CACHED_PAGES)]))
    assert len(set(urls[:count])) > count * 0.95
    return urls[:count]


def _get(port: int, host: str, path: str, headers: dict[str, str] | None = None) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host)
        for name, value in (headers or {"Accept-Encoding": "br, gzip"}).items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        response.read()
        return response.status
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return 444  # nginx closed the connection unanswered
    finally:
        connection.close()


def test_a_crawler_of_5000_urls_grows_nothing_without_bound(stack: Stack) -> None:
    port = stack.server.port
    urls = _crawl_urls(port, 5000)
    # Warm up: every worker has rendered every kind of page once.
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda url: _get(port, *url), urls[:200]))
    pids = _gunicorn_pids(stack)
    assert len(pids) >= 3, pids  # the master and two workers
    before = {pid: _rss_kib(pid) for pid in pids}
    disk_before = _disk_bytes(stack.serve_dir)
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda url: _get(port, *url), urls))
    statuses = Counter(answers)
    failed = [url for url, status in zip(urls, answers, strict=True) if status >= 500]
    log = (stack.serve_dir.parent / "serve.log").read_text(errors="replace")
    assert failed == [], (statuses, failed[:5], log[log.find("Traceback") :][:3000])
    assert statuses[200] > 4500, statuses
    grown = {
        pid: (_rss_kib(pid) - before[pid]) // 1024 for pid in pids if Path(f"/proc/{pid}").exists()
    }
    assert all(mb <= 30 for mb in grown.values()), f"MB grown per gunicorn process: {grown}"
    disk_grown = (_disk_bytes(stack.serve_dir) - disk_before) / 2**20
    # nginx's proxy cache is the only thing on disk, bounded by SERVE_CACHE_MAX (32m here).
    where = {
        entry.name: round(_disk_bytes(entry) / 2**20, 1) if entry.is_dir() else entry.stat().st_size
        for entry in stack.serve_dir.iterdir()
    }
    assert disk_grown <= 40, f"{disk_grown:.1f} MB more on disk: {where}"
    print(f"crawler: {statuses}, MB grown per process {grown}, disk +{disk_grown:.1f} MB")


JUNK_HEADERS: list[dict[str, str]] = [
    {"Host": "evil.example"},
    {"Host": ""},
    {"Host": "127.0.0.1:99999"},
    {"Host": "LOCALHOST"},
    {"Host": "localhost."},
    {"Host": "127.0.0.1:1:2"},
    {"Host": "[::1]"},
    {"Host": "a" * 300},
    {"Host": "local host"},
    {"Accept-Encoding": "gzip;q=."},
    {"Accept-Encoding": "gzip;q=.."},
    {"Accept-Encoding": "br;q=1.2.3"},
    {"Accept-Encoding": "br;q=0"},
    {"Accept-Encoding": "gzip;q=0, br;q=0"},
    {"Accept-Encoding": ";;,,q=,br;q"},
    {"Accept-Encoding": "x" * 3000},
    {"Cookie": "card_colours=; card_colours=four"},
    {"Cookie": "card_colours=four; card_colours=two"},
    {"Cookie": "sessionid=junk; csrftoken=junk"},
    {"Cookie": "sessionid=" + "A" * 2000},
    {"Cookie": '=;;="x"; a=b=c; \x7f=1'},
    {"Cookie": "messages=junk:1:sig"},
    {"X-Forwarded-Proto": "https"},
    {"X-Forwarded-Proto": "gopher"},
    {"X-Forwarded-Proto": "https, http"},
    {"X-Forwarded-Ssl": "on", "X-Forwarded-Proto": "http"},
    {"X-Forwarded-Protocol": "ssl"},
    {"X-Forwarded-For": "not-an-address"},
    {"X-Forwarded-For": "1.2.3.4, 999.1.1.1, ::1"},
    {"X-Forwarded-Host": "evil.example"},
    {"X-Real-IP": "'; drop table"},
    {"Forwarded": "for=evil;proto=https;host=evil"},
    {"HX-Request": "true"},
    {"HX-Request": "true", "HX-Current-URL": "http://evil.example/%%%"},
    {"If-None-Match": '"' + "x" * 500},
    {"If-Modified-Since": "yesterday"},
    {"Range": "bytes=999999-1"},
    {"Accept-Language": "xx-YY;q=nope, *;q=.,sv"},
    {"Origin": "null", "Sec-Fetch-Site": "cross-site"},
]
FUZZ_PATHS = [
    "/en/rules/stud/",
    "/en/rules/glossary/bring-in/",
    localized("/sv/rules/stud/forced-bets/who-brings-in/?seed=5"),
    "/en/embed/rules/glossary/bring-in/?theme=dark",
    "/en/practice/bring-in/stud/robert/normal/77/",
    "/en/practice/",
    "/en/",
    "/",
    "/sitemap.xml",
    "/robots.txt",
    "/no-such-page/",
]


def _fuzz_one(port: int, path: str, headers: dict[str, str], via: Stack | None) -> int:
    host = headers.get("Host", f"127.0.0.1:{port}")
    extra = {k: v for k, v in headers.items() if k != "Host"}
    if via is not None:  # gunicorn itself, as a platform's proxy would pass the header on
        connection: http.client.HTTPConnection = _SocketConnection(
            str(via.serve_dir / "gunicorn.sock")
        )
    else:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        if host or via is None:
            connection.putheader("Host", host)
        for name, value in extra.items():
            connection.putheader(name, value)
        connection.endheaders()
        response = connection.getresponse()
        response.read()
        return response.status
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return 444
    finally:
        connection.close()


class _SocketConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("localhost", timeout=30)
        self.unix_path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.unix_path)


@pytest.mark.parametrize("through", ["nginx", "gunicorn"])
def test_junk_headers_never_give_a_500(stack: Stack, through: str) -> None:
    port = stack.server.port
    via = stack if through == "gunicorn" else None
    cases = [(path, headers) for path in FUZZ_PATHS for headers in JUNK_HEADERS]
    rng = random.Random(21)
    for _ in range(200):  # and random combinations of two
        one, two = rng.sample(JUNK_HEADERS, 2)
        cases.append((rng.choice(FUZZ_PATHS), {**one, **two}))
    with ThreadPoolExecutor(4) as pool:
        statuses = list(pool.map(lambda case: _fuzz_one(port, case[0], case[1], via), cases))
    failures = [case for case, status in zip(cases, statuses, strict=True) if status >= 500]
    assert failures == [], failures[:10]
    print(f"fuzz through {through}: {Counter(statuses)}")


def test_f1_f2_unknown_hosts_are_refused_and_spellings_share_one_page(stack: Stack) -> None:
    port = stack.server.port
    # nginx: a host it does not serve gets no answer at all (444), nor does a missing Host.
    assert _get(port, "evil.example", "/en/rules/stud/") == 444
    assert _fuzz_one(port, "/en/", {"Host": ""}, None) in (400, 444)
    # gunicorn alone (a platform's proxy passes any Host on): Django's plain 400, never 500.
    assert _fuzz_one(port, "/en/rules/stud/", {"Host": "evil.example"}, stack) == 400
    # Spellings of an allowed host are one page to nginx and Django: lower case, its port
    # only when it is the one nginx listens on.
    server = stack.server
    path = localized("/fi/rules/glossary/bring-in/")
    server.request(path)
    for host in (f"LOCALHOST:{port}", f"127.0.0.1:{port}"):
        _get(port, host, path)
    kept = Server(port).request(path, headers={"Host": f"127.0.0.1:{port}"})
    assert kept.header("X-Cache") == "HIT"
    other_port = _status_and_links(port, "127.0.0.1:1", path)
    assert other_port[0] == 200
    assert f"http://127.0.0.1/{path[1:]}".encode() in other_port[1]  # the port dropped


def _status_and_links(port: int, host: str, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host)
        connection.endheaders()
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_f5_https_and_http_are_kept_apart_by_nginx(stack: Stack) -> None:
    """F5: the proxy cache key had $scheme, not the forwarded scheme: an https page went to
    plain-http visitors within the cache time."""
    server = stack.server
    path = localized("/sv/rules/glossary/")
    secure = server.request(path, headers={"X-Forwarded-Proto": "https"})
    assert b'content="https://' in secure.body
    plain = server.request(path)
    assert b'content="https://' not in plain.body
    assert plain.header("Strict-Transport-Security") == ""


def test_f6_gunicorn_leaves_the_scheme_to_django(stack: Stack) -> None:
    """F6: gunicorn believed X-Forwarded-Ssl/-Protocol from its socket peer (a 400 for
    contradictory headers, https links for a client that asked for them)."""
    answer = _fuzz_one(
        stack.server.port,
        "/en/rules/glossary/bring-in/",
        {"X-Forwarded-Ssl": "on", "X-Forwarded-Proto": "http"},
        stack,
    )
    assert answer == 200


def test_f7_a_doubled_deck_cookie_never_reaches_a_plain_visitor(stack: Stack) -> None:
    server = stack.server
    path = "/en/rules/glossary/bring-in/?utm=deck"
    for cookie in ("card_colours=; card_colours=four", "card_colours=four; card_colours=two"):
        server.request(path, headers={"Cookie": cookie})
        assert b'class="deck-four' not in server.request(path).body, cookie


def test_f8_a_refused_encoding_is_never_sent(stack: Stack) -> None:
    server = stack.server
    for accept, forbidden in (("br;q=0, gzip", "br"), ("gzip;q=0", "gzip"), ("br;q=0", "br")):
        answer = server.request("/en/rules/glossary/bring-in/", headers={"Accept-Encoding": accept})
        assert answer.status == 200
        assert answer.header("Content-Encoding") != forbidden, accept


def test_f10_each_visitor_behind_the_proxy_has_its_own_login_limit(stack: Stack) -> None:
    """F10: behind a proxy every visitor had the proxy's address: one visitor's failed logins
    (or nginx's login limit) locked the admin for everyone."""
    port = stack.server.port
    login = "/admin/login/"
    statuses = [_fuzz_one(port, login, {"X-Forwarded-For": "203.0.113.7"}, None) for _ in range(14)]
    assert 429 in statuses  # nginx: 10 a minute (burst 10) for this visitor
    assert _fuzz_one(port, login, {"X-Forwarded-For": "203.0.113.8"}, None) == 200


def test_f12_a_malformed_weight_is_no_500_on_gunicorn_alone(stack: Stack) -> None:
    for accept in ("gzip;q=.", "gzip;q=..", "br;q=1.2.3"):
        assert (
            _fuzz_one(stack.server.port, "/en/rules/stud/", {"Accept-Encoding": accept}, stack)
            == 200
        )


def test_f17_nginx_and_gunicorn_agree_on_the_longest_request_line(stack: Stack) -> None:
    answer: Answer = stack.server.request("/en/rules/?q=" + "x" * 5000)
    assert answer.status == 414
    assert answer.header("Server") == "nginx"
