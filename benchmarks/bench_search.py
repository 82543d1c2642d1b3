"""Search: ``search_query`` over the full rule content, p50 and p99 per query (target on SQLite:
p50 <= 10 ms, p99 <= 30 ms).

A throwaway test database (in-memory SQLite unless DATABASE_URL says otherwise) gets the rule
content with ``loadrules``, which builds the index. A fixed list of queries readers type in the
four languages (whole words, inflected forms, questions, misspellings, a word still being typed)
runs once to warm up the stemmer's memo and the URL memo, as a running server would be, and then
``ROUNDS`` times; each call is timed on the wall clock and in thread CPU time (which other
processes on a busy machine do not inflate; SQLite runs in this thread, so it counts the
database's work too). Then the search page through the Django test client, for context.
"""

from __future__ import annotations

import io
import os
import sys
import time
from pathlib import Path

ROUNDS = 30
PAGE_REQUESTS = 200

#: (language, query, typing): typing=True is active search, the last word as a prefix.
QUERIES: tuple[tuple[str, str, bool], ...] = (
    ("sv", "bring-in", False),
    ("sv", "korten", False),
    ("sv", "vem börjar satsa", False),
    ("sv", "lägsta dörrkortet", False),
    ("sv", "delad pott", False),
    ("sv", "exponerat kort i given", False),
    ("sv", "kompl", True),
    ("sv", "brng in", False),
    ("da", "bring-in", False),
    ("da", "kortene", False),
    ("da", "hvem starter", False),
    ("da", "lav hånd otte eller bedre", False),
    ("da", "side pot", False),
    ("da", "misdeal", False),
    ("da", "forhø", True),
    ("da", "komplettere", False),
    ("fi", "bring-inin", False),
    ("fi", "korttia", False),
    ("fi", "kortit", False),
    ("fi", "kuka aloittaa", False),
    ("fi", "alakäsi", False),
    ("fi", "sivupotti", False),
    ("fi", "jaetaanko potti", False),
    ("fi", "paljas", True),
    ("en", "raising", False),
    ("en", "what if a card is exposed on the deal", False),
    ("en", "bring-in", False),
    ("en", "who acts first on fourth street", False),
    ("en", "eight or better", False),
    ("en", "side pot", False),
    ("en", "misd", True),
    ("en", "brng in", False),
    ("en", "all-in", False),
    ("en", '" * NEAR( OR', False),
)


def _setup_django() -> None:
    root = Path(__file__).resolve().parent.parent
    for path in (root, root / "site"):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stud_site.settings")
    import django

    django.setup()


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def main() -> None:
    _setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings, setup_test_environment
    from django.utils.translation import override

    from search.models import SearchEntry
    from search.services import search_query

    setup_test_environment()
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        call_command("loadrules", verbosity=0, stdout=io.StringIO())
        entries = SearchEntry.objects.count()
        print(
            f"  {connection.vendor}, {entries} entries ({entries // 4} per language), "
            f"{len(QUERIES)} queries x {ROUNDS} rounds"
        )
        for language, query, typing in QUERIES:  # warm-up
            with override(language):
                search_query(query=query, language=language, typing=typing)
        timings: list[float] = []
        cpu: list[float] = []
        per_language: dict[str, list[float]] = {}
        for _round in range(ROUNDS):
            for language, query, typing in QUERIES:
                with override(language):
                    start, start_cpu = time.perf_counter(), time.thread_time()
                    search_query(query=query, language=language, typing=typing)
                    elapsed = time.perf_counter() - start
                    cpu.append(time.thread_time() - start_cpu)
                timings.append(elapsed)
                per_language.setdefault(language, []).append(elapsed)
        p50, p99 = _percentile(timings, 0.50), _percentile(timings, 0.99)
        print(
            f"  search_query wall: p50 {p50 * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
            f"max {max(timings) * 1000:.2f} ms over {len(timings)} calls "
            f"(target p50 <= 10 ms, p99 <= 30 ms)"
        )
        print(
            f"  search_query CPU:  p50 {_percentile(cpu, 0.5) * 1000:.2f} ms, "
            f"p99 {_percentile(cpu, 0.99) * 1000:.2f} ms; load average {os.getloadavg()[0]:.1f} "
            f"on {os.cpu_count()} cores"
        )
        for language, values in per_language.items():
            print(
                f"    {language}: p50 {_percentile(values, 0.5) * 1000:.2f} ms, "
                f"p99 {_percentile(values, 0.99) * 1000:.2f} ms"
            )
        storages = {
            "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
        client = Client()
        pages: list[float] = []
        with override_settings(STORAGES=storages):
            for index in range(PAGE_REQUESTS + len(QUERIES)):
                language, query, typing = QUERIES[index % len(QUERIES)]
                headers = {"HX-Request": "true"} if typing else {}
                start = time.perf_counter()
                response = client.get(f"/{language}/search/", {"q": query}, headers=headers)
                elapsed = time.perf_counter() - start
                assert response.status_code == 200, (query, response.status_code)
                if index >= len(QUERIES):
                    pages.append(elapsed)
        print(
            f"  search page (test client, full stack): "
            f"p50 {_percentile(pages, 0.5) * 1000:.2f} ms, "
            f"p99 {_percentile(pages, 0.99) * 1000:.2f} ms over {len(pages)} requests"
        )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
