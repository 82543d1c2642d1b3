"""``manage.py loadcourse``: tutorials/content/ (the course) into the database, idempotently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.versioning import content_version_bump
from tutorials.course import CONTENT_DIR
from tutorials.loading import CourseContentError, course_load


class Command(BaseCommand):
    help = "Load the course (units, lessons, their steps and the paths) from tutorials/content/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--content", type=Path, default=CONTENT_DIR, help="the course folder to load"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = course_load(options["content"])
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
        self.stdout.write(self.style.SUCCESS(f"loadcourse: {report.summary()}"))
