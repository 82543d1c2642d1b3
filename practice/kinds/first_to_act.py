"""Who acts first on 4th to 7th street: a table of boards; which seat starts the betting?
(R-ACT-1..5; tied boards by the rule profile, R-ACT-4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._five_cards import say_cards
from practice.kinds._rulebook import name_rulebook
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, seat_answer
from rules.engine import DECK, Card, Game, Suit, first_to_act, rank_board

#: Upcards showing on each street (7th street's card is dealt face down, R-DEAL-2).
_UPCARDS = {4: 2, 5: 3, 6: 4, 7: 4}
_STREETS = {Level.EASY: (4, 5), Level.NORMAL: (4, 5, 6, 7), Level.HARD: (4, 5, 6, 7)}
_SEATS = {Level.EASY: (3, 4), Level.NORMAL: (4, 6), Level.HARD: (5, 8)}
#: How often a level ties the best boards on purpose (R-ACT-4).
_TIES = {Level.EASY: 0.0, Level.NORMAL: 0.3, Level.HARD: 0.5}
#: How often a hard seventh street has run out of cards: a community card joins the boards
#: (R-ACT-6), with eight players dealt in as when the deck truly runs short.
_COMMUNITY = 0.4


def _twin(board: Sequence[Card], deck: list[Card], rng: random.Random) -> list[Card] | None:
    """A board of the same ranks in other suits, taken from ``deck``, or None."""
    twin: list[Card] = []
    for card in board:
        options = [c for c in deck if c.rank is card.rank and c.suit is not card.suit]
        options = [c for c in options if c not in twin]
        if not options:
            return None
        twin.append(rng.choice(options))
    return twin


def _draw_board(rng: random.Random, deck: list[Card], size: int) -> list[Card] | None:
    """Upcards that look like a straight or flush draw (R-ACT-2): one suit, in sequence."""
    suit = rng.choice(list(Suit))
    start = rng.randrange(2, 15 - size)
    wanted = [c for c in deck if c.suit is suit and start <= int(c.rank) < start + size]
    return wanted if len(wanted) == size else None


def _deal(
    rng: random.Random, level: Level, game: Game, profile: str, *, community: bool = False
) -> tuple[int, list[list[Card] | None], set[int]]:
    """The street, each seat's upcards (None if folded) and the all-in seats."""
    street = 7 if community else rng.choice(_STREETS[level])
    size = _UPCARDS[street]
    low, high = _SEATS[level]
    seats = rng.randint(low, high)
    if community:
        seats = 8
    deck = list(DECK)
    rng.shuffle(deck)
    boards: list[list[Card] | None] = [[deck.pop() for _ in range(size)] for _seat in range(seats)]
    if level is Level.HARD and game is not Game.RAZZ and size >= 3 and rng.random() < 0.5:
        drawing = _draw_board(rng, deck, size)
        if drawing is not None:  # it counts only as high cards
            seat = rng.randrange(seats)
            deck.extend(boards[seat] or [])
            for card in drawing:
                deck.remove(card)
            boards[seat] = drawing
    tied: set[int] = set()
    if rng.random() < _TIES[level]:
        ranked = {seat: rank_board(game, board) for seat, board in enumerate(boards) if board}
        leader = max(ranked, key=lambda seat: ranked[seat].key)
        leader_board = boards[leader]
        assert leader_board is not None
        twin = _twin(leader_board, deck, rng)
        if twin is not None:
            other = rng.choice([seat for seat in range(seats) if seat != leader])
            deck.extend(boards[other] or [])
            for card in twin:
                deck.remove(card)
            boards[other] = twin
            tied = {leader, other}
    if level is not Level.EASY:
        folds = rng.randint(0, min(2, seats - 3))
        for seat in rng.sample([seat for seat in range(seats) if seat not in tied], folds):
            boards[seat] = None
    all_in: set[int] = set()
    if level is Level.HARD and rng.random() < 0.35:
        leader = first_to_act(game, boards, profile=profile).seat
        all_in.add(leader)  # R-ACT-5: passed over as if he had checked
    return street, boards, all_in


class FirstToAct(QuizKind):
    slug = "first-to-act"
    title = _("Who acts first")
    summary = _("Read the boards on fourth to seventh street and find the player who acts first.")
    rule_step = "stud/acting-first/best-board-acts-first"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        street, boards, all_in = _deal(rng, qid.level, qid.game, qid.profile)
        common: Card | None = None
        if street == 7 and qid.level is Level.HARD and rng.random() < _COMMUNITY:
            # The deck ran short (R-CARDS): deal again with eight players, one card left over
            # for the middle; all its boards are shown with the community card beside them.
            street, boards, all_in = _deal(rng, qid.level, qid.game, qid.profile, community=True)
            shown = {card for board in boards if board for card in board}
            common = rng.choice([card for card in DECK if card not in shown])
            if all_in:  # R-ACT-5: the all-in seat is the best board counting the community card
                all_in = {
                    first_to_act(qid.game, boards, profile=qid.profile, community=common).seat
                }
        decision = first_to_act(
            qid.game, boards, profile=qid.profile, all_in=all_in, community=common
        )
        table = tuple(
            {
                "index": seat,
                "number": seat + 1,
                "board": None if board is None else tuple(board),
                "down": "?? ?? ??" if street == 7 else "?? ??",
                "folded": board is None,
                "all_in": seat in all_in,
            }
            for seat, board in enumerate(boards)
        )
        return Question(
            qid=qid,
            data={"street": street, "seats": len(boards), "table": table, "community": common},
            answer=decision.seat,
            reasons=decision.reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        seat = seat_answer(data, "seat", question.data["seats"])
        if question.data["table"][seat]["folded"]:
            raise AnswerError(f"seat {seat} has folded")
        return seat

    def prompt(self, question: Question) -> str:
        return name_rulebook(question, self._prompt(question))

    def _prompt(self, question: Question) -> str:
        prompts = {
            4: gettext("Fourth street is dealt. Which seat acts first?"),
            5: gettext("Fifth street is dealt. Which seat acts first?"),
            6: gettext("Sixth street is dealt. Which seat acts first?"),
            7: gettext("Seventh street is dealt face down. Which seat acts first?"),
        }
        common = question.data.get("community")
        if common is not None:
            return gettext(
                "The deck ran short on seventh street: the %(card)s is a community card that "
                "plays in every hand. Which seat acts first?"
            ) % {"card": words.card_name(common)}
        return prompts[question.data["street"]]

    def describe_answer(self, question: Question) -> str:
        board = question.data["table"][question.answer]["board"]
        return gettext("%(seat)s acts first (showing %(cards)s).") % {
            "seat": words.seat_label(question.answer),
            "cards": say_cards(board),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        return words.seat_label(int(given))

    def mistake(self, question: Question, given: Any) -> str:
        """Why the learner's seat does not act first: its board against the right one."""
        table = question.data["table"]
        mine, right = table[int(given)], table[question.answer]
        values = {
            "seat": words.seat_name(int(given)),
            "mine": say_cards(mine["board"]),
            "right": say_cards(right["board"]),
            "answer": words.seat_name(question.answer),
        }
        if mine["all_in"]:
            return capfirst(
                gettext("%(seat)s is all-in, so he is passed over as if he had checked.") % values
            )
        ranks = sorted(card.rank for card in mine["board"])
        if ranks == sorted(card.rank for card in right["board"]):
            return capfirst(
                gettext(
                    "%(seat)s's board and %(answer)s's board are equal in rank: then the "
                    "rulebook's tie-break decides, and it picks %(answer)s."
                )
                % values
            )
        if question.qid.game is Game.RAZZ:
            return capfirst(
                gettext(
                    "In razz the lowest board acts first: %(answer)s's %(right)s is lower than "
                    "%(seat)s's %(mine)s."
                )
                % values
            )
        return capfirst(
            gettext("The best board acts first: %(answer)s's %(right)s beats %(seat)s's %(mine)s.")
            % values
        )
