"""The statement bank of "spot the mistake", as data: each statement, its truth (or its truth
under each rule profile), its correction, the rules it cites and the step that teaches it.

The bank holds the real errors of the source pages (rules-facts section 10), true statements
that sound wrong, and statements whose truth depends on the rulebook (section 13). Where a
rulebook leaves the question open (the TDA's number of raises is a house limit), the truth under
that profile is ``None`` and the statement is never asked under it: "true" would teach a rule
that rulebook does not have, and "false" one it does not break.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from rules.engine import PROFILES, Game
from tutorials.quiz import Level

__all__ = ["BANK", "Statement"]

ALL: Final = (Game.STUD, Game.STUD8, Game.RAZZ)
STUD, STUD8, RAZZ = (Game.STUD,), (Game.STUD8,), (Game.RAZZ,)
HIGH: Final = (Game.STUD, Game.STUD8)
LOW: Final = (Game.STUD8, Game.RAZZ)
E, N, H = Level.EASY, Level.NORMAL, Level.HARD


def _steps(stud: str, stud8: str, razz: str) -> Mapping[Game, str]:
    return MappingProxyType({Game.STUD: stud, Game.STUD8: stud8, Game.RAZZ: razz})


def _by_profile(**truth: bool | None) -> Mapping[str, bool | None]:
    return MappingProxyType(truth)


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement of the bank, and what makes it true or false."""

    key: str
    text: Promise
    #: True/False, or the truth under each rule profile when the rulebooks disagree (``None``:
    #: that rulebook leaves it open, so the statement is not asked under it).
    truth: bool | Mapping[str, bool | None]
    correction: Promise
    rules: tuple[str, ...]
    games: tuple[Game, ...]
    level: Level
    #: The rule step that teaches it: "page/section/step", or one per game.
    step: str | Mapping[Game, str]
    #: A mistake one of the source pages makes (rules-facts section 10).
    source_error: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.truth, Mapping) and set(self.truth) != set(PROFILES):
            raise ValueError(f"statement {self.key!r} must give its truth for every profile")
        if not self.rules or not all(rule.startswith("R-") for rule in self.rules):
            raise ValueError(f"statement {self.key!r} needs rule ids")

    @property
    def profile_dependent(self) -> bool:
        return isinstance(self.truth, Mapping)

    def truth_under(self, profile: str) -> bool | None:
        """True or False under ``profile``; None where that rulebook leaves the question open."""
        if isinstance(self.truth, Mapping):
            return self.truth[profile]
        return self.truth

    def asked_under(self, profile: str) -> bool:
        return self.truth_under(profile) is not None

    def is_true(self, profile: str) -> bool:
        truth = self.truth_under(profile)
        if truth is None:
            raise ValueError(f"statement {self.key!r} is not asked under {profile!r}")
        return truth

    def step_for(self, game: Game) -> str:
        return self.step if isinstance(self.step, str) else self.step[game]


_PLAYERS = _steps(
    "stud/overview/players-and-deck",
    "stud8/overview/players-and-deck",
    "razz/overview/players-and-deck",
)
_STREETS = _steps(
    "stud/overview/streets-at-a-glance", "stud8/the-deal/streets", "razz/the-deal/streets"
)
_BRING = _steps(
    "stud/forced-bets/who-brings-in",
    "stud8/forced-bets/who-brings-in",
    "razz/forced-bets/who-brings-in",
)
_COMPLETING = _steps(
    "stud/forced-bets/bring-in-options",
    "stud8/forced-bets/completing",
    "razz/forced-bets/completing",
)
_LIMITS = _steps("stud/betting/fixed-limit", "stud8/betting/limits", "razz/betting/limits")
_FIRST = _steps(
    "stud/acting-first/best-board-acts-first",
    "stud8/acting-first/high-board-acts-first",
    "razz/acting-first/low-board-acts-first",
)
_TIES = _steps(
    "stud/acting-first/tied-boards",
    "stud8/acting-first/tied-boards",
    "razz/acting-first/tied-boards",
)
_SHOWDOWN = _steps(
    "stud/showdown/showdown-order", "stud8/showdown/showdown-order", "razz/showdown/showdown-order"
)
_OUT = _steps(
    "stud/out-of-cards/why-cards-run-out",
    "stud8/out-of-cards/same-as-stud",
    "razz/out-of-cards/same-as-stud",
)
_COMMUNITY = _steps(
    "stud/out-of-cards/who-acts-with-community-card",
    "stud8/out-of-cards/same-as-stud",
    "razz/out-of-cards/same-as-stud",
)

S = Statement

BANK: Final[tuple[Statement, ...]] = (
    # --- easy: the basic facts ---------------------------------------------------------------
    S(
        "max-eight-players",
        _("At most eight players can be dealt in at one table."),
        True,
        _(
            "True: eight is the maximum. Seven cards each for eight players is already 56 cards, "
            "more than the deck holds."
        ),
        ("R-PLAYERS-1",),
        ALL,
        E,
        _PLAYERS,
    ),
    S(
        "ten-players",
        _("Two to ten players can play at one table."),
        False,
        _(
            "False: the maximum is eight. With ten players the 52 cards would be used up by the "
            "end of fifth street, so sixth street could not even be dealt."
        ),
        ("R-PLAYERS-1",),
        ALL,
        E,
        _PLAYERS,
        source_error=True,
    ),
    S(
        "four-betting-rounds",
        _("A hand played to the showdown has four betting rounds."),
        False,
        _(
            "False: there are five betting rounds, one on each of third, fourth, fifth, sixth and "
            "seventh street."
        ),
        ("R-DEAL-2",),
        ALL,
        E,
        _STREETS,
        source_error=True,
    ),
    S(
        "fourth-street-flop",
        _("Fourth street is also called the flop."),
        False,
        _(
            "False: stud has no flop. The flop is three shared cards in hold'em; on fourth street "
            "each player gets one more upcard of his own."
        ),
        ("R-DEAL-2",),
        ALL,
        E,
        _STREETS,
        source_error=True,
    ),
    S(
        "community-cards-wording",
        _(
            "The cards dealt on fourth to seventh street are community cards that all players "
            "share."
        ),
        False,
        _(
            "False: every card on every street belongs to one player. A single community card is "
            "used only when the deck runs out on seventh street."
        ),
        ("R-DEAL-2", "R-CARDS-3"),
        ALL,
        E,
        _STREETS,
        source_error=True,
    ),
    S(
        "seventh-face-down",
        _("The seventh-street card is dealt face down."),
        True,
        _(
            "True: the last card is dealt face down, so each player ends with three cards down "
            "and four up."
        ),
        ("R-DEAL-2",),
        ALL,
        E,
        _STREETS,
    ),
    S(
        "antes-before-deal",
        _("Every player dealt in posts an ante before the first card is dealt."),
        True,
        _("True: antes come first, and they are dead money: they count toward no bet."),
        ("R-ANTE-1",),
        ALL,
        E,
        _steps("stud/forced-bets/ante", "stud8/forced-bets/ante", "razz/forced-bets/ante"),
    ),
    S(
        "stud-lowest-brings-in",
        _("In Seven Card Stud the player with the lowest door card brings in."),
        True,
        _(
            "True: the lowest door card by rank brings in, with the suit deciding between equal "
            "ranks (clubs lowest)."
        ),
        ("R-BRING-2",),
        STUD,
        E,
        _BRING,
    ),
    S(
        "stud8-lowest-brings-in",
        _("In Stud Hi/Lo the player with the lowest door card brings in."),
        True,
        _(
            "True: as in Seven Card Stud, the lowest door card brings in, and the ace counts high "
            "for this."
        ),
        ("R-BRING-2",),
        STUD8,
        E,
        _BRING,
    ),
    S(
        "razz-highest-brings-in",
        _("In razz the player with the highest door card brings in."),
        True,
        _(
            "True: razz turns it around. The highest door card brings in, the king being the "
            "highest rank and the ace the lowest."
        ),
        ("R-BRING-3",),
        RAZZ,
        E,
        _BRING,
    ),
    S(
        "clubs-lowest-suit",
        _("When door cards have the same rank, clubs is the lowest suit and spades the highest."),
        True,
        _(
            "True: from the lowest, the order is clubs, diamonds, hearts, spades. Suits only "
            "matter for the bring-in, acting first and odd chips."
        ),
        ("R-BRING-2", "R-BRING-3"),
        ALL,
        E,
        _BRING,
    ),
    S(
        "bring-in-may-check",
        _("The player who must bring in may check instead."),
        False,
        _(
            "False: the bring-in is a forced bet. He posts the bring-in or completes to the small "
            "bet; he may not check."
        ),
        ("R-BRING-4",),
        ALL,
        E,
        _COMPLETING,
    ),
    S(
        "small-then-big",
        _(
            "Bets on third and fourth street are the small bet; from fifth street on they are the "
            "big bet."
        ),
        True,
        _(
            "True: fixed limit with two sizes, small on third and fourth street, big on fifth, "
            "sixth and seventh."
        ),
        ("R-BET-1",),
        ALL,
        E,
        _LIMITS,
    ),
    S(
        "big-from-fourth",
        _("From fourth street on, every bet is the big bet."),
        False,
        _("False: fourth street is still a small-bet street; the big bet starts on fifth street."),
        ("R-BET-1",),
        LOW,
        E,
        _LIMITS,
    ),
    S(
        "razz-ace-low",
        _("In razz the ace is the lowest card."),
        True,
        _("True: razz uses ace-to-five low, so the ace is the best card for a low hand."),
        ("R-LOW-1",),
        RAZZ,
        E,
        "low-hands/ace-to-five/what-a-low-is",
    ),
    S(
        "razz-straights-hurt",
        _("In razz a straight or a flush counts against your hand."),
        False,
        _(
            "False: straights and flushes are ignored in ace-to-five low. 5-4-3-2-A of one suit "
            "is the best razz hand."
        ),
        ("R-LOW-1",),
        RAZZ,
        E,
        "low-hands/ace-to-five/what-a-low-is",
    ),
    S(
        "wheel-best-low",
        _("5-4-3-2-A is the best possible low hand."),
        True,
        _(
            "True: the wheel is the best ace-to-five low, in razz and for the low half of Stud "
            "Hi/Lo."
        ),
        ("R-LOW-1",),
        LOW,
        E,
        "low-hands/ace-to-five/what-a-low-is",
    ),
    S(
        "no-low-high-scoops",
        _("In Stud Hi/Lo, if nobody has a qualifying low, the best high hand wins the whole pot."),
        True,
        _(
            "True: the pot is split only when someone has a low of eight or better; otherwise the "
            "high hand takes it all."
        ),
        ("R-POT-3",),
        STUD8,
        E,
        "stud8/showdown/halves-and-scoops",
    ),
    S(
        "suits-split-pots",
        _("If two players have the same straight, the one with the higher suits wins the pot."),
        False,
        _("False: suits never break a tie for the pot. Equal hands split it."),
        ("R-SHOW-2",),
        HIGH,
        E,
        "hand-rankings/seven-cards/ties",
    ),
    S(
        "razz-lowest-board-acts",
        _("In razz the lowest board acts first from fourth street on."),
        True,
        _(
            "True: in razz the best board is the lowest one by ace-to-five low, and it starts the "
            "betting."
        ),
        ("R-ACT-1",),
        RAZZ,
        E,
        _FIRST,
    ),
    # --- normal: true things that sound wrong, and the source pages' slips ------------------
    S(
        "completion-not-raise",
        _("Completing the bring-in to the small bet is the opening bet, not a raise."),
        True,
        _(
            "True, even if it sounds like a raise: the completion is the round's bet, so the full "
            "number of raises is still allowed after it."
        ),
        ("R-BRING-5",),
        ALL,
        N,
        _COMPLETING,
    ),
    S(
        "completion-uses-a-raise",
        _("Completing the bring-in uses up one of the raises allowed on third street."),
        False,
        _(
            "False: the completion counts as the bet, not as a raise. With a bet and three raises "
            "allowed, complete to $15 can still be followed by raises to $30, $45 and $60."
        ),
        ("R-BRING-5",),
        ALL,
        N,
        _COMPLETING,
    ),
    S(
        "bring-in-option",
        _(
            "If everyone just calls the bring-in, the bring-in player gets an option to raise, "
            "like a big blind."
        ),
        False,
        _(
            "False: the bring-in is the opening bet. When everyone has called it, third street is "
            "over."
        ),
        ("R-BRING-7",),
        ALL,
        N,
        _steps(
            "stud/forced-bets/facing-the-bring-in",
            "stud8/forced-bets/completing",
            "razz/forced-bets/completing",
        ),
    ),
    S(
        "stud8-ace-high-bring-in",
        _("For the bring-in in Stud Hi/Lo, an ace counts as a high card."),
        True,
        _(
            "True, though the ace is the best low card: for the bring-in it counts high, so with "
            "As, 2d and Kc showing, the 2d brings in."
        ),
        ("R-BRING-2",),
        STUD8,
        N,
        _BRING,
    ),
    S(
        "stud8-highest-brings-in",
        _("In Stud Hi/Lo the player with the highest open card brings in."),
        False,
        _(
            "False: in Stud Hi/Lo the lowest door card brings in, with the ace counting high. "
            "Only razz makes the highest card bring in."
        ),
        ("R-BRING-2",),
        STUD8,
        N,
        _BRING,
        source_error=True,
    ),
    S(
        "razz-king-of-spades",
        _("In razz, the king of spades is the highest possible door card for the bring-in."),
        True,
        _(
            "True: the king is the highest razz rank and spades the highest suit, so no door card "
            "is higher."
        ),
        ("R-BRING-3",),
        RAZZ,
        N,
        _BRING,
    ),
    S(
        "eight-low-qualifies",
        _("In Stud Hi/Lo, 8-7-6-5-4 is a qualifying low."),
        True,
        _(
            "True: a low needs five different ranks of eight or lower, and an eight is allowed. "
            "8-7-6-5-4 is the worst qualifying low."
        ),
        ("R-LOW-3",),
        STUD8,
        N,
        "low-hands/eight-or-better/qualifier",
    ),
    S(
        "below-eight",
        _("To qualify for low in Stud Hi/Lo, all five low cards must be below eight."),
        False,
        _(
            "False: an eight is allowed. The rule is five different ranks, each eight or lower, "
            "so 8-7-6-5-4 qualifies."
        ),
        ("R-LOW-3",),
        STUD8,
        N,
        "low-hands/eight-or-better/qualifier",
        source_error=True,
    ),
    S(
        "any-seven-beats-eight",
        _("Any seven-low beats any eight-low."),
        True,
        _("True: lows are compared from the highest card down, so 7-6-5-4-3 beats 8-4-3-2-A."),
        ("R-LOW-2",),
        LOW,
        N,
        "low-hands/ace-to-five/comparing-lows",
    ),
    S(
        "razz-nine-low-small-cards",
        _("In razz, 9-4-3-2-A beats 8-7-6-5-4 because its other cards are smaller."),
        False,
        _(
            "False: the highest card is compared first, and eight is lower than nine, so "
            "8-7-6-5-4 wins."
        ),
        ("R-LOW-2",),
        RAZZ,
        N,
        "low-hands/ace-to-five/comparing-lows",
    ),
    S(
        "razz-no-qualifier",
        _("In razz a hand must be eight or better to win."),
        False,
        _("False: razz has no qualifier. The lowest hand always wins, even K-Q-J-T-9 or a pair."),
        ("R-LOW-5",),
        RAZZ,
        N,
        "low-hands/razz-lows/pairs-in-razz",
    ),
    S(
        "razz-king-high-beats-pair",
        _("In razz, K-Q-J-T-9 beats A-A-2-3-4."),
        True,
        _("True: any hand without a pair beats any hand with one, however high its cards."),
        ("R-LOW-5",),
        RAZZ,
        N,
        "low-hands/razz-lows/pairs-in-razz",
    ),
    S(
        "stud8-high-board-acts",
        _("In Stud Hi/Lo the best high board acts first from fourth street on."),
        True,
        _(
            "True: the high board leads even though half the pot goes low, so Kd Kc acts before "
            "Ah 2h."
        ),
        ("R-ACT-1",),
        STUD8,
        N,
        _FIRST,
    ),
    S(
        "stud8-low-board-acts",
        _(
            "In Stud Hi/Lo the lowest board acts first on fourth street, because half the pot "
            "goes low."
        ),
        False,
        _(
            "False: only razz lets the low board act first. In Stud Hi/Lo the best high board "
            "starts the betting on every street after third."
        ),
        ("R-ACT-1",),
        STUD8,
        N,
        _FIRST,
    ),
    S(
        "board-straight-counts",
        _("When deciding who acts first, four upcards to a straight beat a pair on board."),
        False,
        _(
            "False: straights and flushes never count on the board. Four to a straight are just "
            "high cards, and any pair beats them."
        ),
        ("R-ACT-2",),
        HIGH,
        N,
        _steps(
            "stud/acting-first/what-counts-on-board",
            "stud8/acting-first/high-board-acts-first",
            "razz/acting-first/low-board-acts-first",
        ),
    ),
    S(
        "stud8-open-pair",
        _("In Stud Hi/Lo, an open pair on fourth street lets players bet the big bet."),
        False,
        _(
            "False: only stud high has that option, and only under cash-game rules. In Stud Hi/Lo "
            "fourth street always plays at the small bet."
        ),
        ("R-BET-3",),
        STUD8,
        N,
        "stud8/betting/no-open-pair",
        source_error=True,
    ),
    S(
        "razz-open-pair",
        _("In razz, a pair showing on fourth street allows the big bet."),
        False,
        _("False: an open pair changes nothing in razz; fourth street stays at the small bet."),
        ("R-BET-3",),
        RAZZ,
        N,
        "razz/betting/limits",
    ),
    S(
        "seat-order-showdown",
        _(
            "If everyone checks on seventh street, the hands are shown in seat order, starting "
            "with seat 1."
        ),
        False,
        _(
            "False: the player who would act first shows first, that is the best high board (the "
            "lowest board in razz); the others follow clockwise."
        ),
        ("R-SHOW-1",),
        ALL,
        N,
        _SHOWDOWN,
        source_error=True,
    ),
    S(
        "last-aggressor-shows",
        _("If there was a bet on seventh street, the last player to bet or raise shows first."),
        True,
        _("True: the last aggressor on seventh street shows first, then the others clockwise."),
        ("R-SHOW-1",),
        ALL,
        N,
        _SHOWDOWN,
    ),
    S(
        "odd-chip-high",
        _(
            "In Stud Hi/Lo, when the pot cannot be halved exactly, the odd chip goes to the high "
            "half."
        ),
        True,
        _("True: every rulebook agrees. A pot of 101 splits 51 for high and 50 for low."),
        ("R-POT-5",),
        STUD8,
        N,
        "pots-and-ties/odd-chips/odd-chip-high-low",
    ),
    S(
        "same-cards-both-ways",
        _("In Stud Hi/Lo you may use the same cards in your high hand and your low hand."),
        True,
        _(
            "True: the high and the low are chosen separately from the seven cards and may share "
            "cards."
        ),
        ("R-LOW-4",),
        STUD8,
        N,
        "stud8/showdown/both-ways",
    ),
    S(
        "eight-players-community-card",
        _(
            "If all eight players reach seventh street, there are not enough cards and a "
            "community card is used."
        ),
        True,
        _(
            "True: 48 cards are dealt and 3 burned before seventh street, so only one card is "
            "left. Every rulebook then uses one community card."
        ),
        ("R-PLAYERS-2", "R-CARDS-1", "R-CARDS-2"),
        ALL,
        N,
        _OUT,
    ),
    # --- hard: subtle cases and where the rulebooks disagree -------------------------------
    S(
        "seven-players-community-card",
        _(
            "If seven players reach seventh street and nobody has folded, a community card is "
            "needed."
        ),
        False,
        _(
            "False: seven cards are left and nine are needed, but the three burn cards are "
            "brought back in (or, under Robert's Rules, mixed with the last card), so everyone "
            "still gets a card of his own."
        ),
        ("R-PLAYERS-2", "R-CARDS-1", "R-CARDS-2"),
        ALL,
        H,
        _OUT,
    ),
    S(
        "stud-all-aces",
        _("In Seven Card Stud, if every door card is an ace, the ace of clubs brings in."),
        True,
        _("True: the lowest card brings in, and among equal ranks clubs is the lowest suit."),
        ("R-BRING-2",),
        STUD,
        H,
        _BRING,
    ),
    S(
        "razz-all-aces",
        _("In razz, if every door card is an ace, the ace of spades brings in."),
        True,
        _("True: the highest card brings in, and among equal ranks spades is the highest suit."),
        ("R-BRING-3",),
        RAZZ,
        H,
        _BRING,
    ),
    S(
        "ace-after-four",
        _("7-6-5-4-A is a better low than 7-6-5-3-2."),
        False,
        _(
            "False: the fourth card decides before the ace is reached. Three is lower than four, "
            "so 7-6-5-3-2 is better."
        ),
        ("R-LOW-2",),
        LOW,
        H,
        "low-hands/ace-to-five/worked-comparisons",
    ),
    S(
        "razz-aces-beat-deuces",
        _("In razz, A-A-4-3-2 beats 2-2-4-3-A."),
        True,
        _("True: between two one-pair hands the lower pair wins, and aces are the lowest pair."),
        ("R-LOW-5",),
        RAZZ,
        H,
        "low-hands/razz-lows/pairs-in-razz",
    ),
    S(
        "four-low-cards-no-low",
        _("In Stud Hi/Lo, Ah 2d 3c 4s 9h 9d Kc makes a qualifying low."),
        False,
        _(
            "False: only four different ranks are eight or lower (A, 2, 3, 4), and a low needs "
            "five."
        ),
        ("R-LOW-3",),
        STUD8,
        H,
        "low-hands/eight-or-better/low-from-seven-cards",
    ),
    S(
        "quartering",
        _(
            "In Stud Hi/Lo, a player who wins the high half alone and ties the low with one other "
            "player gets three quarters of the pot."
        ),
        True,
        _(
            "True: half the pot plus half of the other half. Of a 120 pot he gets 90 and the "
            "other low 30."
        ),
        ("R-POT-4",),
        STUD8,
        H,
        "stud8/showdown/quartering",
    ),
    S(
        "all-in-side-pot-low",
        _(
            "In Stud Hi/Lo, an all-in player with the best low also wins the low half of a side "
            "pot he is not in."
        ),
        False,
        _(
            "False: each pot is split among its own players only. The side pot's low half goes to "
            "the best low among the players in it, or to its high hand if none of them qualifies."
        ),
        ("R-POT-7",),
        STUD8,
        H,
        "pots-and-ties/side-pots-and-rake/side-pots",
    ),
    S(
        "stud-open-pair-big-bet",
        _("In Seven Card Stud, an open pair on fourth street lets any player bet the big bet."),
        _by_profile(robert=True, wsop_la=True, tda=False, wsop=False),
        _(
            "It depends on the rules: cash games under Robert's Rules and the WSOP cash-game "
            "rules allow the big bet after an open pair on fourth street; the TDA and WSOP "
            "tournament rules do not."
        ),
        ("R-BET-2", "R-BET-4"),
        STUD,
        H,
        "stud/betting/open-pair",
    ),
    S(
        "stud-tie-by-position",
        _(
            "In Seven Card Stud, when two boards are exactly equal, the player who was dealt "
            "cards first acts first."
        ),
        _by_profile(robert=True, wsop_la=True, tda=False, wsop=False),
        _(
            "It depends on the rules: Robert's Rules and the WSOP cash-game rules break the tie "
            "by position; the TDA rules and the WSOP tournament rules give it to the board with "
            "the highest card by suit."
        ),
        ("R-ACT-4",),
        STUD,
        H,
        _TIES,
    ),
    S(
        "low-games-tie-by-position",
        _("When two boards are exactly equal, the player who was dealt cards first acts first."),
        _by_profile(robert=True, wsop_la=True, tda=False, wsop=True),
        _(
            "It depends on the rules: in Stud Hi/Lo and razz, Robert's Rules and both WSOP "
            "rulebooks break the tie by position; the TDA rules give it to the board with the "
            "highest card by suit."
        ),
        ("R-ACT-4",),
        LOW,
        H,
        _TIES,
    ),
    S(
        "three-raises",
        _(
            "With three or more players, a bet and three raises are allowed before the betting is "
            "capped."
        ),
        _by_profile(robert=True, tda=None, wsop_la=False, wsop=False),
        _(
            "It depends on the rules: Robert's Rules allow a bet and three raises, the WSOP rules "
            "a bet and four. The TDA rules leave it to the house; this site uses three."
        ),
        ("R-BET-5",),
        ALL,
        H,
        _LIMITS,
    ),
    S(
        "community-card-sixth-opener",
        _(
            "When a community card is used on seventh street, the player who acted first on sixth "
            "street acts first again."
        ),
        # TDA RP-10-H-D only: WSOP-LA 228 and WSOP-T are silent, so Robert's Rules #15 apply.
        _by_profile(robert=False, tda=True, wsop_la=False, wsop=False),
        _(
            "It depends on the rules: only the TDA rules keep the sixth-street opener. Robert's "
            "Rules let the best board counting the community card act first, and the WSOP rules "
            "don't say, so this site follows Robert's Rules there."
        ),
        ("R-ACT-6", "R-CARDS-1", "R-CARDS-2"),
        ALL,
        H,
        _COMMUNITY,
    ),
    S(
        "odd-chip-lowest-card",
        _(
            "When tied low hands split, the odd chip goes to the player holding the lowest card "
            "by suit."
        ),
        _by_profile(robert=True, tda=False, wsop_la=False, wsop=False),
        _(
            "It depends on the rules: Robert's Rules give it to the lowest card by suit among all "
            "the player's cards; the TDA and WSOP rules to the highest card by suit in the "
            "five-card hand."
        ),
        ("R-POT-6",),
        LOW,
        H,
        "pots-and-ties/odd-chips/odd-chip-among-ties",
    ),
    S(
        "exposed-hole-card-misdeal",
        _("If the dealer exposes one of a player's first two cards on the deal, it is a misdeal."),
        _by_profile(robert=False, tda=False, wsop_la=False, wsop=True),
        _(
            "It depends on the rules: in cash games (Robert's Rules, WSOP cash) the player's "
            "third card is dealt face down instead; under the TDA rules the exposed card becomes "
            "his upcard; only the WSOP tournament rules call a misdeal."
        ),
        ("R-IRR-1",),
        ALL,
        H,
        "stud/irregularities/exposed-hole-card",
    ),
    S(
        "premature-card-reshuffle",
        _(
            "A card dealt before the betting round is over goes back into the stub, which is "
            "reshuffled before the street is dealt again."
        ),
        _by_profile(robert=False, tda=True, wsop_la=True, wsop=True),
        _(
            "It depends on the rules: the TDA and WSOP rules reshuffle the stub and redeal "
            "without another burn; Robert's Rules take the early cards out and hold them aside, "
            "so the right players still get the same cards."
        ),
        ("R-IRR-10",),
        ALL,
        H,
        "stud/irregularities/premature-cards",
    ),
)
