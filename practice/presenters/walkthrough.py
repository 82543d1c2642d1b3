"""The hand walkthrough as the templates show it: the table, the action log, each step's question
and the feedback on a prediction, in the reader's language."""

from __future__ import annotations

from typing import Any, Literal

from django.urls import reverse
from django.utils.translation import gettext as _

from core import words
from core.cards import card_name_of
from practice.presenters.quiz import explain
from practice.templatetags.quiz_marks import mark_for
from practice.walkthrough import (
    STAKES,
    Prediction,
    Step,
    StepKind,
    Walkthrough,
)
from rules.engine import (
    PROFILES,
    ActionKind,
    Card,
    Event,
    EventKind,
    Game,
    ShowdownCode,
    Stakes,
    Street,
)
from rules.explain import explain_reasons

__all__ = ["walkthrough_feedback_view", "walkthrough_start_view", "walkthrough_step_view"]


def action_line(seat: int, action: ActionKind, total: int) -> str:
    """ "Seat 3 completes to $5.": an action as the dealer announces it (the walkthrough's log
    and the practice table's)."""
    who = words.seat_label(seat)
    lines = {
        ActionKind.FOLD: _("%(seat)s folds."),
        ActionKind.CHECK: _("%(seat)s checks."),
        ActionKind.CALL: _("%(seat)s calls %(amount)s."),
        ActionKind.BRING_IN: _("%(seat)s brings in for %(amount)s."),
        ActionKind.COMPLETE: _("%(seat)s completes to %(amount)s."),
        ActionKind.BET: _("%(seat)s bets %(amount)s."),
        ActionKind.RAISE: _("%(seat)s raises to %(amount)s."),
    }
    return lines[action] % {"seat": who, "amount": words.amount(total)}


def _deal_line(street: Street) -> str:
    lines = {
        Street.THIRD: _("Each player gets two cards face down and one face up."),
        Street.SEVENTH: _("Each player still in gets one card face down."),
    }
    return lines.get(street, _("Each player still in gets one card face up."))


def _log(walk: Walkthrough, cut: int) -> list[dict[str, Any]]:
    """The hand so far, street by street, as short sentences."""
    streets: list[dict[str, Any]] = []
    events = walk.final.events[:cut]
    pots = 0
    for event in events:
        street = event.street or Street.THIRD
        if not streets or streets[-1]["street"] is not street:
            streets.append({"street": street, "label": words.street_label(street), "lines": []})
        lines: list[str] = streets[-1]["lines"]
        codes = {reason.code for reason in event.reasons}
        if event.kind is EventKind.POSTED:
            lines.append(
                _("Everyone posts an ante of %(amount)s.") % {"amount": words.amount(STAKES.ante)}
            )
        elif event.kind is EventKind.BURNED and not event.cards and event.reasons:
            lines.append(_("The deck runs short: the dealer follows the out-of-cards procedure."))
        elif event.kind is EventKind.DEALT and not event.seats:
            lines.append(
                _("A single community card is turned face up: the %(card)s.")
                % {"card": card_name_of(event.cards[0])}
            )
        elif event.kind is EventKind.DEALT:
            line = _deal_line(street)
            if line not in lines:
                lines.append(line)
        elif event.kind is EventKind.BET and event.action is not None:
            lines.append(action_line(event.seats[0], event.action, event.amounts[0]))
        elif event.kind is EventKind.STREET and "no_betting_all_in" in codes:
            lines.append(_("No betting: fewer than two players have chips left."))
        elif event.kind is EventKind.STREET and "everyone_else_folded" in codes:
            lines.append(
                _("Everyone else has folded: %(seat)s wins.")
                % {"seat": words.seat_label(event.seats[0])}
            )
        elif event.kind is EventKind.STREET and "no_bring_in_option" in codes:
            lines.append(_("Everyone has called the bring-in, so the round is over."))
        elif event.kind is EventKind.SHOWDOWN:
            lines.append(showdown_line(event))
        elif event.kind is EventKind.AWARDED:
            pot = _("Main pot") if pots == 0 else _("Side pot %(number)s") % {"number": pots}
            pots += 1
            for seat, amount in zip(event.seats, event.amounts, strict=True):
                lines.append(
                    _("%(pot)s: %(seat)s gets %(amount)s.")
                    # After the colon the sentence runs on: the running-text seat name.
                    % {"pot": pot, "seat": words.seat_name(seat), "amount": words.amount(amount)}
                )
    return streets


def _table(walk: Walkthrough, step: Step) -> list[dict[str, Any]]:
    """Each seat at the moment of the step: cards (hole cards face down until revealed)."""
    state = step.state
    seats = []
    settlement = state.settlement if step.kind is StepKind.RESULT else None
    for seat in range(state.seats):
        live = state.live[seat]
        down: list[Card | None] = (
            list(state.down[seat]) if step.reveal and live else [None] * len(state.down[seat])
        )
        row = {
            "seat": seat,
            "label": words.seat_label(seat),
            "folded": not live,
            "cards": [*down, *state.up[seat]] if live else [],
            "stack_text": words.amount(state.stacks[seat]),
            "all_in": live and state.stacks[seat] == 0,
            "high": None,
            "low": None,
        }
        if settlement is not None and live and state.showdown is not None:
            high = settlement.high_hands[seat]
            low = settlement.low_hands[seat]
            row["high"] = high
            row["low"] = low
        seats.append(row)
    return seats


def bet_size_label(size: str, stakes: Stakes = STAKES) -> str:
    """ "The small bet, $5": a bet size the learner can pick ("small", "big" or "either"), at the
    stakes the walkthrough and the practice table play (house rules play their own)."""
    labels = {
        "small": _("The small bet, %(small)s"),
        "big": _("The big bet, %(big)s"),
        "either": _("Either the small or the big bet (%(small)s or %(big)s)"),
    }
    return labels[size] % {
        "small": words.amount(stakes.small_bet),
        "big": words.amount(stakes.big_bet),
    }


def rule_question(moment: str, *, game: Game, street: Street | None = None) -> str:
    """The question asked before the learner sees the answer at a moment of a hand: who brings
    in ("bring_in"), who acts first on ``street`` ("first_to_act"), who wins ("winners"). The
    walkthrough and the practice table's coach ask the same."""
    if moment == "bring_in":
        return _("Third street is dealt. Who must bring in, and what size is a full bet?")
    if moment == "first_to_act":
        assert street is not None
        return _("%(street)s is dealt. Who acts first, and what size are bets now?") % {
            "street": words.street_label(street)
        }
    if game is Game.STUD8:
        return _("The cards are on the table. Who wins the high half and who the low half?")
    return _("The cards are on the table. Who wins the pot?")


def _prompt(walk: Walkthrough, step: Step) -> str:
    if step.kind is StepKind.BRING_IN:
        return rule_question("bring_in", game=walk.game)
    if step.kind is StepKind.FIRST_TO_ACT:
        return rule_question("first_to_act", game=walk.game, street=step.street)
    if step.kind is StepKind.SHOWDOWN:
        return _("The betting is over. Who shows his cards first?")
    if step.kind is StepKind.WINNERS:
        return rule_question("winners", game=walk.game)
    return _("The hand is over. Here is how the pot was split.")


def _winner_text(seats: frozenset[int | str]) -> str:
    if "none" in seats:
        return _("nobody, no low qualifies")
    # In running text, so the lower-case seat names: 'The pot goes to seat 2 and seat 5.'
    return words.seat_list(sorted(int(seat) for seat in seats))


def showdown_line(event: Event) -> str:
    """The showdown as the dealer says it: the order the hands are shown in, or, when a player
    is all-in and the rules table every hand at once (TDA 16, WSOP-T 70), that rule."""
    face_up = [r for r in event.reasons if r.code == ShowdownCode.ALL_IN_HANDS_FACE_UP]
    if face_up:
        return explain_reasons(face_up)[0].text
    return _("Showdown, in this order: %(seats)s.") % {"seats": words.seat_list(event.seats)}


#: What the seat of a "which seat" answer does: brings in, acts first, or shows first.
type SeatRole = Literal["brings in", "acts first", "shows first"]


def answer_sentence(game: Game, name: str, value: Any, *, seat_role: SeatRole) -> str:
    """One part of a rule question's answer as a sentence, the engine's or the learner's: the
    walkthrough's and the practice table's coach say them alike."""
    if name == "seat":
        seat = words.seat_label(value)
        if seat_role == "brings in":
            return _("%(seat)s brings in.") % {"seat": seat}
        if seat_role == "shows first":
            return _("%(seat)s shows first.") % {"seat": seat}
        return _("%(seat)s acts first.") % {"seat": seat}
    if name == "size":
        sentences = {
            "small": _("Bets and raises are the small bet, %(small)s."),
            "big": _("Bets and raises are the big bet, %(big)s."),
            "either": _("Bets and raises may be the small or the big bet, %(small)s or %(big)s."),
        }
        return sentences[str(value)] % {
            "small": words.amount(STAKES.small_bet),
            "big": words.amount(STAKES.big_bet),
        }
    if game is not Game.STUD8:  # one pot, high in stud, low in razz
        return _("The pot goes to %(seats)s.") % {"seats": _winner_text(value)}
    if name == "high":
        return _("High half: %(seats)s.") % {"seats": _winner_text(value)}
    return _("Low half: %(seats)s.") % {"seats": _winner_text(value)}


def _part_answer(walk: Walkthrough, step: Step, name: str, value: Any) -> str:
    """One part of an answer as a sentence (the engine's or the learner's)."""
    role: SeatRole = (
        "brings in"
        if step.kind is StepKind.BRING_IN
        else "shows first"
        if step.kind is StepKind.SHOWDOWN
        else "acts first"
    )
    return answer_sentence(walk.game, name, value, seat_role=role)


def walkthrough_feedback_view(
    walk: Walkthrough, step: Step, prediction: Prediction
) -> dict[str, Any]:
    """The verdict on each part of a prediction, with the engine's reasons."""
    parts = [
        {
            "name": name,
            "correct": right,
            "answer": _part_answer(walk, step, name, step.answer[name]),
            "given": _part_answer(walk, step, name, prediction.given[name]),
        }
        for name, right in prediction.parts.items()
    ]
    return {
        "correct": prediction.correct,
        "parts": parts,
        "explanations": explain(step.reasons, game=walk.game),
    }


def _step_url(walk: Walkthrough, number: int) -> str:
    return reverse(
        "practice:walkthrough-step",
        kwargs={
            "game": str(walk.game),
            "profile": walk.profile,
            "seed": walk.seed,
            "step": number,
        },
    )


def walkthrough_step_view(
    walk: Walkthrough, step: Step, prediction: Prediction | None = None
) -> dict[str, Any]:
    """Everything the step template shows: the prompt, the table, the log and the pots."""
    side_pots = walk.final.settlement is not None and len(walk.final.settlement.pots) > 1
    return {
        "walk": walk,
        "step": step,
        "prompt": _prompt(walk, step),
        "game_label": words.game_name(walk.game),
        "profile_label": words.profile_title(walk.profile),
        "seats": _table(walk, step),
        "community": step.state.community if step.cut >= _community_index(walk) else None,
        "pot_text": words.amount(step.state.pot),
        "log": _log(walk, step.cut),
        "sizes": [(value, bet_size_label(value)) for value in ("small", "big", "either")],
        # Each choice carries the seat's upcards, so the label alone says what the seat shows.
        "seat_choices": [
            (seat, words.seat_label(seat), step.state.up[seat]) for seat in step.seats
        ],
        "halves": _halves(walk, step, prediction),
        "main_pot_only": side_pots,
        "next_url": _step_url(walk, step.number + 1) if step.number < walk.total else None,
        "previous_url": _step_url(walk, step.number - 1) if step.number > 1 else None,
        "settlement": _settlement(walk) if step.kind is StepKind.RESULT else None,
        "games": [(str(game), words.game_name(game)) for game in Game],
        "profiles": [(name, words.profile_title(name)) for name in PROFILES],
    }


def _community_index(walk: Walkthrough) -> int:
    for index, event in enumerate(walk.final.events):
        if event.kind is EventKind.DEALT and not event.seats:
            return index + 1
    return len(walk.final.events) + 1


def _halves(walk: Walkthrough, step: Step, prediction: Prediction | None) -> list[dict[str, Any]]:
    """The winner checkboxes: one group per half in stud/8, one for the pot otherwise."""
    if walk.game is Game.STUD8:
        groups = [("high", _("Who wins the high half?")), ("low", _("Who wins the low half?"))]
    elif walk.game is Game.RAZZ:
        groups = [("low", _("Who wins the pot?"))]
    else:
        groups = [("high", _("Who wins the pot?"))]
    halves = []
    for name, legend in groups:
        given = prediction.given.get(name, frozenset()) if prediction else frozenset()
        choices = [
            {"value": str(seat), "label": words.seat_label(seat), "checked": seat in given}
            for seat in step.seats
        ]
        if walk.game is Game.STUD8 and name == "low":
            choices.append(
                {
                    "value": "none",
                    "label": _("Nobody: no low qualifies"),
                    "checked": "none" in given,
                }
            )
        if prediction is not None and name in step.answer:
            answer = {str(value) for value in step.answer[name]}
            for choice in choices:
                choice["mark"] = mark_for(
                    right=choice["value"] in answer, picked=bool(choice["checked"]), multi=True
                )
        halves.append({"name": name, "legend": legend, "choices": choices})
    return halves


def _settlement(walk: Walkthrough) -> list[dict[str, Any]]:
    settlement = walk.final.settlement
    assert settlement is not None
    return [
        {
            "seat": seat,
            "label": words.seat_label(seat),
            "put_in": words.amount(settlement.contributions[seat]),
            "gets": words.amount(settlement.payouts[seat]),
            "net": words.signed_amount(settlement.net[seat]),
        }
        for seat in range(walk.final.seats)
        if walk.final.dealt_in[seat]
    ]


def walkthrough_start_view() -> dict[str, Any]:
    """The choices of the start page: games and rulebooks."""
    return {
        "games": [(str(g), words.game_name(g)) for g in Game],
        "profiles": [(name, words.profile_title(name)) for name in PROFILES],
    }
