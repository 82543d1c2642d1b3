"""Who brings in on 3rd street, by door card (R-BRING-2, R-BRING-3, R-BRING-8)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from rules.engine._why import reason
from rules.engine.cards import Card, Rank, parse_card
from rules.engine.games import Game
from rules.engine.profiles import Profile, get_profile
from rules.engine.reasons import Decision

__all__ = ["BringInCode", "bring_in"]


class BringInCode(StrEnum):
    """The reason codes ``bring_in`` uses; stable, since the site translates each one."""

    # R-BRING-2 (stud, stud/8): seats=(bring-in,), cards=(his door card,).
    LOWEST_DOOR_CARD = "lowest_door_card"
    # R-BRING-2: an ace is showing and counts high; cards=the aces.
    ACE_COUNTS_HIGH = "ace_counts_high"
    # R-BRING-3 (razz): seats=(bring-in,), cards=(his door card,).
    HIGHEST_DOOR_CARD = "highest_door_card"
    # R-BRING-3: an ace is showing and counts low; cards=the aces.
    ACE_COUNTS_LOW = "ace_counts_low"
    # R-BRING-2/3: door cards of the same rank; suits decide (clubs, diamonds, hearts, spades
    # from lowest); seats and cards=the tied seats and their doors, the bring-in first.
    SUIT_BREAKS_TIE = "suit_breaks_tie"
    # R-BRING-8: seats=(the low card,): he is all-in for the ante and does not bring in.
    LOW_CARD_ALL_IN_FOR_ANTE = "low_card_all_in_for_ante"
    # R-BRING-8: seats=(next live player to the left,): he acts first and may fold, bring in or
    # complete, but not check (profile allin_low_card_next_player_may_fold: every rulebook) ...
    NEXT_PLAYER_MAY_FOLD = "next_player_may_fold"
    # ... or he must bring in or complete (PokerKit and, by its wording, PokerStars; no rulebook).
    NEXT_PLAYER_MUST_BRING_IN = "next_player_must_bring_in"


def bring_in(
    game: Game | str,
    upcards: Sequence[Card | str | None],
    *,
    profile: Profile | str = "robert",
    all_in_for_ante: Collection[int] = (),
) -> Decision:
    """Who brings in: ``upcards[i]`` is seat i's door card, ``None`` for an empty seat.

    Stud and stud/8: the lowest door card by rank, the ace high, then by suit with clubs lowest
    (R-BRING-2). Razz: the highest door card with the ace low, so the king is highest, then by
    suit with spades highest (R-BRING-3). If that player is all-in for the ante
    (``all_in_for_ante``), the next live player to his left acts first instead (R-BRING-8):
    he may fold or not according to the profile.

    >>> bring_in("stud", ["2h", "2c", "9d"]).seat
    1
    >>> [reason.code for reason in bring_in("stud8", ["As", "2d", "Kc"]).reasons]
    ['lowest_door_card', 'ace_counts_high']
    >>> bring_in("razz", ["Kc", "Ks", "Ah"]).seat
    1
    >>> decision = bring_in("stud", ["2c", "5d", None, "9h"], all_in_for_ante={0})
    >>> decision.seat, [reason.code for reason in decision.reasons][1:]
    (1, ['low_card_all_in_for_ante', 'next_player_may_fold'])
    """
    game = Game(game)
    rules = get_profile(profile)
    doors = _door_cards(upcards)
    live = [seat for seat, card in enumerate(doors) if card is not None]
    if not live:
        raise ValueError(f"no door cards: every seat is empty in {list(upcards)!r}")
    stranded = _check_seats(all_in_for_ante, doors, "all_in_for_ante")
    razz = game is Game.RAZZ

    def order(seat: int) -> tuple[int, int]:
        card = doors[seat]
        assert card is not None
        return card.low_by_suit if razz else card.high_by_suit

    low = max(live, key=order) if razz else min(live, key=order)
    door = doors[low]
    assert door is not None
    reasons = [
        reason(
            "R-BRING-3" if razz else "R-BRING-2",
            BringInCode.HIGHEST_DOOR_CARD if razz else BringInCode.LOWEST_DOOR_CARD,
            seats=(low,),
            cards=(door,),
        )
    ]
    aces = tuple(card for card in doors if card is not None and card.rank is Rank.ACE)
    if aces and (razz or door.rank is not Rank.ACE):
        # In stud and stud/8 an ace brings in only when every door card is an ace: the suit
        # then decides, and "the ace counts high" would not explain anything.
        code = BringInCode.ACE_COUNTS_LOW if razz else BringInCode.ACE_COUNTS_HIGH
        reasons.append(reason("R-BRING-3" if razz else "R-BRING-2", code, cards=aces))
    same_rank = [seat for seat in live if seat != low and _rank(doors[seat]) is door.rank]
    if same_rank:
        tied = (low, *same_rank)
        reasons.append(
            reason(
                "R-BRING-3" if razz else "R-BRING-2",
                BringInCode.SUIT_BREAKS_TIE,
                seats=tied,
                cards=tuple(card for seat in tied if (card := doors[seat]) is not None),
            )
        )
    if low not in stranded:
        return Decision(low, tuple(reasons))
    reasons.append(reason("R-BRING-8", BringInCode.LOW_CARD_ALL_IN_FOR_ANTE, seats=(low,)))
    seat_count = len(doors)
    for step in range(1, seat_count):
        seat = (low + step) % seat_count
        if doors[seat] is not None and seat not in stranded:
            may_fold = rules.allin_low_card_next_player_may_fold
            code = (
                BringInCode.NEXT_PLAYER_MAY_FOLD
                if may_fold
                else BringInCode.NEXT_PLAYER_MUST_BRING_IN
            )
            reasons.append(
                reason(
                    "R-BRING-8",
                    code,
                    seats=(seat,),
                    params={"may_fold": may_fold, "may_check": False},
                )
            )
            return Decision(seat, tuple(reasons))
    raise ValueError(f"every live seat is all-in for the ante ({sorted(stranded)!r}): no one acts")


def _rank(card: Card | None) -> Rank | None:
    return None if card is None else card.rank


def _door_cards(upcards: Sequence[Card | str | None]) -> list[Card | None]:
    if isinstance(upcards, str):
        raise ValueError(f"give one door card (or None) per seat, not the text {upcards!r}")
    doors: list[Card | None] = []
    for card in upcards:
        if card is None or isinstance(card, Card):
            doors.append(card)
        elif isinstance(card, str):
            doors.append(parse_card(card))
        else:
            raise ValueError(f"not a card: {card!r}")
    seen = [card for card in doors if card is not None]
    for card in seen:
        if seen.count(card) > 1:
            raise ValueError(f"card {str(card)!r} appears twice")
    return doors


def _check_seats(seats: Collection[int], doors: Sequence[object], name: str) -> frozenset[int]:
    for seat in seats:
        if not isinstance(seat, int) or not 0 <= seat < len(doors) or doors[seat] is None:
            raise ValueError(f"{name}: {seat!r} is not a live seat")
    return frozenset(seats)
