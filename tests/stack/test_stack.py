"""The production stack (make serve): nginx in front of gunicorn compresses, answers 304s,
varies correctly, serves static files itself, and shrugs off slow clients."""

from __future__ import annotations

import gzip
import re
import socket
import threading
import time

import brotli
import pytest

from tests.stack.conftest import Server, Stack

pytestmark = pytest.mark.stack

GAME_PAGE = "/sv/rules/stud/"
QUIZ_PAGE = "/en/practice/bring-in/stud/robert/normal/12345/"


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
    # Pages Django does not cache (a quiz question) are compressed by nginx.
    quiz = server.request(QUIZ_PAGE, headers={"Accept-Encoding": "gzip"})
    assert quiz.status == 200
    assert quiz.header("Content-Encoding") == "gzip"
    assert b"<html" in gzip.decompress(quiz.body)
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
    # nginx keeps it briefly: the next answer comes from its micro-cache.
    assert server.request(GAME_PAGE, headers=headers).header("X-Cache") in ("HIT", "UPDATING")
    # The four-colour deck is another page, never the two-colour one from the cache.
    four = Server(server.port, cookies={"card_colours": "four"})
    assert b'class="deck-four' in four.request(GAME_PAGE).body
    assert b'class="deck-four' not in server.request(GAME_PAGE).body


def test_pages_that_set_cookies_are_never_kept_by_nginx(stack: Stack) -> None:
    server = stack.server
    for _ in range(2):
        quiz = server.request(QUIZ_PAGE)
        assert quiz.status == 200
        assert "csrftoken" in quiz.cookies()
        assert quiz.header("X-Cache") != "HIT"
        assert "public" not in quiz.header("Cache-Control")


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
