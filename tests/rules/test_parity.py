"""The four languages say the same rules, text by text, with English as the reference.

For every text of rules/content (step bodies and titles, section intros, page summaries,
glossary definitions, the differences), Swedish, Danish and Finnish must show the same cards
(``[..]`` markup), the same dollar amounts, the same numerals and the same links to other rules
(pages, sections, steps) as English,
and no language may show a rule id. The rule ids a step teaches are one list shared by the four
languages; the test checks that each step cites some and that they are ids of the spec.

One test per text: a failure names the text, the language and the difference. For the whole
list at once: ``python -m rules.parity`` (or ``--summary``, ``--language fi``, ``--page stud``).
"""

from __future__ import annotations

import doctest
import re

import pytest

import rules.parity
from rules.parity import (
    LANGUAGES,
    Unit,
    content_units,
    main,
    parity_mismatches,
    text_facts,
    unit_mismatches,
)

UNITS = content_units()


def test_the_content_is_read_text_by_text() -> None:
    keys = {unit.key for unit in UNITS}
    assert "stud/forced-bets/who-brings-in" in keys
    assert "glossary/bring-in" in keys and "differences/raise-cap" in keys
    assert len(UNITS) > 400
    assert all(set(unit.texts) == set(LANGUAGES) for unit in UNITS)


def test_steps_cite_rule_ids_of_the_spec_shared_by_all_languages() -> None:
    steps = [unit for unit in UNITS if unit.key.count("/") == 2 and unit.field == "body"]
    assert len(steps) > 90
    for unit in steps:
        if unit.key.startswith(("glossary/", "differences/")):
            continue
        assert unit.rules, f"{unit.key} cites no rule"
        for rule in unit.rules:
            assert re.fullmatch(r"R-[A-Z]+-\d+", rule), (unit.key, rule)


@pytest.mark.parametrize(
    ("text", "cards", "amounts", "numbers"),
    [
        ("[As Kd] vs [10h 2c]", {"As", "Kd", "Th", "2c"}, set(), set()),
        ("At $5/$10 the bring-in is $2.", set(), {2, 5, 10}, {"2", "5", "10"}),
        ("15/30 dollarin pelissä bring-in 5 dollaria", set(), {15, 30, 5}, {"15", "30", "5"}),
        ("30 $ ja 1 000 $ panos", set(), {30, 1000}, {"30", "1000"}),
        ("1. First\n2. Second with 48 + 3 = 51", set(), set(), {"48", "3", "51"}),
        ("see {{step:stud/betting/open-pair}} and {{term:big-bet|$10}}", set(), {10}, {"10"}),
        ("Sääntö R-BET-5 sanoo", set(), set(), set()),
        ("In stud/8 and Stud/8 an 8 is fine", set(), set(), {"8"}),
        ("i stud/8 gäller", set(), set(), set()),
    ],
)
def test_the_facts_of_a_text(
    text: str, cards: set[str], amounts: set[int], numbers: set[str]
) -> None:
    facts = text_facts(text)
    assert (set(facts.cards), set(facts.amounts), set(facts.numbers)) == (cards, amounts, numbers)


def test_a_difference_is_reported_with_text_language_and_what_differs() -> None:
    unit = Unit(
        "stud/betting/example",
        "body",
        {
            "en": "At $5/$10, [Kh] bets $10; see {{step:stud/betting/cap}}.",
            "sv": "Vid $5/$10 satsar [Kh] $10; se {{step:stud/betting/cap|taket}}.",
            "da": "Ved $5/$10 better [Ks] $20 {{term:cap}}.",
            "fi": "Panos R-BET-1: [Kh] $5/$10, $10 {{step:stud/betting/cap}}.",
        },
    )
    found = [str(m) for m in unit_mismatches(unit)]
    assert found == [
        "stud/betting/example body [da] cards: missing Kh; extra Ks",
        "stud/betting/example body [da] amounts: extra 20",
        "stud/betting/example body [da] numerals: extra 20",
        "stud/betting/example body [da] links: missing step:stud/betting/cap",
        "stud/betting/example body [fi] rule ids in the text: extra R-BET-1",
    ]


def test_the_script_lists_mismatches_and_fails_while_there_are_any(
    capsys: pytest.CaptureFixture[str],
) -> None:
    remaining = parity_mismatches()
    code = main(["--summary"])
    out = capsys.readouterr()
    assert code == (1 if remaining else 0)
    assert f"{len(remaining)} mismatch(es)" in out.err


def test_the_module_s_examples() -> None:
    result = doctest.testmod(rules.parity)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("unit", UNITS, ids=[unit.name.replace(" ", ":") for unit in UNITS])
def test_every_language_says_what_english_says(unit: Unit) -> None:
    mismatches = unit_mismatches(unit)
    assert not mismatches, "\n".join(str(m) for m in mismatches)
