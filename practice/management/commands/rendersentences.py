"""``manage.py rendersentences <lang>``: the sentences the site builds from the engine, in one
language, for a native reader (``practice.sentence_samples``).

    manage.py rendersentences fi                   # each distinct sentence shape once
    manage.py rendersentences fi --seeds 40 --all  # every sentence, in order
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation

from practice.sentence_samples import sentence_samples, sentence_shapes


class Command(BaseCommand):
    help = "Print the generated sentences (quizzes, worked examples, walkthrough) in a language."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("language", choices=[code for code, _name in settings.LANGUAGES])
        parser.add_argument("--seeds", type=int, default=12, help="seeds per kind, game, rules")
        parser.add_argument("--all", action="store_true", help="every sentence, not one a shape")

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options["language"]):
            samples = sentence_samples(seeds=options["seeds"])
            lines = list(samples) if options["all"] else sentence_shapes(samples)
        for where, text in lines:
            self.stdout.write(f"[{where}] {text}")
        self.stderr.write(f"{len(lines)} sentence(s)")
