"""Coverage (issue 19, item 5): over N seeds per kind, game, level and profile the quiz kinds
reach every rule the site teaches (or a lesson step teaches it) and every reason code of the
engine, rare branches included; ``manage.py quiz_coverage`` prints the table."""

from __future__ import annotations

from functools import cache

from practice.kinds.coverage import (
    NOT_ASKED_RULES,
    UNREACHABLE_BY_DESIGN,
    Coverage,
    tabulate,
    taught_rules,
    unasked_rules,
    unreached_codes,
)
from rules.sentences import SENTENCES

SEEDS = 8


@cache
def _coverage() -> Coverage:
    return tabulate(SEEDS)


def test_every_taught_rule_is_asked_by_a_kind_or_a_lesson_step() -> None:
    assert unasked_rules(_coverage()) == []


def test_every_reason_code_is_reached_by_some_kind() -> None:
    assert unreached_codes(_coverage()) == []


def test_rare_branches_are_reached() -> None:
    codes = _coverage().codes
    for code in (
        "bring_in_all_in_for_less",  # R-BRING-9: never came up in ~250 third-street questions
        "full_bring_in_to_call",  # R-BRING-9
        "fold_with_no_bet",  # R-IRR-3
        "side_pot_shows_before_all_in",  # R-SHOW-1
        "open_pair_not_in_game",  # R-BET-3
        "open_pair_not_in_profile",  # R-BET-4
        "call_all_in_for_less",  # R-BET-7
        "short_all_in_not_reopened",  # R-BET-7
        "lower_pair_wins",  # R-LOW-5
    ):
        assert codes[code], code


def test_the_exception_lists_are_not_stale() -> None:
    assert set(UNREACHABLE_BY_DESIGN) <= set(SENTENCES)
    assert set(NOT_ASKED_RULES) <= taught_rules()
    reached = set(_coverage().codes)
    assert not reached & set(UNREACHABLE_BY_DESIGN), reached & set(UNREACHABLE_BY_DESIGN)


def test_every_hard_case_of_the_floor_review_is_dealt_to_a_learner() -> None:
    """Issue 29 item 3: the six cases 109 audited questions never dealt. Each comes up in at
    least 1 % of some kind's questions where it applies (its game and rulebooks)."""
    from practice.kinds.coverage import HARD_CASE_SHARE, HARD_CASES, rare_hard_cases

    coverage = _coverage()
    assert len(HARD_CASES) == 6
    assert rare_hard_cases(coverage) == []
    shares = coverage.case_shares()
    for case in HARD_CASES:
        assert max(shares[case.name].values()) >= HARD_CASE_SHARE, case.name
    lines = coverage.case_table()
    assert len(lines) == 6 and all("%" in line for line in lines)


def test_a_hard_case_never_dealt_fails_the_check() -> None:
    from practice.kinds.coverage import HARD_CASES, rare_hard_cases

    empty = Coverage()
    assert rare_hard_cases(empty) == [case.name for case in HARD_CASES]


def test_the_table_names_kinds_and_shares() -> None:
    table = _coverage().table()
    line = next(line for line in table if line.startswith("R-BRING-9"))
    assert "legal-action" in line and "%" in line


def test_a_rule_step_a_lesson_only_lists_for_reading_asks_nothing() -> None:
    """A lesson's ``steps`` are the rule texts it links for reading; only its interactive
    steps' ``teaches`` ask a rule (the coverage once counted both, so 15 rules nothing asked
    passed as asked)."""
    import yaml

    from practice.kinds.coverage import _CONTENT, _COURSES, lesson_rules

    by_step = {
        f"{path.stem}/{section['slug']}/{step['slug']}": set(step.get("rules", ()))
        for path in _CONTENT.glob("*.yaml")
        for section in yaml.safe_load(path.read_text(encoding="utf-8"))["sections"]
        for step in section["steps"]
    }
    listed: set[str] = set()
    asked: set[str] = set()
    for path in _COURSES.glob("*.yaml"):
        for unit in yaml.safe_load(path.read_text(encoding="utf-8"))["units"]:
            for lesson in unit["lessons"]:
                for key in lesson.get("steps", ()):
                    listed |= by_step.get(key, set())
                for part in lesson.get("parts", ()):
                    asked |= set(part.get("teaches", ()))
    assert lesson_rules() == asked
    assert listed - asked  # lessons do list rules for reading that no step of theirs asks
