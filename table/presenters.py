"""The practice table as the templates show it, in the reader's language: the seats, the
dealer's announcements, the learner's choices, the coach's questions and the settlement."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from core import words
from core.cards import card_name_of
from practice.presenters.walkthrough import (
    SeatRole,
    action_line,
    answer_sentence,
    bet_size_label,
    rule_question,
    showdown_line,
)
from rules.engine import PROFILES, Action, ActionKind, Card, Event, EventKind, Game, Street
from rules.explain import explain_reasons
from table.outcome import costly_fold_note, outcome_line
from table.play import (
    MAX_OPPONENTS,
    MAX_SEED,
    MIN_OPPONENTS,
    STAKES,
    Moment,
    MomentKind,
    Setup,
    Stop,
    Table,
    TableError,
    encode_move,
    replay,
)

__all__ = [
    "CoachCheck",
    "check_answer",
    "error_message",
    "hand_url",
    "illegal_view",
    "new_hand_url",
    "start_view",
    "table_view",
]

SIZES = ("small", "big", "either")


# --- URLs -------------------------------------------------------------------------------------


def hand_url(
    setup: Setup,
    moves: Sequence[Action] = (),
    asked: int = 0,
    *,
    embed: bool = False,
    **extra: str | list[str],
) -> str:
    """The URL that replays this hand: the setup in the path and query, then the moves
    (``embed``: the same hand in the framable embed, which records nothing)."""
    path = reverse(
        "table:embed" if embed else "table:hand",
        kwargs={"game": str(setup.game), "profile": setup.profile, "seed": setup.seed},
    )
    query: list[tuple[str, str]] = [
        ("opponents", str(setup.opponents)),
        ("coach", "on" if setup.coach else "off"),
    ]
    if moves:
        query.append(("moves", ".".join(encode_move(m) for m in moves)))
    if asked:
        query.append(("asked", str(asked)))
    for name, value in extra.items():
        for item in [value] if isinstance(value, str) else value:
            query.append((name, item))
    return f"{path}?{urlencode(query)}"


def new_hand_url(setup: Setup, *, embed: bool = False) -> str:
    """A fresh deal with the same game, rules, opponents and coach."""
    fresh = Setup(
        setup.game, setup.profile, secrets.randbelow(MAX_SEED + 1), setup.opponents, setup.coach
    )
    return hand_url(fresh, embed=embed)


# --- messages ---------------------------------------------------------------------------------


def error_message(error: TableError) -> str:
    """What is wrong with a hand's link, in the reader's language."""
    value = str(error.value)[:40]
    messages = {
        "game": _("“%(value)s” is not one of the games here: choose stud, stud8 or razz."),
        "profile": _("“%(value)s” is not one of the rulebooks here."),
        "house": _("There are no house rules with the code “%(value)s”."),
        "seed": _("“%(value)s” is not a hand number this table deals."),
        "opponents": _("A practice table has 2 to 7 opponents, not “%(value)s”."),
        "coach": _("The coach is either on or off, not “%(value)s”."),
        "move": _("“%(value)s” is not a move at this table."),
        "moves": _("This link has more moves than the hand has room for."),
        "asked": _("This link answers coach questions that were never asked."),
    }
    if error.field == "illegal":
        assert isinstance(error.value, Action) and error.legal is not None
        return _("You may not %(action)s now. Your choices were: %(choices)s.") % {
            "action": action_text(error.value),
            "choices": words.join_or([action_text(_as_action(a)) for a in _choices(error.legal)]),
        }
    return messages.get(error.field, _("This hand's link is not valid.")) % {"value": value}


def _as_action(pair: tuple[ActionKind, int | None]) -> Action:
    return Action(pair[0], pair[1])


def _choices(legal: Any) -> list[tuple[ActionKind, int | None]]:
    out: list[tuple[ActionKind, int | None]] = []
    for offered in legal.actions:
        if offered.amounts:
            out.extend((offered.kind, amount) for amount in offered.amounts)
        else:
            out.append((offered.kind, None))
    return out


def action_text(action: Action) -> str:
    """ "raise to $15", "call $5", "fold": an action for running text."""
    amount = words.amount(action.amount) if action.amount is not None else ""
    texts = {
        ActionKind.FOLD: _("fold"),
        ActionKind.CHECK: _("check"),
        ActionKind.CALL: _("call %(amount)s"),
        ActionKind.BRING_IN: _("bring in for %(amount)s"),
        ActionKind.COMPLETE: _("complete to %(amount)s"),
        ActionKind.BET: _("bet %(amount)s"),
        ActionKind.RAISE: _("raise to %(amount)s"),
    }
    text = texts[action.kind]
    return text % {"amount": amount} if "%(amount)s" in text else text


def action_button(action: Action) -> str:
    """ "Raise to $15", "Call $5", "Fold": an action as the label of its button, in the form
    poker software of the language shows (an imperative where running text has an infinitive:
    "Luovuta", not "Luovuttaa")."""
    amount = words.amount(action.amount) if action.amount is not None else ""
    texts = {
        ActionKind.FOLD: pgettext("table button", "Fold"),
        ActionKind.CHECK: pgettext("table button", "Check"),
        ActionKind.CALL: pgettext("table button", "Call %(amount)s"),
        ActionKind.BRING_IN: pgettext("table button", "Bring in for %(amount)s"),
        ActionKind.COMPLETE: pgettext("table button", "Complete to %(amount)s"),
        ActionKind.BET: pgettext("table button", "Bet %(amount)s"),
        ActionKind.RAISE: pgettext("table button", "Raise to %(amount)s"),
    }
    text = texts[action.kind]
    return text % {"amount": amount} if "%(amount)s" in text else text


def illegal_view(
    error: TableError, setup: Setup, moves: Sequence[Action], asked: int, *, embed: bool = False
) -> dict[str, Any]:
    """The 400 page for a refused move: the rule, and a link back to the hand before it."""
    index = error.index if error.index is not None else len(moves)
    return {
        "explanations": explain_reasons(error.reasons, game=setup.game),
        "back_url": hand_url(setup, list(moves)[:index], asked, embed=embed),
    }


# --- the table --------------------------------------------------------------------------------


def _seat_label(seat: int, learner: int) -> str:
    label = words.seat_label(seat)
    return _("%(seat)s (you)") % {"seat": label} if seat == learner else label


def _announce(event: Event) -> str | None:
    """One event as the dealer says it, or ``None`` for the deal itself."""
    codes = {reason.code for reason in event.reasons}
    if event.kind is EventKind.POSTED:
        ante = max(event.amounts, default=STAKES.ante)  # short stacks post less
        return _("Everyone posts an ante of %(amount)s.") % {"amount": words.amount(ante)}
    if event.kind is EventKind.BURNED and not event.cards and event.reasons:
        # R-CARDS: which remedy the dealer used, and who opens (the board is unchanged).
        return " ".join(
            [
                _("The deck runs short."),
                *_remedy(event),
                _(
                    "No community card is needed, so the boards do not change and the first "
                    "to act is found as on sixth street."
                ),
            ]
        )
    if event.kind is EventKind.DEALT and not event.seats:
        community = _("A single community card is turned face up: the %(card)s.") % {
            "card": card_name_of(event.cards[0])
        }
        return " ".join([*_remedy(event), community, *_remedy(event, opener=True)])
    if event.kind is EventKind.BET and event.action is not None:
        return action_line(event.seats[0], event.action, event.amounts[0])
    if event.kind is EventKind.STREET and "no_betting_all_in" in codes:
        return _("No betting: fewer than two players have chips left.")
    if event.kind is EventKind.STREET and "everyone_else_folded" in codes:
        return _("Everyone else has folded: %(seat)s wins.") % {
            "seat": words.seat_label(event.seats[0])
        }
    if event.kind is EventKind.STREET and "no_bring_in_option" in codes:
        return _("Everyone has called the bring-in, so the round is over.")
    if event.kind is EventKind.STREET and event.seats and event.street is Street.THIRD:
        return _("%(seat)s has the bring-in.") % {"seat": words.seat_label(event.seats[0])}
    if event.kind is EventKind.STREET and event.seats:
        return _("%(seat)s is first to act.") % {"seat": words.seat_label(event.seats[0])}
    if event.kind is EventKind.SHOWDOWN:
        return showdown_line(event)
    return None


_REMEDIES = frozenset(
    {
        "tda_reuse_burns",
        "tda_community_card",
        "tda_community_after_reshuffle",
        "rr_last_card_with_burns",
        "rr_no_reburn",
        "rr_community_card",
    }
)
_OPENERS = frozenset({"opener_high_with_community", "opener_sixth_street"})


def _remedy(event: Event, *, opener: bool = False) -> list[str]:
    """The out-of-cards procedure the dealer used (or, with ``opener``, who then opens), as
    the rule pages word it."""
    wanted = _OPENERS if opener else _REMEDIES
    return [e.text for e in explain_reasons(r for r in event.reasons if r.code in wanted)]


def _award_lines(event: Event, index: int) -> list[str]:
    """ "Main pot: seat 6 gets $77." for each winner of one pot."""
    pot = _("Main pot") if index == 0 else _("Side pot %(number)s") % {"number": index}
    return [
        _("%(pot)s: %(seat)s gets %(amount)s.")
        % {"pot": pot, "seat": words.seat_name(seat), "amount": words.amount(amount)}
        for seat, amount in zip(event.seats, event.amounts, strict=True)
    ]


def _deal_line(street: Street) -> str:
    lines = {
        Street.THIRD: _("Each player gets two cards face down and one face up."),
        Street.SEVENTH: _("Each player still in gets one card face down."),
    }
    return lines.get(street, _("Each player still in gets one card face up."))


def history(events: Sequence[Event], *, hide_street_opener: bool = False) -> list[dict[str, Any]]:
    """The hand so far, street by street, as the dealer announces it."""
    streets: list[dict[str, Any]] = []
    pots = 0
    for index, event in enumerate(events):
        street = event.street or Street.THIRD
        if not streets or streets[-1]["street"] is not street:
            streets.append({"street": street, "label": words.street_label(street), "lines": []})
        lines: list[str] = streets[-1]["lines"]
        if event.kind is EventKind.DEALT and event.seats:
            line: str | None = _deal_line(street)
            if line in lines:
                continue
        elif event.kind is EventKind.AWARDED:
            lines.extend(_award_lines(event, pots))
            pots += 1
            continue
        elif (
            hide_street_opener
            and index == len(events) - 1
            and event.kind is EventKind.STREET
            and event.seats
        ):
            continue  # the coach asks who acts first: the dealer does not say it yet
        else:
            line = _announce(event)
        if line:
            lines.append(line)
    return streets


def _seats(table: Table) -> list[dict[str, Any]]:
    state = table.state
    reveal = table.stop is Stop.OVER or (
        table.moment is not None and table.moment.kind is MomentKind.WINNERS
    )
    showdown = state.showdown is not None
    settlement = state.settlement if table.stop is Stop.OVER else None
    bets = state.round.bets if state.round is not None else (0,) * state.seats
    rows = []
    for seat in range(state.seats):
        live = state.live[seat]
        own = seat == table.learner
        shown = own or (reveal and showdown and live)
        down: list[Card | None] = (
            list(state.down[seat]) if shown else [None] * len(state.down[seat])
        )
        row: dict[str, Any] = {
            "seat": seat,
            "label": _seat_label(seat, table.learner),
            "you": own,
            "folded": not live,
            "cards": [*down, *state.up[seat]] if live or own else [],
            "cards_label": _seat_label(seat, table.learner),
            "stack_text": words.amount(
                (state.final_stacks[seat] or 0) if settlement is not None else state.stacks[seat]
            ),
            "bet_text": words.amount(bets[seat]) if bets[seat] else "",
            "all_in": live and state.stacks[seat] == 0,
            "to_act": table.stop is Stop.ACT and state.to_act == seat,
            "high": None,
            "low": None,
            "result": "",
        }
        if settlement is not None and live and showdown:
            row["high"] = settlement.high_hands[seat]
            row["low"] = settlement.low_hands[seat]
        if settlement is not None:
            net = settlement.net[seat]
            row["result"] = (
                _("wins %(amount)s") % {"amount": words.amount(net)}
                if net > 0
                else _("loses %(amount)s") % {"amount": words.amount(-net)}
                if net < 0
                else _("breaks even")
            )
        rows.append(row)
    return rows


def _actions(table: Table, embed: bool) -> list[dict[str, str]]:
    if table.stop is not Stop.ACT:
        return []
    choices = []
    for kind, amount in _choices(table.state.legal_actions()):
        action = Action(kind, amount)
        choices.append(
            {
                "kind": str(kind),
                "label": action_button(action),
                "url": hand_url(table.setup, [*table.moves, action], table.asked, embed=embed),
                "value": encode_move(action),
            }
        )
    return choices


def _summary(table: Table) -> str:
    """The table in one paragraph, for screen readers."""
    state = table.state
    parts = [
        _("%(street)s. The pot is %(pot)s.")
        % {"street": words.street_label(state.street), "pot": words.amount(state.pot)},
        _("You are %(seat)s with %(amount)s behind.")
        % {
            "seat": words.seat_name(table.learner),
            "amount": words.amount(state.stacks[table.learner]),
        },
    ]
    if table.stop is Stop.ACT:
        parts.append(_("It is your turn."))
    return " ".join(parts)


def _coach_prompt(table: Table, moment: Moment) -> str:
    return rule_question(str(moment.kind), game=table.setup.game, street=moment.street)


class CoachCheck:
    """The learner's answer to a coach question, judged against the engine."""

    def __init__(self, given: dict[str, object], parts: dict[str, bool]) -> None:
        self.given = given
        self.parts = parts
        self.correct = all(parts.values())


def check_answer(moment: Moment, data: Mapping[str, list[str]], game: Game) -> CoachCheck | None:
    """Read an answer from the query; ``None`` when a part is missing or unreadable."""
    given: dict[str, object] = {}
    for name in moment.answer:
        values = data.get(name) or []
        if name in ("seat", "size"):
            if len(values) != 1:
                return None
            if name == "size":
                if values[0] not in SIZES:
                    return None
                given[name] = values[0]
            else:
                if not values[0].isdigit() or int(values[0]) not in moment.seats:
                    return None
                given[name] = int(values[0])
        else:
            chosen: set[object] = set()
            for value in values:
                if value == "none" and name == "low" and game is Game.STUD8:
                    chosen.add("none")
                elif value.isdigit() and int(value) in moment.seats:
                    chosen.add(int(value))
                else:
                    return None
            if not chosen or ("none" in chosen and len(chosen) > 1):
                return None
            given[name] = frozenset(chosen)
    parts = {name: given[name] == moment.answer[name] for name in moment.answer}
    return CoachCheck(given, parts)


def _part_text(table: Table, moment: Moment, name: str, value: object) -> str:
    role: SeatRole = "brings in" if moment.kind is MomentKind.BRING_IN else "acts first"
    return answer_sentence(table.setup.game, name, value, seat_role=role)


def _coach(table: Table, data: Mapping[str, list[str]], embed: bool) -> dict[str, Any] | None:
    moment = table.moment
    if moment is None:
        return None
    game = table.setup.game
    check = check_answer(moment, data, game) if data.get("check") else None
    feedback = None
    if check is not None:
        split = []
        settlement = table.state.settlement
        if moment.kind is MomentKind.WINNERS and settlement is not None:
            for pot_index, pot in enumerate(settlement.pots):
                name = (
                    _("Main pot")
                    if pot_index == 0
                    else _("Side pot %(number)s") % {"number": pot_index}
                )
                for seat in pot.winners:
                    split.append(
                        _("%(pot)s: %(seat)s gets %(amount)s.")
                        % {
                            "pot": name,
                            "seat": words.seat_name(seat),
                            "amount": words.amount(pot.shares[seat]),
                        }
                    )
        feedback = {
            "correct": check.correct,
            "parts": [
                {
                    "correct": right,
                    "answer": _part_text(table, moment, name, moment.answer[name]),
                    "given": _part_text(table, moment, name, check.given[name]),
                }
                for name, right in check.parts.items()
            ],
            "explanations": explain_reasons(moment.reasons, game=game),
            "split": split,
            "next_url": hand_url(table.setup, table.moves, table.asked + 1, embed=embed),
        }
    seat_choices = [
        (seat, _seat_label(seat, table.learner), table.state.up[seat]) for seat in moment.seats
    ]
    halves = []
    if moment.kind is MomentKind.WINNERS:
        groups = (
            [("high", _("Who wins the high half?")), ("low", _("Who wins the low half?"))]
            if game is Game.STUD8
            else [("low" if game is Game.RAZZ else "high", _("Who wins the pot?"))]
        )
        for name, legend in groups:
            chosen = check.given.get(name, frozenset()) if check else frozenset()
            assert isinstance(chosen, frozenset)
            choices = [
                {"value": str(seat), "label": label, "checked": seat in chosen}
                for seat, label, _up in seat_choices
            ]
            if game is Game.STUD8 and name == "low":
                choices.append(
                    {
                        "value": "none",
                        "label": _("Nobody: no low qualifies"),
                        "checked": "none" in chosen,
                    }
                )
            halves.append({"name": name, "legend": legend, "choices": choices})
    return {
        "moment": moment,
        "prompt": _coach_prompt(table, moment),
        "seat_choices": seat_choices,
        "sizes": [(value, bet_size_label(value, table.state.stakes)) for value in SIZES],
        "halves": halves,
        "given": check.given if check else {},
        "feedback": feedback,
        "unreadable": bool(data.get("check")) and check is None,
        "side_pots": table.state.settlement is not None and len(table.state.settlement.pots) > 1,
    }


def _settlement(table: Table) -> list[dict[str, Any]]:
    settlement = table.state.settlement
    if table.stop is not Stop.OVER or settlement is None:
        return []
    return [
        {
            "label": _seat_label(seat, table.learner),
            "put_in": words.amount(settlement.contributions[seat]),
            "gets": words.amount(settlement.payouts[seat]),
            "net": settlement.net[seat],
            "net_text": words.signed_amount(settlement.net[seat]),
        }
        for seat in range(table.state.seats)
        if table.state.dealt_in[seat]
    ]


def table_view(
    table: Table, data: Mapping[str, list[str]], *, embed: bool = False
) -> dict[str, Any]:
    """Everything the table template shows."""
    state = table.state
    events = state.events[: table.shown]
    coach = _coach(table, data, embed)
    hide = coach is not None and coach["feedback"] is None and table.moment is not None
    last_learner = max(
        (
            i
            for i, e in enumerate(events)
            if e.kind is EventKind.BET and e.seats and e.seats[0] == table.learner
        ),
        default=-1,
    )
    recent: list[str] = []
    pots = 0
    for event in events[last_learner + 1 :]:
        if event.kind is EventKind.AWARDED:
            recent.extend(_award_lines(event, pots))
            pots += 1
        elif event.kind in (EventKind.BET, EventKind.STREET, EventKind.SHOWDOWN) and not (
            hide and event is events[-1] and event.kind is EventKind.STREET
        ):
            line = _announce(event)
            if line:
                recent.append(line)
    recent = recent[-8:]
    community_shown = any(e.kind is EventKind.DEALT and not e.seats for e in events)
    seats = _seats(table)
    return {
        "table": table,
        "you": seats[table.learner],
        "setup": table.setup,
        "game_label": words.game_name(table.setup.game),
        "profile_label": words.profile_title(table.setup.profile),
        "street_label": words.street_label(state.street),
        "seats": seats,
        "community": state.community if community_shown else None,
        "pot_text": words.amount(state.pot),
        "summary": _summary(table),
        "recent": recent,
        "history": history(events, hide_street_opener=hide),
        "actions": _actions(table, embed),
        "coach": coach,
        "settlement": _settlement(table),
        "is_over": table.stop is Stop.OVER,
        "outcome": outcome_line(table),
        "costly_fold": costly_fold_note(table) if table.setup.coach else None,
        "url": hand_url(table.setup, table.moves, table.asked, embed=embed),
        "page_url": hand_url(table.setup, table.moves, table.asked),
        "embedded": embed,
        "moves_text": ".".join(encode_move(m) for m in table.moves),
        "deal_again_url": new_hand_url(table.setup, embed=embed) if table.stop is Stop.OVER else "",
        "coach_toggle_url": _coach_toggle_url(table, embed),
        # The walkthrough's words: "5/10 dollar" in Swedish, never "5 dollar/10 dollar".
        "stakes_text": _("Fixed limit $%(small)s/$%(big)s: ante $%(ante)s, bring-in $%(bring_in)s.")
        % {
            "small": table.state.stakes.small_bet,
            "big": table.state.stakes.big_bet,
            "ante": table.state.stakes.ante,
            "bring_in": table.state.stakes.bring_in,
        },
    }


def _coach_toggle_url(table: Table, embed: bool) -> str:
    """The same hand at the same point with the coach switched: off keeps the moves; on asks
    only the questions still ahead (the current street's, if no one has acted on it yet)."""
    setup = table.setup
    switched = Setup(setup.game, setup.profile, setup.seed, setup.opponents, not setup.coach)
    if setup.coach:
        return hand_url(switched, table.moves, embed=embed)
    asked = 0
    for asked in range(12):  # a hand has at most six questions
        try:
            probe = replay(switched, table.moves, asked)
        except TableError:
            break
        played = sum(
            1
            for event in probe.state.events
            if event.kind is EventKind.BET and event.seats == (table.learner,)
        )
        if probe.stop is not Stop.COACH or played == len(table.moves):
            break
    return hand_url(switched, table.moves, asked, embed=embed)


def start_view() -> dict[str, Any]:
    return {
        "games": [(str(game), words.game_name(game)) for game in Game],
        "profiles": [(name, words.profile_title(name)) for name in PROFILES],
        "opponent_counts": list(range(MIN_OPPONENTS, MAX_OPPONENTS + 1)),
    }
