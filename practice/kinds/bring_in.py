"""Pick the bring-in: a table of door cards; which seat must bring in (R-BRING-2, R-BRING-3)?"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from core.cards import card_name_of as card_name
from practice.quiz import Level, Question, QuestionId, QuizKind, seat_answer
from rules.engine import DECK, bring_in

_SEATS = {Level.EASY: (3, 4), Level.NORMAL: (5, 7), Level.HARD: (7, 8)}


class BringIn(QuizKind):
    slug = "bring-in"
    title = _("Pick the bring-in")
    summary = _("Read the door cards and find the player who must bring in.")
    rule_step = "stud/forced-bets/who-brings-in"

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        low, high = _SEATS[qid.level]
        seats = rng.randint(low, high)
        if qid.level is Level.HARD:
            # Hard tables share ranks so the suit order has to decide.
            rank_pool = rng.sample(sorted({card.rank for card in DECK}), 2)
            pool = [card for card in DECK if card.rank in rank_pool]
            extra = [card for card in DECK if card.rank not in rank_pool]
            doors = rng.sample(pool, min(seats, len(pool)))
            doors += rng.sample(extra, seats - len(doors))
            rng.shuffle(doors)
        else:
            doors = rng.sample(DECK, seats)
        decision = bring_in(qid.game, doors, profile=qid.profile)
        return Question(
            qid=qid,
            data={"doors": tuple(doors), "seats": seats},
            answer=decision.seat,
            reasons=decision.reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        return seat_answer(data, "seat", question.data["seats"])

    def prompt(self, question: Question) -> str:
        if question.qid.game.is_low_only:
            return gettext("Razz: the door cards are dealt. Which seat must bring in?")
        return gettext("The door cards are dealt. Which seat must bring in?")

    def describe_answer(self, question: Question) -> str:
        door = question.data["doors"][question.answer]
        return gettext("%(seat)s brings in with %(card)s.") % {
            "seat": words.seat_label(question.answer),
            "card": card_name(door),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        return words.seat_label(int(given))

    def mistake(self, question: Question, given: Any) -> str:
        """Why the learner's seat does not bring in: its door card against the right one."""
        doors = question.data["doors"]
        mine, right = doors[int(given)], doors[question.answer]
        values = {
            "seat": words.seat_name(int(given)),
            "mine": card_name(mine),
            "right": card_name(right),
            "answer": words.seat_name(question.answer),
        }
        if mine.rank == right.rank:
            return capfirst(
                gettext(
                    "%(seat)s's %(mine)s and %(answer)s's %(right)s are the same rank, so the suit "
                    "decides."
                )
                % values
            )
        if question.qid.game.is_low_only:
            return capfirst(
                gettext(
                    "In razz the highest door card brings in, and the ace counts low: %(answer)s's "
                    "%(right)s is higher than %(seat)s's %(mine)s."
                )
                % values
            )
        if mine.rank.symbol == "A":
            return capfirst(
                gettext(
                    "For the bring-in the ace counts high, so %(seat)s's %(mine)s is never the low "
                    "card: %(answer)s's %(right)s is the lowest."
                )
                % values
            )
        return capfirst(
            gettext(
                "The lowest door card brings in: %(answer)s's %(right)s is lower than %(seat)s's "
                "%(mine)s."
            )
            % values
        )
