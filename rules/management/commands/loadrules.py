"""``manage.py loadrules``: load rules/content/ into the database (idempotent, all or nothing)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.loading import CONTENT_DIR, ContentError, content_load
from rules.versioning import content_version_bump


class Command(BaseCommand):
    help = (
        "Load the rule texts from rules/content/ into the database. Texts edited in the admin "
        "since the last load are kept and reported as conflicts unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--content", type=Path, default=CONTENT_DIR, help="the content folder to load"
        )
        parser.add_argument(
            "--force", action="store_true", help="overwrite texts edited in the admin"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = content_load(directory=options["content"], force=options["force"])
        except ContentError as error:
            lines = "\n".join(f"  {problem}" for problem in error.problems)
            raise CommandError(
                f"the content has {len(error.problems)} problem(s); nothing was loaded:\n{lines}"
            ) from error
        content_version_bump()  # every server drops its cached pages now
        if options["verbosity"] >= 2:
            for change in report.changes:
                self.stdout.write(f"  {change}")
        for line in report.forced:
            self.stdout.write(self.style.WARNING(f"  overwrote an admin edit: {line}"))
        for conflict in report.conflicts:
            self.stdout.write(self.style.WARNING(f"  conflict: {conflict}"))
        style = self.style.WARNING if report.conflicts else self.style.SUCCESS
        self.stdout.write(style(f"loadrules: {report.summary()}"))
        if report.conflicts:
            self.stdout.write("  (run with --force to overwrite the admin edits with the files)")
