"""Irregularities the engine rules on: exposed hole cards, wrong card counts, lifted upcards."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.engine.profiles import DEFAULT_PROFILE, ExposedHoleCard, Profile, ShortShowdownHand
from rules.engine.reasons import Reason

__all__ = [
    "IrregularityReason",
    "Ruling",
    "RulingOutcome",
    "card_count_ruling",
    "exposed_hole_card_ruling",
    "upcards_picked_up_ruling",
]

_CARDS_IN_HAND = 7


class RulingOutcome(StrEnum):
    """What happens to the hand (or the deal)."""

    PLAY_ON = "play_on"  # nothing changes
    THIRD_CARD_DOWN = "third_card_down"  # the exposed card serves as the door card
    BECOMES_UPCARD = "becomes_upcard"  # TDA: the exposed card is the upcard; 3rd card down
    DEAD_ANTE_RETURNED = "dead_ante_returned"  # RR cash: both hole cards exposed
    MISDEAL = "misdeal"
    DEAD_HAND = "dead_hand"
    MAY_BE_RULED_LIVE = "may_be_ruled_live"  # a floor decision, not automatic
    FOLD = "fold"


class IrregularityReason(StrEnum):
    """Every reason code this module emits (the site has one sentence per code)."""

    EXPOSED_THIRD_CARD_DOWN = "exposed_third_card_down"  # R-IRR-1 (RR #5 cash, WSOP-LA 214)
    EXPOSED_BOTH_DEAD = "exposed_both_dead"  # R-IRR-1 (RR #5: both hole cards up)
    EXPOSED_BECOMES_UPCARD = "exposed_becomes_upcard"  # R-IRR-1 (TDA RP-10-A)
    EXPOSED_MISDEAL = "exposed_misdeal"  # R-IRR-1, R-IRR-12 (WSOP-T 88)
    TOO_MANY_CARDS_DEAD = "too_many_cards_dead"  # R-IRR-9: more than seven cards
    SEVEN_CARDS_LIVE = "seven_cards_live"  # R-SHOW-2: all seven cards tabled
    MISSING_SEVENTH_MAY_BE_LIVE = "missing_seventh_may_be_live"  # R-IRR-9 (RR #18, WSOP-T)
    TOO_FEW_CARDS_DEAD = "too_few_cards_dead"  # R-IRR-9
    SIX_CARDS_NOT_DEAD = "six_cards_not_dead"  # R-IRR-9 (WSOP-LA 231)
    UPCARDS_PICKED_UP_FOLD = "upcards_picked_up_fold"  # R-IRR-4: facing a bet
    UPCARDS_PICKED_UP_NO_EFFECT = "upcards_picked_up_no_effect"  # R-IRR-4: betting over


@dataclass(frozen=True, slots=True)
class Ruling:
    """A floor ruling and the reasons for it.

    >>> card_count_ruling(cards=8).outcome
    <RulingOutcome.DEAD_HAND: 'dead_hand'>
    """

    outcome: RulingOutcome
    reasons: tuple[Reason, ...]


def _ruling(
    outcome: RulingOutcome, rule: str, code: IrregularityReason, **params: object
) -> Ruling:
    return Ruling(outcome, (Reason(rule, code.value, params=params),))


def exposed_hole_card_ruling(*, exposed: int, profile: Profile | None = None) -> Ruling:
    """A hole card (``exposed=1``) or both (``exposed=2``) turned up by the dealer on the
    initial deal (R-IRR-1, R-IRR-12, tricky case Q49).

    The profile's ``exposed_hole_card`` says what the rulebook does: Robert's Rules for cash
    games deal the third card down (both exposed: the hand is dead, the ante returned); TDA makes
    the exposed card the upcard; WSOP tournaments call a misdeal.

    >>> exposed_hole_card_ruling(exposed=1).outcome
    <RulingOutcome.THIRD_CARD_DOWN: 'third_card_down'>
    >>> from rules.engine.profiles import PROFILES
    >>> exposed_hole_card_ruling(exposed=1, profile=PROFILES["tda"]).outcome
    <RulingOutcome.BECOMES_UPCARD: 'becomes_upcard'>
    """
    if exposed not in (1, 2):
        raise ValueError(f"exposed must be 1 or 2 hole cards, not {exposed!r}")
    profile = profile or DEFAULT_PROFILE
    match profile.exposed_hole_card:
        case ExposedHoleCard.MISDEAL:
            return _ruling(RulingOutcome.MISDEAL, "R-IRR-12", IrregularityReason.EXPOSED_MISDEAL)
        case ExposedHoleCard.BECOMES_UPCARD:
            # TDA RP-10-A speaks of "an exposed down card"; with both exposed we apply it to
            # the first and deal the third card down, as for one (the rule is silent).
            return _ruling(
                RulingOutcome.BECOMES_UPCARD, "R-IRR-1", IrregularityReason.EXPOSED_BECOMES_UPCARD
            )
        case ExposedHoleCard.THIRD_CARD_DOWN:
            if exposed == 2:
                return _ruling(
                    RulingOutcome.DEAD_ANTE_RETURNED,
                    "R-IRR-1",
                    IrregularityReason.EXPOSED_BOTH_DEAD,
                )
            return _ruling(
                RulingOutcome.THIRD_CARD_DOWN, "R-IRR-1", IrregularityReason.EXPOSED_THIRD_CARD_DOWN
            )
    raise AssertionError(profile.exposed_hole_card)  # pragma: no cover


def card_count_ruling(*, cards: int, profile: Profile | None = None) -> Ruling:
    """A hand tabled at showdown with ``cards`` cards (R-IRR-9, R-SHOW-2, tricky case Q47).

    More than seven: dead everywhere. Fewer: Robert's Rules kill it unless only the seventh
    card is missing and the floor rules it live; WSOP live action kills only hands of fewer than
    six; WSOP tournaments may rule a hand missing its final card live.

    >>> card_count_ruling(cards=6).outcome
    <RulingOutcome.MAY_BE_RULED_LIVE: 'may_be_ruled_live'>
    >>> card_count_ruling(cards=5).outcome
    <RulingOutcome.DEAD_HAND: 'dead_hand'>
    """
    if not 0 <= cards <= 52:
        raise ValueError(f"a hand cannot hold {cards!r} cards")
    profile = profile or DEFAULT_PROFILE
    if cards > _CARDS_IN_HAND:
        return _ruling(
            RulingOutcome.DEAD_HAND, "R-IRR-9", IrregularityReason.TOO_MANY_CARDS_DEAD, cards=cards
        )
    if cards == _CARDS_IN_HAND:
        return _ruling(
            RulingOutcome.PLAY_ON, "R-SHOW-2", IrregularityReason.SEVEN_CARDS_LIVE, cards=cards
        )
    if cards == _CARDS_IN_HAND - 1:
        if profile.short_showdown_hand is ShortShowdownHand.DEAD_BELOW_SIX:
            return _ruling(
                RulingOutcome.PLAY_ON, "R-IRR-9", IrregularityReason.SIX_CARDS_NOT_DEAD, cards=cards
            )
        return _ruling(
            RulingOutcome.MAY_BE_RULED_LIVE,
            "R-IRR-9",
            IrregularityReason.MISSING_SEVENTH_MAY_BE_LIVE,
            cards=cards,
        )
    return _ruling(
        RulingOutcome.DEAD_HAND, "R-IRR-9", IrregularityReason.TOO_FEW_CARDS_DEAD, cards=cards
    )


def upcards_picked_up_ruling(*, facing_bet: bool) -> Ruling:
    """A player picks up or turns down his upcards (R-IRR-4, tricky case Q48): facing a bet it
    is a fold and the hand is dead; once betting is over it means nothing.

    >>> upcards_picked_up_ruling(facing_bet=True).outcome
    <RulingOutcome.FOLD: 'fold'>
    """
    if facing_bet:
        return _ruling(RulingOutcome.FOLD, "R-IRR-4", IrregularityReason.UPCARDS_PICKED_UP_FOLD)
    return _ruling(RulingOutcome.PLAY_ON, "R-IRR-4", IrregularityReason.UPCARDS_PICKED_UP_NO_EFFECT)
