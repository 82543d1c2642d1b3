"""Small counts in running prose are words, not digits (the Finnish review's F3, Swedish S26,
Danish D24): every generated sentence shape (practice.sentence_samples: quiz prompts, answers,
reasons and mistakes, worked examples, walkthrough) in every language. Digits stay for amounts,
seat and side-pot numbers, card ranks and rank runs, counts above ten and "label: value" facts.
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from django.utils.text import capfirst
from django.utils.translation import gettext, override

from core import words

# Numbers that are not counts in prose, removed before looking for a small count in digits.
_RANKS = r"(?:10|[2-9AKQJT])"
_NOT_COUNTS = (
    rf"\b{_RANKS}(?:-{_RANKS})+\b",  # a rank run, "8-7-6-5-4"
    rf"\({_RANKS}(?:, {_RANKS})+\)",  # a list of ranks, "(A, 2, 3, 4)"
    rf"\b{_RANKS}[♠♥♦♣]\ufe0e?",  # a card, "A♥"
    r"\b\d+/\d+\b",  # stakes, "5/10 dollar" (Swedish writes the limits so)
)
_SMALL_COUNT = re.compile(r"(?<![\d.,])\b(?:[0-9]|10)\b(?![\d.,])")


@cache
def _not_counts(language: str) -> re.Pattern[str]:
    """Amounts, seat names and side pots as the language writes them, and the patterns above."""
    with override(language):
        shapes = [
            words.amount(7),
            words.seat_name(6),
            words.seat_label(6),
            words.signed_amount(-7),
            words.signed_amount(7),
        ]
        side_pot = gettext("side pot %(number)s") % {"number": 7}
        shapes += [side_pot, capfirst(side_pot), gettext("Side pot %(number)s") % {"number": 7}]
    # sentence_shapes joins whitespace: "7\xa0dollar" reads "7 dollar" there
    numbered = [
        re.escape(" ".join(shape.split())).replace(r"\ ", r"\s").replace("7", r"\d+")
        for shape in shapes
    ]
    return re.compile("|".join([*numbered, *_NOT_COUNTS]))


def _digit_counts(language: str, text: str) -> list[str]:
    return _SMALL_COUNT.findall(_not_counts(language).sub(" ", text))


@pytest.mark.parametrize(
    ("language", "text", "found"),
    [
        ("fi", "Vain 3 eri arvoa on kahdeksan tai pienempiä", ["3"]),
        ("fi", "Kierroksella saa vielä korottaa 2 kertaa", ["2"]),
        ("fi", "Paikka 3 maksaa 10 $ ja saa 20 $.", []),
        ("fi", "paras low-käsi, 8-7-6-5-4, ja (A, 2, 3, 4)", []),
        ("sv", "Bara 4 olika valörer är åtta eller lägre", ["4"]),
        ("sv", "Plats 2 höjer till 20\xa0dollar; sidopott 1 går till plats 3.", []),
        ("da", "Kun 4 forskellige værdier", ["4"]),
        ("en", "48 cards have been dealt and 3 burned", ["3"]),
        ("en", "48 cards have been dealt and three burned; seat 4 bets $10.", []),
    ],
)
def test_the_check_finds_small_counts_in_digits_and_nothing_else(
    language: str, text: str, found: list[str]
) -> None:
    assert _digit_counts(language, text) == found


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_no_generated_sentence_prints_a_small_count_in_digits(language: str) -> None:
    from practice.sentence_samples import sentence_samples, sentence_shapes

    with override(language):
        shapes = sentence_shapes(sentence_samples(seeds=4))
    assert len(shapes) > 100
    problems = [
        f"[{where}] {text[:140]}"
        for where, text in shapes
        # "Players dealt in: 8": a fact's label and value, a compact table, keeps its digits
        if not where.endswith(" fact") and _digit_counts(language, text)
    ]
    assert not problems, "\n".join(problems)
