"""Which rules and reason codes the quiz kinds reach, over many seeds (issue 19, item 5).

``tabulate(seeds)`` generates every kind for every game, level and profile it plays over
``seeds`` seeds and counts, per rule id and per reason code, the kinds that cite it and in what
share of their questions. ``manage.py quiz_coverage`` prints the table; the coverage test
fails on a taught rule or an engine reason code that no kind ever reaches.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import yaml

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import Level, Question, QuestionId
from rules.engine import PROFILES
from rules.sentences import SENTENCES

__all__ = [
    "HARD_CASES",
    "HARD_CASE_SHARE",
    "UNREACHABLE_BY_DESIGN",
    "Coverage",
    "HardCase",
    "rare_hard_cases",
    "tabulate",
    "taught_rules",
]

#: Reason codes no quiz kind asks about, and why (the code is still explained where it occurs).
UNREACHABLE_BY_DESIGN: Final[dict[str, str]] = {
    # R-BRING-10: every shipped profile lets the corrected bring-in complete (rules review E6);
    # "must bring in" is kept for a profile that would say otherwise.
    "corrected_must_bring_in": "no shipped profile",
    # R-BRING-8 PokerKit variant: no shipped profile forbids the fold.
    "next_opener_must_open": "no shipped profile",
    # R-POT-6 PokerKit variant: no shipped profile breaks odd chips by position.
    "odd_chip_position": "no shipped profile",
    # Irregularity remedies and dealing events: taught by rule pages, examples and the
    # walkthrough, not by a quiz kind.
    "premature_keeps_no_raise": "rule pages and examples",
    "premature_held_aside": "rule pages and examples",
    "premature_reshuffle": "rule pages and examples",
    "premature_card_no_raise": "rule pages and examples",
    "wrong_bring_in_stands": "rule pages and examples",
    "exposed_becomes_upcard": "rule pages and examples",
    "exposed_both_dead": "rule pages and examples",
    "exposed_misdeal": "rule pages and examples",
    "exposed_third_card_down": "rule pages and examples",
    "too_few_cards_dead": "rule pages and examples",
    "too_many_cards_dead": "rule pages and examples",
    "six_cards_not_dead": "rule pages and examples",
    "missing_seventh_may_be_live": "rule pages and examples",
    "seven_cards_live": "rule pages and examples",
    "upcards_picked_up_fold": "rule pages and examples",
    "upcards_picked_up_no_effect": "rule pages and examples",
    # Events of a whole hand: the walkthrough and the hand histories tell them.
    "ante_posted": "hand events",
    "ante_all_in": "hand events",
    "burned": "hand events",
    "dealt_down": "hand events",
    "dealt_up": "hand events",
    "community_card": "hand events",
    "dead_money": "hand events",
    "everyone_else_folded": "hand events",
    "no_betting_all_in": "hand events",
    "rake_taken": "hand events",
    # Asked in other words: the legal-action kind asks the all-in low card through
    # low_card_all_in_next_opens / next_opener_may_fold.
    "low_card_all_in_for_ante": "asked by legal-action",
    "next_player_may_fold": "asked by legal-action",
    "next_player_must_bring_in": "no shipped profile",
    # TDA 16 / WSOP-T 70: with a player all-in nobody shows first, so the showdown-order kind
    # does not ask that case under those profiles (the walkthrough skips it too).
    "all_in_hands_face_up": "nothing to ask",
}

#: Taught rules no quiz kind and no lesson step asks, and why.
NOT_ASKED_RULES: Final[dict[str, str]] = {
    "R-POT-8": "the rake is a house matter the pots page describes; no quiz deducts one",
    "R-BET-8": "the buy-in is a house matter the betting page describes; no hand depends on it",
    "R-IRR-0": "a note on a badly translated rulebook, not a rule of play",
}

_CONTENT: Final = Path(__file__).resolve().parents[2] / "rules" / "content" / "pages"
_COURSES: Final = Path(__file__).resolve().parents[2] / "tutorials" / "content" / "courses"


def taught_rules() -> frozenset[str]:
    """Every rule id a rule step of the site teaches (rules/content/pages)."""
    rules: set[str] = set()
    for path in sorted(_CONTENT.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for section in data.get("sections", ()):
            for step in section.get("steps", ()):
                rules.update(step.get("rules", ()))
    return frozenset(rules)


def lesson_rules() -> frozenset[str]:
    """Every rule id a lesson step asks about: the ``teaches`` of the course's interactive parts
    (tutorials/content/courses, read as data, since the course sits above the quizzes). The rule
    steps a lesson only lists for reading ask nothing, so they do not count."""
    rules: set[str] = set()
    for path in sorted(_COURSES.glob("*.yaml")):
        course = yaml.safe_load(path.read_text(encoding="utf-8"))
        for unit in course.get("units", ()):
            for lesson in unit.get("lessons", ()):
                for part in lesson.get("parts", ()):
                    rules.update(part.get("teaches", ()))
    return frozenset(rules)


def _codes(question: Question) -> set[str]:
    return {reason.code for reason in question.reasons}


@dataclass(frozen=True, slots=True)
class HardCase:
    """A case a floor audit found no question dealing (issue 29): the kinds that deal it, the
    questions where it can come up (``applies``: game and rulebook) and the test that it did."""

    name: str
    kinds: tuple[str, ...]
    applies: Callable[[QuestionId], bool]
    dealt: Callable[[Question], bool]


_TOURNAMENT: Final = frozenset({"tda", "wsop"})
#: Rulebooks that deal seventh street by Robert's Rules #15 (WSOP-T is silent).
_RR_DECK: Final = frozenset({"robert", "wsop"})

#: The six hard cases of the floor review (reviews/rules.md, issue 29 item 3). A learner meets
#: each in at least 1 % of some kind's questions where it applies; ``quiz_coverage`` lists them.
HARD_CASES: Final[tuple[HardCase, ...]] = (
    HardCase(
        "open pair on fourth street, stud high, tournament rulebook (R-BET-4)",
        ("bet-sizing",),
        lambda qid: qid.game == "stud" and qid.profile in _TOURNAMENT,
        lambda q: "open_pair_not_in_profile" in _codes(q),
    ),
    HardCase(
        "heads-up cap under TDA or WSOP-T (R-BET-6)",
        ("legal-action", "bet-sizing"),
        lambda qid: qid.profile in _TOURNAMENT,
        lambda q: "heads_up_still_capped" in _codes(q),
    ),
    HardCase(
        "corrected bring-in that then completes (R-BRING-10)",
        ("legal-action",),
        lambda qid: True,
        lambda q: (
            {"wrong_bring_in_corrected", "corrected_may_complete"} & _codes(q) != set()
            and (
                "complete" in q.answer
                or any(s.kind == "complete" for s in q.data["situation"].steps)
            )
        ),
    ),
    HardCase(
        "low card all-in for the ante, the next player may fold (R-BRING-8)",
        ("legal-action",),
        lambda qid: True,
        lambda q: "low_card_all_in_next_opens" in _codes(q) and "fold" in q.answer,
    ),
    HardCase(
        "exact E3 boundary: a burn and a card each, no more (R-CARDS-1)",
        ("out-of-cards",),
        lambda qid: qid.profile in _RR_DECK,
        lambda q: q.data["stub"] == q.data["players"] + 1,
    ),
    HardCase(
        "community card with the players' boards shown (R-ACT-6)",
        ("first-to-act",),
        lambda qid: True,
        lambda q: q.data.get("community") is not None,
    ),
)

#: A learner meets a hard case in at least this share of a kind's questions where it applies.
HARD_CASE_SHARE: Final = 0.01


@dataclass
class Coverage:
    """Counts of questions, per kind, citing each rule id and each reason code, and of the
    hard cases dealt among the questions where each applies."""

    questions: Counter[str] = field(default_factory=Counter)
    rules: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    codes: defaultdict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    #: case name -> kind -> [questions where it applies, questions that dealt it]
    cases: defaultdict[str, dict[str, list[int]]] = field(default_factory=lambda: defaultdict(dict))

    def case_shares(self) -> dict[str, dict[str, float]]:
        """Each hard case's share of the questions where it applies, per kind."""
        return {
            case.name: {
                kind: (dealt / applies if applies else 0.0)
                for kind, (applies, dealt) in self.cases[case.name].items()
            }
            for case in HARD_CASES
        }

    def case_table(self) -> list[str]:
        """One line per hard case: its kinds, share where it applies, and how many questions."""
        lines = []
        for case in HARD_CASES:
            parts = [
                f"{kind} {dealt / applies if applies else 0:.1%} ({dealt}/{applies})"
                for kind, (applies, dealt) in self.cases[case.name].items()
            ]
            lines.append(f"{case.name}: {', '.join(parts) or 'no questions'}")
        return lines

    def share(self, kind: str, count: int) -> float:
        return count / self.questions[kind] if self.questions[kind] else 0.0

    def table(self, by: str = "rules") -> list[str]:
        """One line per rule id (or reason code): the kinds and their share of questions."""
        counts = self.rules if by == "rules" else self.codes
        lines = []
        for key in sorted(counts):
            kinds = ", ".join(
                f"{kind} {self.share(kind, n):.0%}" for kind, n in counts[key].most_common()
            )
            lines.append(f"{key:<34} {kinds}")
        return lines


def tabulate(seeds: int = 20) -> Coverage:
    """Generate ``seeds`` questions per kind, game, level and profile, and count what they cite."""
    coverage = Coverage()
    profiles = list(PROFILES)
    for slug, kind in KINDS.items():
        for game in kind.games:
            for level in Level:
                for profile in profiles if kind.uses_profile else profiles[:1]:
                    for seed in range(seeds):
                        qid = question_id_parse(
                            kind=slug,
                            game=str(game),
                            profile=profile,
                            level=level.value,
                            seed=seed,
                        )
                        question = kind.generate(qid)
                        coverage.questions[slug] += 1
                        for case in HARD_CASES:
                            if slug in case.kinds and case.applies(qid):
                                counts = coverage.cases[case.name].setdefault(slug, [0, 0])
                                counts[0] += 1
                                counts[1] += case.dealt(question)
                        for rule in {reason.rule for reason in question.reasons}:
                            coverage.rules[rule][slug] += 1
                        for code in {reason.code for reason in question.reasons}:
                            coverage.codes[code][slug] += 1
    return coverage


def unreached_codes(coverage: Coverage) -> list[str]:
    """Reason codes with a sentence that no kind reached, beyond those unreachable by design."""
    return sorted(
        code
        for code in SENTENCES
        if code not in coverage.codes and code not in UNREACHABLE_BY_DESIGN
    )


def rare_hard_cases(coverage: Coverage) -> list[str]:
    """Hard cases no kind deals in at least ``HARD_CASE_SHARE`` of its questions."""
    return [
        name
        for name, shares in coverage.case_shares().items()
        if max(shares.values(), default=0.0) < HARD_CASE_SHARE
    ]


def unasked_rules(coverage: Coverage) -> list[str]:
    """Taught rules that no kind reached and no lesson step teaches, beyond the listed ones."""
    asked = set(coverage.rules) | lesson_rules() | set(NOT_ASKED_RULES)
    return sorted(taught_rules() - asked)
