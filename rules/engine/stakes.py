"""Fixed-limit stakes: the streets, the four sizes of a structure and each street's bet sizes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from rules.engine.cards import Card
from rules.engine.games import Game
from rules.engine.profiles import DEFAULT_PROFILE, Profile
from rules.engine.reasons import Reason
from rules.engine.structure import Stakes

__all__ = [
    "STREETS",
    "LimitReason",
    "Stakes",
    "Street",
    "StreetLimits",
    "bet_size",
    "has_open_pair",
    "street_limits",
]


class Street(StrEnum):
    """The five streets; each has one betting round (R-DEAL-2)."""

    THIRD = "third"
    FOURTH = "fourth"
    FIFTH = "fifth"
    SIXTH = "sixth"
    SEVENTH = "seventh"

    @property
    def number(self) -> int:
        """3 for third street up to 7 for the river."""
        return STREETS.index(self) + 3

    @property
    def next(self) -> Street | None:
        """The following street, ``None`` after the river."""
        index = STREETS.index(self)
        return STREETS[index + 1] if index + 1 < len(STREETS) else None


STREETS: Final[tuple[Street, ...]] = tuple(Street)


class LimitReason(StrEnum):
    """Every reason code of bet sizes and street limits (the site has one sentence per code)."""

    SMALL_BET_STREET = "small_bet_street"  # R-BET-1: 3rd and 4th street bet the small bet
    BIG_BET_STREET = "big_bet_street"  # R-BET-1: 5th, 6th and 7th bet the big bet
    OPEN_PAIR_OPTION = "open_pair_option"  # R-BET-2: small or big on 4th street
    OPEN_PAIR_BIG_MADE = "open_pair_big_made"  # R-BET-2 #3: after a big bet all raises are big
    OPEN_PAIR_NOT_IN_GAME = "open_pair_not_in_game"  # R-BET-3: stud/8 and razz
    OPEN_PAIR_NOT_IN_PROFILE = "open_pair_not_in_profile"  # R-BET-4: tournament rules


def _reason(rule: str, code: StrEnum, **fields: Any) -> Reason:
    """A ``Reason`` whose code is the plain string value of ``code``."""
    return Reason(rule, code.value, **fields)


def bet_size(street: Street, stakes: Stakes) -> int:
    """The fixed bet of a street: small on 3rd and 4th, big on 5th, 6th and 7th (R-BET-1).

    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> bet_size(Street.FOURTH, stakes), bet_size(Street.FIFTH, stakes)
    (5, 10)
    """
    street = Street(street)
    return stakes.small_bet if street in (Street.THIRD, Street.FOURTH) else stakes.big_bet


def has_open_pair(boards: Sequence[Sequence[Card] | None]) -> bool:
    """Whether any live board on 4th street is an open pair (its two upcards share a rank).

    >>> from rules.engine.cards import parse_cards
    >>> has_open_pair([parse_cards("9h 9c"), parse_cards("Ah Kd"), None])
    True
    """
    return any(
        board is not None and len(board) == 2 and board[0].rank == board[1].rank for board in boards
    )


@dataclass(frozen=True, slots=True)
class StreetLimits:
    """The bet (and raise) sizes allowed on a street, and why."""

    street: Street
    amounts: tuple[int, ...]
    reasons: tuple[Reason, ...]


def street_limits(
    game: Game,
    street: Street,
    stakes: Stakes,
    *,
    profile: Profile = DEFAULT_PROFILE,
    boards: Sequence[Sequence[Card] | None] = (),
) -> StreetLimits:
    """The sizes a bet or raise may have on ``street`` (R-BET-1..4; Q20-Q23).

    ``boards`` are the live players' upcards; on 4th street in stud high an open pair lets any
    player bet or raise small or big when the profile allows it (RR and WSOP-LA cash rules).

    >>> from rules.engine.cards import parse_cards
    >>> from rules.engine.profiles import PROFILES
    >>> stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    >>> pair = [parse_cards("9h 9c"), parse_cards("Ah Kd")]
    >>> street_limits(Game.STUD, Street.FOURTH, stakes, boards=pair).amounts
    (5, 10)
    >>> tda = PROFILES["tda"]
    >>> street_limits(Game.STUD, Street.FOURTH, stakes, boards=pair, profile=tda).amounts
    (5,)
    >>> street_limits(Game.STUD8, Street.FOURTH, stakes, boards=pair).reasons[-1].code
    'open_pair_not_in_game'
    """
    game, street = Game(game), Street(street)
    size = bet_size(street, stakes)
    small = street in (Street.THIRD, Street.FOURTH)
    base = _reason(
        "R-BET-1",
        LimitReason.SMALL_BET_STREET if small else LimitReason.BIG_BET_STREET,
        amounts=(size,),
        params={"street": street.value},
    )
    if street is not Street.FOURTH or not has_open_pair(boards):
        return StreetLimits(street, (size,), (base,))
    pair_seats = tuple(
        seat
        for seat, board in enumerate(boards)
        if board is not None and len(board) == 2 and board[0].rank == board[1].rank
    )
    if game is not Game.STUD:
        why = _reason(
            "R-BET-3",
            LimitReason.OPEN_PAIR_NOT_IN_GAME,
            seats=pair_seats,
            params={"game": game.value},
        )
        return StreetLimits(street, (size,), (base, why))
    if not profile.open_pair_big_bet:
        why = _reason(
            "R-BET-4",
            LimitReason.OPEN_PAIR_NOT_IN_PROFILE,
            seats=pair_seats,
            params={"profile": profile.name},
        )
        return StreetLimits(street, (size,), (base, why))
    why = _reason(
        "R-BET-2",
        LimitReason.OPEN_PAIR_OPTION,
        seats=pair_seats,
        amounts=(stakes.small_bet, stakes.big_bet),
    )
    # RR Seven-Card Stud #4: the option replaces the small-bet rule on this street (saying
    # "bets are the small bet" beside it contradicts it), and a big bet makes every raise big.
    return StreetLimits(street, (stakes.small_bet, stakes.big_bet), (why,))
