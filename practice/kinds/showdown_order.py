"""Who shows first: the last bettor or raiser on 7th street, else the best board (R-SHOW-1, Q46)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._betting import STAKES, Situation, situation_build, situation_for
from practice.kinds._rulebook import name_rulebook
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, single
from rules.engine import (
    DECK,
    ActionKind,
    Card,
    Game,
    Street,
    first_to_act,
    get_profile,
    showdown_order,
    shuffle,
)

_SCENARIOS: Final = {
    Level.EASY: ("bet_called", "checked"),
    Level.NORMAL: ("checked", "bet_raised", "check_bet", "bet_called"),
    Level.HARD: ("tied_checked", "tied_checked", "check_raise", "raise_war", "all_in_earlier"),
}


def _boards(rng: random.Random, players: int) -> list[tuple[Card, ...]]:
    deck = list(DECK)
    shuffle(rng, deck)  # rng.shuffle's very draws, faster
    return [tuple(deck.pop() for _ in range(4)) for _ in range(players)]


def _tied_boards(rng: random.Random, game: Game, players: int) -> list[tuple[Card, ...]]:
    """Boards where the best board has a twin of the same ranks in other suits (R-ACT-4)."""
    boards = _boards(rng, players)
    leader = first_to_act(game, boards, profile=get_profile("robert")).seat
    twin = rng.choice([seat for seat in range(players) if seat != leader])
    used = {card for seat, board in enumerate(boards) if seat != twin for card in board}
    copy = []
    for card in boards[leader]:
        spare = [c for c in DECK if c.rank == card.rank and c not in used and c not in copy]
        if not spare:
            raise ValueError("no card left to copy the board")
        copy.append(rng.choice(spare))
    boards[twin] = tuple(copy)
    return boards


def _build(rng: random.Random, game: Game, profile: str, scenario: str) -> Situation:
    players = rng.randint(3, 6)
    boards = None
    short: dict[str, Any] = {}
    if scenario == "all_in_earlier" and get_profile(profile).all_in_hands_face_up:
        # TDA 16 / WSOP-T 70: with a player all-in every hand is tabled at once, so there is
        # no order to ask about; ask the check-raise case instead.
        scenario = "check_raise"
    if scenario == "all_in_earlier":
        # R-SHOW-1 (RR Showdown #7, WSOP-LA 145): a player calls all-in for less on the river,
        # so the side-pot players show before him.
        stakes = rng.choice(STAKES)
        script = "ap"
        short = {
            "stakes": stakes,
            "short_seat": 1,
            "short_stack": rng.randint(1, stakes.big_bet - 1),
        }
    elif scenario == "bet_called":
        script = "p" * rng.randint(0, players - 1) + "a"
    elif scenario == "checked":
        script = "p" * players
    elif scenario == "bet_raised":
        script = "a" + "p" * rng.randint(0, players - 2) + "a"
    elif scenario == "check_bet":
        script = "p" * rng.randint(1, players - 1) + "a"
    elif scenario == "tied_checked":
        boards = _tied_boards(rng, game, players)
        script = "p" * players
    elif scenario == "check_raise":
        # Checks, a bet, then one of the players who checked raises.
        script = "p" * rng.randint(1, players - 1) + "a" + "p" * rng.randint(0, 1) + "a"
    else:  # raise_war: bets, raises, folds
        script = "a" + rng.choice(("fa", "af", "pa")) + "f" + "a"
    situation = situation_build(
        rng,
        game=game,
        profile=profile,
        street=Street.SEVENTH,
        players=players,
        script=script,
        boards=boards,
        finish=True,
        **short,
    )
    return replace(situation, asked=-1)


class ShowdownOrder(QuizKind):
    slug = "showdown-order"
    title = _("Who shows first")
    summary = _("Read the betting on seventh street and find the player who shows first.")
    rule_step = "stud/showdown/showdown-order"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        scenario, situation = situation_for(qid, _SCENARIOS[qid.level], build=_build)
        folded = {step.seat for step in situation.steps if step.kind == ActionKind.FOLD}
        boards = [None if seat in folded else board for seat, board in enumerate(situation.boards)]
        aggressor = situation.round.last_aggressor
        rnd = situation.round
        # All-in for less than the others: only in an earlier pot (R-SHOW-1).
        all_in = {
            seat
            for seat in range(situation.seats)
            if seat not in folded and rnd.stacks[seat] == 0 and rnd.bets[seat] < rnd.current
        }
        order = showdown_order(
            qid.game,
            boards,
            last_aggressor=aggressor,
            profile=get_profile(qid.profile),
            all_in=all_in,
        )
        return Question(
            qid=qid,
            data={
                "scenario": scenario,
                "situation": situation,
                "live": tuple(seat for seat in range(situation.seats) if seat not in folded),
                "order": order.seats,
                "board_list": tuple(enumerate(situation.boards)),
            },
            answer=order.first.seat,
            reasons=order.first.reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        text = single(data, "seat")
        try:
            seat = int(text)
        except ValueError:
            raise AnswerError(f"seat {text!r} is not a number") from None
        if seat not in question.data["live"]:
            raise AnswerError(f"seat {seat} has no hand to show")
        return seat

    def prompt(self, question: Question) -> str:
        return name_rulebook(question, self._prompt(question))

    def _prompt(self, question: Question) -> str:
        if question.qid.game is Game.RAZZ:
            return gettext("Razz: seventh street's betting is over. Who shows his hand first?")
        return gettext("Seventh street's betting is over. Who shows his hand first?")

    def describe_answer(self, question: Question) -> str:
        return gettext("%(seat)s shows first; the hands are shown in the order %(order)s.") % {
            "seat": words.seat_label(question.answer),
            "order": words.seat_list(question.data["order"]),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        return words.seat_label(int(given))

    def mistake(self, question: Question, given: Any) -> str:
        """Why the learner's seat does not show first: the last bet, or no bet at all."""
        aggressor = question.data["situation"].round.last_aggressor
        values = {"seat": words.seat_name(int(given)), "answer": words.seat_name(question.answer)}
        if aggressor is not None and aggressor == question.answer:
            return capfirst(
                gettext(
                    "Not %(seat)s: %(answer)s made the last bet or raise on seventh street, and "
                    "whoever does shows first."
                )
                % values
            )
        if aggressor is None:
            return capfirst(
                gettext(
                    "No one bet on seventh street, so no bettor shows first: then the rulebook's "
                    "order decides, and it starts with %(answer)s, not %(seat)s."
                )
                % values
            )
        return capfirst(gettext("%(answer)s shows first, not %(seat)s.") % values)
