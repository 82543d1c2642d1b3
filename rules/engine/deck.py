"""Dealing: a seeded deck, burns, card counts and running out of cards on 7th street (R-CARDS)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final

from rules.engine.cards import DECK, Card
from rules.engine.profiles import (
    DEFAULT_PROFILE,
    CommunityOpener,
    OutOfCards,
    PrematureCard,
    Profile,
)
from rules.engine.reasons import Reason

__all__ = [
    "MAX_PLAYERS",
    "DeckReason",
    "DeckState",
    "PrematureRemedy",
    "SeventhProcedure",
    "SeventhStreetDeal",
    "SeventhStreetPlan",
    "cards_left_before_seventh",
    "deal_seventh_street",
    "new_deck",
    "premature_card_remedy",
    "seventh_street_plan",
    "shuffle",
    "shuffled_deck",
]

MAX_PLAYERS: Final = 8
"""R-PLAYERS-1: at most eight players are dealt in."""

_PRIOR_BURNS: Final = 3  # R-DEAL-3: one burn before each of 4th, 5th and 6th street


class DeckReason(StrEnum):
    """Every reason code this module emits (the site has one sentence per code)."""

    CARD_COUNT = "card_count"  # R-PLAYERS-2: cards dealt, burns, cards left in the stub
    ENOUGH_CARDS = "enough_cards"  # R-CARDS-1/2: a normal 7th-street deal
    TDA_REUSE_BURNS = "tda_reuse_burns"  # R-CARDS-2 A: scramble the stub with the 3 burns
    TDA_COMMUNITY_CARD = "tda_community_card"  # R-CARDS-2 B: burn, one community card
    TDA_COMMUNITY_AFTER_RESHUFFLE = "tda_community_after_reshuffle"  # R-CARDS-2 C
    RR_LAST_CARD_WITH_BURNS = "rr_last_card_with_burns"  # R-CARDS-1 #1-2
    RR_NO_REBURN = "rr_no_reburn"  # R-CARDS-1 #3: too few cards to burn again
    RR_COMMUNITY_CARD = "rr_community_card"  # R-CARDS-1 #4
    OPENER_HIGH_WITH_COMMUNITY = "opener_high_with_community"  # R-CARDS-1 #5, R-ACT-6
    OPENER_SIXTH_STREET = "opener_sixth_street"  # R-CARDS-2 D, R-ACT-6
    PREMATURE_KEEPS_NO_RAISE = "premature_keeps_no_raise"  # R-IRR-10 (RR #14)
    PREMATURE_HELD_ASIDE = "premature_held_aside"  # R-IRR-10 (RR #14)
    PREMATURE_RESHUFFLE = "premature_reshuffle"  # R-IRR-10 (TDA RP-5-D, WSOP)


def _reason(rule: str, code: StrEnum, **fields: Any) -> Reason:
    """A ``Reason`` whose code is the plain string value of ``code``."""
    return Reason(rule, code.value, **fields)


class SeventhProcedure(StrEnum):
    """How 7th street is dealt (R-CARDS-1 for RR, R-CARDS-2 for TDA/WSOP)."""

    NORMAL = "normal"
    TDA_REUSE_BURNS = "tda_reuse_burns"
    TDA_COMMUNITY_CARD = "tda_community_card"
    TDA_COMMUNITY_AFTER_RESHUFFLE = "tda_community_after_reshuffle"
    RR_LAST_CARD = "rr_last_card"
    RR_COMMUNITY_CARD = "rr_community_card"

    @property
    def community_card(self) -> bool:
        """Whether one face-up card in the centre plays in every hand."""
        return self in _COMMUNITY


_COMMUNITY: Final = frozenset(
    {
        SeventhProcedure.TDA_COMMUNITY_CARD,
        SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE,
        SeventhProcedure.RR_COMMUNITY_CARD,
    }
)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does, only faster.

    Seeded questions and hands must keep their cards, so this makes the very same draws as
    CPython's ``Random.shuffle`` (Fisher-Yates from the end, each index drawn with
    ``getrandbits`` and rejection), with the per-card method calls inlined.

    >>> a, b = list(range(52)), list(range(52))
    >>> random.Random(5).shuffle(a); shuffle(random.Random(5), b); a == b
    True
    """
    steps = _SHUFFLE_STEPS.get(len(items))
    if steps is None:
        steps = _SHUFFLE_STEPS[len(items)] = tuple(
            (i, i + 1, (i + 1).bit_length()) for i in range(len(items) - 1, 0, -1)
        )
    getrandbits = rng.getrandbits
    for i, n, k in steps:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: list length -> (index, index + 1, its bit length) for each swap of ``shuffle``, last first.
_SHUFFLE_STEPS: Final[dict[int, tuple[tuple[int, int, int], ...]]] = {}


def shuffled_deck(seed: int | str) -> tuple[Card, ...]:
    """The 52 cards in the order ``random.Random(seed)`` shuffles them (top card first).

    >>> shuffled_deck(1) == shuffled_deck(1), sorted(shuffled_deck(1), key=DECK.index) == list(DECK)
    (True, True)
    """
    cards = list(DECK)
    shuffle(random.Random(seed), cards)
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class DeckState:
    """The stub (top card first), the burn cards so far, and what reshuffles use for randomness.

    >>> deck = new_deck(7)
    >>> card, deck = deck.burn()
    >>> cards, deck = deck.deal(3)
    >>> len(deck.stub), deck.burns == (card,)
    (48, True)
    """

    stub: tuple[Card, ...]
    burns: tuple[Card, ...] = ()
    seed: int | str = 0

    def deal(self, count: int) -> tuple[tuple[Card, ...], DeckState]:
        """Take ``count`` cards off the top."""
        if count < 0 or count > len(self.stub):
            raise ValueError(f"cannot deal {count} cards from a stub of {len(self.stub)}")
        return self.stub[:count], replace(self, stub=self.stub[count:])

    def burn(self) -> tuple[Card, DeckState]:
        """Burn the top card (R-DEAL-3)."""
        if not self.stub:
            raise ValueError("cannot burn: the stub is empty")
        return self.stub[0], replace(self, stub=self.stub[1:], burns=(*self.burns, self.stub[0]))

    def scrambled(self, cards: Sequence[Card], salt: str) -> DeckState:
        """A new stub of ``cards`` scrambled and cut, reproducibly from the seed and ``salt``."""
        pool = list(cards)
        shuffle(random.Random(f"{self.seed}:{salt}"), pool)
        return replace(self, stub=tuple(pool))


def new_deck(seed: int | str) -> DeckState:
    """A freshly shuffled deck for a hand played from ``seed``.

    >>> len(new_deck(3).stub)
    52
    """
    return DeckState(stub=shuffled_deck(seed), seed=seed)


def _counts(players_dealt_in: int, players_per_street: int | Sequence[int]) -> tuple[int, ...]:
    if not isinstance(players_dealt_in, int) or not 2 <= players_dealt_in <= MAX_PLAYERS:
        raise ValueError(
            f"players_dealt_in must be 2 to {MAX_PLAYERS} (R-PLAYERS-1), not {players_dealt_in!r}"
        )
    if isinstance(players_per_street, int):
        counts: tuple[int, ...] = (players_per_street,) * 4
    else:
        counts = tuple(players_per_street)
    if len(counts) != 4:
        raise ValueError(
            f"players_per_street needs 4 counts (4th, 5th, 6th, 7th street), not {counts!r}"
        )
    previous = players_dealt_in
    for count in counts:
        if not isinstance(count, int) or not 1 <= count <= previous:
            raise ValueError(
                f"players_per_street {counts!r}: each count must be 1 to the previous street's"
            )
        previous = count
    return counts


def cards_left_before_seventh(
    players_dealt_in: int, players_per_street: int | Sequence[int]
) -> int:
    """Cards in the stub before 7th street: 52 - 3 per player - 4th to 6th cards - 3 burns.

    ``players_per_street`` counts the players getting a card on 4th, 5th, 6th and 7th street
    (one number when nobody folds after 3rd street).

    >>> cards_left_before_seventh(8, 8), cards_left_before_seventh(8, (6, 6, 6, 6))
    (1, 7)
    """
    counts = _counts(players_dealt_in, players_per_street)
    return len(DECK) - 3 * players_dealt_in - sum(counts[:3]) - _PRIOR_BURNS


@dataclass(frozen=True, slots=True)
class SeventhStreetPlan:
    """What the dealer does on 7th street, and why (R-CARDS-1/2, R-ACT-6).

    >>> plan = seventh_street_plan(8, 8)
    >>> plan.community_card, plan.opener.value
    (True, 'high_with_common_card')
    >>> [r.code for r in plan.reasons]
    ['card_count', 'rr_community_card', 'opener_high_with_community']
    """

    players: int
    stub: int
    needed: int
    procedure: SeventhProcedure
    reuse_burns: bool
    opener: CommunityOpener | None
    reasons: tuple[Reason, ...]

    @property
    def community_card(self) -> bool:
        """Whether a community card is used."""
        return self.procedure.community_card


def seventh_street_plan(
    players_dealt_in: int,
    players_per_street: int | Sequence[int],
    *,
    profile: Profile = DEFAULT_PROFILE,
) -> SeventhStreetPlan:
    """Whether the deck serves everyone on 7th street, or which procedure applies (Q42-Q45).

    ``players_per_street``: players getting a card on 4th, 5th, 6th and 7th street (one number
    when nobody folds after 3rd street). Burns: one before each of 4th-7th, none before 3rd
    (R-DEAL-3).

    >>> from rules.engine.profiles import PROFILES
    >>> plan = seventh_street_plan(8, 8, profile=PROFILES["tda"])
    >>> plan.stub, plan.needed, plan.procedure.value, plan.community_card
    (1, 10, 'tda_community_after_reshuffle', True)
    >>> seventh_street_plan(7, 7).procedure.value
    'rr_last_card'
    >>> seventh_street_plan(8, (7, 7, 7, 7), profile=PROFILES["tda"]).procedure.value
    'tda_community_card'
    """
    counts = _counts(players_dealt_in, players_per_street)
    stub = cards_left_before_seventh(players_dealt_in, counts)
    players = counts[3]
    dealt = 3 * players_dealt_in + sum(counts[:3])
    count = _reason(
        "R-PLAYERS-2",
        DeckReason.CARD_COUNT,
        amounts=(dealt, _PRIOR_BURNS, stub),
        params={"players": players, "dealt_in": players_dealt_in},
    )
    return _plan(stub, _PRIOR_BURNS, players, profile, (count,))


def _plan(
    stub: int, burns: int, players: int, profile: Profile, base: tuple[Reason, ...]
) -> SeventhStreetPlan:
    if profile.out_of_cards is OutOfCards.TDA:
        needed = players + 2  # the players, one burn, and one card left undealt
        if stub >= needed:
            proc, rule, code = SeventhProcedure.NORMAL, "R-CARDS-2", DeckReason.ENOUGH_CARDS
        elif stub + burns >= needed:
            proc, rule, code = (
                SeventhProcedure.TDA_REUSE_BURNS,
                "R-CARDS-2",
                DeckReason.TDA_REUSE_BURNS,
            )
        elif stub >= 3:
            proc, rule, code = (
                SeventhProcedure.TDA_COMMUNITY_CARD,
                "R-CARDS-2",
                DeckReason.TDA_COMMUNITY_CARD,
            )
        else:
            proc, rule, code = (
                SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE,
                "R-CARDS-2",
                DeckReason.TDA_COMMUNITY_AFTER_RESHUFFLE,
            )
        reasons = [_reason(rule, code, amounts=(stub, needed), params={"players": players})]
    else:
        # RR #15 applies only "if there are not enough cards left in the deck for all players":
        # a burn and one card per player is a normal deal, even if it takes the last card
        # (keeping the last card back is the TDA's and WSOP-LA 228's count, not Robert's).
        # Short of that the dealer burns, deals all but the last card and mixes that card with
        # the burns, so with two cards or fewer left a community card comes after the scramble.
        needed = players + 1
        direct = max(stub - 2, 0)
        pool = (1 if stub >= 2 else 0) + burns + (1 if stub >= 1 else 0)
        reasons = []
        if stub >= needed:
            proc, code = SeventhProcedure.NORMAL, DeckReason.ENOUGH_CARDS
        elif direct + pool < players:
            proc, code = SeventhProcedure.RR_COMMUNITY_CARD, DeckReason.RR_COMMUNITY_CARD
        else:
            proc, code = SeventhProcedure.RR_LAST_CARD, DeckReason.RR_LAST_CARD_WITH_BURNS
            if pool - 1 < players - direct:
                reasons.append(_reason("R-CARDS-1", DeckReason.RR_NO_REBURN, amounts=(pool,)))
        reasons.insert(
            0, _reason("R-CARDS-1", code, amounts=(stub, needed), params={"players": players})
        )
    opener: CommunityOpener | None = None
    if proc.community_card:
        opener = profile.community_opener
        if opener is CommunityOpener.HIGH_WITH_COMMON_CARD:
            reasons.append(_reason("R-ACT-6", DeckReason.OPENER_HIGH_WITH_COMMUNITY))
        else:
            reasons.append(_reason("R-ACT-6", DeckReason.OPENER_SIXTH_STREET))
    return SeventhStreetPlan(
        players=players,
        stub=stub,
        needed=needed,
        procedure=proc,
        reuse_burns=proc
        in (SeventhProcedure.TDA_REUSE_BURNS, SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE)
        or proc is SeventhProcedure.RR_LAST_CARD
        or (proc is SeventhProcedure.RR_COMMUNITY_CARD and stub < 3),
        opener=opener,
        reasons=(*base, *reasons),
    )


@dataclass(frozen=True, slots=True)
class SeventhStreetDeal:
    """The 7th-street cards: one per seat, or a single community card, and the deck after.

    >>> deal = deal_seventh_street(new_deck(1), [0, 2])
    >>> [seat for seat, _ in deal.cards], deal.community, len(deal.deck.stub)
    ([0, 2], None, 49)
    """

    cards: tuple[tuple[int, Card], ...]
    community: Card | None
    deck: DeckState
    plan: SeventhStreetPlan


def deal_seventh_street(
    deck: DeckState, seats: Sequence[int], *, profile: Profile = DEFAULT_PROFILE
) -> SeventhStreetDeal:
    """Deal 7th street to ``seats`` (in dealing order), running out of cards if need be.

    >>> from rules.engine.profiles import PROFILES
    >>> deck = new_deck(5)
    >>> dealt, deck = deck.deal(48)
    >>> deck = DeckState(deck.stub, burns=dealt[:3], seed=5)
    >>> deal = deal_seventh_street(deck, range(8), profile=PROFILES["tda"])
    >>> deal.cards, deal.community is not None
    ((), True)
    """
    seats = tuple(seats)
    burns = len(deck.burns)
    plan = _plan(len(deck.stub), burns, len(seats), profile, ())
    proc = plan.procedure
    if proc is SeventhProcedure.NORMAL:
        _, deck = deck.burn()
        cards, deck = deck.deal(len(seats))
        return SeventhStreetDeal(tuple(zip(seats, cards, strict=True)), None, deck, plan)
    if proc is SeventhProcedure.TDA_REUSE_BURNS:
        deck = deck.scrambled((*deck.stub, *deck.burns), "seventh")
        deck = replace(deck, burns=())
        _, deck = deck.burn()
        cards, deck = deck.deal(len(seats))
        return SeventhStreetDeal(tuple(zip(seats, cards, strict=True)), None, deck, plan)
    if proc is SeventhProcedure.TDA_COMMUNITY_CARD or (
        proc is SeventhProcedure.RR_COMMUNITY_CARD and len(deck.stub) >= 3
    ):
        _, deck = deck.burn()
        (card,), deck = deck.deal(1)
        return SeventhStreetDeal((), card, deck, plan)
    if proc is SeventhProcedure.RR_COMMUNITY_CARD and len(deck.stub) == 2:
        # RR #15 never deals the last card straight from the stub: after the burn it is the
        # only card left, so it goes with the burn cards before the community card is turned.
        _, deck = deck.burn()
    if proc in (SeventhProcedure.TDA_COMMUNITY_AFTER_RESHUFFLE, SeventhProcedure.RR_COMMUNITY_CARD):
        deck = deck.scrambled((*deck.stub, *deck.burns), "seventh")
        deck = replace(deck, burns=())
        _, deck = deck.burn()
        (card,), deck = deck.deal(1)
        return SeventhStreetDeal((), card, deck, plan)
    # RR last-card procedure: burn, deal all but the last card, mix it with the burns, scramble,
    # cut, burn again unless that would leave too few, and finish the deal.
    _, deck = deck.burn()
    direct = max(len(deck.stub) - 1, 0)
    first, deck = deck.deal(direct)
    rest = len(seats) - direct
    deck = replace(deck.scrambled((*deck.stub, *deck.burns), "seventh"), burns=())
    if len(deck.stub) - 1 >= rest:
        _, deck = deck.burn()
    second, deck = deck.deal(rest)
    return SeventhStreetDeal(tuple(zip(seats, first + second, strict=True)), None, deck, plan)


@dataclass(frozen=True, slots=True)
class PrematureRemedy:
    """What happens after a card is dealt before the betting round was over (R-IRR-10, Q50).

    >>> premature_card_remedy(final_card=False).reasons[0].code
    'premature_held_aside'
    """

    keeps_card: bool  # the player keeps the early card
    may_bet_or_raise: bool  # whether he may still bet or raise on the current street
    reshuffle: bool  # the card goes back into the stub, which is reshuffled
    reasons: tuple[Reason, ...]


def premature_card_remedy(
    *, profile: Profile = DEFAULT_PROFILE, final_card: bool = True, looked_at: bool = True
) -> PrematureRemedy:
    """The remedy for a premature card; ``final_card``: it is the 7th-street down card.

    RR #14: early cards are removed and held aside, except a final down card the player looked
    at (or mixed with his hole cards): he keeps it and may not bet or raise on 6th street.
    TDA RP-5-D / WSOP: the card goes back into the stub, which is reshuffled, and the street
    is dealt again without another burn.

    >>> from rules.engine.profiles import PROFILES
    >>> rr = premature_card_remedy(profile=PROFILES["robert"])
    >>> rr.keeps_card, rr.may_bet_or_raise
    (True, False)
    >>> premature_card_remedy(profile=PROFILES["tda"]).reshuffle
    True
    """
    if profile.premature_card is PrematureCard.RESHUFFLE:
        why = _reason("R-IRR-10", DeckReason.PREMATURE_RESHUFFLE)
        return PrematureRemedy(False, True, True, (why,))
    if final_card and looked_at:
        why = _reason("R-IRR-10", DeckReason.PREMATURE_KEEPS_NO_RAISE)
        return PrematureRemedy(True, False, False, (why,))
    why = _reason("R-IRR-10", DeckReason.PREMATURE_HELD_ASIDE)
    return PrematureRemedy(False, True, False, (why,))
