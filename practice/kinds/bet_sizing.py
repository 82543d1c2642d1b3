"""Bet sizing: to which totals may the player bring in, complete, bet or raise?

Bring-in or completion on 3rd street, small or big bet, the stud-high open pair on 4th street
(R-BET-2..4, Q20-Q23), raise sizes and the cap (R-BET-5/6, Q9); the answer is the engine's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._betting import STAKES, Situation, situation_build, situation_for
from practice.kinds._rulebook import name_rulebook
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind
from rules.engine import ActionKind, Game, Street, get_profile, street_limits

#: The answer when no bet or raise is allowed.
NONE: Final = "none"

_LATER: Final = (Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_BIG: Final = (Street.FIFTH, Street.SIXTH, Street.SEVENTH)

_SCENARIOS: Final = {
    Level.EASY: ("bring_in_opens", "facing_bring_in", "first_bet_small", "first_bet_big"),
    Level.NORMAL: (
        "raise_later",
        "raise_third",
        "open_pair_first",
        "open_pair_checked",
        "first_bet_big",
    ),
    Level.HARD: (
        "open_pair_after_small",
        "open_pair_after_big",
        "capped",
        "capped_third",
        "heads_up",
        "short_all_in",
    ),
}


def _build(rng: random.Random, game: Game, profile: str, scenario: str) -> Situation:
    players = rng.randint(3, 6)
    common: dict[str, Any] = {"game": game, "profile": profile, "players": players}
    calls = "p" * rng.randint(0, players - 2)
    if scenario == "bring_in_opens":
        return situation_build(rng, street=Street.THIRD, script="", **common)
    if scenario == "facing_bring_in":
        return situation_build(rng, street=Street.THIRD, script="p" + calls, **common)
    if scenario == "first_bet_small":
        return situation_build(rng, street=Street.FOURTH, script="", **common)
    if scenario == "first_bet_big":
        return situation_build(rng, street=rng.choice(_BIG), script="", **common)
    if scenario == "raise_later":
        return situation_build(rng, street=rng.choice(_LATER), script="a" + calls, **common)
    if scenario == "raise_third":
        return situation_build(rng, street=Street.THIRD, script="pa" + calls, **common)
    if scenario == "open_pair_first":
        return situation_build(rng, street=Street.FOURTH, script="", pair=True, **common)
    if scenario == "open_pair_checked":
        checks = "p" * rng.randint(1, players - 1)
        return situation_build(rng, street=Street.FOURTH, script=checks, pair=True, **common)
    if scenario == "open_pair_after_small":
        return situation_build(rng, street=Street.FOURTH, script="s" + calls, pair=True, **common)
    if scenario == "open_pair_after_big":
        return situation_build(rng, street=Street.FOURTH, script="b" + calls, pair=True, **common)
    if scenario == "capped":
        script = rng.choice(("aaaa", "apaaa", "aaaap"))
        return situation_build(rng, street=rng.choice(_LATER), script=script, **common)
    if scenario == "capped_third":
        return situation_build(rng, street=Street.THIRD, script="paaaa", **common)
    if scenario == "heads_up":
        common["players"] = 2
        script = rng.choice(("aaa", "aaaa", "paaaa"))
        return situation_build(rng, street=rng.choice(_LATER), script=script, **common)
    if scenario == "short_all_in":
        # A bets, B calls, C raises all-in short; D may complete the raise, A may not raise.
        stakes = rng.choice(STAKES)
        common["players"] = rng.choice((3, 4, 4))
        return situation_build(
            rng,
            street=rng.choice(_BIG),
            script="apa",
            stakes=stakes,
            short_seat=2,
            short_stack=stakes.big_bet + rng.randint(1, (stakes.big_bet - 1) // 2),
            **common,
        )
    raise AssertionError(scenario)


def _options(situation: Situation, legal_totals: Sequence[int]) -> tuple[int, ...]:
    """The totals offered: the legal ones and the sizes a learner might mistake for them."""
    rnd = situation.round
    stakes = situation.stakes
    seat = situation.asked
    candidates = {stakes.small_bet, stakes.big_bet, *legal_totals}
    for base in {rnd.current, rnd.full_level}:
        candidates |= {base + stakes.small_bet, base + stakes.big_bet, base + 2 * stakes.big_bet}
    if situation.street is Street.THIRD and not rnd.opened:
        candidates.add(stakes.bring_in)
    floor = max(rnd.current, rnd.bets[seat])
    return tuple(sorted(amount for amount in candidates if amount > floor))


class BetSizing(QuizKind):
    slug = "bet-sizing"
    title = _("Bet sizing")
    summary = _("Find the amounts a player may bring in, complete, bet or raise to.")
    rule_step = "stud/betting/fixed-limit"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        scenario, situation = situation_for(qid, _SCENARIOS[qid.level], build=_build)
        legal = situation.round.legal_actions()
        aggressive = [
            action
            for action in legal
            if action.kind is ActionKind.BRING_IN or action.kind.is_aggressive
        ]
        totals = tuple(sorted({amount for action in aggressive for amount in action.amounts}))
        reasons = [*legal.reasons]
        for action in aggressive:
            reasons.extend(action.reasons)
        if aggressive and situation.street is Street.FOURTH:
            # An open pair that does not allow the big bet here (R-BET-3 in stud/8 and razz,
            # R-BET-4 under tournament rules): say so, it is the learner's likely slip.
            limits = street_limits(
                qid.game,
                Street.FOURTH,
                situation.stakes,
                profile=get_profile(qid.profile),
                boards=situation.boards,
            )
            reasons.extend(
                reason
                for reason in limits.reasons
                if reason.code in ("open_pair_not_in_game", "open_pair_not_in_profile")
            )
        answer = frozenset(str(total) for total in totals) or frozenset({NONE})
        return Question(
            qid=qid,
            data={
                "scenario": scenario,
                "situation": situation,
                "options": _options(situation, totals),
                "choices": tuple((action.kind.value, action.amounts) for action in aggressive),
            },
            answer=answer,
            reasons=tuple(reasons),
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        values = data.get("amounts")
        if not values:
            raise AnswerError(
                "tick at least one amount", user_message=gettext("Tick at least one answer.")
            )
        if isinstance(values, str):
            values = [values]
        allowed = {str(amount) for amount in question.data["options"]} | {NONE}
        chosen = set()
        for value in values:
            if value not in allowed:
                raise AnswerError(f"{value!r} is not one of the amounts")
            chosen.add(value)
        return frozenset(chosen)

    def prompt(self, question: Question) -> str:
        return name_rulebook(question, self._prompt(question))

    def _prompt(self, question: Question) -> str:
        situation = question.data["situation"]
        rnd = situation.round
        seat = words.seat_label(situation.asked)
        if not rnd.opened:
            return gettext("%(seat)s opens third street. Which amounts may he put in?") % {
                "seat": seat
            }
        if rnd.raises == 0 and rnd.current > 0:
            return gettext("%(seat)s faces the bring-in. To which total may he complete?") % {
                "seat": seat
            }
        if rnd.raises == 0:
            return gettext("No one has bet yet. Which amounts may %(seat)s bet?") % {"seat": seat}
        return gettext("%(seat)s faces a bet. To which totals may he raise?") % {"seat": seat}

    def describe_answer(self, question: Question) -> str:
        seat = words.seat_label(question.data["situation"].asked)
        choices = question.data["choices"]
        if not choices:
            return gettext("%(seat)s may not bet or raise: he may only call or fold.") % {
                "seat": seat
            }
        phrases = []
        for kind, amounts in choices:
            money = words.join_or([words.amount(amount) for amount in amounts])
            phrase = {
                "bring_in": gettext("bring in for %(amount)s"),
                "complete": gettext("complete to %(amount)s"),
                "bet": gettext("bet %(amount)s"),
                "raise": gettext("raise to %(amount)s"),
            }[kind]
            phrases.append(phrase % {"amount": money})
        return gettext("%(seat)s may %(choices)s.") % {
            "seat": seat,
            "choices": words.join_or(phrases),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        parts = [
            words.amount(amount) for amount in question.data["options"] if str(amount) in given
        ]
        if NONE in given:
            parts.append(gettext("no bet or raise"))
        return ", ".join(parts)

    def mistake(self, question: Question, given: Any) -> str:
        """The amount the learner ticked that is not allowed, or the one left out."""
        seat = words.seat_name(question.data["situation"].asked)
        options = [str(amount) for amount in question.data["options"]]
        extra = [value for value in options if value in given and value not in question.answer]
        missing = [value for value in options if value in question.answer and value not in given]
        if NONE in question.answer:
            return gettext(
                "%(seat)s may not bet or raise at all here: he may only call or fold."
            ) % {"seat": capfirst(seat)}
        if NONE in given:
            return gettext("%(seat)s may bet or raise here: %(amounts)s.") % {
                "seat": capfirst(seat),
                "amounts": words.join_or(
                    [words.amount(value) for value in sorted(question.answer, key=int)]
                ),
            }
        if extra:
            return gettext("%(amounts)s is not a total %(seat)s may put in here.") % {
                "amounts": words.join_or([words.amount(value) for value in extra]),
                "seat": seat,
            }
        return gettext("You left out %(amounts)s: %(seat)s may put that in too.") % {
            "amounts": words.join_and([words.amount(value) for value in missing]),
            "seat": seat,
        }
