"""``manage.py searchindex``: rebuild the search index from the rule content in the database."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from search.index import search_index_rebuild


class Command(BaseCommand):
    help = (
        "Rebuild the search index from the rules in the database (it also follows every change "
        "by itself: admin edits and loadrules rebuild it when they commit)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        rows = search_index_rebuild()
        self.stdout.write(self.style.SUCCESS(f"searchindex: {rows} entries"))
