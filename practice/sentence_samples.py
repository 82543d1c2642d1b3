"""The sentences the site builds from the engine, rendered in the active language, so a native
reader reads real output rather than templates (``manage.py rendersentences``) and the
house-terms test checks every generated sentence shape (tests/rules/test_house_terms.py).

Quiz questions of every kind, game, rulebook and level (prompt, right answer, reasons), the
worked examples of every kind and game (question, seat notes, answers, reasons, facts) and
walkthrough hands (prompt, log, answers, reasons).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from core.cards import card_name_of
from practice.kinds import KINDS
from practice.presenters import walkthrough as walk_view
from practice.quiz import AnswerError, Question, QuizError, QuizKind
from practice.services import question_get
from practice.walkthrough import walkthrough_get
from rules.engine import PROFILES, parse_cards
from rules.examples import EXAMPLE_KINDS, example_build
from rules.explain import explain_reasons

__all__ = ["quiz_questions", "sentence_samples", "sentence_shapes"]

GAMES = ("stud", "stud8", "razz")
LEVELS = ("easy", "normal", "hard")
_DECK = " ".join(rank + suit for rank in "AKQJT98765432" for suit in "shdc")


def quiz_questions(*, seeds: int) -> Iterator[tuple[QuizKind, Question]]:
    """A question of every quiz kind, game, rulebook and level for each of ``seeds`` seeds
    (a kind not played in a game has none there)."""
    for kind in KINDS:
        for game in GAMES:
            for profile in PROFILES:
                for level in LEVELS:
                    for seed in range(1, seeds + 1):
                        try:
                            yield question_get(
                                kind=kind, game=game, profile=profile, level=level, seed=seed
                            )
                        except (QuizError, AnswerError, ValueError):
                            break


def sentence_samples(*, seeds: int) -> Iterator[tuple[str, str]]:
    """(where, sentence) for every generated sentence over ``seeds`` seeds, in order."""
    for quiz, question in quiz_questions(seeds=seeds):
        where = f"quiz {question.qid.kind}"
        yield where, str(quiz.prompt(question))
        yield where, str(quiz.describe_answer(question))
        for explanation in explain_reasons(question.reasons, game=question.qid.game):
            yield f"{where} reason", explanation.text
    for kind in EXAMPLE_KINDS:
        for game in GAMES:
            for seed in range(1, seeds + 1):
                example = example_build(kind=kind, game=game, seed=seed)
                if example is None:
                    break
                where = f"example {kind}"
                yield where, str(example.question)
                for seat in example.seats:
                    yield f"{where} note", str(getattr(seat, "note", ""))
                for outcome in example.outcomes:
                    yield f"{where} heading", str(outcome.heading)
                    yield f"{where} answer", str(outcome.answer)
                    for reason in outcome.reasons:
                        yield f"{where} reason", reason.text
                for label, value in example.facts:
                    yield f"{where} fact", f"{label}: {value}"
    for game in GAMES:
        for profile in PROFILES:
            for seed in range(1, max(2, seeds // 4) + 1):
                walk = walkthrough_get(game=game, profile=profile, seed=seed)
                for step in walk.steps:
                    view = walk_view.walkthrough_step_view(walk, step)
                    yield "walkthrough prompt", str(view["prompt"])
                    for street in view["log"]:
                        for line in street["lines"]:
                            yield "walkthrough log", str(line)
                    for name, value in step.answer.items():
                        yield "walkthrough answer", walk_view._part_answer(walk, step, name, value)
                    for explanation in explain_reasons(step.reasons, game=game):
                        yield "walkthrough reason", explanation.text


def _shape(text: str, cards: re.Pattern[str]) -> str:
    """The sentence with its cards, numbers, seat orders and rank runs as placeholders."""
    text = cards.sub("CARD", text)
    text = re.sub(r"CARD(?:(?:, | och | og | ja | and )CARD)+", "CARDS", text)
    text = re.sub(r"\d+", "#", text)
    text = re.sub(r"\b[A-E](?: > [A-E])+", "ORDER", text)
    return re.sub(r"\b(?:[A-Z]|10|[2-9])(?:-(?:[A-Z]|10|[2-9]|#))+\b", "RANKS", text)


def sentence_shapes(samples: Iterator[tuple[str, str]]) -> list[tuple[str, str]]:
    """The first sentence of each distinct shape, with where it came from."""
    names = {card_name_of(card) for card in parse_cards(_DECK)}
    cards = re.compile(
        "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True)), re.IGNORECASE
    )
    seen: set[str] = set()
    shapes = []
    for where, text in samples:
        text = " ".join(text.split())
        shape = _shape(text, cards)
        if text and shape not in seen:
            seen.add(shape)
            shapes.append((where, text))
    return shapes
