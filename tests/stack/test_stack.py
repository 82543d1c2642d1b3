"""The production stack (make serve): nginx in front of gunicorn compresses, answers 304s,
varies correctly, serves static files itself, keeps public pages in its proxy cache (as Django
sent them), never keeps a learner's page, and shrugs off slow clients."""

from __future__ import annotations

import gzip
import re
import socket
import threading
import time

import brotli
import pytest

from tests.stack.conftest import Answer, Server, Stack
from tests.urls import localized

pytestmark = pytest.mark.stack

GAME_PAGE = localized("/sv/rules/stud/")
QUIZ_PAGE = "/en/practice/bring-in/stud/robert/normal/12345/"
#: A personal page (the learner's mastery, a CSRF token): never kept by anyone.
HUB_PAGE = "/en/practice/"
#: Headers that say who answered and when, not what.
_TRANSPORT = {"date", "server", "connection", "x-cache", "accept-ranges", "keep-alive"}


def test_pages_go_out_compressed(stack: Stack) -> None:
    server = stack.server
    plain = server.request(GAME_PAGE).body
    for accept, encoding, decode in (
        ("gzip, deflate, br", "br", brotli.decompress),
        ("gzip, deflate", "gzip", gzip.decompress),
    ):
        answer = server.request(GAME_PAGE, headers={"Accept-Encoding": accept})
        assert answer.status == 200
        assert answer.header("Content-Encoding") == encoding
        assert decode(answer.body) == plain
        assert len(answer.body) <= 40_000 < len(plain)
    # Pages nobody caches (a learner's own) are compressed by nginx.
    hub = server.request(HUB_PAGE, headers={"Accept-Encoding": "gzip"})
    assert hub.status == 200
    assert hub.header("Content-Encoding") == "gzip"
    assert "private" in hub.header("Cache-Control") or "public" not in hub.header("Cache-Control")
    assert b"<html" in gzip.decompress(hub.body)
    # JSON too.
    url = f"{server.base}/en/rules/glossary/bring-in/"
    oembed = server.request(f"/oembed/?url={url}", headers={"Accept-Encoding": "br"})
    assert oembed.status == 200
    assert oembed.header("Content-Encoding") == "br"
    assert b'"type": "rich"' in brotli.decompress(oembed.body)


def test_a_cached_page_answers_304_and_varies_on_cookie_and_encoding(stack: Stack) -> None:
    server = stack.server
    headers = {"Accept-Encoding": "gzip"}
    first = server.request(GAME_PAGE, headers=headers)
    etag = first.header("ETag")
    assert etag
    assert {"cookie", "accept-encoding"} <= first.vary()
    assert "public" in first.header("Cache-Control")
    assert not first.cookies()
    again = server.request(GAME_PAGE, headers={**headers, "If-None-Match": etag})
    assert again.status == 304
    assert again.body == b""
    # From now on nginx answers it from its proxy cache, with the same ETag.
    kept = server.request(GAME_PAGE, headers=headers)
    assert kept.header("X-Cache") == "HIT"
    assert kept.header("ETag") == etag
    assert server.request(GAME_PAGE, headers={**headers, "If-None-Match": etag}).status == 304
    # The four-colour deck is another page, never the two-colour one from the cache.
    four = Server(server.port, cookies={"card_colours": "four"})
    assert b'class="deck-four' in four.request(GAME_PAGE).body
    assert b'class="deck-four' not in server.request(GAME_PAGE).body


def test_pages_that_set_cookies_are_never_kept_by_nginx(stack: Stack) -> None:
    server = stack.server
    for _ in range(2):
        hub = server.request(HUB_PAGE)
        assert hub.status == 200
        assert "csrftoken" in hub.cookies()
        assert hub.header("X-Cache") not in ("HIT", "UPDATING", "STALE")
        assert "public" not in hub.header("Cache-Control")


def test_a_quiz_question_is_the_learners_own_page_never_kept(stack: Stack) -> None:
    """A question carries the learner's progress and CSRF token: never public, never kept."""
    server = Server(stack.server.port)
    for _ in range(2):
        answer = server.keep_cookies(server.request(QUIZ_PAGE))
        assert answer.status == 200
        assert "public" not in answer.header("Cache-Control")
        assert answer.header("X-Cache") not in ("HIT", "UPDATING", "STALE")
        assert b"csrfmiddlewaretoken" in answer.body
        assert b"question 1 of 10" in answer.body


def _what(answer: Answer) -> dict[str, object]:
    """An answer's status, body and headers, without the transport ones; Vary as a set."""
    headers = {
        name.lower(): answer.header(name)
        for name in answer.headers
        if name.lower() not in _TRANSPORT and name.lower() != "vary"
    }
    return {"status": answer.status, "body": answer.body, "vary": answer.vary(), **headers}


@pytest.mark.parametrize(
    "headers",
    [
        {"Accept-Encoding": "br"},
        {"Accept-Encoding": "gzip, deflate"},
        {},
        {"Accept-Encoding": "br", "Cookie": "card_colours=four"},
        {"Accept-Encoding": "gzip", "X-Forwarded-Proto": "https"},  # behind a TLS proxy: HSTS
    ],
)
def test_a_kept_page_goes_out_exactly_as_django_sent_it(
    stack: Stack, headers: dict[str, str]
) -> None:
    server = stack.server
    path = localized("/da/rules/razz/")
    variant = "|".join(f"{k}={v}" for k, v in headers.items())
    server.request(path, headers=headers)  # Django answers, nginx keeps it
    kept = server.request(path, headers=headers)
    assert kept.header("X-Cache") in ("HIT", "UPDATING"), variant
    # What Django itself answers (asked behind nginx's back) is what nginx sent.
    assert _what(kept) == _what(stack.django.request(path, headers=headers)), variant
    if headers.get("X-Forwarded-Proto") == "https":
        assert kept.header("Strict-Transport-Security").startswith("max-age=")
        assert b'content="https://' in brotli_or_plain(kept)
    else:
        assert kept.header("Strict-Transport-Security") == ""
        assert b'content="https://' not in brotli_or_plain(kept)
    # A browser revalidating gets a 304 from the kept copy, as it would from Django.
    again = server.request(path, headers={**headers, "If-None-Match": kept.header("ETag")})
    assert again.status == 304
    head = server.request(path, method="HEAD", headers=headers)
    assert head.status == 200 and head.body == b""


def brotli_or_plain(answer: Answer) -> bytes:
    encoding = answer.header("Content-Encoding")
    if encoding == "br":
        return bytes(brotli.decompress(answer.body))
    if encoding == "gzip":
        return gzip.decompress(answer.body)
    return answer.body


def test_a_content_change_reaches_nginx_within_its_cache_time(stack: Stack) -> None:
    server = stack.server
    path = "/en/rules/glossary/bring-in/"
    for _ in range(3):
        server.request(path)
    assert server.request(path).header("X-Cache") == "HIT"
    marker = f"Changed while kept by nginx at {time.time():.0f}."
    stack.manage(
        "shell",
        "-c",
        "from rules.models import GlossaryTerm\n"
        "term = GlossaryTerm.objects.get(slug='bring-in')\n"
        f"term.definition_en = {marker!r}\n"
        "term.save()",
    )
    started = time.monotonic()
    while marker.encode() not in server.request(path).body:
        # SERVE_CACHE_TIME is 2 s here (10 s by default), plus one render in the background.
        assert time.monotonic() - started < 8, "the change did not reach nginx in 8 s"
        time.sleep(0.1)


def test_embeds_vary_on_the_colour_cookie(stack: Stack) -> None:
    answer = stack.server.request("/en/embed/rules/glossary/bring-in/")
    assert answer.status == 200
    assert "cookie" in answer.vary()


def test_static_files_are_served_by_nginx(stack: Stack) -> None:
    server = stack.server
    page = server.request("/en/").body.decode()
    match = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
    assert match, "the hashed stylesheet"
    css = match.group(1)
    for accept, encoding in (("br", "br"), ("gzip", "gzip"), ("", "")):
        answer = server.request(css, headers={"Accept-Encoding": accept} if accept else {})
        assert answer.status == 200
        assert answer.header("Content-Encoding") == encoding
        assert answer.header("Cache-Control") == "public, max-age=31536000, immutable"
        assert answer.header("Content-Security-Policy") == ""  # not from Django
        assert answer.header("Server") == "nginx"
    time.sleep(0.5)
    gunicorn_log = (stack.serve_dir / "gunicorn-access.log").read_text()
    assert "GET /en/ " in gunicorn_log
    assert "/static/" not in gunicorn_log  # gunicorn never saw them


def test_limits_malformed_urls_and_uploads(stack: Stack) -> None:
    server = stack.server
    assert server.request("/oembed/?url=http%3A%2F%2F%5B").status == 404
    big = server.request(
        "/en/embed/practice/best-high/stud/robert/normal/5/",
        method="POST",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
        body=b"\0" * 2_000_000,
    )
    assert big.status == 413  # nginx: client_max_body_size
    form = server.request(
        "/en/practice/bring-in/stud/robert/normal/5/",
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
        body=b"seat=1&x=" + b"%41" * 20_000,
    )
    assert form.status == 413  # F4: 16 KB is more than any public form sends


def _trickle(port: int, stop: threading.Event, opened: list[socket.socket]) -> None:
    """A slow client: the request line, then one header line a second, never the end."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    opened.append(sock)
    sock.sendall(b"GET /en/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    number = 0
    while not stop.wait(1.0):
        number += 1
        try:
            sock.sendall(f"X-Slow-{number}: {number}\r\n".encode())
        except OSError:
            return


def test_slow_clients_do_not_take_the_site_down(stack: Stack) -> None:
    """8 sockets trickle headers for 12 s against 2 sync workers; meanwhile ordinary
    requests (a quiz page Django renders each time) still answer within a second."""
    server = stack.server
    stop = threading.Event()
    opened: list[socket.socket] = []
    threads = [
        threading.Thread(target=_trickle, args=(server.port, stop, opened)) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    try:
        time.sleep(1.5)
        times = []
        deadline = time.monotonic() + 10
        seed = 100
        while time.monotonic() < deadline:
            seed += 1
            answer = server.request(QUIZ_PAGE.replace("12345", str(seed)), timeout=5)
            assert answer.status == 200
            times.append(answer.seconds)
            time.sleep(0.25)
        assert len(times) >= 10
        assert max(times) < 1.0, times
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=5)
        for sock in opened:
            sock.close()
