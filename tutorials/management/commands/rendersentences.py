"""Render, in one language, the sentences the site builds from the engine, so a native reader
reads real output rather than templates: the prompt, answer and reasons of many generated quiz
questions of every kind, every worked example, and every step of many walkthroughs.

    manage.py rendersentences fi                 # each distinct sentence once, with a count
    manage.py rendersentences fi --seeds 40 --all  # every occurrence, in order
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.utils import translation

from rules.engine import PROFILES, Game
from rules.examples import EXAMPLE_KINDS, example_build
from rules.explain import explain_reasons
from tutorials.kinds import KINDS
from tutorials.quiz import Level, QuestionId, QuizError


class Command(BaseCommand):
    help = "Print the generated sentences (quizzes, worked examples, walkthrough) in a language."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("language")
        parser.add_argument("--seeds", type=int, default=12, help="seeds per kind, game, rules")
        parser.add_argument("--all", action="store_true", help="every occurrence, not distinct")

    def handle(self, *args: Any, **options: Any) -> None:
        seeds = range(options["seeds"])
        lines: list[tuple[str, str]] = []
        with translation.override(options["language"]):
            for kind in KINDS.values():
                for game in Game:
                    for profile in PROFILES:
                        for level in Level:
                            for seed in seeds:
                                qid = QuestionId(kind.slug, game, str(profile), level, seed)
                                try:
                                    question = kind.generate(qid)
                                except QuizError:
                                    break
                                where = f"quiz:{kind.slug}"
                                lines.append((where, str(kind.prompt(question))))
                                lines.append((where, str(kind.describe_answer(question))))
                                for exp in explain_reasons(question.reasons, game=game):
                                    lines.append((where, exp.text))
            for example_kind in EXAMPLE_KINDS:
                for game in Game:
                    for seed in seeds:
                        example = example_build(kind=example_kind, game=str(game), seed=seed)
                        if example is None:
                            continue
                        where = f"example:{example_kind}"
                        lines.append((where, str(example.question)))
                        for label, value in example.facts:
                            lines.append((where, f"{label}: {value}"))
                        for seat in example.seats:
                            if seat.note:
                                lines.append((where, f"{seat.label}: {seat.note}"))
                        for outcome in example.outcomes:
                            lines.append((where, f"{outcome.heading} | {outcome.answer}"))
                            for reason in outcome.reasons:
                                lines.append((where, reason.text))
            lines += self._walkthroughs(seeds)
        if options["all"]:
            for where, text in lines:
                self.stdout.write(f"{where}\t{text}")
            return
        counts = Counter(lines)
        for (where, text), count in sorted(counts.items()):
            self.stdout.write(f"{where}\t{count}\t{text}")

    def _walkthroughs(self, seeds: range) -> list[tuple[str, str]]:
        from tutorials.presenters.walkthrough import _log, _part_answer, _prompt
        from tutorials.walkthrough import walkthrough_get

        lines: list[tuple[str, str]] = []
        for game in Game:
            for profile in PROFILES:
                for seed in seeds:
                    walk = walkthrough_get(game=str(game), profile=str(profile), seed=seed)
                    for street in _log(walk, len(walk.final.events)):
                        for line in street["lines"]:
                            lines.append(("walkthrough:log", str(line)))
                    for step in walk.steps:
                        where = f"walkthrough:{step.kind}"
                        lines.append((where, _prompt(walk, step)))
                        for name, value in step.answer.items():
                            lines.append((where, _part_answer(walk, step, name, value)))
                        for exp in explain_reasons(step.reasons, game=game):
                            lines.append((where, exp.text))
        return lines
