"""``manage.py loadrules``: load rules/content/ into the database (idempotent, all or nothing)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules.loaded import arguments_add, load_failed, report_write
from rules.loading import CONTENT_DIR, ContentError, content_load
from rules.versioning import content_version_bump


class Command(BaseCommand):
    help = (
        "Load the rule texts from rules/content/ into the database. Texts edited in the admin "
        "since the last load are kept and reported as conflicts unless --force."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        arguments_add(
            parser,
            content=CONTENT_DIR,
            content_help="the content folder to load",
            force_help="overwrite texts edited in the admin",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = content_load(directory=options["content"], force=options["force"])
        except ContentError as error:
            raise load_failed("the content", error.problems) from error
        content_version_bump()  # every server drops its cached pages now
        report_write(self, "loadrules", report, options["verbosity"])
