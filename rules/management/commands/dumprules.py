"""``manage.py dumprules``: write the rule texts in the database back to rules/content/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from rules.loading import CONTENT_DIR, content_dump


class Command(BaseCommand):
    help = "Write the rule texts in the database back to the files in rules/content/."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--content", type=Path, default=CONTENT_DIR, help="the content folder to write"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        written = content_dump(directory=options["content"])
        self.stdout.write(self.style.SUCCESS(f"dumprules: wrote {len(written)} files"))
