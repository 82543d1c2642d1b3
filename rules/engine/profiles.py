"""Rule profiles: where rulebooks disagree, as data (rules-facts.md section 13).

Each field names the rule it switches. Code receives a ``Profile`` explicitly; there are no
global switches.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from rules.engine.games import Game
from rules.engine.structure import Stakes

__all__ = [
    "AGREED",
    "CITED_FIELDS",
    "PROFILES",
    "QUOTES",
    "Agreed",
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
    "RuleText",
    "ShortShowdownHand",
    "get_profile",
    "profile_source_add",
    "unquoted_citations",
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


@dataclass(frozen=True, slots=True)
class RuleText:
    """A rule's own words, kept beside its citation: a short quote (a sentence or two; "..."
    marks words left out) and the edition it is quoted from.

    >>> RuleText("Side pots will be split separately.", "")
    Traceback (most recent call last):
    ...
    ValueError: a quote needs the edition it comes from
    """

    quote: str
    edition: str

    def __post_init__(self) -> None:
        if not self.quote.strip():
            raise ValueError("a quote needs the rule's words")
        if not self.edition.strip():
            raise ValueError("a quote needs the edition it comes from")
        if len(self.quote) > 420:
            raise ValueError(f"quote only a sentence or two, not {len(self.quote)} characters")


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
    # A club's house rules (built with ``dataclasses.replace`` from a rulebook's profile): the
    # fields whose answer is the house's own, that no rulebook rules so (cited by none), and
    # the structure the house plays (``None``: the table's or the question's own stakes).
    set_by_house: frozenset[str] = frozenset()
    stakes: Stakes | None = None

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("_", "").replace("-", "").isalnum():
            raise ValueError(f"bad profile name {self.name!r}")
        if self.max_raises < 1:
            raise ValueError(f"max_raises must be at least 1, not {self.max_raises!r}")
        unknown = (self.not_addressed | self.set_by_house) - set(CITED_FIELDS)
        if unknown:
            raise ValueError(f"profile {self.name!r}: not_addressed names no field {unknown!r}")
        if self.stakes is not None and not isinstance(self.stakes, Stakes):
            raise ValueError(f"profile {self.name!r}: stakes must be a Stakes")
        uncited = [
            field
            for field in CITED_FIELDS
            if field not in self.not_addressed | self.set_by_house and not self.cites.get(field)
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

    def citations(self, key: str) -> tuple[Cite, ...]:
        """Where this rulebook says it: the citations of a profile field (one of
        ``CITED_FIELDS``), or of a question every rulebook answers alike (one of ``AGREED``).

        >>> [cite.rule for cite in PROFILES["wsop_la"].citations("odd_chip_halves")]
        ['149', '244']
        >>> PROFILES["tda"].citations("max_raises")
        (Cite(book=<Book.TDA: 'tda'>, section=<RuleSection.NONE: ''>, rule='48'),)
        """
        if key in AGREED:
            return AGREED[key].cites.get(self.name, ())
        return self.cites.get(key, ())

    def quotes(self, key: str) -> tuple[RuleText | None, ...]:
        """The rule's own words beside each of ``key``'s citations (``citations``; ``None``
        where no text of that rule was available to quote).

        >>> PROFILES["tda"].quotes("max_raises")[0].quote[:40]
        'In limit play, there is a limit to raise'
        """
        return tuple(QUOTES.get((key, cite)) for cite in self.citations(key))


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
                heads_up_cap=(_rr("4", RuleSection.BETTING),),
                board_tie_break=(_rr("1"), _rr("", _STUD8), _rr("", _RAZZ)),
                allin_low_card_next_player_may_fold=(_rr("8"),),
                corrected_bring_in_may_complete=(_rr("2"), _rr("9")),
                odd_chip=(_rr("5", RuleSection.TIES),),
                community_opener=(_rr("15"),),
                out_of_cards=(_rr("15"),),
                exposed_hole_card=(_rr("5"),),
                premature_card=(_rr("14"),),
                short_showdown_hand=(_rr("18"),),
                reopen_fraction=(_rr("6", RuleSection.BETTING),),
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


@dataclass(frozen=True, slots=True)
class Agreed:
    """A question every rulebook answers alike, so no profile field switches it: the answer,
    and where each rulebook (by profile name) says so.

    >>> AGREED["open_pair_other_games"].answer
    False
    """

    answer: bool | str
    cites: MappingProxyType[str, tuple[Cite, ...]]

    def __post_init__(self) -> None:
        if set(self.cites) != set(PROFILES) or not all(self.cites.values()):
            raise ValueError(f"cite every rulebook, not only {sorted(self.cites)!r}")


AGREED: Final[MappingProxyType[str, Agreed]] = MappingProxyType(
    {
        # R-BET-3: an open pair on fourth street does not change the limit in stud/8 or razz.
        "open_pair_other_games": Agreed(
            False,
            _cites(
                robert=(_rr("", _STUD8), _rr("", _RAZZ)),
                tda=(_rp("10-F"),),
                wsop_la=(_la("237"), _la("233")),
                wsop=(_wt("", _STUD8), _wt("", _RAZZ)),
            ),
        ),
        # R-POT-5: the odd chip between the high and the low half goes to the high half.
        "odd_chip_halves": Agreed(
            "high",
            _cites(
                robert=(_rr("", _STUD8),),
                tda=(_tda("20-C"),),
                wsop_la=(_la("149"), _la("244")),
                wsop=(_wt("73"),),
            ),
        ),
    }
)
"""The questions where every rulebook agrees, by topic (the differences table shows them beside
the profile fields, each rulebook citing its own rule)."""

#: Where ``get_profile`` looks for a name that is not a rulebook's (``profile_source_add``).
_SOURCES: list[Callable[[str], Profile | None]] = []


def profile_source_add(source: Callable[[str], Profile | None]) -> None:
    """Let ``get_profile`` find profiles kept elsewhere (a club's house rules, stored by the
    site): ``source(name)`` returns the profile of that name, or ``None``. Added once at
    start-up; a source already added is not added twice."""
    if source not in _SOURCES:
        _SOURCES.append(source)


def get_profile(name: str | Profile) -> Profile:
    """Look a profile up by name: a rulebook's, else one a source added (a ``Profile`` passes
    through).

    >>> get_profile("tda").name
    'tda'
    >>> get_profile("home")
    Traceback (most recent call last):
    ...
    ValueError: unknown rule profile 'home': choose one of robert, tda, wsop_la, wsop
    """
    if isinstance(name, Profile):
        return name
    found = PROFILES.get(name) if isinstance(name, str) else None
    for source in _SOURCES if found is None and isinstance(name, str) else ():
        if (found := source(name)) is not None:
            break
    if found is None:
        raise ValueError(f"unknown rule profile {name!r}: choose one of {', '.join(PROFILES)}")
    return found


# --- the rules' own words --------------------------------------------------------------------

_RR_ED: Final = (
    "Robert's Rules of Poker by Bob Ciaffone, in the copies published online (no version named)"
)
_TDA_ED: Final = "Poker TDA Rules 2024, Version 1.0, 9 October 2024"
_TDA_RP_ED: Final = "Poker TDA 2024 Recommended Procedures, Version 1.0, October 2024"
_LA_ED: Final = "Caesars Entertainment WSOP Live-Action Rules 2024"
_WT_ED: Final = "2024 World Series of Poker Official Tournament Rules"


def _q(field: str, cite: Cite, quote: str, edition: str) -> tuple[tuple[str, Cite], RuleText]:
    return (field, cite), RuleText(quote, edition)


QUOTES: Final[MappingProxyType[tuple[str, Cite], RuleText]] = MappingProxyType(
    dict(
        [
            # Robert's Rules of Poker: Seven-Card Stud rules 1-4, "Betting and Raising", "Ties",
            # "The Showdown" and the Seven-Card Stud High-Low section, as published online.
            _q(
                "open_pair_big_bet",
                _rr("4"),
                "In fixed-limit games, when an open pair is showing on fourth street (second "
                "upcard), any player has the option of betting either the lower or the upper "
                "limit. ... If a $10 raise is made, then all other raises must be in increments "
                "of $10.",
                _RR_ED,
            ),
            _q(
                "max_raises",
                _rr("3", RuleSection.BETTING),
                "In limit poker, for a pot involving three or more players who are not all-in, "
                "these limits on raises apply: A game with three or more betting rounds allows a "
                "maximum of a bet and three raises.",
                _RR_ED,
            ),
            _q(
                "heads_up_cap",
                _rr("4", RuleSection.BETTING),
                "Unlimited raising is allowed in heads-up play. This applies any time the action "
                "becomes heads-up before the raising has been capped.",
                _RR_ED,
            ),
            _q(
                "board_tie_break",
                _rr("1"),
                "On subsequent betting rounds, the high hand on board initiates the action (a "
                "tie is broken by position, with the player who received cards first acting "
                "first).",
                _RR_ED,
            ),
            _q(
                "board_tie_break",
                _rr("", _STUD8),
                "On subsequent rounds, the high hand initiates the action. If the high hand is "
                "tied, the first player clockwise from the dealer acts first.",
                _RR_ED,
            ),
            _q(
                "corrected_bring_in_may_complete",
                _rr("2"),
                "The player with the forced bet has the option of opening for a full bet.",
                _RR_ED,
            ),
            _q(
                "odd_chip",
                _rr("5", RuleSection.TIES),
                "In a stud game, the odd chip will be given to the highest card by suit in all "
                "high games, and to the lowest card by suit in all low games. (When making this "
                "determination, all cards are used, not just the five cards that constitute the "
                "player's hand.)",
                _RR_ED,
            ),
            _q(
                "reopen_fraction",
                _rr("6", RuleSection.BETTING),
                "In limit play, an all-in wager of less than half a bet does not reopen the "
                "betting for any player who has already acted and is in the pot for all previous "
                "bets.",
                _RR_ED,
            ),
            _q(
                "all_in_hands_face_up",
                _rr("7", RuleSection.SHOWDOWN),
                "If there is a side pot, players involved in the side pot should show their hands "
                "before anyone who is all-in for only the main pot.",
                _RR_ED,
            ),
            # Poker TDA Rules 2024 and Recommended Procedures.
            _q(
                "open_pair_big_bet",
                _rp("10-F"),
                "Bets will not be doubled on 4th street for a pair showing.",
                _TDA_RP_ED,
            ),
            _q(
                "max_raises",
                _tda("48"),
                "In limit play, there is a limit to raises even when heads-up until the event is "
                "down to 2 players; the house limit applies.",
                _TDA_ED,
            ),
            _q(
                "heads_up_cap",
                _tda("48"),
                "In limit play, there is a limit to raises even when heads-up until the event is "
                "down to 2 players; the house limit applies.",
                _TDA_ED,
            ),
            _q(
                "board_tie_break",
                _rp("10-D"),
                "If there are two or more matching high hands showing in Stud (or Stud-8) or low "
                "hands in Razz, betting starts on the hand with the high card by suit in both "
                "games.",
                _TDA_RP_ED,
            ),
            _q(
                "allin_low_card_next_player_may_fold",
                _rp("10-E"),
                "If the player dealt the low card by suit is all-in for the ante, betting starts "
                "to his or her left. Players with chips must bet at least the bring-in or fold.",
                _TDA_RP_ED,
            ),
            _q(
                "odd_chip",
                _tda("20-B"),
                "B) Stud, razz, and if 2 or more high or low hands in stud/8: the odd chip goes "
                "to the high card by suit in the player's 5-card winning hand.",
                _TDA_ED,
            ),
            _q(
                "community_opener",
                _rp("10-H-D"),
                "D) If a community card is in play, the first player who would act on 6th street "
                "will be first to act on 7th street.",
                _TDA_RP_ED,
            ),
            _q(
                "out_of_cards",
                _rp("10-H"),
                "If before dealing 7th street the number of cards in the current stub is less "
                'than the "required number" (# remaining players + burn card + undealt last '
                "card) proceed as follows: A) if the required number can be reached by adding the "
                "3 prior burn cards (for 4th, 5th, and 6th street) the current stub will be "
                "scrambled with the prior burns to create a new stub.",
                _TDA_RP_ED,
            ),
            _q(
                "exposed_hole_card",
                _rp("10-A"),
                "A downcard exposed on the initial deal will be the player's upcard and 3rd "
                "street will be dealt down to that player. The player can be the bring-in.",
                _TDA_RP_ED,
            ),
            _q(
                "premature_card",
                _rp("5-D"),
                "Premature card in stud: the premature card is returned to the stub, the stub is "
                "re-shuffled (See RP-17, reshuffling), and a new street is dealt from the newly "
                "shuffled stub without another burn.",
                _TDA_RP_ED,
            ),
            _q(
                "reopen_fraction",
                _tda("47-B"),
                "In limit, at least 50% of a full bet or raise is required to re-open betting for "
                "players who have already acted.",
                _TDA_ED,
            ),
            _q(
                "all_in_hands_face_up",
                _tda("16"),
                "All hands will be tabled without delay once a player is all-in and all betting "
                "action by all other players in the hand is complete.",
                _TDA_ED,
            ),
            # 2024 Caesars Entertainment / WSOP Live-Action Rules.
            _q(
                "open_pair_big_bet",
                _la("220"),
                "In all fixed-limit games, when an open pair is showing on Fourth Street, the "
                "second up card, any participant has the option of betting either the lower or "
                "the upper limit. ... If a $10 raise is made, then all other raises must be in "
                "increments of $10.",
                _LA_ED,
            ),
            _q(
                "max_raises",
                _la("126"),
                "A game with two or more betting rounds allows a maximum of one bet and four "
                "raises in each betting round. ... In a seven card game, i.e. Stud; a completion "
                "following the bring-in is not a raise; four raises remain following a "
                "completion.",
                _LA_ED,
            ),
            _q(
                "heads_up_cap",
                _la("127"),
                "Unlimited raises are allowed in limit-play when the betting round begins "
                "heads-up. If the round begins with more than two participants and becomes "
                "heads-up during the middle of the round the raise maximum still applies.",
                _LA_ED,
            ),
            _q(
                "board_tie_break",
                _la("215"),
                "On subsequent betting rounds, the high hand on board initiates the action, a tie "
                "is broken by position, with the participant who received cards first acting "
                "first.",
                _LA_ED,
            ),
            _q(
                "board_tie_break",
                _la("240"),
                "If the high hand is tied, the first participant in the tie clockwise from the "
                "dealer acts first.",
                _LA_ED,
            ),
            _q(
                "board_tie_break",
                _la("235"),
                "The low hand acts first on all subsequent rounds. If the low hand is tied, the "
                "first participant clockwise from the dealer starts the action.",
                _LA_ED,
            ),
            _q(
                "corrected_bring_in_may_complete",
                _la("216"),
                "The participant with the forced bet has the option of opening for a full bet.",
                _LA_ED,
            ),
            _q(
                "corrected_bring_in_may_complete",
                _la("218"),
                "When the wrong person is designated as low and bets, if the next participant has "
                "not yet acted, the action will be corrected to the real low card, who now must "
                "bet. The incorrect low card takes back the wager.",
                _LA_ED,
            ),
            _q(
                "odd_chip",
                _la("149"),
                "In a stud game, the odd chip will be given to the highest card by suit in all "
                "games. When making this determination, only the five cards that make the "
                "participant's hand are considered.",
                _LA_ED,
            ),
            _q(
                "out_of_cards",
                _la("228"),
                "Before dealing 7th street, the dealer will count the number of participants "
                "remaining and add two to that number. This is the number of cards needed in the "
                "stub to finish dealing the hand.",
                _LA_ED,
            ),
            _q(
                "exposed_hole_card",
                _la("214"),
                "If your first or second hole card is accidentally turned up by the dealer, then "
                "your third card will be dealt down. If the dealer exposes all three initial "
                "cards of any participant, the hand will be misdealt.",
                _LA_ED,
            ),
            _q(
                "premature_card",
                _la("227"),
                "A premature card in stud: Leave the burn card as is for that round and the "
                "premature card is immediately returned to the stub and reshuffled and that "
                "street is re-dealt from the newly shuffled stub without another burn.",
                _LA_ED,
            ),
            _q(
                "short_showdown_hand",
                _la("231"),
                "A hand with more than seven cards is dead. A hand with less than six cards at "
                "the showdown is dead.",
                _LA_ED,
            ),
            _q(
                "reopen_fraction",
                _la("129"),
                "In limit play, an all-in wager of less than half a bet does not reopen the "
                "betting for any participant who has already acted and is in the pot for all "
                "previous bets.",
                _LA_ED,
            ),
            _q(
                "all_in_hands_face_up",
                _la("145"),
                "If there is a side pot, participants involved in the side pot should show their "
                "hands before anyone who is all-in for only the main pot.",
                _LA_ED,
            ),
            # 2024 WSOP Official Tournament Rules.
            _q(
                "open_pair_big_bet",
                _wt("", _STUD),
                "When an open pair is showing on Fourth Street, the second up card, a Participant "
                "does not have the option of betting either the lower or the upper limit.",
                _WT_ED,
            ),
            _q(
                "max_raises",
                _wt("100"),
                "In limit Events there will be a maximum of one bet and four raises, even if "
                "there are only two Participants remaining in the hand.",
                _WT_ED,
            ),
            _q(
                "heads_up_cap",
                _wt("100"),
                "In limit Events there will be a maximum of one bet and four raises, even if "
                "there are only two Participants remaining in the hand. Once the Tournament "
                "becomes heads-up (that is, only two Participants remain in the entire "
                "Tournament), this rule does not apply.",
                _WT_ED,
            ),
            _q(
                "board_tie_break",
                _wt("", _STUD),
                "On subsequent betting rounds, the high hand on board initiates the action, a tie "
                "is broken by high card by suit.",
                _WT_ED,
            ),
            _q(
                "board_tie_break",
                _wt("", _STUD8),
                "On subsequent rounds, the high hand initiates the action. If the high hand is "
                "tied, the first Participant in the tie clockwise from the dealer acts first.",
                _WT_ED,
            ),
            _q(
                "board_tie_break",
                _wt("", _RAZZ),
                "The low hand acts first on all subsequent rounds. If the low hand is tied, the "
                "first Participant clockwise from the dealer starts the action.",
                _WT_ED,
            ),
            _q(
                "corrected_bring_in_may_complete",
                _wt("", RuleSection.SEVEN_CARD_GAMES),
                "When the wrong person is designated as the bring-in and bets, if the next "
                "Participant has not yet acted; the action will be corrected to the correct "
                "bring-in position, who has the option to either post the bring-in or complete "
                "to the full bet according to the structure.",
                _WT_ED,
            ),
            _q(
                "odd_chip",
                _wt("73"),
                "In stud high, razz, and if there are 2 or more high or low hands in stud/8; the "
                "odd chip goes to the high card by suit in the best 5-card hand displayed for "
                "showdown.",
                _WT_ED,
            ),
            _q(
                "exposed_hole_card",
                _wt("88"),
                "Misdeals include but are not necessarily limited to: ... In stud, if either or "
                "both of a Participant's first 2 down cards are exposed by dealer error.",
                _WT_ED,
            ),
            _q(
                "premature_card",
                _wt("90"),
                "A premature card in stud: Leave the burn card as is for that round and the "
                "premature card is immediately returned to the stub and reshuffled and that "
                "street is re-dealt from the newly shuffled stub without another burn.",
                _WT_ED,
            ),
            _q(
                "short_showdown_hand",
                _wt("108"),
                "Your hand is declared dead if: ... The hand does not contain the proper number "
                "of cards for that game, except at stud a hand missing the final card may be "
                "ruled live.",
                _WT_ED,
            ),
            _q(
                "all_in_hands_face_up",
                _wt("70"),
                "All cards will be turned face up once a Participant is all in and all betting "
                "action for the hand is complete.",
                _WT_ED,
            ),
            # The questions every rulebook answers alike (AGREED): R-BET-3 and R-POT-5.
            _q(
                "open_pair_other_games",
                _rr("", _STUD8),
                "Fixed-limit games use the lower limit on third and fourth streets and the upper "
                "limit on subsequent betting rounds and an open pair does not affect the limit.",
                _RR_ED,
            ),
            _q(
                "open_pair_other_games",
                _rp("10-F"),
                "Bets will not be doubled on 4th street for a pair showing.",
                _TDA_RP_ED,
            ),
            _q(
                "open_pair_other_games",
                _la("237"),
                "All rules for seven-card stud apply to Seven-Card Stud/8 with the exception the "
                "paired fourth street bet. If a door card is paired on Fourth Street, there is no "
                "option to choose the higher bet.",
                _LA_ED,
            ),
            _q(
                "open_pair_other_games",
                _la("233"),
                "All rules for seven-card stud apply to Razz with the exception the paired fourth "
                "street bet. If a door card is paired on Fourth Street, there is no option to "
                "choose the higher bet.",
                _LA_ED,
            ),
            _q(
                "open_pair_other_games",
                _wt("", _STUD8),
                "On Fourth Street, a Participant showing an open pair does not have an option of "
                "opening with an upper limit bet.",
                _WT_ED,
            ),
            _q(
                "open_pair_other_games",
                _wt("", _RAZZ),
                "On Fourth Street, a Participant showing an open pair does not have an option of "
                "opening with an upper limit bet.",
                _WT_ED,
            ),
            _q(
                "odd_chip_halves",
                _la("149"),
                "In high-low split games, the high hand receives the odd chip in a split between "
                "the high and the low hands.",
                _LA_ED,
            ),
            _q(
                "odd_chip_halves",
                _la("244"),
                "When there is an odd chip in a pot, the chip goes to the high hand.",
                _LA_ED,
            ),
            _q(
                "odd_chip_halves",
                _wt("73"),
                "In H/L split games, the odd chip in the total pot goes to the high side.",
                _WT_ED,
            ),
        ]
    )
)
"""(profile field or agreed topic, citation) -> the cited rule's own words. A citation with no
entry here had no text of that rule to quote (``unquoted_citations``): no quote is made up."""


def unquoted_citations() -> tuple[tuple[str, str, Cite], ...]:
    """(profile, field or agreed topic, citation) for every citation no quote stands beside.

    >>> sorted({cite.rule for _p, _f, cite in unquoted_citations()})
    ['', '14', '15', '18', '20-C', '5', '8', '9']
    """
    return tuple(
        (name, key, cite)
        for name, profile in PROFILES.items()
        for key in (*profile.cites, *AGREED)
        for cite in profile.citations(key)
        if (key, cite) not in QUOTES
    )
