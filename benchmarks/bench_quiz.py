"""Quizzes: the engine time to generate a question and check its right answer, per kind and game.

Every registered kind (``practice.kinds.KINDS``) is timed over ``SEEDS`` seeds for each game
and level: ``quiz.generate(qid)`` then ``quiz.check(question, form_data)``, with the form data
a learner posting the right answer would send. No template is rendered. Per-question figures are
thread CPU time, so other processes on a busy machine do not inflate the p99; the wall-clock
mean is shown beside them. For context, the time
to serve one question page (GET) and its feedback (POST of the right answer) through the Django
test client, full stack, on a throwaway in-memory database with the rule content loaded.
"""

from __future__ import annotations

import io
import os
import statistics
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

SEEDS = 2000
PAGE_REQUESTS = 20

FormData = dict[str, list[str]]


def _setup_django() -> None:
    """Make ``site/`` importable and configure Django as pytest and manage.py do."""
    root = Path(__file__).resolve().parent.parent
    for path in (root, root / "site"):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stud_site.settings")
    import django

    django.setup()


def _seat(question: Any) -> FormData:
    return {"seat": [str(question.answer)]}


def _pick(question: Any) -> FormData:
    if question.answer is None:
        return {"no_low": ["yes"]}
    return {"cards": [str(card) for card in question.answer]}


def _rank_lows(question: Any) -> FormData:
    order = question.answer
    if len(order) == 2:
        return {"best": [str(order[0])]}
    return {f"place{place}": [str(hand)] for place, hand in enumerate(order)}


def _out_of_cards(question: Any) -> FormData:
    data = {"deal": [question.answer[0]], "opener": [question.answer[1]]}
    if len(question.answer) > 2:
        data["stub"] = [str(question.answer[2])]
    return data


def _split_pot(question: Any) -> FormData:
    return {f"share{seat}": [str(amount)] for seat, amount in question.answer}


#: kind slug -> the form data of the right answer (what the kind's answer widget posts).
FORMS: dict[str, Callable[[Any], FormData]] = {
    "rank-lows": _rank_lows,
    "bring-in": _seat,
    "first-to-act": _seat,
    "showdown-order": _seat,
    "best-high": _pick,
    "best-low": _pick,
    "qualify": _pick,
    "out-of-cards": _out_of_cards,
    "spot-mistake": lambda question: {"verdict": ["true" if question.answer else "false"]},
    "split-pot": _split_pot,
    "bet-sizing": lambda question: {"amounts": sorted(question.answer)},
    "legal-action": lambda question: {"actions": sorted(question.answer)},
}


def _form_works(quiz: Any, question: Any) -> bool:
    """Whether ``FORMS`` knows this kind and its form data reads back as the right answer."""
    form = FORMS.get(quiz.slug)
    if form is None:
        return False
    try:
        return bool(quiz.check(question, form(question)).correct)
    except (ValueError, KeyError, TypeError, IndexError):
        return False


def _time_kind(quiz: Any, game: Any, *, levels: Sequence[Any], profiles: Sequence[str]) -> dict:
    """Microseconds per question (generate + check) for every seed and level of one game."""
    from practice.quiz import QuestionId

    def qid(level: Any, seed: int) -> Any:
        return QuestionId(quiz.slug, game, profiles[seed % len(profiles)], level, seed)

    via_form = _form_works(quiz, quiz.generate(qid(levels[0], 0)))
    form = FORMS.get(quiz.slug)
    generate_us: list[float] = []
    total_us: list[float] = []
    wrong = 0
    clock = time.thread_time_ns
    wall_start = time.perf_counter_ns()
    for level in levels:
        for seed in range(SEEDS):
            question_id = qid(level, seed)
            start = clock()
            question = quiz.generate(question_id)
            generated = clock()
            if via_form:
                assert form is not None
                correct = quiz.check(question, form(question)).correct
            else:
                correct = quiz.is_correct(question, question.answer)
            done = clock()
            wrong += not correct
            generate_us.append((generated - start) / 1000)
            total_us.append((done - start) / 1000)
    wall_us = (time.perf_counter_ns() - wall_start) / 1000 / len(total_us)
    total_us.sort()
    return {
        "via_form": via_form,
        "count": len(total_us),
        "generate_mean": statistics.fmean(generate_us),
        "mean": statistics.fmean(total_us),
        "wall": wall_us,
        "p99": total_us[int(len(total_us) * 0.99) - 1],
        "max": total_us[-1],
        "wrong": wrong,
    }


def _engine_table(kinds: Mapping[str, Any]) -> None:
    from practice.quiz import Level
    from rules.engine import PROFILES

    levels = list(Level)
    print(
        f"  engine time per question: generate, then check the right answer; {SEEDS} seeds x "
        f"{len(levels)} levels per game (profiles in turn where the kind uses them)"
    )
    print(
        f"  {'kind':<16} {'game':<6} {'questions':>9} {'generate':>10} {'gen+check':>10} "
        f"{'p99':>10} {'max':>10} {'wall mean':>10}  check"
    )
    worst = 0.0
    slow: list[str] = []
    fallbacks: list[str] = []
    for slug, quiz in kinds.items():
        profiles = list(PROFILES) if quiz.uses_profile else ["robert"]
        for game in quiz.games:
            row = _time_kind(quiz, game, levels=levels, profiles=profiles)
            how = "form data" if row["via_form"] else "is_correct(answer)"
            if not row["via_form"] and slug not in fallbacks:
                fallbacks.append(slug)
            if row["wrong"]:
                how += f"  ({row['wrong']} right answers judged WRONG)"
            worst = max(worst, row["p99"])
            if row["p99"] >= 1000 or row["mean"] >= 1000:
                slow.append(f"{slug}/{game}")
            print(
                f"  {slug:<16} {game!s:<6} {row['count']:>9} {row['generate_mean']:>8.1f}us "
                f"{row['mean']:>8.1f}us {row['p99']:>8.1f}us {row['max']:>8.0f}us "
                f"{row['wall']:>8.1f}us  {how}"
            )
    print(f"  worst p99 over all kinds and games: {worst:.0f} us (target: well under 1000 us)")
    if slow:
        print(f"  mean or p99 at 1000 us or more: {', '.join(slow)}")
    if fallbacks:
        print(
            "  timed with is_correct(question, question.answer) instead of check(form data), "
            f"since bench_quiz.FORMS cannot post their answer: {', '.join(fallbacks)}"
        )


def _page_table(kinds: Mapping[str, Any]) -> None:
    """Full stack through the test client on a throwaway in-memory database."""
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings, setup_test_environment
    from django.urls import reverse

    from practice.quiz import Level, QuestionId

    setup_test_environment()
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    old_name = connection.creation.create_test_db(verbosity=0, keepdb=False)
    try:
        call_command("loadrules", verbosity=0, stdout=io.StringIO())
        client = Client()
        print(
            f"\n  full stack through the Django test client (English, DEBUG={_debug()}), "
            f"mean of {PAGE_REQUESTS} questions"
        )
        print(f"  {'kind':<16} {'GET page':>10} {'POST answer':>12}")
        with override_settings(STORAGES=storages):
            for slug, quiz in kinds.items():
                form = FORMS.get(slug)
                gets: list[float] = []
                posts: list[float] = []
                for seed in range(PAGE_REQUESTS + 1):
                    qid = QuestionId(slug, quiz.games[0], "robert", Level.NORMAL, seed)
                    with _english():
                        url = reverse("practice:question", kwargs=qid.url_kwargs())
                    start = time.perf_counter()
                    response = client.get(url)
                    got = time.perf_counter()
                    assert response.status_code == 200, (url, response.status_code)
                    if form is not None:
                        response = client.post(url, form(quiz.generate(qid)))
                        posted = time.perf_counter()
                        assert response.status_code == 200, (url, response.status_code)
                        if seed:
                            posts.append(posted - got)
                    if seed:  # seed 0 warms up the templates
                        gets.append(got - start)
                post_text = f"{statistics.fmean(posts) * 1000:>10.2f}ms" if posts else "         -"
                print(f"  {slug:<16} {statistics.fmean(gets) * 1000:>8.2f}ms {post_text}")
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _debug() -> bool:
    from django.conf import settings

    return bool(settings.DEBUG)


def _english() -> Any:
    from django.utils import translation

    return translation.override("en")


def main() -> None:
    """Print the per-kind engine table, then the full-stack page times."""
    _setup_django()
    from practice.kinds import KINDS

    _engine_table(KINDS)
    _page_table(KINDS)


if __name__ == "__main__":
    main()
