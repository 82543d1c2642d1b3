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
    "CITED_FIELDS",
    "PROFILES",
    "BoardTieBreak",
    "Book",
    "Cite",
    "CommunityOpener",
    "ExposedHoleCard",
    "HeadsUpCap",
    "OddChipRule",
    "OutOfCards",
    "PrematureCard",
    "Profile",
    "RuleSection",
    "ShortShowdownHand",
    "get_profile",
]


class Book(StrEnum):
    """The rulebooks a profile's citations point to."""

    RR = "rr"  # Robert's Rules of Poker (cash games)
    TDA = "tda"  # Poker TDA Rules 2024, with the Recommended Procedures (RP)
    WSOP_LA = "wsop_la"  # 2024 Caesars/WSOP Live-Action (cash game) Rules
    WSOP_T = "wsop"  # 2024 WSOP Official Tournament Rules


class RuleSection(StrEnum):
    """Named sections of a rulebook, where a rule number alone does not find the rule."""

    NONE = ""
    STUD = "stud"  # RR "Seven-Card Stud"; WSOP-T "Seven Card Games", 1. Seven Card Stud
    STUD8 = "stud8"  # RR "Seven-Card Stud High-Low"; WSOP-T "Seven Card Games", 2. Stud/8
    RAZZ = "razz"  # RR "Razz"; WSOP-T "Seven Card Games", 4. Razz
    SEVEN_CARD_GAMES = "seven_card_games"  # WSOP-T "Seven Card Games" (its opening rules)
    BETTING = "betting"  # RR "Betting and Raising"
    TIES = "ties"  # RR "Ties"
    SHOWDOWN = "showdown"  # RR "The Showdown"
    RP = "rp"  # TDA Recommended Procedures: ``rule`` is "10-H", read "RP-10-H"


@dataclass(frozen=True, slots=True)
class Cite:
    """Where a rulebook says it: a book, a section (when the book numbers rules per section or
    has none), and the rule's own number ("" when the section has no numbers).

    >>> Cite(Book.RR, RuleSection.STUD, "15")
    Cite(book=<Book.RR: 'rr'>, section=<RuleSection.STUD: 'stud'>, rule='15')
    """

    book: Book
    section: RuleSection = RuleSection.NONE
    rule: str = ""

    def __post_init__(self) -> None:
        if not self.rule and self.section is RuleSection.NONE:
            raise ValueError(f"a citation of {self.book.value!r} needs a section or a rule")


def _rr(rule: str, section: RuleSection = RuleSection.STUD) -> Cite:
    return Cite(Book.RR, section, rule)


def _tda(rule: str) -> Cite:
    return Cite(Book.TDA, RuleSection.NONE, rule)


def _rp(rule: str) -> Cite:
    return Cite(Book.TDA, RuleSection.RP, rule)


def _la(rule: str) -> Cite:
    return Cite(Book.WSOP_LA, RuleSection.NONE, rule)


def _wt(rule: str = "", section: RuleSection = RuleSection.NONE) -> Cite:
    return Cite(Book.WSOP_T, section, rule)


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

    HIGH_WITH_COMMON_CARD = "high_with_common_card"  # RR #15 (and where a rulebook is silent)
    SIXTH_STREET_OPENER = "sixth_street_opener"  # TDA RP-10-H-D only


class OutOfCards(StrEnum):
    """R-CARDS-1/2: the procedure when the deck cannot serve everyone on 7th street."""

    # RR #15: only when the stub cannot serve a burn and a card per player: deal all but the
    # last card, mix it with the burns, ...
    RR = "rr"
    # TDA RP-10-H, WSOP-LA 228: count the stub first (players + burn + an undealt last card);
    # re-use the three burns; else a community card
    TDA = "tda"


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


CITED_FIELDS: Final = (
    "open_pair_big_bet",
    "max_raises",
    "heads_up_cap",
    "board_tie_break",
    "allin_low_card_next_player_may_fold",
    "corrected_bring_in_may_complete",
    "odd_chip",
    "community_opener",
    "out_of_cards",
    "exposed_hole_card",
    "premature_card",
    "short_showdown_hand",
    "reopen_fraction",
    "all_in_hands_face_up",
)
"""The profile fields that are a rulebook's answer: each is cited, or named in ``not_addressed``
(``reopen_fraction`` stands for ``reopen_fraction_num``/``_den``)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """One rulebook's answers to the questions where rulebooks disagree.

    Every answer cites the rule it comes from (``cites``) or is ``not_addressed``: the rulebook
    has no rule on it, and the engine then plays Robert's Rules (the site's stated fallback).

    >>> PROFILES["robert"].open_pair_big_bet, PROFILES["tda"].open_pair_big_bet
    (True, False)
    >>> PROFILES["robert"].cites["community_opener"]
    (Cite(book=<Book.RR: 'rr'>, section=<RuleSection.STUD: 'stud'>, rule='15'),)
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
    # R-BRING-10: after a corrected bring-in, may the true low card complete instead? RR #2/#9
    # and WSOP-LA 216/218 give the player with the forced bet the option of a full bet ("must
    # bet" is the forced bet, not "bring in only"); WSOP-T spells it out. Yes in every profile.
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
    # R-SHOW-1: once a player is all-in and the betting is over, every hand is tabled at once
    # (TDA 16, WSOP-T 70); otherwise the side-pot players show first (RR Showdown #7).
    all_in_hands_face_up: bool = False
    # What the rulebook's own text says, for the "where rulebooks differ" table: the fields it
    # does not address (the engine then follows Robert's Rules), and whether it leaves the
    # number of raises to the house (the engine then uses ``max_raises``, Robert's three).
    not_addressed: frozenset[str] = frozenset()
    raises_set_by_house: bool = False
    # Field (one of CITED_FIELDS) -> the rules that give this profile's answer.
    cites: MappingProxyType[str, tuple[Cite, ...]] = MappingProxyType({})

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").isalnum():
            raise ValueError(f"bad profile name {self.name!r}")
        if self.max_raises < 1:
            raise ValueError(f"max_raises must be at least 1, not {self.max_raises!r}")
        unknown = self.not_addressed - set(CITED_FIELDS)
        if unknown:
            raise ValueError(f"profile {self.name!r}: not_addressed names no field {unknown!r}")
        uncited = [
            field
            for field in CITED_FIELDS
            if field not in self.not_addressed and not self.cites.get(field)
        ]
        if uncited or set(self.cites) - set(CITED_FIELDS):
            raise ValueError(
                f"profile {self.name!r}: cite every field or call it not addressed: "
                f"uncited {uncited!r}, unknown {sorted(set(self.cites) - set(CITED_FIELDS))!r}"
            )
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


def _cites(**cites: tuple[Cite, ...]) -> MappingProxyType[str, tuple[Cite, ...]]:
    return MappingProxyType(cites)


_POS, _SUIT = BoardTieBreak.POSITION, BoardTieBreak.HIGH_CARD_BY_SUIT
_STUD, _STUD8, _RAZZ = RuleSection.STUD, RuleSection.STUD8, RuleSection.RAZZ

PROFILES: Final[MappingProxyType[str, Profile]] = MappingProxyType(
    {
        # Robert's Rules of Poker, cash game: the default, and the fallback wherever another
        # rulebook is silent. Rule numbers are those of RR's "Seven-Card Stud" section unless
        # another section is named.
        "robert": Profile(
            name="robert",
            open_pair_big_bet=True,
            max_raises=3,
            heads_up_cap=HeadsUpCap.UNLIMITED_ONCE_HEADS_UP,
            board_tie_break=_per_game(_POS, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=True,
            odd_chip=OddChipRule.RR_ALL_CARDS,
            community_opener=CommunityOpener.HIGH_WITH_COMMON_CARD,
            out_of_cards=OutOfCards.RR,
            exposed_hole_card=ExposedHoleCard.THIRD_CARD_DOWN,
            premature_card=PrematureCard.HOLD_ASIDE,
            short_showdown_hand=ShortShowdownHand.DEAD_UNLESS_SEVENTH_RULED_LIVE,
            cites=_cites(
                open_pair_big_bet=(_rr("4"),),
                max_raises=(_rr("3", RuleSection.BETTING),),
                heads_up_cap=(_rr("", RuleSection.BETTING),),
                board_tie_break=(_rr("1"), _rr("", _STUD8), _rr("", _RAZZ)),
                allin_low_card_next_player_may_fold=(_rr("8"),),
                corrected_bring_in_may_complete=(_rr("2"), _rr("9")),
                odd_chip=(_rr("5", RuleSection.TIES),),
                community_opener=(_rr("15"),),
                out_of_cards=(_rr("15"),),
                exposed_hole_card=(_rr("5"),),
                premature_card=(_rr("14"),),
                short_showdown_hand=(_rr("18"),),
                reopen_fraction=(_rr("", RuleSection.BETTING),),
                all_in_hands_face_up=(_rr("7", RuleSection.SHOWDOWN),),
            ),
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
            corrected_bring_in_may_complete=True,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.SIXTH_STREET_OPENER,
            out_of_cards=OutOfCards.TDA,
            exposed_hole_card=ExposedHoleCard.BECOMES_UPCARD,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.DEAD_UNLESS_SEVENTH_RULED_LIVE,
            all_in_hands_face_up=True,
            not_addressed=frozenset({"corrected_bring_in_may_complete", "short_showdown_hand"}),
            raises_set_by_house=True,
            cites=_cites(
                open_pair_big_bet=(_rp("10-F"),),
                max_raises=(_tda("48"),),
                heads_up_cap=(_tda("48"),),
                board_tie_break=(_rp("10-D"),),
                allin_low_card_next_player_may_fold=(_rp("10-E"),),
                odd_chip=(_tda("20-B"),),
                community_opener=(_rp("10-H-D"),),
                out_of_cards=(_rp("10-H"),),
                exposed_hole_card=(_rp("10-A"),),
                premature_card=(_rp("5-D"),),
                reopen_fraction=(_tda("47-B"),),
                all_in_hands_face_up=(_tda("16"),),
            ),
        ),
        # WSOP 2024 live-action (cash) rules: largely Robert's, with four raises. Rule 228 counts
        # the stub before seventh street like the TDA, but says nothing on who then acts first,
        # and rule 217 says only that the player left of an all-in low card acts first, not
        # whether he may fold: Robert's Rules (#15, #8) there.
        "wsop_la": Profile(
            name="wsop_la",
            open_pair_big_bet=True,
            max_raises=4,
            heads_up_cap=HeadsUpCap.UNLIMITED_IF_ROUND_STARTS_HEADS_UP,
            board_tie_break=_per_game(_POS, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=True,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.HIGH_WITH_COMMON_CARD,
            out_of_cards=OutOfCards.TDA,
            exposed_hole_card=ExposedHoleCard.THIRD_CARD_DOWN,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.DEAD_BELOW_SIX,
            not_addressed=frozenset({"allin_low_card_next_player_may_fold", "community_opener"}),
            cites=_cites(
                open_pair_big_bet=(_la("220"),),
                max_raises=(_la("126"),),
                heads_up_cap=(_la("127"),),
                board_tie_break=(_la("215"), _la("240"), _la("235")),
                corrected_bring_in_may_complete=(_la("216"), _la("218")),
                odd_chip=(_la("149"),),
                out_of_cards=(_la("228"),),
                exposed_hole_card=(_la("214"),),
                premature_card=(_la("227"),),
                short_showdown_hand=(_la("231"),),
                reopen_fraction=(_la("129"),),
                all_in_hands_face_up=(_la("145"),),
            ),
        ),
        # WSOP 2024 tournament rules. They have no seventh-street short-stub procedure at all
        # (2022, 2023 and 2024 texts), hence no community-card opener, and no limit rule on a
        # short all-in reopening the betting: Robert's Rules (#15, "Betting and Raising").
        "wsop": Profile(
            name="wsop",
            open_pair_big_bet=False,
            max_raises=4,
            heads_up_cap=HeadsUpCap.ALWAYS_CAPPED,
            board_tie_break=_per_game(_SUIT, _POS, _POS),
            allin_low_card_next_player_may_fold=True,
            corrected_bring_in_may_complete=True,
            odd_chip=OddChipRule.HIGH_CARD_FIVE,
            community_opener=CommunityOpener.HIGH_WITH_COMMON_CARD,
            out_of_cards=OutOfCards.RR,
            exposed_hole_card=ExposedHoleCard.MISDEAL,
            premature_card=PrematureCard.RESHUFFLE,
            short_showdown_hand=ShortShowdownHand.MISSING_FINAL_MAY_BE_LIVE,
            all_in_hands_face_up=True,
            not_addressed=frozenset(
                {
                    "allin_low_card_next_player_may_fold",
                    "community_opener",
                    "out_of_cards",
                    "reopen_fraction",
                }
            ),
            cites=_cites(
                open_pair_big_bet=(_wt("", _STUD),),
                max_raises=(_wt("100"),),
                heads_up_cap=(_wt("100"),),
                board_tie_break=(_wt("", _STUD), _wt("", _STUD8), _wt("", _RAZZ)),
                corrected_bring_in_may_complete=(_wt("", RuleSection.SEVEN_CARD_GAMES),),
                odd_chip=(_wt("73"),),
                exposed_hole_card=(_wt("88"),),
                premature_card=(_wt("90"),),
                short_showdown_hand=(_wt("108"),),
                all_in_hands_face_up=(_wt("70"),),
            ),
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
