"""Print which rules and reason codes the quiz kinds reach: ``manage.py quiz_coverage``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from practice.kinds.coverage import rare_hard_cases, tabulate, unasked_rules, unreached_codes


class Command(BaseCommand):
    help = (
        "Generate every quiz kind over N seeds per game, level and profile and print, per rule "
        "id (and with --codes per reason code), the kinds that cite it and their share of "
        "questions."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seeds", type=int, default=20, help="seeds per kind, game, level")
        parser.add_argument("--codes", action="store_true", help="also tabulate reason codes")

    def handle(self, *args: Any, **options: Any) -> None:
        coverage = tabulate(options["seeds"])
        total = sum(coverage.questions.values())
        self.stdout.write(f"{total} questions ({options['seeds']} seeds per kind/game/level)")
        self.stdout.write("rule id -> kinds (share of that kind's questions)")
        for line in coverage.table("rules"):
            self.stdout.write(line)
        if options["codes"]:
            self.stdout.write("\nreason code -> kinds (share of that kind's questions)")
            for line in coverage.table("codes"):
                self.stdout.write(line)
        self.stdout.write("\nhard cases -> kinds (share of the questions where it applies)")
        for line in coverage.case_table():
            self.stdout.write(line)
        self.stdout.write(f"\nnever reached (rules): {unasked_rules(coverage) or 'none'}")
        self.stdout.write(f"never reached (reason codes): {unreached_codes(coverage) or 'none'}")
        self.stdout.write(f"hard cases under 1 %: {rare_hard_cases(coverage) or 'none'}")
