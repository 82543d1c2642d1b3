"""Legal action: which of fold, check, call, bring in, complete, bet, raise may a player take?

The answer is the engine's set of legal action kinds for the seat (R-BRING-4..8, R-BET-5..7);
"none" when the betting round is already over (R-BRING-7).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._betting import STAKES, Situation, Step, situation_build, situation_for
from practice.kinds._rulebook import name_rulebook
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind
from rules.engine import (
    Action,
    ActionKind,
    BetReason,
    Game,
    Reason,
    Street,
    bring_in,
    correct_bring_in,
    get_profile,
    start_round,
)

#: The answer when the seat has nothing to do (the round is over).
NONE: Final = "none"

_THIRD_OPTIONS: Final = ("fold", "check", "call", "bring_in", "complete", "raise", NONE)
_LATER_OPTIONS: Final = ("fold", "check", "call", "bet", "raise", NONE)
_LATER: Final = (Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
_BIG: Final = (Street.FIFTH, Street.SIXTH, Street.SEVENTH)

#: scenario name -> levels it is asked at.
_SCENARIOS: Final = {
    Level.EASY: ("bring_in_opens", "facing_bring_in", "first_later", "facing_bet"),
    Level.NORMAL: ("checked_to", "facing_raise", "no_bring_in_option", "capped", "facing_bring_in"),
    Level.HARD: (
        "capped",
        "capped_third",
        "heads_up",
        "became_heads_up",
        "short_all_in",
        "ante_all_in",
        "no_bring_in_option",
        "short_bring_in",
        "after_short_bring_in",
        "short_stack_facing_bet",
        "corrected_bring_in",
    ),
}


def action_label(kind: str) -> str:
    """An action's name for a checkbox or a sentence (``NONE``: the round is over)."""
    return (
        gettext("nothing: the betting round is over") if kind == NONE else words.action_name(kind)
    )


def _build(rng: random.Random, game: Game, profile: str, scenario: str) -> Situation:
    later = rng.choice(_LATER)
    big = rng.choice(_BIG)
    players = rng.randint(3, 6)
    common: dict[str, Any] = {"game": game, "profile": profile, "players": players}
    if scenario == "bring_in_opens":
        return situation_build(rng, street=Street.THIRD, script="", **common)
    if scenario == "facing_bring_in":
        calls = rng.randint(0, players - 2)
        return situation_build(rng, street=Street.THIRD, script="p" + "p" * calls, **common)
    if scenario == "first_later":
        return situation_build(rng, street=later, script="", **common)
    if scenario == "facing_bet":
        calls = rng.randint(0, players - 2)
        return situation_build(rng, street=later, script="a" + "p" * calls, **common)
    if scenario == "checked_to":
        checks = rng.randint(1, players - 1)
        return situation_build(rng, street=later, script="p" * checks, **common)
    if scenario == "facing_raise":
        script = rng.choice(("aa", "apa", "paa", "aap"))
        return situation_build(rng, street=later, script=script, **common)
    if scenario == "no_bring_in_option":
        return situation_build(rng, street=Street.THIRD, script="p" * players, **common)
    if scenario == "capped":
        # A bet and three raises: capped under Robert's Rules, one more raise under WSOP.
        script = rng.choice(("aaaa", "apaaa", "aaaap"))
        return situation_build(rng, street=later, script=script, **common)
    if scenario == "capped_third":
        # Bring-in, completion, raises (R-BRING-5, Q9): the completion is the bet.
        return situation_build(rng, street=Street.THIRD, script="paaaa", **common)
    if scenario == "heads_up":
        common["players"] = 2
        script = rng.choice(("aaaa", "aaaaa", "paaaa"))
        return situation_build(rng, street=later, script=script, **common)
    if scenario == "became_heads_up":
        common["players"] = 3
        return situation_build(rng, street=later, script=rng.choice(("aafaa", "afaaa")), **common)
    if scenario == "short_all_in":
        # A bets, B calls, C raises all-in by less than half a bet: A may not raise again.
        stakes = rng.choice(STAKES)
        common["players"] = rng.choice((3, 3, 4))
        return situation_build(
            rng,
            street=big,
            script="apa",
            stakes=stakes,
            short_seat=2,
            short_stack=stakes.big_bet + rng.randint(1, (stakes.big_bet - 1) // 2),
            **common,
        )
    if scenario == "ante_all_in":
        return situation_build(rng, street=Street.THIRD, script="", ante_all_in=True, **common)
    if scenario in ("short_bring_in", "after_short_bring_in"):
        # R-BRING-9, a rare branch random play never reached (rules review): the low card has
        # only part of the bring-in; his partial bring-in stands, and the next player must
        # still come in for the full bring-in or complete.
        stakes = rng.choice(STAKES)
        return situation_build(
            rng,
            street=Street.THIRD,
            script="" if scenario == "short_bring_in" else "p",
            stakes=stakes,
            short_seat=0,
            short_stack=rng.randint(1, stakes.bring_in - 1),
            **common,
        )
    if scenario == "corrected_bring_in":
        return _corrected(rng, game, profile, common["players"])
    if scenario == "short_stack_facing_bet":
        # R-BET-7: facing a bet with fewer chips than a call, or than a full raise: a call or a
        # raise all-in for less, and whether half a bet or more counts as a full raise.
        stakes = rng.choice(STAKES)
        return situation_build(
            rng,
            street=big,
            script="a",
            stakes=stakes,
            short_seat=1,
            short_stack=rng.randint(1, 2 * stakes.big_bet - 1),
            **common,
        )
    raise AssertionError(scenario)


def _corrected(rng: random.Random, game: Game, profile: str, players: int) -> Situation:
    """R-BRING-10, asked at the table (Q8): the dealer names the wrong low card, who brings in;
    before the next player acts the error is corrected, the wrong player takes his chips back
    and the true low card brings in or completes. Half the time he then completes and the
    question is the next player's."""
    base = situation_build(
        rng, game=game, profile=profile, street=Street.THIRD, players=players, script=""
    )
    true_seat = base.first
    others = [seat for seat in range(base.seats) if seat != true_seat]
    doors = [base.boards[seat][0] for seat in others]
    wrong = others[bring_in(game, doors, profile=profile).seat]  # the next-lowest door card
    stakes = base.stakes
    rnd = start_round(
        game,
        Street.THIRD,
        stakes=stakes,
        stacks=base.stacks,
        first=wrong,
        forced=True,
        profile=get_profile(profile),
        boards=base.boards,
    ).apply(Action(ActionKind.BRING_IN, stakes.bring_in))
    fixed = correct_bring_in(rnd, true_seat)
    assert fixed.corrected
    steps = [
        Step(seat=wrong, kind="bring_in", total=stakes.bring_in, all_in=False),
        Step(seat=wrong, kind="take_back", total=stakes.bring_in, all_in=False),
    ]
    after = fixed.round
    if rng.random() < 0.5:
        complete = after.legal_actions().get(ActionKind.COMPLETE)
        if complete is not None:
            after = after.apply(Action(ActionKind.COMPLETE, complete.min_amount))
            steps.append(
                Step(seat=true_seat, kind="complete", total=complete.min_amount, all_in=False)
            )
    assert after.to_act is not None
    return replace(
        base,
        first=wrong,
        steps=tuple(steps),
        round=after,
        asked=after.to_act,
        notes=fixed.reasons,
    )


def _not_allowed(situation: Situation, legal: frozenset[str]) -> list[Reason]:
    """Reasons for the actions a learner might expect but may not take."""
    rnd = situation.round
    seat = situation.asked
    reasons: list[Reason] = []
    if rnd.to_act is None:
        if situation.street is Street.THIRD and rnd.raises == 0:
            reasons.append(Reason("R-BRING-7", BetReason.NO_BRING_IN_OPTION.value, seats=(seat,)))
        return reasons
    facing = rnd.bets[seat] < rnd.current
    if not rnd.opened:
        # R-BRING-4's own reason says he may not check; a fold is the other slip (review R6).
        if "fold" not in legal:
            reasons.append(
                Reason(
                    "R-BRING-4",
                    BetReason.BRING_IN_NO_FOLD.value,
                    seats=(seat,),
                    amounts=(min(situation.stakes.bring_in, rnd.bets[seat] + rnd.stacks[seat]),),
                )
            )
        return reasons
    if facing and (situation.street is not Street.THIRD or rnd.raises > 0):
        reasons.append(
            Reason(
                "R-BET-1",
                "facing_bet_no_check",
                seats=(seat,),
                amounts=(rnd.current,),
                # Capped, or a short all-in that does not reopen: only call or fold.
                params={"may_raise": "raise" in legal},
            )
        )
    if not facing:
        reasons.append(
            Reason(
                "R-ACT-1",
                "no_bet_to_call",
                seats=(seat,),
                params={"street": situation.street.value},
            )
        )
    return reasons


class LegalAction(QuizKind):
    slug = "legal-action"
    title = _("Legal action")
    summary = _("Read the betting so far and tick every action the player may take.")
    rule_step = "stud/betting/raise-cap"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        scenario, situation = situation_for(qid, _SCENARIOS[qid.level], build=_build)
        legal = situation.round.legal_actions()
        kinds = frozenset(kind.value for kind in legal.kinds) or frozenset({NONE})
        # R-BRING-8's "he may also fold" follows R-BRING-4's "bring in or complete", not the
        # other way round: read first, "must post the bring-in" would contradict it.
        later = {BetReason.NEXT_OPENER_MAY_FOLD.value, BetReason.NEXT_OPENER_MUST_OPEN.value}
        reasons: list[Reason] = [*situation.notes]
        reasons.extend(r for r in legal.reasons if r.code not in later)
        for action in legal:
            reasons.extend(action.reasons)
        reasons.extend(r for r in legal.reasons if r.code in later)
        reasons.extend(_not_allowed(situation, kinds))
        options = _THIRD_OPTIONS if situation.street is Street.THIRD else _LATER_OPTIONS
        return Question(
            qid=qid,
            data={
                "scenario": scenario,
                "situation": situation,
                "options": options,
                "legal": tuple(kind for kind in options if kind in kinds),
            },
            answer=kinds,
            reasons=tuple(reasons),
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        values = data.get("actions")
        if not values:
            raise AnswerError(
                "tick at least one action", user_message=gettext("Tick at least one answer.")
            )
        if isinstance(values, str):
            values = [values]
        options = question.data["options"]
        chosen = set()
        for value in values:
            if value not in options:
                raise AnswerError(f"{value!r} is not one of the choices")
            chosen.add(value)
        return frozenset(chosen)

    def prompt(self, question: Question) -> str:
        return name_rulebook(question, self._prompt(question))

    def _prompt(self, question: Question) -> str:
        return gettext("Which actions may %(seat)s take now?") % {
            "seat": words.seat_label(question.data["situation"].asked)
        }

    def describe_answer(self, question: Question) -> str:
        seat = words.seat_label(question.data["situation"].asked)
        legal = question.data["legal"]
        if legal == (NONE,):
            return gettext("%(seat)s has no action: the betting round is over.") % {"seat": seat}
        return gettext("%(seat)s may %(actions)s.") % {
            "seat": seat,
            "actions": words.join_or([action_label(kind) for kind in legal]),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        ordered = [kind for kind in question.data["options"] if kind in given]
        return ", ".join(action_label(kind) for kind in ordered)

    def mistake(self, question: Question, given: Any) -> str:
        """The action the learner ticked that is not allowed, or the one left out."""
        seat = words.seat_name(question.data["situation"].asked)
        options = question.data["options"]
        extra = [kind for kind in options if kind in given and kind not in question.answer]
        missing = [kind for kind in options if kind in question.answer and kind not in given]
        if NONE in question.answer:
            return gettext("The betting round is already over: %(seat)s has nothing to do.") % {
                "seat": seat
            }
        if NONE in extra:
            return gettext("The betting round is not over: %(seat)s still has to act.") % {
                "seat": seat
            }
        if extra:
            return gettext("%(seat)s may not %(actions)s here.") % {
                "seat": capfirst(seat),
                "actions": words.join_or([action_label(kind) for kind in extra]),
            }
        return gettext("You left out that %(seat)s may also %(actions)s.") % {
            "seat": seat,
            "actions": words.join_or([action_label(kind) for kind in missing]),
        }
