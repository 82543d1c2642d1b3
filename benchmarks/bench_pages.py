"""Cold renders of the game pages: every cache emptied before each request (target here: the
Seven Card Stud page <= 60 ms), and the warm, cached page for comparison.

A throwaway test database gets the rule content with ``loadrules``; the Django test client asks
for each game page with ``Accept-Encoding: br, gzip`` as a browser does. Before each cold request
the cache backend and the per-process memo of rendered texts are cleared, so the page is drawn
from the database: every rule text rendered, every worked example dealt by the engine, the page
compressed. Imports, templates and URL patterns stay loaded, as in a running server. Wall clock
and thread CPU time (which other processes on a busy machine do not inflate) are both printed.
"""

from __future__ import annotations

import io
import statistics
import time

from benchmarks.bench_search import _percentile, _setup_django

ROUNDS = 15
PAGES = ("/en/rules/stud/", "/sv/rules/stud8/", "/fi/rules/razz/")


def main() -> None:
    _setup_django()
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    from rules import rendering

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        call_command("loadrules", verbosity=0, stdout=io.StringIO())
        client = Client(HTTP_ACCEPT_ENCODING="br, gzip")
        for path in PAGES:
            client.get(path)  # imports, templates, URL patterns: loaded once, as in a server
            wall: list[float] = []
            cpu: list[float] = []
            for _round in range(ROUNDS):
                caches["default"].clear()
                rendering._text_render_cached.cache_clear()
                started, started_cpu = time.perf_counter(), time.thread_time()
                response = client.get(path)
                wall.append((time.perf_counter() - started) * 1000)
                cpu.append((time.thread_time() - started_cpu) * 1000)
                assert response.status_code == 200, path
            warm = []
            for _round in range(ROUNDS):
                started = time.perf_counter()
                client.get(path)
                warm.append((time.perf_counter() - started) * 1000)
            print(
                f"  {path}: cold p50 {statistics.median(wall):.1f} ms "
                f"(p90 {_percentile(wall, 0.9):.1f}, CPU p50 {statistics.median(cpu):.1f}), "
                f"cached p50 {statistics.median(warm):.1f} ms, "
                f"{len(response.content):,} bytes {response.get('Content-Encoding', 'plain')}"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
