"""``manage.py loadcourse``: tutorials/content/ (the course) into the database, idempotently."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules.loaded import arguments_add, load_failed, report_write
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
        arguments_add(
            parser,
            content=CONTENT_DIR,
            content_help="the course folder to load",
            force_help="overwrite what was edited in the admin",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = course_load(options["content"], force=options["force"])
        except CourseContentError as error:
            raise load_failed("the course", error.problems) from error
        if report.created or report.updated or report.deleted:
            content_version_bump()  # cached pages show course links: drop them
        report_write(self, "loadcourse", report, options["verbosity"])
