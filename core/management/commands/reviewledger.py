"""``manage.py reviewledger <lang>``: texts a native reader has not read yet; recording them."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core.ledger import LANGUAGES, ledger_items, ledger_unreviewed, ledger_write


class Command(BaseCommand):
    help = (
        "List the catalogue entries and content texts of a language that are new or changed "
        "since a native reader read them (--list), or record them as read (--accept)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lang", choices=LANGUAGES)
        parser.add_argument("--list", action="store_true", help="print every unreviewed text")
        parser.add_argument(
            "--accept", action="store_true", help="record every unreviewed text as read"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        lang = options["lang"]
        unreviewed = ledger_unreviewed(lang)
        if options["list"]:
            for item in unreviewed:
                self.stdout.write(f"== {item.id}\n   en: {item.english}\n   {lang}: {item.text}\n")
        if options["accept"]:
            path = ledger_write(lang, unreviewed)
            self.stdout.write(f"recorded {len(unreviewed)} text(s) as read in {path}")
        else:
            total = len(ledger_items(lang))
            self.stdout.write(f"{lang}: {len(unreviewed)} of {total} text(s) unreviewed")
