"""One deck per question: whenever a question shows hands that could sit at one table (boards,
door cards, showdowns, splits, "rank these"), no card appears twice (sv.md, fi.md: the same
card in two hands of one question). A property over many seeds per kind, game and level."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import pytest

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.kinds.spot_mistake_bank import BANK
from rules.engine import Card

SEEDS = 120

#: Where each kind keeps the cards it shows, as one table.
TABLE: dict[str, Callable[[Mapping[str, Any]], object]] = {
    "rank-lows": lambda data: data["hands"],
    "bring-in": lambda data: data["doors"],
    "first-to-act": lambda data: [row["board"] for row in data["table"]],
    "split-pot": lambda data: data["hands"],
    "bet-sizing": lambda data: data["situation"].boards,
    "legal-action": lambda data: data["situation"].boards,
    "showdown-order": lambda data: data["situation"].boards,
    "best-high": lambda data: data["cards"],
    "best-low": lambda data: data["cards"],
    "qualify": lambda data: data["cards"],
}


def _cards(value: object) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _cards(item)


def test_every_kind_that_shows_cards_is_covered() -> None:
    no_cards = {"out-of-cards", "spot-mistake"}  # counts and statements, no cards shown
    assert set(KINDS) - no_cards == set(TABLE)


@pytest.mark.parametrize("slug", sorted(TABLE))
def test_no_card_appears_twice_in_one_question(slug: str) -> None:
    kind = KINDS[slug]
    checked = 0
    for game in kind.games:
        for level in ("easy", "normal", "hard"):
            for seed in range(SEEDS):
                qid = question_id_parse(
                    kind=slug, game=str(game), profile="robert", level=level, seed=seed
                )
                cards = list(_cards(TABLE[slug](kind.generate(qid).data)))
                twice = sorted(str(card) for card, n in Counter(cards).items() if n > 1)
                assert not twice, (slug, str(game), level, seed, twice)
                checked += 1
    assert checked >= SEEDS * 3


def test_rank_lows_five_hands_come_from_one_deck() -> None:
    # The review's case: five razz or stud/8 lows at the hard level used to share cards.
    for game in ("stud8", "razz"):
        for seed in range(300):
            qid = question_id_parse(
                kind="rank-lows", game=game, profile="robert", level="hard", seed=seed
            )
            hands = KINDS["rank-lows"].generate(qid).data["hands"]
            cards = [card for hand in hands for card in hand]
            assert len(hands) == 5 and len(cards) == len(set(cards)), (game, seed)


def test_spot_the_mistake_statements_show_no_card_twice() -> None:
    for statement in BANK:
        for text in (str(statement.text), str(statement.correction)):
            codes = [c for group in re.findall(r"\[([^\]]+)\]", text) for c in group.split()]
            assert len(codes) == len(set(codes)), (statement.key, text)
