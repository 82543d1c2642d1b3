"""Rule profiles: where rulebooks disagree, as data (rules-facts.md section 13).

Each field names the rule it switches. Code receives a ``Profile`` explicitly; there are no
global switches.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from rules.engine.games import Game

__all__ = [
    "PROFILES",
    "BoardTieBreak",
    "CommunityOpener",
    "ExposedHoleCard",
    "HeadsUpCap",
    "OddChipRule",
    "OutOfCards",
    "PrematureCard",
    "Profile",
    "ShortShowdownHand",
    "get_profile",
]


class BoardTieBreak(StrEnum):
    """R-ACT-4: who acts first when the best boards have exactly the same ranks."""

    POSITION = "position"  # first dealt (first clockwise from the dealer) acts first
    HIGH_CARD_BY_SUIT = "high_card_by_suit"  # the board holding the highest card by suit


class HeadsUpCap(StrEnum):
    """R-BET-6: when the cap on raises stops applying with two players."""

    UNLIMITED_ONCE_HEADS_UP = "unlimited_once_heads_up"  # RR: heads-up before the cap is reached
    UNLIMITED_IF_ROUND_STARTS_HEADS_UP = "unlimited_if_round_starts_heads_up"  # WSOP-LA 127
    # TDA 48 / WSOP-T 100: the cap applies until the event itself is down to two players (a
    # hand's engine never sees the event, so within a hand the cap always applies).
    ALWAYS_CAPPED = "always_capped"


class OddChipRule(StrEnum):
    """R-POT-6: who gets the odd chip among tied hands."""

    # RR Ties #5: highest card by suit for high, lowest card by suit for low, all cards.
    RR_ALL_CARDS = "rr_all_cards"
    # TDA 20-B / WSOP-T 73: high card by suit within the five-card winning hand.
    HIGH_CARD_FIVE = "high_card_five"
    # PokerKit: the first tied player in position.
    POSITION = "position"


class CommunityOpener(StrEnum):
    """R-ACT-6 / R-CARDS: who starts 7th street when a community card is used."""

    HIGH_WITH_COMMON_CARD = "high_with_common_card"  # RR #15
    SIXTH_STREET_OPENER = "sixth_street_opener"  # TDA RP-10-H-D, WSOP


class OutOfCards(StrEnum):
    """R-CARDS-1/2: the procedure when the deck cannot serve everyone on 7th street."""

    RR = "rr"  # deal all but the last card, mix it with the burns, ...
    TDA = "tda"  # count the stub first; re-use the three burns; else a community card


class ExposedHoleCard(StrEnum):
    """R-IRR-1: a hole card exposed by the dealer on the initial deal."""

    THIRD_CARD_DOWN = "third_card_down"  # RR cash / WSOP-LA: the exposed card serves as door card
    BECOMES_UPCARD = "becomes_upcard"  # TDA RP-10-A
    MISDEAL = "misdeal"  # RR tournaments [P], WSOP-T 88


class PrematureCard(StrEnum):
    """R-IRR-10: cards dealt before the betting round was over."""

    HOLD_ASIDE = "hold_aside"  # RR #14
    RESHUFFLE = "reshuffle"  # TDA RP-5-D, WSOP


class ShortShowdownHand(StrEnum):
    """R-IRR-9: a hand with fewer than seven cards at showdown."""

    DEAD_UNLESS_SEVENTH_RULED_LIVE = "dead_unless_seventh_ruled_live"  # RR #18
    DEAD_BELOW_SIX = "dead_below_six"  # WSOP-LA 231
    MISSING_FINAL_MAY_BE_LIVE = "missing_final_may_be_live"  # WSOP-T


@dataclass(frozen=True, slots=True)
class Profile:
    """One rulebook's answers to the questions where rulebooks disagree.

    >>> PROFILES["robert"].open_pair_big_bet, PROFILES["tda"].open_pair_big_bet
    (True, False)
    """

    name: str
    # R-BET-2..4: stud high only; never in stud/8 or razz whatever the profile says.
    open_pair_big_bet: bool
    # R-BET-5: raises allowed after the bet (in stud the completion is the bet, R-BRING-5).
    max_raises: int
    heads_up_cap: HeadsUpCap
    # R-ACT-4, per game.
    board_tie_break: MappingProxyType[Game, BoardTieBreak]
    # R-BRING-8: when the low card is all-in for the ante, may the next player fold?
    allin_low_card_next_player_may_fold: bool
    # R-BRING-10 (WSOP-T): after a corrected bring-in, may the true low card complete instead?
    corrected_bring_in_may_complete: bool
    # R-POT-6.
    odd_chip: OddChipRule
    # R-ACT-6, R-CARDS.
    community_opener: CommunityOpener
    out_of_cards: OutOfCards
    # R-IRR-1, R-IRR-10, R-IRR-9.
    exposed_hole_card: ExposedHoleCard
    premature_card: PrematureCard
    short_showdown_hand: ShortShowdownHand
    # R-BET-7: an all-in of at least this fraction of a full bet reopens the betting (RR, TDA 47-B).
    reopen_fraction_num: int = 1
    reopen_fraction_den: int = 2
    # What the rulebook's own text says, for the "where rulebooks differ" table: the fields it
    # does not address (the engine then follows Robert's Rules), and whether it leaves the
    # number of raises to the house (the engine then uses ``max_raises``, Robert's three).
    not_addressed: frozenset[str] = frozenset()
    raises_set_by_house: bool = False

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").isalnum():
            raise ValueError(f"bad profile name {self.name!r}")
        if self.max_raises < 1:
            raise ValueError(f"max_raises must be at least 1, not {self.max_raises!r}")
        unknown = self.not_addressed - {f for f in self.__dataclass_fields__ if f != "name"}
        if unknown:
            raise ValueError(f"profile {self.name!r}: not_addressed names no field {unknown!r}")
        missing = set(Game) - set(self.board_tie_break)
        if missing:
            raise ValueError(
                f"profile {self.name!r} has no board tie-break for {sorted(missing)!r}"
            )

    def tie_break(self, game: Game) -> BoardTieBreak:
        """The R-ACT-4 tie-break for ``game``."""
        return self.board_tie_break[game]


def _per_game(
    stud: BoardTieBreak, stud8: BoardTieBreak, razz: BoardTieBreak
) -> MappingProxyType[Game, BoardTieBreak]:
    return MappingProxyType({Game.STUD: stud, Game.STUD8: stud8, Game.RAZZ: razz})


_POS, _SUIT = BoardTieBreak.POSITION, BoardTieBreak.HIGH_CARD_BY_SUIT

PROFILES: Final[MappingProxyType[str, Profile]] = MappingProxyType(
    {
        # Robert's Rules of Poker, cash game: the default.
        "robert": Profile(
            name="robert",
            open_pair_big_bet=True,
            max_raises=3,
            heads_up_cap=HeadsUpCap.UNLIMITED_ONCE_HEADS_UP,
            board_tie_break=_per_game(_POS, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=False,
            odd_chip=OddChipRule.RR_ALL_CARDS,
            community_opener=CommunityOpener.HIGH_WITH_COMMON_CARD,
            out_of_cards=OutOfCards.RR,
            exposed_hole_card=ExposedHoleCard.THIRD_CARD_DOWN,
            premature_card=PrematureCard.HOLD_ASIDE,
            short_showdown_hand=ShortShowdownHand.DEAD_UNLESS_SEVENTH_RULED_LIVE,
        ),
        # Poker TDA 2024 (tournaments). TDA 48 leaves the number of raises to the house; with
        # the sheet silent we follow Robert's Rules: a bet and three raises. The TDA has no rule
        # on completing after a corrected bring-in, nor on a hand short of cards at the showdown
        # (13-A asks for all seven cards tabled): Robert's Rules again.
        "tda": Profile(
            name="tda",
            open_pair_big_bet=False,
            max_raises=3,
            heads_up_cap=HeadsUpCap.ALWAYS_CAPPED,
            board_tie_break=_per_game(_SUIT, _SUIT, _SUIT),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=False,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.SIXTH_STREET_OPENER,
            out_of_cards=OutOfCards.TDA,
            exposed_hole_card=ExposedHoleCard.BECOMES_UPCARD,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.DEAD_UNLESS_SEVENTH_RULED_LIVE,
            not_addressed=frozenset({"corrected_bring_in_may_complete", "short_showdown_hand"}),
            raises_set_by_house=True,
        ),
        # WSOP 2024 live-action (cash) rules: largely Robert's, with four raises. WSOP says only
        # that the player left of an all-in low card acts first (WSOP-LA 217), not whether he may
        # fold: Robert's Rules (#8) let him, and so does this site, for both WSOP profiles.
        "wsop_la": Profile(
            name="wsop_la",
            open_pair_big_bet=True,
            max_raises=4,
            heads_up_cap=HeadsUpCap.UNLIMITED_IF_ROUND_STARTS_HEADS_UP,
            board_tie_break=_per_game(_POS, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=False,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.SIXTH_STREET_OPENER,
            out_of_cards=OutOfCards.TDA,
            exposed_hole_card=ExposedHoleCard.THIRD_CARD_DOWN,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.DEAD_BELOW_SIX,
            not_addressed=frozenset({"allin_low_card_next_player_may_fold"}),
        ),
        # WSOP 2024 tournament rules.
        "wsop": Profile(
            name="wsop",
            open_pair_big_bet=False,
            max_raises=4,
            heads_up_cap=HeadsUpCap.ALWAYS_CAPPED,
            board_tie_break=_per_game(_SUIT, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=True,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.SIXTH_STREET_OPENER,
            out_of_cards=OutOfCards.TDA,
            exposed_hole_card=ExposedHoleCard.MISDEAL,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.MISSING_FINAL_MAY_BE_LIVE,
            not_addressed=frozenset({"allin_low_card_next_player_may_fold"}),
        ),
    }
)
"""The profiles by name; ``"robert"`` is the default everywhere."""

DEFAULT_PROFILE: Final = PROFILES["robert"]


def get_profile(name: str | Profile) -> Profile:
    """Look a profile up by name (a ``Profile`` passes through).

    >>> get_profile("tda").name
    'tda'
    >>> get_profile("home")
    Traceback (most recent call last):
    ...
    ValueError: unknown rule profile 'home': choose one of robert, tda, wsop_la, wsop
    """
    if isinstance(name, Profile):
        return name
    try:
        return PROFILES[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown rule profile {name!r}: choose one of {', '.join(PROFILES)}"
        ) from None
