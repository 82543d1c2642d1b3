"""``manage.py loadcourse``: tutorials/content/ (the course) into the database, idempotently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.versioning import content_version_bump
from tutorials.course import CONTENT_DIR
from tutorials.loading import CourseContentError, course_load


class Command(BaseCommand):
    help = (
        "Load the course (units, lessons, their steps and the paths) from tutorials/content/. "
        "Fields edited in the admin since the last load are kept and reported as conflicts "
        "unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--content", type=Path, default=CONTENT_DIR, help="the course folder to load"
        )
        parser.add_argument(
            "--force", action="store_true", help="overwrite what was edited in the admin"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = course_load(options["content"], force=options["force"])
        except CourseContentError as error:
            lines = "\n".join(f"  {problem}" for problem in error.problems)
            raise CommandError(
                f"the course has {len(error.problems)} problem(s); nothing was loaded:\n{lines}"
            ) from error
        if report.created or report.updated or report.deleted:
            content_version_bump()  # cached pages show course links: drop them
        if options["verbosity"] >= 2:
            for change in report.changes:
                self.stdout.write(f"  {change}")
        for line in report.forced:
            self.stdout.write(self.style.WARNING(f"  overwrote an admin edit: {line}"))
        for conflict in report.conflicts:
            self.stdout.write(self.style.WARNING(f"  conflict: {conflict}"))
        style = self.style.WARNING if report.conflicts else self.style.SUCCESS
        self.stdout.write(style(f"loadcourse: {report.summary()}"))
        if report.conflicts:
            self.stdout.write("  (run with --force to overwrite the admin edits with the files)")
