"""Print, for one language, the sentences the site generates, so a native reader reads real output.

Quiz questions of every kind, game, rulebook and level (prompt, right answer, reasons), the worked
examples of every kind and game (question, seat notes, answers, reasons, facts) and walkthrough
hands (prompt, log, answers, reasons). Each distinct sentence shape is printed once, with the
first text that had it (cards, amounts and seats replaced by placeholders to find the shape).

    .venv/bin/python scripts/render_sentences.py sv [--seeds 40] > /tmp/sv-sentences.txt
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "site")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stud_site.settings")

import django  # noqa: E402

django.setup()

from django.utils import translation  # noqa: E402

from rules.engine.profiles import PROFILES  # noqa: E402
from rules.examples import example_build  # noqa: E402
from rules.explain import explain_reasons  # noqa: E402
from tutorials.kinds import KINDS  # noqa: E402
from tutorials.presenters import walkthrough as walk_view  # noqa: E402
from tutorials.quiz import AnswerError, QuizError  # noqa: E402
from tutorials.services import question_get  # noqa: E402
from tutorials.walkthrough import walkthrough_get  # noqa: E402

EXAMPLE_KINDS = (
    "bring_in",
    "first_to_act",
    "best_high",
    "best_low",
    "split_pot",
    "showdown_order",
    "bet_sizes",
    "community_card",
    "deal",
)
GAMES = ("stud", "stud8", "razz")
LEVELS = ("easy", "normal", "hard")


def _card_names() -> re.Pattern[str]:
    from core.cards import card_name_of
    from rules.engine import parse_cards

    names = {card_name_of(card) for card in parse_cards(_DECK, distinct=True)}
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(pattern, re.IGNORECASE)


_DECK = " ".join(rank + suit for rank in "AKQJT98765432" for suit in "shdc")
_CARDS: list[re.Pattern[str]] = []


def _shape(text: str) -> str:
    if not _CARDS:
        _CARDS.append(_card_names())
    text = _CARDS[0].sub("CARD", text)
    text = re.sub(r"CARD(?:(?:, | och | og | ja | and )CARD)+", "CARDS", text)
    text = re.sub(r"\d+", "#", text)
    text = re.sub(r"\b[A-E](?: > [A-E])+", "ORDER", text)
    text = re.sub(r"\b(?:[A-Z]|10|[2-9])(?:-(?:[A-Z]|10|[2-9]|#))+\b", "RANKS", text)
    return text


class Collector:
    def __init__(self) -> None:
        self.seen: dict[str, str] = {}
        self.order: list[tuple[str, str]] = []

    def add(self, where: str, text: object) -> None:
        text = " ".join(str(text).split())
        if not text:
            return
        shape = _shape(text)
        if shape not in self.seen:
            self.seen[shape] = text
            self.order.append((where, text))


def collect(seeds: int) -> Collector:
    out = Collector()
    for kind in KINDS:
        for game in GAMES:
            for profile in PROFILES:
                for level in LEVELS:
                    for seed in range(1, seeds + 1):
                        try:
                            quiz, question = question_get(
                                kind=kind, game=game, profile=profile, level=level, seed=seed
                            )
                        except (QuizError, AnswerError, ValueError):
                            break
                        where = f"quiz {kind}"
                        out.add(where, quiz.prompt(question))
                        out.add(where, quiz.describe_answer(question))
                        for explanation in explain_reasons(question.reasons, game=game):
                            out.add(where + " reason", explanation.text)
    for kind in EXAMPLE_KINDS:
        for game in GAMES:
            for seed in range(1, seeds + 1):
                example = example_build(kind=kind, game=game, seed=seed)
                if example is None:
                    break
                where = f"example {kind}"
                out.add(where, example.question)
                for seat in example.seats:
                    out.add(where + " note", getattr(seat, "note", ""))
                for outcome in example.outcomes:
                    out.add(where + " heading", outcome.heading)
                    out.add(where + " answer", outcome.answer)
                    for reason in outcome.reasons:
                        out.add(where + " reason", reason.text)
                for label, value in example.facts:
                    out.add(where + " fact", f"{label}: {value}")
    for game in GAMES:
        for profile in PROFILES:
            for seed in range(1, max(2, seeds // 4) + 1):
                walk = walkthrough_get(game=game, profile=profile, seed=seed)
                for step in walk.steps:
                    view = walk_view.walkthrough_step_view(walk, step)
                    out.add("walkthrough prompt", view["prompt"])
                    for street in view["log"]:
                        for line in street["lines"]:
                            out.add("walkthrough log", line)
                    for name, value in step.answer.items():
                        answer = walk_view._part_answer(walk, step, name, value)
                        out.add("walkthrough answer", answer)
                    for explanation in explain_reasons(step.reasons, game=game):
                        out.add("walkthrough reason", explanation.text)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("language")
    parser.add_argument("--seeds", type=int, default=30)
    args = parser.parse_args()
    with translation.override(args.language):
        out = collect(args.seeds)
    for where, text in out.order:
        print(f"[{where}] {text}")
    print(f"# {len(out.order)} distinct sentence shapes", file=sys.stderr)


if __name__ == "__main__":
    main()
