"""``manage.py prunelearners [--days 400]``: delete learner records nobody has used for long.

Run it once a day (cron: ``17 3 * * * cd /srv/stud && .venv/bin/python manage.py
prunelearners``, or a systemd timer); see README, "Privacy".
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from learners.services import prune


class Command(BaseCommand):
    help = "Delete learner records unused for --days days (400) and expired device codes."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=400)

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        if days < 1:
            raise ValueError(f"--days must be at least 1, not {days}")
        removed = prune(days=days)
        self.stdout.write(f"{removed} learner record(s) unused for {days} days removed")
