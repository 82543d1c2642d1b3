"""Compile every ``locale/*/LC_MESSAGES/*.po`` to ``.mo`` with polib (no GNU gettext needed).

Fails loudly when a catalogue has fuzzy or untranslated entries: a half-translated interface
would otherwise ship English strings silently.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import polib
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser


def catalogue_problems(po: polib.POFile) -> list[str]:
    """Why a catalogue must not be compiled: its fuzzy and untranslated entries."""
    problems = []
    for entry in po:
        if entry.obsolete:
            continue
        where = f"msgid {entry.msgid!r}"
        if entry.msgctxt:
            where += f" (context {entry.msgctxt!r})"
        if entry.fuzzy:
            problems.append(f"fuzzy: {where}")
        elif entry.msgid_plural:
            if not entry.msgstr_plural or not all(entry.msgstr_plural.values()):
                problems.append(f"untranslated plural: {where}")
        elif not entry.msgstr:
            problems.append(f"untranslated: {where}")
    return problems


class Command(BaseCommand):
    help = "Compile the .po catalogues in LOCALE_PATHS to .mo files (pure Python, polib)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Only report fuzzy or untranslated entries; write no .mo file.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        catalogues = sorted(
            po_path
            for locale_path in settings.LOCALE_PATHS
            for po_path in Path(locale_path).glob("*/LC_MESSAGES/*.po")
        )
        if not catalogues:
            raise CommandError(f"no .po files under {', '.join(map(str, settings.LOCALE_PATHS))}")
        failures: list[str] = []
        for po_path in catalogues:
            po = polib.pofile(str(po_path))
            problems = catalogue_problems(po)
            if problems:
                failures.append(f"{po_path}: {len(problems)} problem(s)")
                failures.extend(f"  {problem}" for problem in problems)
                continue
            if not options["check"]:
                po.save_as_mofile(str(po_path.with_suffix(".mo")))
            if options["verbosity"] >= 1:
                done = "checked" if options["check"] else "compiled"
                self.stdout.write(f"{done} {po_path} ({len(po.translated_entries())} messages)")
        if failures:
            raise CommandError(
                "catalogues with fuzzy or untranslated entries (fix them, then run again):\n"
                + "\n".join(failures)
            )
