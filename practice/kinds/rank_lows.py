"""Rank the lows: order three to five low hands from best to worst (R-LOW-2, R-LOW-3, R-LOW-5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from practice.kinds._mistakes import low_ranks
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, single
from rules.engine import DECK, Card, Game, Reason, best_low

_HANDS = {Level.EASY: 2, Level.NORMAL: 3, Level.HARD: 5}


class RankLows(QuizKind):
    slug = "rank-lows"
    games = (Game.STUD8, Game.RAZZ)
    title = _("Rank the lows")
    summary = _("Put low hands in order from the best to the worst.")
    rule_step = "low-hands/ace-to-five/comparing-lows"

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        count = _HANDS[qid.level]
        qualifier = qid.game.low_qualifier
        low_cards = [card for card in DECK if card.rank.low_value <= 8]
        deck_for_game = (
            low_cards if qualifier is not None else [c for c in DECK if c.rank.low_value <= 10]
        )
        hands: list[tuple[Card, ...]] = []
        keys: list[int] = []
        categories: list[str] = []
        # One deck per question: the hands could sit at one table, so no card is dealt twice.
        pool = list(deck_for_game)
        tries = 0
        while len(hands) < count:
            tries += 1
            if tries > 400:  # a depleted pool that no longer gives a fitting hand: start over
                hands, keys, categories, pool, tries = [], [], [], list(deck_for_game), 0
            cards = tuple(rng.sample(pool, 5))
            low = best_low(cards, qualifier=qualifier)
            if low is None or low.key in keys:
                continue
            # Razz at the harder levels keeps some paired hands (R-LOW-5); stud/8 lows qualify.
            if qualifier is None and qid.level is Level.EASY and low.category != "no_pair":
                continue
            hands.append(tuple(sorted(cards, key=lambda c: -c.rank.low_value)))
            keys.append(low.key)
            categories.append(str(low.category))
            pool = [card for card in pool if card not in cards]
        paired = any(category != "no_pair" for category in categories)
        # Two hands with the same kind of pairing: the lower pair decides before any kicker
        # (R-LOW-5), which "from the highest card down" alone would misstate (rules review E9).
        same_pairing = any(
            categories.count(category) > 1 for category in categories if category != "no_pair"
        )
        order = sorted(range(count), key=lambda i: -keys[i])
        reasons = (
            Reason("R-LOW-2", "lows_compared_top_down", params={"game": str(qid.game)}),
            # R-LOW-5 only when a hand shown has a pair: otherwise it explains nothing here.
            *((Reason("R-LOW-5", "pairs_count_against_low"),) if paired else ()),
            *((Reason("R-LOW-5", "lower_pair_wins"),) if same_pairing else ()),
        )
        entries = tuple(
            {"index": i, "letter": "ABCDE"[i], "cards": hand} for i, hand in enumerate(hands)
        )
        return Question(
            qid=qid,
            data={
                "hands": tuple(hands),
                "letters": "ABCDE"[:count],
                "entries": entries,
                "ranked": tuple(entries[i] for i in order),
            },
            answer=tuple(order),
            reasons=reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        count = len(question.data["hands"])
        if count == 2:
            # Two hands: pick the better one.
            text = single(data, "best")
            try:
                best = int(text)
            except ValueError:
                raise AnswerError(f"hand {text!r} is not a number") from None
            if best not in (0, 1):
                raise AnswerError(f"hand {best} is not in the question")
            return (best, 1 - best)
        letters = question.data["letters"]
        order: list[int] = []
        for place in range(count):
            values = data.get(f"place{place}") or []
            text = values if isinstance(values, str) else (values[0] if len(values) == 1 else "")
            if not text:
                raise AnswerError(
                    f"no hand for place {place}",
                    user_message=gettext("Choose a hand for place %(place)s.")
                    % {"place": place + 1},
                )
            try:
                index = int(text)
            except ValueError:
                raise AnswerError(f"hand {text!r} is not a number") from None
            if not 0 <= index < count:
                raise AnswerError(f"hand {index} is not in the question")
            if index in order:
                raise AnswerError(
                    f"hand {index} is placed twice",
                    user_message=gettext("Hand %(letter)s is chosen twice.")
                    % {"letter": letters[index]},
                )
            order.append(index)
        return tuple(order)

    def prompt(self, question: Question) -> str:
        if len(question.data["hands"]) == 2:
            return gettext("Which low hand is better?")
        return gettext("Order these low hands from the best to the worst.")

    def describe_answer(self, question: Question) -> str:
        letters = question.data["letters"]
        order = " > ".join(letters[i] for i in question.answer)
        return gettext("From best to worst: %(order)s.") % {"order": order}

    def describe_given(self, question: Question, given: Any) -> str:
        letters = question.data["letters"]
        return " > ".join(letters[i] for i in given)

    def mistake(self, question: Question, given: Any) -> str:
        """The first hand the learner placed too high, against the better hand it passed."""
        hands, letters = question.data["hands"], question.data["letters"]
        place = next(
            i for i, (a, b) in enumerate(zip(given, question.answer, strict=True)) if a != b
        )
        worse, better = given[place], question.answer[place]
        values = {
            "worse": letters[worse],
            "worse_cards": low_ranks(hands[worse]),
            "better": letters[better],
            "better_cards": low_ranks(hands[better]),
        }
        paired = len({card.rank for card in hands[worse]}) < 5
        if paired and len({card.rank for card in hands[better]}) == 5:
            return (
                gettext(
                    "You put %(worse)s (%(worse_cards)s) above %(better)s (%(better_cards)s), but "
                    "%(worse)s holds a pair, and a pair counts against a low."
                )
                % values
            )
        return (
            gettext(
                "You put %(worse)s (%(worse_cards)s) above %(better)s (%(better_cards)s): compare "
                "the highest card first, then the next."
            )
            % values
        )
