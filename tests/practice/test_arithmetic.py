"""Sums and counts written out in generated sentences are true (issue 26 item 5).

Every practice question of every kind, game, rulebook and level, over many seeds, in all four
languages: the prompt, the right answer and the explanations; for the kinds whose templates and
mistake sentences write sums and shares (out of cards, split pot; a grep of the catalogues for
"+", "=", "of", "half", "share" and "total" finds no other quiz shape), also the question and
answer panels (the template's partials) and the sentence on a wrong answer.
The numbers are read back from the text as the learner sees it and checked:

* every written-out sum, "a + b − c = d", adds up (wherever it appears);
* running out of cards: dealt + burned + left = 52, and the count "needed for a normal deal"
  names the parts the rulebook counts: a burn and a card each under Robert's Rules #15 (and
  WSOP-T, which is silent), one more card kept back under TDA RP-10-H and WSOP-LA 228;
* split pots: the contributions make the pot, the shares add up to it (answer, table, the
  sentence that shares it out), the halves to their pot, a tie's equal shares to what it
  splits, the main and side pots to the chips put in, and the seat the learner paid wrongly
  is told his payout and what he wins of each pot ("all of", "the high half of").

The sentences are read with the active language's own catalogue string turned into a pattern,
so the same checks read Swedish, Danish, Finnish and English. The test prints how many
sentences it checked and how many sums and counts it read.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils.translation import gettext, ngettext, override

from core.numerals import NUMBER_FORMS, number_words
from practice.kinds import KINDS
from practice.presenters.quiz import explain, mistake_text
from practice.quiz import QuizError
from practice.services import question_get
from rules.engine import PROFILES

LANGUAGES = ("en", "sv", "da", "fi")
GAMES = ("stud", "stud8", "razz")
LEVELS = ("easy", "normal", "hard")
SEEDS = range(1, 4)
# The kinds whose numbers are checked one by one beyond the written-out sums, more seeds each.
DEEP_SEEDS = range(1, 11)
# Robert's Rules #15 (and WSOP-T, silent: RR applies) count a burn and a card for each player;
# TDA RP-10-H and WSOP-LA 228 keep one more card back (rules-facts R-CARDS-1, R-CARDS-2).
EXTRA_NEEDED = {"robert": 1, "wsop": 1, "tda": 2, "wsop_la": 2}

_SUM = re.compile(r"(\d+)[^\d=+−]*?((?:\s[+−]\s\d+[^\d=+−]*?)+)\s=\s(\d+)")
_TERM = re.compile(r"\s([+−])\s(\d+)")
_TAG = re.compile(r"<[^>]+>")


class Tally:
    """What the run read: sentences, and sums and counts by shape."""

    def __init__(self) -> None:
        self.sentences = 0
        self.checks: Counter[str] = Counter()

    def check(self, shape: str, ok: bool, message: str) -> None:
        self.checks[shape] += 1
        assert ok, message


def _texts(fragment: str) -> list[str]:
    """The text of each block of an HTML fragment (a paragraph, a table cell, a list item)."""
    blocks = re.split(r"</?(?:p|dd|dt|td|th|li|caption|legend|label|div|tr)\b[^>]*>", fragment)
    texts = (" ".join(html.unescape(_TAG.sub(" ", block)).split()) for block in blocks)
    return [text for text in texts if text]


def _sums(text: str, where: str, tally: Tally) -> None:
    """Every written-out sum "a + b − c = d" in ``text`` adds up."""
    for match in _SUM.finditer(text):
        total = int(match.group(1))
        for sign, number in _TERM.findall(match.group(2)):
            total += int(number) if sign == "+" else -int(number)
        tally.check("a + b = c", total == int(match.group(3)), f"{where}: {match.group(0)!r}")


@cache
def _words(language: str) -> dict[str, int]:
    """Every word form of 0-10 in ``language`` (the catalogue's "one" included)."""
    found = {}
    for value in range(11):
        for form in NUMBER_FORMS:
            found[number_words(value, form, language=language).lower()] = value
    return found


def _field(fields: dict[str, str], name: str) -> str:
    """A count field whichever word form the translation asks for ("count2_neuter")."""
    base = name.removesuffix("_words")
    for key, value in fields.items():
        if key == base or key.rpartition("_")[0] == base:
            return value
    raise KeyError(name)


def _count(text: str, language: str) -> int:
    digits = re.search(r"\d+", text)
    if digits:
        return int(digits.group(0))
    return _words(language)[text.strip().lower()]


@cache
def _pattern(language: str, msgid: str, plural: str | None = None) -> list[re.Pattern[str]]:
    """The catalogue string(s) of ``msgid`` in ``language``, as patterns with named groups."""
    with override(language):
        forms = (
            {ngettext(msgid, plural, 1), ngettext(msgid, plural, 2)} if plural else {gettext(msgid)}
        )
    patterns = []
    for form in (" ".join(form.split()) for form in forms):  # no-break spaces read as spaces
        seen: set[str] = set()
        parts = []
        for piece in re.split(r"(%\([a-z0-9_]+\)s)", form):
            name = piece[2:-2] if piece.startswith("%(") else None
            if name is None:
                parts.append(re.escape(piece))
            elif name in seen:
                parts.append(f"(?P={name})")
            else:
                seen.add(name)
                parts.append(f"(?P<{name}>.+?)")
        patterns.append(re.compile("".join(parts) + "$", re.IGNORECASE))
    return patterns


def _read(text: str, language: str, msgid: str, plural: str | None = None) -> dict[str, str]:
    """The fields of ``text`` if it is the sentence ``msgid`` in ``language``, else {}."""
    for pattern in _pattern(language, msgid, plural):
        match = pattern.search(text)
        if match:
            return match.groupdict()
    return {}


def _amounts(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"\d+", text)]


# --- Running out of cards ------------------------------------------------------------------------

_CARD_COUNT = (
    "%(count)s cards have been dealt and %(count2_words)s burned, so one card is left before "
    "seventh street.",
    "%(count)s cards have been dealt and %(count2_words)s burned, so %(count3_words)s are left "
    "before seventh street.",
)
# Sentences naming the cards left and the cards needed: (singular, plural).
_LEFT_AND_NEEDED = (
    (
        "One card is left and %(count2_words)s are needed for %(players_words)s players: a "
        "normal deal.",
        "%(count_words)s cards are left and %(count2_words)s are needed for %(players_words)s "
        "players: a normal deal.",
    ),
    (
        "Only one card is left and %(count2_words)s are needed: the burn cards are added, "
        "scrambled and cut, and everyone gets a card.",
        "Only %(count_words)s cards are left and %(count2_words)s are needed: the burn cards "
        "are added, scrambled and cut, and everyone gets a card.",
    ),
    (
        "Only one card is left and %(count2_words)s are needed, too few even with the burns: "
        "the dealer burns one card and turns a single community card face up.",
        "Only %(count_words)s cards are left and %(count2_words)s are needed, too few even with "
        "the burns: the dealer burns one card and turns a single community card face up.",
    ),
)
_MISTAKE_KEPT_BACK = (
    "Count the cards: under these rules seventh street needs %(needed_words)s cards (the "
    "players', a burn card and one never dealt) and the stub holds %(stub_words)s, so: "
    "%(deal)s."
)
_MISTAKE_BURN_ONLY = (
    "Count the cards: under these rules seventh street needs %(needed_words)s cards (the "
    "players' and a burn card) and the stub holds %(stub_words)s, so: %(deal)s."
)


def _out_of_cards(question: Any, texts: dict[str, list[str]], lang: str, tally: Tally) -> None:
    data, profile = question.data, question.qid.profile
    players = data["players"]
    needed = players + EXTRA_NEEDED[profile]
    # 3 cards to each player dealt in, an upcard to each player on 4th-6th, 3 burns.
    dealt = 3 * data["dealt_in"] + sum(data["counts"][:3])
    where = f"{question.qid} [{lang}]"
    panel = texts["answer"]
    stub_row = [t for t in panel if t.startswith("52 ")]
    tally.check(
        "52 − dealt − burns = left",
        _amounts(stub_row[0]) == [52, dealt, 3, 52 - dealt - 3],
        f"{where}: {stub_row}",
    )
    needed_row = [t for t in panel if "+" in t]
    numbers = _amounts(needed_row[0])
    # players + 1 burn (+ 1 last card kept back) = needed: one "+ 1" per part counted.
    tally.check(
        "needed row names the rulebook's parts",
        numbers == [players, *[1] * EXTRA_NEEDED[profile], needed],
        f"{where}: {needed_row[0]!r}, the rulebook needs {needed}",
    )
    for text in texts["reasons"]:
        fields = _read(text, lang, *_CARD_COUNT)
        if fields:
            parts = [_count(_field(fields, k), lang) for k in ("count", "count2")]
            left = _count(_field(fields, "count3"), lang) if len(fields) > 2 else 1
            tally.check(
                "dealt + burned + left = 52",
                parts[0] + parts[1] + left == 52 and parts[0] == dealt,
                f"{where}: {text!r}",
            )
        for shape in _LEFT_AND_NEEDED:
            fields = _read(text, lang, *shape)
            if fields:
                tally.check(
                    "cards needed per rulebook",
                    _count(_field(fields, "count2"), lang) == needed,
                    f"{where}: {text!r}, the rulebook needs {needed}",
                )
    for text in texts["mistake"]:
        kept = _read(text, lang, _MISTAKE_KEPT_BACK)
        burn_only = _read(text, lang, _MISTAKE_BURN_ONLY)
        if kept or burn_only:
            fields = kept or burn_only
            tally.check(
                "mistake: cards needed and their parts",
                _count(_field(fields, "needed"), lang) == needed
                and bool(kept) is (EXTRA_NEEDED[profile] == 2)
                and _count(_field(fields, "stub"), lang) == data["stub"],
                f"{where}: {text!r}, the rulebook needs {needed}",
            )


def _out_of_cards_wrong(question: Any) -> Any:
    wrong = "normal" if question.answer[0] != "normal" else "community"
    return (wrong, *question.answer[1:])


# --- Split pots ----------------------------------------------------------------------------------


def _split_pot(question: Any, texts: dict[str, list[str]], lang: str, tally: Tally) -> None:
    data = question.data
    where = f"{question.qid} [{lang}]"
    total = data["total"]
    pots = data["pots"]
    amounts = {pot["amount"] for pot in pots}
    stated = [t for t in texts["question"] if _read(t, lang, "The pot holds $%(total)s in all.")]
    put_in = [
        fields
        for t in texts["question"]
        for fields in [
            _read(t, lang, "Seat %(number)s put in $%(amount)s and folded.")
            or _read(t, lang, "Seat %(number)s (put in $%(amount)s) receives")
        ]
        if fields
    ]
    tally.check(
        "pot = the chips put in",
        _amounts(stated[0]) == [total] and sum(int(f["amount"]) for f in put_in) == total,
        f"{where}: {stated} vs {put_in}",
    )
    receives = [
        int(fields["amount"])
        for t in texts["answer"]
        for fields in [_read(t, lang, "Seat %(number)s receives $%(amount)s.")]
        if fields
    ]
    tally.check("shares add up to the pot", sum(receives) == total, f"{where}: {receives}")
    described = _read(
        texts["answer_text"][0], lang, "The pot of %(total)s is shared out: %(shares)s."
    )
    shares = _amounts(described["shares"])[1::2]  # "seat 1 gets $32, seat 3 gets $31"
    tally.check(
        "the answer shares out the pot",
        _amounts(described["total"]) == [total] and sum(shares) == total,
        f"{where}: {texts['answer_text'][0]!r}",
    )
    for pot in pots:
        tally.check(
            "a pot's shares add up to it",
            sum(share for _seat, share in pot["shares"]) == pot["amount"]
            and (
                not (pot["high"] and pot["low"])
                or pot["high_amount"] + pot["low_amount"] == pot["amount"]
            ),
            f"{where}: {pot}",
        )
    amount_cell = re.escape(" ".join(gettext("$%(amount)s").split())).replace(
        re.escape("%(amount)s"), r"\d+"
    )
    cells = [_amounts(t)[0] for t in texts["answer"] if re.fullmatch(amount_cell, t)]
    tally.check(
        "the pot table's amounts are the pots",
        cells == [pot["amount"] for pot in pots],
        f"{where}: {cells} vs {pots}",
    )
    row_shares = [
        sum(_amounts(t)[1::2])  # "Seat 2: $27, Seat 3: $26"
        for t in texts["answer"]
        if _read(t.split(", ")[0], lang, "Seat %(number)s: $%(amount)s")
    ]
    tally.check(
        "each pot's shares in the table add up to it",
        row_shares == [pot["amount"] for pot in pots],
        f"{where}: {row_shares} vs {pots}",
    )
    pot_sizes = []
    for text in texts["reasons"]:
        numbers = _amounts(text)
        fields = _read(text, lang, "The main pot is %(amount)s; %(seats)s can win it.") or _read(
            text, lang, "Side pot %(number)s is %(amount)s; only %(seats)s can win it."
        )
        if fields:
            pot_sizes.append(_amounts(fields["amount"])[0])
        fields = _read(
            text, lang, "Nobody matched the last %(amount)s, so it goes back to %(seat)s."
        )
        if fields:
            pot_sizes.append(_amounts(fields["amount"])[0])  # a "pot" one player alone is in
        fields = _read(
            text,
            lang,
            "The pot is split in two: %(amount)s for the best high hand, %(amount2)s for the "
            "best low.",
        )
        if fields:
            high, low = _amounts(fields["amount"])[0], _amounts(fields["amount2"])[0]
            tally.check(
                "high half + low half = the pot",
                high + low in amounts and 0 <= high - low <= 1,
                f"{where}: {text!r}",
            )
        for shape in (
            ("%(seats)s tie for high and split %(amount)s, %(amount2)s each.",),
            ("%(seats)s tie for low and split %(amount)s, %(amount2)s each.",),
            *(
                (
                    f"%(seats)s tie for {side} and split %(amount)s: %(amount2)s each before "
                    "the odd chip.",
                    f"%(seats)s tie for {side} and split %(amount)s: %(amount2)s each before "
                    "the odd chips.",
                )
                for side in ("high", "low")
            ),
        ):
            fields = _read(text, lang, *shape)
            if fields:
                tied = len(_amounts(fields["seats"]))
                split, each = _amounts(fields["amount"])[0], _amounts(fields["amount2"])[0]
                tally.check(
                    "a tie's equal shares make what it splits",
                    tied >= 2 and each * tied <= split < each * tied + tied,
                    f"{where}: {text!r}",
                )
        fields = _read(text, lang, "%(seats)s wins both halves and scoops %(amount)s.")
        if fields:
            tally.check(
                "a scoop takes a whole pot",
                _amounts(fields["amount"])[0] in amounts,
                f"{where}: {text!r} {numbers}",
            )
    if pot_sizes:
        tally.check(
            "main + side pots + chips returned = the pots shared",
            sorted(pot_sizes) == sorted(pot["amount"] for pot in pots) and sum(pot_sizes) <= total,
            f"{where}: {pot_sizes} vs {pots}",
        )
    for text in texts["mistake"]:
        fields = _read(text, lang, "%(seat)s receives %(right)s, not %(given)s: he wins %(parts)s.")
        if not fields:
            continue
        seat = _amounts(fields["seat"])[0]
        payout = dict(question.answer)[seat - 1]
        tally.check(
            "the seat paid wrongly is told his payout",
            _amounts(fields["right"]) == [payout],
            f"{where}: {text!r}, pays {payout}",
        )
        for pot in pots:
            share = dict(pot["shares"]).get(seat, 0)
            name = (
                gettext("the main pot")
                if pot["is_main"]
                else gettext("side pot %(number)s") % {"number": pot["number"]}
            )
            with override(lang):
                whole = gettext("all of %(pot)s") % {"pot": name}
            if whole in fields["parts"]:
                tally.check(
                    "'all of a pot' is the whole pot",
                    share == pot["amount"],
                    f"{where}: {text!r}, {pot}",
                )


def _split_pot_wrong(question: Any) -> Any:
    (seat, amount), *rest = question.answer
    other = rest[0] if rest else None
    if other is None:  # pragma: no cover - a split pot has two live players at least
        return question.answer
    # Move one chip (or all) from the first seat to the next: the first seat is wrong.
    moved = 1 if amount else -1
    return ((seat, amount - moved), (other[0], other[1] + moved), *rest[1:])


# Kind -> (its checks, a wrong answer whose mistake sentence writes numbers).
DEEP = {
    "out-of-cards": (_out_of_cards, _out_of_cards_wrong),
    "split-pot": (_split_pot, _split_pot_wrong),
}


@cache
def _questions() -> tuple[tuple[Any, Any], ...]:
    """Every question the test reads, built once for the four languages."""
    return tuple(_every_question())


def _every_question() -> Iterator[tuple[Any, Any]]:
    for kind in KINDS:
        seeds = DEEP_SEEDS if kind in DEEP else SEEDS
        for game in GAMES:
            for profile in PROFILES:
                for level in LEVELS:
                    for seed in seeds:
                        try:
                            yield question_get(
                                kind=kind, game=game, profile=profile, level=level, seed=seed
                            )
                        except QuizError:
                            break  # the kind has no such game (best-high in razz)


def _template(quiz: Any) -> str:
    return "practice/kinds/" + str(quiz.slug).replace("-", "_") + ".html"


@pytest.mark.parametrize("language", LANGUAGES)
def test_sums_and_counts_in_generated_sentences_are_true(language: str) -> None:
    tally = Tally()
    with override(language):
        for quiz, question in _questions():
            where = f"{question.qid} [{language}]"
            deep = DEEP.get(quiz.slug)
            texts: dict[str, list[str]] = {
                "prompt": [str(quiz.prompt(question))],
                "answer_text": [str(quiz.describe_answer(question))],
                "reasons": [e.text for e in explain(question.reasons, game=question.qid.game)],
                "mistake": [],
                "question": [],
                "answer": [],
            }
            if deep:
                check, wrong = deep
                texts["mistake"] = [mistake_text(quiz, question, wrong(question))]
                context = {"question": question, "result": None}
                texts["question"] = _texts(render_to_string(_template(quiz) + "#question", context))
                texts["answer"] = _texts(render_to_string(_template(quiz) + "#answer", context))
            for name, part in texts.items():
                texts[name] = part = [" ".join(text.split()) for text in part]
                for text in part:
                    tally.sentences += 1
                    _sums(text, where, tally)
            if deep:
                check(question, texts, language, tally)
    print(
        f"\n{language}: {tally.sentences} sentences, rows and cells checked; "
        f"sums and counts read: {dict(tally.checks)}"
    )
    assert tally.checks["a + b = c"] and tally.checks["needed row names the rulebook's parts"]
    assert tally.checks["high half + low half = the pot"]
    assert tally.checks["mistake: cards needed and their parts"]
    assert tally.checks["dealt + burned + left = 52"]
    assert tally.checks["the seat paid wrongly is told his payout"]
