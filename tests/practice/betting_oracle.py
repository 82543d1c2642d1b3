"""Fixed-limit betting written out from the rules text, independently of the engine: the oracle
the legal-action and bet-sizing quiz tests replay each generated street on (R-BRING-4..8,
R-BET-1..7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict


class Profile(TypedDict):
    open_pair: bool
    raises: int
    heads_up: str
    may_fold: bool


#: Rules-facts section 13, per profile: open-pair option (R-BET-2/4), raises after the bet
#: (R-BET-5), the heads-up exception (R-BET-6), may the next player fold when the low card
#: is all-in for the ante (R-BRING-8).
PROFILE: dict[str, Profile] = {
    "robert": {"open_pair": True, "raises": 3, "heads_up": "once_heads_up", "may_fold": True},
    "tda": {"open_pair": False, "raises": 3, "heads_up": "never", "may_fold": True},
    "wsop_la": {"open_pair": True, "raises": 4, "heads_up": "starts_heads_up", "may_fold": True},
    "wsop": {"open_pair": False, "raises": 4, "heads_up": "never", "may_fold": True},
}


@dataclass
class Street:
    """One betting round replayed step by step."""

    game: str
    street: str
    profile: str
    ante: int
    bring_in: int
    small: int
    big: int
    stacks: list[int]  # chips behind at the start of the street
    boards: Sequence[Sequence[str]]
    substitute: bool = False
    bets: list[int] = field(default_factory=list)
    folded: set[int] = field(default_factory=set)
    waiting: set[int] = field(default_factory=set)  # may still raise (not acted since a full raise)
    acted: set[int] = field(default_factory=set)
    level: int = 0  # the amount to call
    full: int = 0  # the last full bet or raise level
    raises: int = 0  # full completions, bets and raises
    opened: bool = False
    big_made: bool = False
    capped: bool = False
    started_heads_up: bool = False

    def __post_init__(self) -> None:
        self.bets = [0] * len(self.stacks)
        self.opened = self.street != "third"
        self.waiting = set(range(len(self.stacks)))
        self.started_heads_up = len(self._contesting()) <= 2

    def _contesting(self) -> list[int]:
        return [
            s
            for s in range(len(self.stacks))
            if s not in self.folded and self.stacks[s] - self.bets[s] > 0
        ]

    def increments(self) -> list[int]:
        """R-BET-1: small on 3rd/4th, big after; R-BET-2: the stud-high open pair on 4th."""
        if self.street in ("third", "fourth"):
            pair = any(len(b) == 2 and b[0][0] == b[1][0] for b in self.boards)
            if (
                self.street == "fourth"
                and pair
                and self.game == "stud"
                and PROFILE[self.profile]["open_pair"]
            ):
                return [self.big] if self.big_made else [self.small, self.big]
            return [self.small]
        return [self.big]

    def cap_applies(self) -> bool:
        """R-BET-5/6: the cap, unless heads-up under the profile's exception."""
        rule = PROFILE[self.profile]["heads_up"]
        if rule == "never":
            return True
        if rule == "starts_heads_up":
            return not self.started_heads_up
        return self.capped or len(self._contesting()) > 2

    def true_low(self) -> int:
        """R-BRING-2/3: the lowest door card by rank then suit (clubs lowest, the ace high);
        in razz the highest (the ace low, the king of spades highest)."""
        ranks = "23456789TJQKA" if self.game != "razz" else "A23456789TJQK"
        suits = "cdhs"

        def key(seat: int) -> tuple[int, int]:
            door = self.boards[seat][0]
            return ranks.index(door[0]), suits.index(door[1])

        seats = [s for s in range(len(self.stacks)) if s not in self.folded]
        return max(seats, key=key) if self.game == "razz" else min(seats, key=key)

    def apply(self, seat: int, kind: str, total: int | None) -> None:
        if kind == "take_back":
            # R-BRING-10: the wrongly named low card takes his bring-in back before anyone
            # else acted; the round starts again at the true low card.
            self.bets[seat] = 0
            self.level = 0
            self.opened = False
            self.acted.clear()
            return
        self.acted.add(seat)
        self.waiting.discard(seat)
        if kind == "fold":
            self.folded.add(seat)
            return
        if kind == "check":
            return
        assert total is not None
        if kind == "bring_in":
            self.bets[seat] = total
            self.level = self.bring_in
            self.opened = True
            return
        if kind == "call":
            self.bets[seat] = total
            return
        # complete, bet or raise: R-BET-7 half a bet or more counts as a full raise.
        raised_by = total - self.full
        smallest = min(self.increments())
        self.bets[seat] = total
        self.level = max(self.level, total)
        self.opened = True
        if 2 * raised_by >= smallest:
            if self.street == "fourth" and raised_by >= self.big and self.big > self.small:
                self.big_made = True
            self.full = total
            self.raises += 1
            self.waiting = {s for s in range(len(self.stacks)) if s != seat}
            if self.raises >= 1 + PROFILE[self.profile]["raises"] and len(self._contesting()) > 2:
                self.capped = True

    def needs_to_act(self, seat: int) -> bool:
        if seat in self.folded or self.stacks[seat] - self.bets[seat] <= 0:
            return False
        return seat not in self.acted or seat in self.waiting or self.bets[seat] < self.level

    def over(self) -> bool:
        live = [s for s in range(len(self.stacks)) if s not in self.folded]
        if len(live) <= 1:
            return True
        if not self.opened:
            return False
        pending = [s for s in live if self.needs_to_act(s)]
        if len(pending) == 1 and self.bets[pending[0]] >= self.level:
            # a lone player with chips facing nothing has no one to bet against
            others = [s for s in live if s != pending[0] and self.stacks[s] - self.bets[s] > 0]
            return not others
        return not pending

    def legal(self, seat: int) -> dict[str, list[int]]:
        """Kind -> the totals it may go to (empty for fold, check, call)."""
        total = self.stacks[seat]
        if not self.opened:
            # R-BRING-4: bring in or complete, never check; R-BRING-8: the substitute opener
            # may also fold under some profiles.
            kinds: dict[str, list[int]] = {}
            if self.substitute and PROFILE[self.profile]["may_fold"]:
                kinds["fold"] = []
            kinds["bring_in"] = [min(self.bring_in, total)]
            if total > self.bring_in:
                kinds["complete"] = [min(self.small, total)]
            return kinds
        kinds = {}
        if self.bets[seat] < self.level:
            kinds["fold"] = []
            kinds["call"] = [min(self.level, total)]
        else:
            # R-IRR-3 (RR Seven-Card Stud #7, WSOP-LA 222, WSOP-T 84, TDA 58): folding when
            # not facing a bet is legal and binding.
            kinds["fold"] = []
            kinds["check"] = []
        if total <= self.level:
            return kinds
        if self.raises > 0 and seat not in self.waiting:
            return kinds  # R-BET-7: a short all-in did not reopen the betting for him
        if self.raises >= 1 + PROFILE[self.profile]["raises"] and self.cap_applies():
            return kinds  # R-BET-5
        opening = "complete" if self.street == "third" else "bet"
        kind = opening if self.raises == 0 else "raise"
        kinds[kind] = sorted({min(self.full + inc, total) for inc in self.increments()})
        return kinds

    def next_to_act(self, after: int) -> int | None:
        if self.over():
            return None
        count = len(self.stacks)
        for step in range(1, count + 1):
            seat = (after + step) % count
            if self.needs_to_act(seat):
                return seat
        return None


def replay(
    question_data: dict, *, game: str, profile: str
) -> tuple[int | None, dict[str, list[int]]]:
    """Replay a generated street: (the seat to act or None, his legal actions)."""
    situation = question_data["situation"]
    stakes = situation.stakes
    street = Street(
        game=game,
        street=str(situation.street),
        profile=profile,
        ante=stakes.ante,
        bring_in=stakes.bring_in,
        small=stakes.small_bet,
        big=stakes.big_bet,
        stacks=list(situation.stacks),
        boards=[[str(card) for card in board] for board in situation.boards],
        substitute=situation.substitute,
    )
    seat = situation.first
    named = None
    for step in situation.steps:
        if step.kind == "take_back":
            # R-BRING-10: before the next player acts, the wrongly named low card takes his
            # bring-in back and the true low card brings in.
            assert step.seat == named and seat != named, "a bring-in corrected in time"
            street.apply(step.seat, step.kind, step.total)
            seat = street.true_low()
            assert seat != step.seat, "only a wrongly named low card takes his bring-in back"
            continue
        assert step.seat == seat, "the steps follow the order of play"
        street.apply(step.seat, step.kind, step.total)
        named = step.seat if step.kind == "bring_in" else None
        seat = street.next_to_act(step.seat)
    if street.over():
        return None, {}
    return seat, street.legal(seat)
