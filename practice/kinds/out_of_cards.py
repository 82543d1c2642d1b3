"""Out of cards: will 7th street need the burns or a community card, and who acts first then?
(R-PLAYERS-2, R-CARDS-1, R-CARDS-2, R-ACT-6; tricky cases Q42-Q45)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any, Final

from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core import numerals
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, single
from rules.engine import (
    MAX_PLAYERS,
    CommunityOpener,
    Reason,
    SeventhStreetPlan,
    get_profile,
    seventh_street_plan,
)
from rules.engine import OutOfCards as OutOfCardsRule

__all__ = ["DEALS", "OPENERS", "OutOfCards", "deal_choice"]

#: How 7th street is dealt: the learner's four choices, keyed by the form value.
DEALS: Final[dict[str, Promise]] = {
    "normal": _("A normal deal: every player gets a card from the stub"),
    "reuse-burns": _(
        "The burn cards are brought back into play and every player still gets a card of his own"
    ),
    "community": _("The dealer burns a card and turns one community card face up for everyone"),
    "burns-then-community": _(
        "The burn cards are scrambled back in, and even then only one community card is dealt"
    ),
}

#: Who starts the 7th-street betting.
OPENERS: Final[dict[str, Promise]] = {
    "sixth": _("The player who acted first on sixth street"),
    "board": _("The player with the best board counting the community card"),
}

_PRIOR_BURNS: Final = 3
_MAX_STUB: Final = 52


def deal_choice(plan: SeventhStreetPlan) -> str:
    """The learner's choice that names the engine's procedure."""
    if not plan.community_card:
        return "reuse-burns" if plan.reuse_burns else "normal"
    return "burns-then-community" if plan.reuse_burns else "community"


def _situations(level: Level) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every (players dealt in, players getting a card on 4th-7th) the level may ask about."""
    found = []
    for dealt_in in range(2, MAX_PLAYERS + 1):
        for combo in combinations_with_replacement(range(2, dealt_in + 1), 4):
            counts = tuple(sorted(combo, reverse=True))
            folds_late = counts[0] != counts[3]
            if level is Level.EASY:
                keep = dealt_in >= 5 and counts == (dealt_in,) * 4
            elif level is Level.NORMAL:
                keep = dealt_in >= 6 and not folds_late and counts[0] >= 4
            else:
                keep = dealt_in >= 7 and (folds_late or counts[0] < dealt_in) and counts[3] >= 5
            if keep:
                found.append((dealt_in, counts))
    return tuple(sorted(set(found)))


@lru_cache(maxsize=32)  # a profile name may be house rules: many, so a bounded memo
def _pool(level: Level, profile: str) -> dict[tuple[str, str], tuple[Any, ...]]:
    """The level's situations grouped by their right answer, so the draw can balance them."""
    rules = get_profile(profile)
    groups: dict[tuple[str, str], list[Any]] = {}
    for dealt_in, counts in _situations(level):
        plan = seventh_street_plan(dealt_in, counts, profile=rules)
        groups.setdefault((deal_choice(plan), _opener(plan, profile)), []).append(
            (dealt_in, counts)
        )
    return {key: tuple(value) for key, value in sorted(groups.items())}


def _opener(plan: SeventhStreetPlan, profile: str) -> str:
    if plan.community_card and (
        get_profile(profile).community_opener is CommunityOpener.HIGH_WITH_COMMON_CARD
    ):
        return "board"
    return "sixth"


class OutOfCards(QuizKind):
    slug = "out-of-cards"
    title = _("Out of cards")
    summary = _(
        "Count the cards before seventh street: a normal deal, the burn cards again, or a "
        "community card? And who acts first then?"
    )
    rule_step = "stud/out-of-cards/why-cards-run-out"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        pool = _pool(qid.level, qid.profile)
        group = pool[rng.choice(sorted(pool))]
        dealt_in, counts = group[rng.randrange(len(group))]
        plan = seventh_street_plan(dealt_in, counts, profile=get_profile(qid.profile))
        deal, opener = deal_choice(plan), _opener(plan, qid.profile)
        reasons: tuple[Reason, ...] = plan.reasons
        if not plan.community_card:
            reasons = (*reasons, Reason("R-ACT-6", "opener_sixth_street"))
        ask_stub = qid.level is Level.HARD
        streets = (dealt_in, *counts)
        rows = tuple(
            {
                "street": number,
                "players": players,
                "folded_before": (streets[index - 1] - players) if index else 0,
            }
            for index, (number, players) in enumerate(zip(range(3, 8), streets, strict=True))
        )
        dealt = 3 * dealt_in + sum(counts[:3])
        return Question(
            qid=qid,
            data={
                "dealt_in": dealt_in,
                "counts": counts,
                "rows": rows,
                "players": counts[3],
                "dealt": dealt,
                "burns": _PRIOR_BURNS,
                "stub": plan.stub,
                "needed": plan.needed,
                "ask_stub": ask_stub,
                "deals": tuple(DEALS.items()),
                "openers": tuple(OPENERS.items()),
                "tournament_count": get_profile(qid.profile).out_of_cards is not OutOfCardsRule.RR,
                # TDA RP-10-H and WSOP-LA 228 count a last card kept back; RR #15 does not.
                "kept_back": plan.needed - plan.players == 2,
            },
            answer=(deal, opener, plan.stub) if ask_stub else (deal, opener),
            reasons=reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        deal = single(data, "deal")
        if deal not in DEALS:
            raise AnswerError(f"unknown deal {deal!r}")
        opener = single(data, "opener")
        if opener not in OPENERS:
            raise AnswerError(f"unknown opener {opener!r}")
        if not question.data["ask_stub"]:
            return (deal, opener)
        text = single(data, "stub").strip()
        try:
            stub = int(text)
        except ValueError:
            raise AnswerError(
                f"card count {text!r} is not a number", user_message=_stub_message()
            ) from None
        if not 0 <= stub <= _MAX_STUB:
            raise AnswerError(
                f"card count {stub} is not between 0 and 52", user_message=_stub_message()
            )
        return (deal, opener, stub)

    def prompt(self, question: Question) -> str:
        return capfirst(
            gettext(
                "%(players_words)s players are still in for seventh street: how is it dealt, "
                "and who starts its betting?"
            )
            % numerals.counts(players=question.data["players"])
        )

    def describe_answer(self, question: Question) -> str:
        deal, opener = question.answer[0], question.answer[1]
        text = gettext("%(deal)s. First to act on seventh street: %(opener)s.") % {
            "deal": DEALS[deal],
            # A choice label continuing the sentence after the colon: no capital letter.
            "opener": _continue(str(OPENERS[opener])),
        }
        if question.data["ask_stub"]:
            stub = question.data["stub"]
            text += " " + capfirst(
                ngettext(
                    "One card is left in the stub before seventh street.",
                    "%(stub_words)s cards are left in the stub before seventh street.",
                    stub,
                )
                % numerals.counts(stub=stub)
            )
        return text

    def describe_given(self, question: Question, given: Any) -> str:
        parts = [str(DEALS[given[0]]), str(OPENERS[given[1]])]
        if len(given) > 2:
            parts.append(
                ngettext("one card left", "%(stub_words)s cards left", given[2])
                % numerals.counts(stub=given[2])
            )
        # The choices are capitalised as answer labels; after a semicolon they continue the
        # sentence, so only the first one keeps its capital letter ("...; the player who ...").
        return "; ".join([parts[0], *(_continue(part) for part in parts[1:])])

    def rule_step_for(self, question: Question) -> str:
        if question.data["tournament_count"]:
            return "stud/out-of-cards/tournament-procedure"
        return "stud/out-of-cards/robert-procedure"

    def mistake(self, question: Question, given: Any) -> str:
        """The first part of the learner's answer that is wrong: the deal, the opener or the
        count."""
        data = question.data
        if given[0] != question.answer[0]:
            if data["kept_back"]:
                sentence = gettext(
                    "Count the cards: under these rules seventh street needs %(needed_words)s "
                    "cards (the players', a burn card and one never dealt) and the stub holds "
                    "%(stub_words)s, so: %(deal)s."
                )
            else:
                sentence = gettext(
                    "Count the cards: under these rules seventh street needs %(needed_words)s "
                    "cards (the players' and a burn card) and the stub holds %(stub_words)s, "
                    "so: %(deal)s."
                )
            return sentence % {
                **numerals.counts(needed=data["needed"], stub=data["stub"]),
                "deal": _continue(str(DEALS[question.answer[0]])),
            }
        if given[1] != question.answer[1]:
            return gettext("The deal is right, but not who acts first: %(opener)s.") % {
                "opener": _continue(str(OPENERS[question.answer[1]]))
            }
        return ngettext(
            "The deal and the opener are right, but one card is left in the stub, not "
            "%(given_words)s.",
            "The deal and the opener are right, but %(stub_words)s cards are left in the stub, "
            "not %(given_words)s.",
            data["stub"],
        ) % numerals.counts(stub=data["stub"], given=given[2])


def _continue(label: str) -> str:
    """An answer label (capitalised to stand alone) as the continuation of a sentence."""
    return label[:1].lower() + label[1:]


def _stub_message() -> str:
    return gettext("The number of cards left must be a whole number from 0 to 52.")
