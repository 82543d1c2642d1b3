"""Who acts first on 4th-7th street and who shows first at the showdown (R-ACT-1..6, R-SHOW-1)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.engine._tables import CARD_SHIFT, CODE
from rules.engine._why import reason
from rules.engine.boards import Board, _high_board, _low_board
from rules.engine.cards import Card, parse_card
from rules.engine.games import Game
from rules.engine.profiles import BoardTieBreak, CommunityOpener, Profile, get_profile
from rules.engine.ranking import as_cards
from rules.engine.reasons import Decision, Reason

__all__ = ["ActCode", "ShowdownCode", "ShowdownOrder", "first_to_act", "showdown_order"]


class ActCode(StrEnum):
    """The reason codes ``first_to_act`` uses; stable, since the site translates each one."""

    # R-ACT-1: seats=(seat,), cards=his board, params category: the best high board acts first.
    BEST_HIGH_BOARD = "best_high_board"
    # R-ACT-1 (razz): the best (lowest) low board acts first; same fields.
    BEST_LOW_BOARD = "best_low_board"
    # R-ACT-1 (stud/8): the high board decides, not the low board.
    HIGH_BOARD_IN_STUD8 = "high_board_in_stud8"
    # R-ACT-3: seats=(first, runner-up), cards=the runner-up's board, params category and
    # other_category: the best board beats the next best one.
    BEATS_BOARD = "beats_board"
    # R-ACT-2: seats=boards of three or four cards that look like a straight or a flush; with
    # fewer than five exposed cards these never count.
    STRAIGHTS_FLUSHES_DO_NOT_COUNT = "straights_flushes_do_not_count"
    # R-ACT-4: seats=the tied seats: the first in position (first dealt) acts first.
    TIE_BROKEN_BY_POSITION = "tie_broken_by_position"
    # R-ACT-4: seats=the tied seats, cards=(the deciding card,), params ace ("high" or "low"):
    # the board with the highest card by rank then suit acts first.
    TIE_BROKEN_BY_HIGH_CARD = "tie_broken_by_high_card"
    # R-ACT-5: seats=(the all-in best board,): he is all-in, so he is passed as if he checked ...
    BEST_BOARD_ALL_IN = "best_board_all_in"
    # ... seats=(seat,): the next live player clockwise who is not all-in acts first.
    NEXT_PLAYER_ACTS = "next_player_acts"
    # R-ACT-6 (RR #15): cards=(the community card,): it plays in every board.
    COMMUNITY_CARD_PLAYS = "community_card_plays"
    # R-ACT-6 (TDA RP-10-H-D, WSOP): cards=(the community card,): the player who acted first
    # on 6th street acts first on 7th; the community card does not change that.
    SIXTH_STREET_OPENER_ACTS = "sixth_street_opener_acts"


class ShowdownCode(StrEnum):
    """The reason codes ``showdown_order`` uses; stable, since the site translates each one."""

    # R-SHOW-1: seats=(seat,): the last player to bet or raise on 7th street shows first.
    LAST_AGGRESSOR_SHOWS_FIRST = "last_aggressor_shows_first"
    # R-SHOW-1: seats=(seat,): no bet on 7th: the player who acted (would act) first shows first.
    FIRST_TO_ACT_SHOWS_FIRST = "first_to_act_shows_first"
    # R-SHOW-1: seats=the whole order: the others follow clockwise.
    THEN_CLOCKWISE = "then_clockwise"
    # R-SHOW-1 (RR Showdown #7): seats=the all-in players: players in the side pot show before
    # an all-in player who is only in an earlier pot.
    SIDE_POT_SHOWS_BEFORE_ALL_IN = "side_pot_shows_before_all_in"
    # R-SHOW-1 (TDA 16, WSOP-T 70): seats=the all-in players: with a player all-in and the
    # betting over, every hand is turned face up at once, so no one shows before the others.
    ALL_IN_HANDS_FACE_UP = "all_in_hands_face_up"


@dataclass(frozen=True, slots=True)
class ShowdownOrder:
    """The order in which live hands are shown: ``first`` says who starts and why.

    >>> order = ShowdownOrder(Decision(2, ()), (2, 0, 1))
    >>> order.first.seat, order.seats
    (2, (2, 0, 1))
    """

    first: Decision
    seats: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.seats or self.seats[0] != self.first.seat:
            raise ValueError(f"the order {self.seats!r} must start with seat {self.first.seat!r}")
        if len(set(self.seats)) != len(self.seats):
            raise ValueError(f"a seat appears twice in the order {self.seats!r}")


BoardInput = Sequence[Card] | str | None


def first_to_act(
    game: Game | str,
    boards: Sequence[BoardInput],
    *,
    profile: Profile | str = "robert",
    all_in: Collection[int] = (),
    community: Card | str | None = None,
) -> Decision:
    """Who acts first on 4th-7th street: ``boards[i]`` is seat i's upcards, ``None`` if folded.

    The best exposed hand acts first: the high board in stud and stud/8, the low board in razz
    (R-ACT-1..3, see ``boards``). Equal boards are broken by the profile (R-ACT-4): position
    (the lowest seat, seat 0 being dealt first) or the board with the highest card by rank then
    suit, the ace counting low in razz as it does for the razz bring-in (R-BRING-3). An all-in
    best board is passed over clockwise to the next live player who is not all-in (R-ACT-5).
    ``community`` is a 7th-street community card (R-ACT-6): under Robert's Rules it joins every
    board, under TDA/WSOP the 6th-street boards still decide.

    >>> first_to_act("stud", ["Kh Qd", "Ks Qc", "8h 9s"]).seat
    0
    >>> first_to_act("stud", ["Kh Qd", "Ks Qc", "8h 9s"], profile="tda").seat
    1
    >>> first_to_act("razz", ["7h 7s", "Kh Qh", "Qs 8s"]).seat
    2
    >>> first_to_act("stud8", ["Ah 2h Kc", None, "Kd Ks 3d"], all_in={2}).seat
    0
    """
    game = Game(game)
    rules = get_profile(profile)
    upcards = _boards(boards, community)
    live = [seat for seat, cards in enumerate(upcards) if cards is not None]
    if not live:
        raise ValueError("no live board: every seat is folded or empty")
    stranded = _live_seats(all_in, upcards, "all_in")
    common = parse_card(community) if isinstance(community, str) else community
    return _first_to_act(game, rules, upcards, live, stranded, common)


def _first_to_act(
    game: Game,
    rules: Profile,
    upcards: list[list[Card] | None],
    live: list[int],
    stranded: frozenset[int],
    common: Card | None,
) -> Decision:
    """``first_to_act`` on boards already checked by ``_boards`` (``live`` not empty)."""
    reasons: list[Reason] = []
    rank = _low_board if game is Game.RAZZ else _high_board
    with_common = (
        common is not None and rules.community_opener is CommunityOpener.HIGH_WITH_COMMON_CARD
    )
    ranked = {}
    for seat in live:
        cards = upcards[seat]
        assert cards is not None
        ranked[seat] = rank([*cards, common] if with_common and common is not None else cards)
    if common is not None:
        code = (
            ActCode.COMMUNITY_CARD_PLAYS
            if rules.community_opener is CommunityOpener.HIGH_WITH_COMMON_CARD
            else ActCode.SIXTH_STREET_OPENER_ACTS
        )
        reasons.append(reason("R-ACT-6", code, cards=(common,)))

    best = max(board.key for board in ranked.values())
    tied = [seat for seat in live if ranked[seat].key == best]
    leader, tie_reason = _break_tie(game, rules, tied, ranked)
    board = ranked[leader]
    razz = game is Game.RAZZ
    reasons.append(
        reason(
            "R-ACT-1",
            ActCode.BEST_LOW_BOARD if razz else ActCode.BEST_HIGH_BOARD,
            seats=(leader,),
            cards=board.cards,
            # An all-in leader has the best board but does not act (R-ACT-5): the sentence
            # must not say he acts first.
            params={"category": str(board.category), "all_in": leader in stranded},
        )
    )
    if game is Game.STUD8:
        reasons.append(reason("R-ACT-1", ActCode.HIGH_BOARD_IN_STUD8, seats=(leader,)))
    others = [seat for seat in live if ranked[seat].key < best]
    # With boards tied at the top the tie-break explains the order: naming a lower board "the
    # next best" beside it would contradict it (the Finnish review's K7).
    if others and tie_reason is None:
        runner_up = max(others, key=lambda seat: (ranked[seat].key, -seat))
        reasons.append(
            reason(
                "R-ACT-3",
                ActCode.BEATS_BOARD,
                seats=(leader, runner_up),
                cards=ranked[runner_up].cards,
                params={
                    "category": str(board.category),
                    "other_category": str(ranked[runner_up].category),
                },
            )
        )
    if not razz:
        drawing = tuple(seat for seat in live if _looks_like_draw(ranked[seat]))
        if drawing:
            reasons.append(reason("R-ACT-2", ActCode.STRAIGHTS_FLUSHES_DO_NOT_COUNT, seats=drawing))
    if tie_reason is not None:
        reasons.append(tie_reason)
    if leader not in stranded:
        return Decision(leader, tuple(reasons))
    reasons.append(reason("R-ACT-5", ActCode.BEST_BOARD_ALL_IN, seats=(leader,)))
    passed_to = _next_seat(leader, upcards, stranded)
    if passed_to is None:
        raise ValueError(f"every live seat is all-in ({sorted(stranded)!r}): no one acts")
    reasons.append(reason("R-ACT-5", ActCode.NEXT_PLAYER_ACTS, seats=(passed_to,)))
    return Decision(passed_to, tuple(reasons))


def showdown_order(
    game: Game | str,
    boards: Sequence[BoardInput],
    *,
    last_aggressor: int | None,
    profile: Profile | str = "robert",
    all_in: Collection[int] = (),
    community: Card | str | None = None,
) -> ShowdownOrder:
    """The order of showing live hands at the showdown (R-SHOW-1).

    The last player to bet or raise on 7th street shows first; if 7th street was checked
    through (``last_aggressor=None``), the player who acted or would act first on 7th shows
    first (``first_to_act``: the high board, the low board in razz). The rest follow clockwise.
    Players in ``all_in`` (all-in and out of the last side pot) show after the others (RR
    Showdown #7), clockwise among themselves; when every live player is all-in the plain
    order applies.

    >>> order = showdown_order("stud", ["Kh Qd 2c 3c", None, "9s 9d 4h 5h", "Ah 7d 6s 2d"],
    ...                        last_aggressor=None)
    >>> order.first.seat, order.seats
    (2, (2, 3, 0))
    >>> showdown_order("stud", ["Kh Qd 2c 3c", None, "9s 9d 4h 5h", "Ah 7d 6s 2d"],
    ...                last_aggressor=3).seats
    (3, 0, 2)
    """
    game = Game(game)
    upcards = _boards(boards, community)
    live = [seat for seat, cards in enumerate(upcards) if cards is not None]
    if not live:
        raise ValueError("no live hand: every seat is folded or empty")
    stranded = _live_seats(all_in, upcards, "all_in")
    if stranded >= set(live):
        stranded = frozenset()
    rules = get_profile(profile)
    face_up = stranded if rules.all_in_hands_face_up else frozenset()
    reasons: list[Reason]
    if last_aggressor is not None:
        if not isinstance(last_aggressor, int) or last_aggressor not in live:
            raise ValueError(f"last_aggressor: {last_aggressor!r} is not a live seat")
        first = last_aggressor
        reasons = [reason("R-SHOW-1", ShowdownCode.LAST_AGGRESSOR_SHOWS_FIRST, seats=(first,))]
    else:
        common = parse_card(community) if isinstance(community, str) else community
        opener = _first_to_act(game, rules, upcards, live, stranded, common)
        first = opener.seat
        reasons = [
            reason("R-SHOW-1", ShowdownCode.FIRST_TO_ACT_SHOWS_FIRST, seats=(first,)),
            *opener.reasons,
        ]
    # Under TDA 16 / WSOP-T 70 all hands are face up at once: no side-pot-first order.
    stranded -= face_up
    clockwise = [(first + step) % len(upcards) for step in range(len(upcards))]
    seats = [seat for seat in clockwise if upcards[seat] is not None and seat not in stranded]
    if first not in seats:
        seats.insert(0, first)
    seats += [seat for seat in clockwise if seat in stranded and seat not in seats]
    if face_up:
        # No order to learn: the all-in rule comes first and replaces "then clockwise".
        reasons.insert(
            0, reason("R-SHOW-1", ShowdownCode.ALL_IN_HANDS_FACE_UP, seats=tuple(sorted(face_up)))
        )
    else:
        reasons.append(reason("R-SHOW-1", ShowdownCode.THEN_CLOCKWISE, seats=tuple(seats)))
    late = tuple(seat for seat in seats if seat in stranded and seat != first)
    if late:
        reasons.append(reason("R-SHOW-1", ShowdownCode.SIDE_POT_SHOWS_BEFORE_ALL_IN, seats=late))
    return ShowdownOrder(Decision(first, tuple(reasons)), tuple(seats))


def _break_tie(
    game: Game, rules: Profile, tied: list[int], ranked: dict[int, Board]
) -> tuple[int, Reason | None]:
    if len(tied) == 1:
        return tied[0], None
    if rules.tie_break(game) is BoardTieBreak.POSITION:
        return min(tied), reason("R-ACT-4", ActCode.TIE_BROKEN_BY_POSITION, seats=tuple(tied))
    razz = game is Game.RAZZ

    def top(seat: int) -> Card:
        return max(ranked[seat].cards, key=lambda c: c.low_by_suit if razz else c.high_by_suit)

    leader = max(tied, key=lambda seat: top(seat).low_by_suit if razz else top(seat).high_by_suit)
    return leader, reason(
        "R-ACT-4",
        ActCode.TIE_BROKEN_BY_HIGH_CARD,
        seats=tuple(tied),
        cards=(top(leader),),
        params={"ace": "low" if razz else "high"},
    )


def _looks_like_draw(board: Board) -> bool:
    """Three or four upcards of one suit or in sequence: they look like a draw but count as
    high cards (R-ACT-2)."""
    cards = board.cards
    if not 3 <= len(cards) <= 4 or board.key >> 20:
        return False
    if len({card.suit for card in cards}) == 1:
        return True
    for ranks in ({int(c.rank) for c in cards}, {c.rank.low_value for c in cards}):
        if len(ranks) == len(cards) and max(ranks) - min(ranks) == len(cards) - 1:
            return True
    return False


def _next_seat(seat: int, upcards: Sequence[object], skip: Collection[int]) -> int | None:
    count = len(upcards)
    for step in range(1, count):
        other = (seat + step) % count
        if upcards[other] is not None and other not in skip:
            return other
    return None


def _boards(boards: Sequence[BoardInput], community: Card | str | None) -> list[list[Card] | None]:
    if isinstance(boards, str):
        raise ValueError(f"give one board (or None) per seat, not the text {boards!r}")
    upcards: list[list[Card] | None] = []
    for board in boards:
        upcards.append(None if board is None else as_cards(board))
    common = parse_card(community) if isinstance(community, str) else community
    if common is not None and not isinstance(common, Card):
        raise ValueError(f"community: not a card: {common!r}")
    limit = 4 if common is not None else 5
    seen: list[Card] = [] if common is None else [common]
    for seat, cards in enumerate(upcards):
        if cards is None:
            continue
        if not 1 <= len(cards) <= limit:
            raise ValueError(
                f"seat {seat}: a board is 1 to {limit} upcards, not {len(cards)} "
                f"({' '.join(map(str, cards))!r})"
            )
        seen.extend(cards)
    bits = 0
    for card in seen:
        bit = CODE[card.rank][card.suit] >> CARD_SHIFT
        if bits & bit:
            # Name the first card (in seat order) that appears twice.
            for first in seen:
                if seen.count(first) > 1:
                    raise ValueError(f"card {str(first)!r} appears twice")
        bits |= bit
    return upcards


def _live_seats(seats: Collection[int], upcards: Sequence[object], name: str) -> frozenset[int]:
    for seat in seats:
        if not isinstance(seat, int) or not 0 <= seat < len(upcards) or upcards[seat] is None:
            raise ValueError(f"{name}: {seat!r} is not a live seat")
    return frozenset(seats)
