"""The split-the-pot quiz (R-POT-1..7): generated payouts checked against the pot rules written
out independently of the engine, and answers judged through the site."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS

HIGH = "23456789TJQKA"
LOW = "A23456789TJQK"
SUITS = "cdhs"

#: R-POT-6 per profile (rules-facts section 13): Robert's Rules look at all seven cards and
#: give a low half's odd chip to the lowest card; TDA/WSOP take the high card by suit in the
#: five-card hand (for a low, the low's top card, the ace counting low: the engine's choice
#: for the sheet's open point).
ALL_CARDS = {"robert": True, "tda": False, "wsop": False, "wsop_la": False}


def _high_value(five: Sequence[str]) -> tuple[int, ...]:
    ranks = sorted((HIGH.index(c[0]) + 2 for c in five), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c[1] for c in five}) == 1
    straight = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight = ranks[0]
    elif ranks == [14, 5, 4, 3, 2]:
        straight = 5
    if straight and flush:
        return (8, straight)
    if shape == [4, 1]:
        return (7, *groups)
    if shape == [3, 2]:
        return (6, *groups)
    if flush:
        return (5, *ranks)
    if straight:
        return (4, straight)
    category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    return (category, *groups)


def _low_value(five: Sequence[str], qualifier: int | None) -> tuple[int, ...] | None:
    """Smaller is better; None when it does not qualify (R-LOW-3, R-LOW-5)."""
    values = [LOW.index(c[0]) + 1 for c in five]
    counts = Counter(values)
    if qualifier is not None and (len(counts) < 5 or max(values) > qualifier):
        return None
    groups = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    return (-len(counts), *groups)


def _best_high(seven: Sequence[str]) -> tuple[tuple[int, ...], list[Sequence[str]]]:
    scored = [(_high_value(five), five) for five in combinations(seven, 5)]
    best = max(value for value, _five in scored)
    return best, [five for value, five in scored if value == best]


def _best_low(
    seven: Sequence[str], qualifier: int | None
) -> tuple[tuple[int, ...] | None, list[Sequence[str]]]:
    scored = [
        (value, five)
        for five in combinations(seven, 5)
        if (value := _low_value(five, qualifier)) is not None
    ]
    if not scored:
        return None, []
    best = min(value for value, _five in scored)
    return best, [five for value, five in scored if value == best]


def _by_suit(card: str, *, ace_low: bool) -> tuple[int, int]:
    return ((LOW if ace_low else HIGH).index(card[0]), SUITS.index(card[1]))


def _odd_chip_order(
    winners: list[int], side: str, hands: dict[int, list[str]], fives: dict, profile: str
) -> list[int]:
    """R-POT-6: the order in which tied winners receive odd chips."""
    if ALL_CARDS[profile]:
        if side == "low":  # the lowest card by suit, all the player's cards
            return sorted(winners, key=lambda s: min(_by_suit(c, ace_low=True) for c in hands[s]))
        return sorted(
            winners, key=lambda s: max(_by_suit(c, ace_low=False) for c in hands[s]), reverse=True
        )
    ace_low = side == "low"
    return sorted(
        winners,
        key=lambda s: max(_by_suit(c, ace_low=ace_low) for five in fives[side][s] for c in five),
        reverse=True,
    )


def expected_payouts(
    game: str, hands: Sequence[Sequence[str] | None], chips: Sequence[int], profile: str
) -> list[int]:
    """The pot rules from the sheet: layered pots (R-POT-7), halves (R-POT-1), scoop and no
    low (R-POT-2/3), ties and identical hands (R-POT-4), odd chips (R-POT-5/6)."""
    cards = {s: list(hand) for s, hand in enumerate(hands) if hand is not None}
    live = list(cards)
    qualifier = 8 if game == "stud8" else None
    high = {s: _best_high(cards[s]) for s in live}
    low = {s: _best_low(cards[s], qualifier) for s in live}
    fives = {"high": {s: high[s][1] for s in live}, "low": {s: low[s][1] for s in live}}
    pay = [0] * len(hands)
    previous = 0
    levels = sorted({chips[s] for s in live})
    for n, level in enumerate(levels):
        amount = sum(min(c, level) - min(c, previous) for c in chips)
        if n == len(levels) - 1:
            amount += sum(max(c - level, 0) for c in chips)
        previous = level
        eligible = [s for s in live if chips[s] >= level]
        top_high = max(high[s][0] for s in eligible)
        high_winners = [s for s in eligible if high[s][0] == top_high]
        lows = {s: value for s in eligible if (value := low[s][0]) is not None}
        low_winners = []
        if lows:
            top_low = min(lows.values())
            low_winners = [s for s, value in lows.items() if value == top_low]
        got_odd: set[int] = set()  # RR Ties #4: one odd chip per player and pot

        def split(total: int, winners: list[int], side: str, got_odd: set[int] = got_odd) -> None:
            base, extra = divmod(total, len(winners))
            for s in winners:
                pay[s] += base
            order = _odd_chip_order(winners, side, cards, fives, profile)
            order = [s for s in order if s not in got_odd] + [s for s in order if s in got_odd]
            for s in order[:extra]:
                pay[s] += 1
                got_odd.add(s)

        if len(eligible) == 1:
            pay[eligible[0]] += amount
        elif game == "stud":
            split(amount, high_winners, "high")
        elif game == "razz":
            split(amount, low_winners, "low")
        elif not low_winners or set(high_winners) == set(low_winners):
            split(amount, high_winners, "high")
        else:
            split(amount - amount // 2, high_winners, "high")
            split(amount // 2, low_winners, "low")
    return pay


GAMES = ("stud", "stud8", "razz")
LEVELS = ("easy", "normal", "hard")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("profile", ["robert", "tda"])
def test_r_pot_1_7_payouts_match_the_pot_rules(game: str, level: str, profile: str) -> None:
    quiz = KINDS["split-pot"]
    for seed in range(120):
        qid = question_id_parse(
            kind="split-pot", game=game, profile=profile, level=level, seed=seed
        )
        question = quiz.generate(qid)
        hands = [None if h is None else [str(c) for c in h] for h in question.data["hands"]]
        chips = question.data["contributions"]
        expected = expected_payouts(game, hands, chips, profile)
        assert sum(expected) == question.data["total"] == sum(chips), f"seed {seed}"
        assert question.answer == tuple((s, expected[s]) for s in question.data["live"]), seed


def test_easy_questions_have_one_pot_and_no_odd_chip() -> None:
    quiz = KINDS["split-pot"]
    for game in GAMES:
        for seed in range(100):
            qid = question_id_parse(
                kind="split-pot", game=game, profile="robert", level="easy", seed=seed
            )
            question = quiz.generate(qid)
            assert len(question.data["pots"]) == 1, f"seed {seed}"
            assert not question.data["pots"][0]["odd"], f"seed {seed}"


def test_each_level_reaches_its_cases() -> None:
    """Normal stud/8 covers scoops, no low, quartering and odd chips; hard levels side pots."""
    quiz = KINDS["split-pot"]
    codes: Counter[str] = Counter()
    side_pots = 0
    for seed in range(200):
        qid = question_id_parse(
            kind="split-pot", game="stud8", profile="robert", level="normal", seed=seed
        )
        codes.update(reason.code for reason in quiz.generate(qid).reasons)
        qid = question_id_parse(
            kind="split-pot", game="razz", profile="tda", level="hard", seed=seed
        )
        side_pots += len(quiz.generate(qid).data["pots"]) > 1
    for code in ("scoop", "no_qualifying_low", "halves", "low_tie_split", "odd_chip_to_high"):
        assert codes[code], code
    assert codes["odd_chip_lowest_card"] or codes["odd_chip_highest_card"]
    assert side_pots > 80


def test_r_pot_6_profile_changes_some_odd_chips() -> None:
    """Q40: Robert's Rules and TDA can give the odd chip of a tied pot to different players."""
    quiz = KINDS["split-pot"]
    differ = 0
    for seed in range(300):
        qid = question_id_parse(
            kind="split-pot", game="stud", profile="tda", level="normal", seed=seed
        )
        question = quiz.generate(qid)
        hands = [None if h is None else [str(c) for c in h] for h in question.data["hands"]]
        chips = question.data["contributions"]
        differ += expected_payouts("stud", hands, chips, "robert") != expected_payouts(
            "stud", hands, chips, "tda"
        )
    assert differ > 0


def _post_data(question, *, wrong: bool = False) -> dict[str, str]:
    data = {f"share{seat}": str(amount) for seat, amount in question.answer}
    if wrong:
        # One chip moved from one player to another: wrong, but still adding up to the pot.
        seat, amount = next((s, a) for s, a in question.answer if a > 0)
        other, other_amount = next((s, a) for s, a in question.answer if s != seat)
        data[f"share{seat}"] = str(amount - 1)
        data[f"share{other}"] = str(other_amount + 1)
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_side_pot_feedback_shows_every_pot(client: Client, game: str) -> None:
    quiz = KINDS["split-pot"]
    for seed in range(40):
        qid = question_id_parse(kind="split-pot", game=game, profile="tda", level="hard", seed=seed)
        question = quiz.generate(qid)
        if len(question.data["pots"]) > 1:
            break
    response = client.post(
        f"/en/practice/split-pot/{game}/tda/hard/{seed}/",
        _post_data(question),
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert b"Right!" in response.content
    assert b"Side pot 1" in response.content


@pytest.mark.django_db
@pytest.mark.parametrize(
    "junk",
    [{}, {"share0": "x"}, {"share0": "-1", "share1": "1"}, {"share0": "99999", "share1": "0"}],
)
def test_junk_shares_get_a_422(client: Client, junk: dict[str, str]) -> None:
    response = client.post("/en/practice/split-pot/stud/robert/easy/1/", junk)
    assert response.status_code == 422
