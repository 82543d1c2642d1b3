"""Pots at showdown: main and side pots, hi/lo halves, ties, odd chips and rake (R-POT-1..8)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules.engine._tables import CARD_SHIFT, CODE
from rules.engine.cards import Card, parse_cards
from rules.engine.games import Game
from rules.engine.high import best_high
from rules.engine.low import best_low
from rules.engine.profiles import DEFAULT_PROFILE, OddChipRule, Profile
from rules.engine.ranking import Hand
from rules.engine.reasons import Reason

__all__ = ["Pot", "PotReason", "Settlement", "settle"]


class PotReason(StrEnum):
    """Every reason code this module emits (the site has one sentence per code)."""

    RAKE_TAKEN = "rake_taken"  # R-POT-8: the rake comes out first, from the main pot first
    MAIN_POT = "main_pot"  # R-POT-7
    SIDE_POT = "side_pot"  # R-POT-7: built from what the all-in players could not match
    FOLDED_NOT_ELIGIBLE = "folded_not_eligible"  # R-POT-7: folded chips stay in the pot
    ALL_IN_NOT_ELIGIBLE = "all_in_not_eligible"  # R-POT-7: an all-in player is not in this pot
    DEAD_MONEY = "dead_money"  # R-POT-7: folded chips above every live player's total
    UNCONTESTED = "uncontested"  # R-POT-7: one eligible player, no showdown for this pot
    UNCALLED_RETURNED = "uncalled_returned"  # R-POT-7: chips nobody else matched go back
    BEST_HIGH = "best_high"  # R-RANK-1: the best high hand wins (the high half)
    BEST_LOW = "best_low"  # R-LOW-2 (stud/8) or R-LOW-5 (razz)
    HIGH_TIE_SPLIT = "high_tie_split"  # R-POT-4, R-SHOW-2: equal highs split
    LOW_TIE_SPLIT = "low_tie_split"  # R-POT-4, R-SHOW-2: equal lows split
    HALVES = "halves"  # R-POT-1: high half and low half
    SCOOP = "scoop"  # R-POT-2: one player wins both halves
    NO_QUALIFYING_LOW = "no_qualifying_low"  # R-POT-3: the high hand takes the whole pot
    IDENTICAL_HANDS_SPLIT_WHOLE = "identical_hands_split_whole"  # R-POT-4
    ODD_CHIP_TO_HIGH = "odd_chip_to_high"  # R-POT-5
    ODD_CHIP_HIGHEST_CARD = "odd_chip_highest_card"  # R-POT-6, RR: highest card, all cards
    ODD_CHIP_LOWEST_CARD = "odd_chip_lowest_card"  # R-POT-6, RR: lowest card, all cards (low)
    ODD_CHIP_HIGH_CARD_FIVE = "odd_chip_high_card_five"  # R-POT-6, TDA/WSOP: in the five cards
    ODD_CHIP_POSITION = "odd_chip_position"  # R-POT-6, PokerKit: first in position


def _reason(rule: str, code: StrEnum, **fields: Any) -> Reason:
    """A ``Reason`` whose code is the plain string value of ``code``."""
    return Reason(rule, code.value, **fields)


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot (index 0 is the main pot), settled on its own among its eligible seats.

    ``shares[i]`` is what seat ``i`` gets from this pot; ``odd_chips`` lists the seats that got
    an odd chip, in the order the profile's rule ranked them.

    >>> pot = settle("stud", hands=["As Ad 7c 2h 3h", "Ks Kd 7d 2d 3d"], contributions=[4, 6],
    ...              folded=[False, False]).pots[0]
    >>> pot.is_main, pot.amount, pot.eligible, pot.high_winners, pot.winners
    (True, 8, (0, 1), (0,), (0,))
    """

    index: int
    amount: int  # after the rake
    rake: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...]
    high_winners: tuple[int, ...]
    low_winners: tuple[int, ...]
    high_amount: int
    low_amount: int
    shares: tuple[int, ...]
    odd_chips: tuple[int, ...]
    reasons: tuple[Reason, ...]

    @property
    def is_main(self) -> bool:
        """Whether this is the main pot."""
        return self.index == 0

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat that gets chips from this pot, in seat order."""
        return tuple(seat for seat, share in enumerate(self.shares) if share)


@dataclass(frozen=True, slots=True)
class Settlement:
    """The result of settling a hand: chips per seat, the pots, and the hands shown.

    >>> s = settle("stud", hands=["As Ad 7c 2h 3h", "Ks Kd 7d 2d 3d"], contributions=[4, 6],
    ...            folded=[False, False])
    >>> s.payouts, s.net, [pot.amount for pot in s.pots], str(s.high_hands[0])
    ((8, 2), (4, -4), [8, 2], 'As Ad 7c 3h 2h')
    """

    game: Game
    payouts: tuple[int, ...]
    contributions: tuple[int, ...]
    pots: tuple[Pot, ...]
    rake: int
    high_hands: tuple[Hand | None, ...]
    low_hands: tuple[Hand | None, ...]

    @property
    def net(self) -> tuple[int, ...]:
        """What each seat won or lost on the hand (payout minus contribution)."""
        return tuple(p - c for p, c in zip(self.payouts, self.contributions, strict=True))

    @property
    def reasons(self) -> tuple[Reason, ...]:
        """Every pot's reasons, main pot first."""
        return tuple(reason for pot in self.pots for reason in pot.reasons)


HandInput = Sequence[Card] | str | None


def settle(
    game: Game,
    *,
    hands: Sequence[HandInput],
    contributions: Sequence[int],
    folded: Sequence[bool],
    profile: Profile = DEFAULT_PROFILE,
    rake: int = 0,
    community: Card | None = None,
) -> Settlement:
    """Split the chips in: main and side pots, each among its eligible seats (R-POT-1..8).

    ``hands[i]`` are seat i's cards (text or cards; ``None`` if folded or empty);
    ``contributions[i]`` all the chips seat i put in (antes included); ``folded[i]`` whether
    seat i is out. Folded chips stay in the pots but folded seats win nothing. ``rake`` comes
    out first, from the main pot first (then the next pot if the main pot is too small).
    ``community`` is the 7th-street community card (R-CARDS), part of every live hand.

    >>> s = settle("stud8", hands=["Ah 2h 4h 6h 8h Kc Qd", "Ac 2d 4s 6d 8c Ks Js", None],
    ...            contributions=[5, 5, 1], folded=[False, False, True])
    >>> s.payouts, [str(r.code) for r in s.pots[0].reasons][-2:]
    ((8, 3, 0), ['low_tie_split', 'odd_chip_lowest_card'])
    >>> settle("stud", hands=[None, None], contributions=[1, -1], folded=[True, False])
    Traceback (most recent call last):
    ...
    ValueError: contributions[1] must be an int of at least 0, not -1
    """
    game = Game(game)
    seats = len(contributions)
    chips, out, rake = _checked(hands, contributions, folded, rake)
    cards = _parse_hands(hands, community)
    live = tuple(not out[i] and chips[i] > 0 for i in range(seats))
    if sum(chips) and not any(live):
        raise ValueError("every seat that put chips in has folded: someone must win the pot")
    layers = _layers(chips, live)
    showdown = any(len(eligible) > 1 for _, _, eligible, _ in layers)
    highs, lows = _showdown_hands(game, cards, live if showdown else (False,) * seats, community)
    ctx = _Context(
        game=game,
        profile=profile,
        seats=seats,
        cards=cards,
        highs=highs,
        lows=lows,
        chips=chips,
        out=out,
        live=live,
    )
    pots = _pots(ctx, layers, rake)
    payouts = tuple(sum(pot.shares[seat] for pot in pots) for seat in range(seats))
    return Settlement(
        game=game,
        payouts=payouts,
        contributions=chips,
        pots=pots,
        rake=rake,
        high_hands=tuple(highs),
        low_hands=tuple(lows),
    )


def _pots(
    ctx: _Context, layers: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]], rake: int
) -> tuple[Pot, ...]:
    """Settle each pot, main pot first; the rake comes out of the main pot first (R-POT-8)."""
    pots: list[Pot] = []
    for index, (level, amount, eligible, contributors) in enumerate(layers):
        taken = min(rake, amount)
        rake -= taken
        layer = _Layer(
            index=index,
            level=level,
            amount=amount - taken,
            rake=taken,
            eligible=eligible,
            contributors=contributors,
        )
        pots.append(_settle_pot(ctx, layer))
    return tuple(pots)


def _checked(
    hands: Sequence[HandInput], contributions: Sequence[int], folded: Sequence[bool], rake: int
) -> tuple[tuple[int, ...], tuple[bool, ...], int]:
    """``settle``'s chips, folds and rake, checked: one entry per seat, at least two seats."""
    seats = len(contributions)
    if seats < 2:
        raise ValueError(f"settle needs at least 2 seats, not {seats}")
    if len(hands) != seats or len(folded) != seats:
        raise ValueError(
            f"hands ({len(hands)}), contributions ({seats}) and folded ({len(folded)}) "
            "must have one entry per seat"
        )
    chips = tuple(_chips(f"contributions[{i}]", c) for i, c in enumerate(contributions))
    out = tuple(_flag(f"folded[{i}]", f) for i, f in enumerate(folded))
    rake = _chips("rake", rake)
    if rake > sum(chips):
        raise ValueError(f"rake {rake} is more than the {sum(chips)} chips in the pot")
    return chips, out, rake


def _chips(name: str, value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} must be an int of at least 0, not {value!r}")
    return value


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return value


def _parse_hands(hands: Sequence[HandInput], community: Card | None) -> list[tuple[Card, ...]]:
    parsed: list[tuple[Card, ...]] = []
    seen = 0  # one bit per card held so far (the evaluators' card bits)
    if community is not None:
        if not isinstance(community, Card):
            raise ValueError(f"community card must be a Card, not {community!r}")
        seen = CODE[community.rank][community.suit] >> CARD_SHIFT
    for seat, hand in enumerate(hands):
        if hand is None:
            parsed.append(())
            continue
        cards = tuple(parse_cards(hand)) if isinstance(hand, str) else tuple(hand)
        for card in cards:
            if not isinstance(card, Card):
                raise ValueError(f"hands[{seat}] holds {card!r}, which is not a card")
            bit = CODE[card.rank][card.suit] >> CARD_SHIFT
            if seen & bit:
                where = _holder(card, seat, parsed, cards, community)
                raise ValueError(f"card {str(card)!r} of seat {seat} is also held by {where}")
            seen |= bit
        parsed.append(cards)
    return parsed


def _holder(
    card: Card,
    seat: int,
    parsed: list[tuple[Card, ...]],
    cards: tuple[Card, ...],
    community: Card | None,
) -> str:
    """Who already holds ``card`` (seen twice while reading seat ``seat``'s ``cards``)."""
    if card == community:
        return "the community card"
    for other, hand in enumerate(parsed):
        if card in hand:
            return f"seat {other}"
    return f"seat {seat}"  # the same seat holds it twice


def _layers(
    chips: tuple[int, ...], live: tuple[bool, ...]
) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """(level, amount, eligible seats, contributing seats) for the main pot then each side pot."""
    levels = sorted({chips[seat] for seat in range(len(chips)) if live[seat]})
    layers = []
    previous = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, previous) for c in chips)
        eligible = tuple(seat for seat, c in enumerate(chips) if live[seat] and c >= level)
        contributors = tuple(seat for seat, c in enumerate(chips) if c > previous)
        layers.append((level, amount, eligible, contributors))
        previous = level
    if layers:
        dead = sum(max(c - previous, 0) for c in chips)
        if dead:
            level, amount, eligible, contributors = layers[-1]
            layers[-1] = (level, amount + dead, eligible, contributors)
    return layers


def _showdown_hands(
    game: Game, cards: list[tuple[Card, ...]], live: tuple[bool, ...], community: Card | None
) -> tuple[list[Hand | None], list[Hand | None]]:
    """Each live seat's best high and best low hand (``None`` where it has none)."""
    highs: list[Hand | None] = [None] * len(cards)
    lows: list[Hand | None] = [None] * len(cards)
    for seat, hand in enumerate(cards):
        if live[seat]:
            highs[seat], lows[seat] = _evaluate(game, seat, hand, community)
    return highs, lows


def _evaluate(
    game: Game, seat: int, cards: tuple[Card, ...], community: Card | None
) -> tuple[Hand | None, Hand | None]:
    full = cards + ((community,) if community is not None else ())
    try:
        high = best_high(full) if game.has_high_half else None
        low = best_low(full, qualifier=game.low_qualifier) if game.has_low_half else None
    except ValueError as error:
        raise ValueError(f"seat {seat} cannot show down: {error}") from None
    return high, low


@dataclass(frozen=True, slots=True)
class _Context:
    """The hand being settled: what every pot of it is settled from."""

    game: Game
    profile: Profile
    seats: int
    cards: list[tuple[Card, ...]]
    highs: list[Hand | None]
    lows: list[Hand | None]
    chips: tuple[int, ...]  # what each seat put in
    out: tuple[bool, ...]  # folded
    live: tuple[bool, ...]  # still in, with chips in


@dataclass(frozen=True, slots=True)
class _Layer:
    """One pot before it is settled: the main pot (index 0) or a side pot."""

    index: int
    level: int  # the contribution that fills it
    amount: int  # after the rake
    rake: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...]


@dataclass(slots=True)
class _Award:
    """What a pot's settling builds up: each seat's share, the odd chips, the reasons."""

    shares: list[int]
    odd: list[int]
    reasons: list[Reason]
    high_amount: int = 0
    low_amount: int = 0


def _settle_pot(ctx: _Context, layer: _Layer) -> Pot:
    """Settle one pot among its eligible seats: who is in it and why (R-POT-7), the best hands,
    and how its chips are divided (R-POT-1..6)."""
    award = _Award([0] * ctx.seats, [], _layer_reasons(ctx, layer))
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    if len(layer.eligible) == 1:
        high_winners, low_winners = _uncontested(ctx, layer, award)
    else:
        high_winners, low_winners = _best_hands(ctx, layer.eligible, award.reasons)
        _divide(ctx, layer, high_winners, low_winners, award)
    return Pot(
        index=layer.index,
        amount=layer.amount,
        rake=layer.rake,
        eligible=layer.eligible,
        contributors=layer.contributors,
        high_winners=high_winners,
        low_winners=low_winners,
        high_amount=award.high_amount,
        low_amount=award.low_amount,
        shares=tuple(award.shares),
        odd_chips=tuple(award.odd),
        reasons=tuple(award.reasons),
    )


def _layer_reasons(ctx: _Context, layer: _Layer) -> list[Reason]:
    """Why the pot holds what it holds and who plays for it (R-POT-7, R-POT-8)."""
    index, level, eligible = layer.index, layer.level, layer.eligible
    chips, live = ctx.chips, ctx.live
    reasons: list[Reason] = []
    if layer.rake:
        reasons.append(_reason("R-POT-8", PotReason.RAKE_TAKEN, amounts=(layer.rake,)))
    # Chips that nobody matched are handed back, not a side pot anyone plays for: such a
    # "pot" carries only its uncalled_returned reason (``_uncontested``).
    uncalled = index > 0 and len(eligible) == 1 and layer.contributors == eligible
    if not uncalled:
        reasons.append(
            _reason(
                "R-POT-7",
                PotReason.MAIN_POT if index == 0 else PotReason.SIDE_POT,
                seats=eligible,
                amounts=(layer.amount,),
                params={"level": level, "index": index},
            )
        )
    folded_in = tuple(seat for seat in layer.contributors if ctx.out[seat])
    if folded_in:
        reasons.append(_reason("R-POT-7", PotReason.FOLDED_NOT_ELIGIBLE, seats=folded_in))
    short = tuple(seat for seat in range(ctx.seats) if live[seat] and chips[seat] < level)
    top = not any(live[seat] and chips[seat] > level for seat in range(ctx.seats))
    above = tuple(seat for seat in range(ctx.seats) if chips[seat] > level)
    if top and above:
        dead = sum(chips[seat] - level for seat in above)
        reasons.append(_reason("R-POT-7", PotReason.DEAD_MONEY, seats=above, amounts=(dead,)))
    if short:
        reasons.append(_reason("R-POT-7", PotReason.ALL_IN_NOT_ELIGIBLE, seats=short))
    return reasons


def _uncontested(
    ctx: _Context, layer: _Layer, award: _Award
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One eligible seat takes the pot without a showdown, or gets its unmatched chips back
    (R-POT-7); its (high, low) winners."""
    (seat,) = layer.eligible
    code = (
        PotReason.UNCALLED_RETURNED
        if layer.contributors == layer.eligible
        else PotReason.UNCONTESTED
    )
    award.reasons.append(_reason("R-POT-7", code, seats=(seat,), amounts=(layer.amount,)))
    award.shares[seat] = layer.amount
    highs = (seat,) if ctx.game.has_high_half else ()
    award.high_amount = layer.amount if highs else 0
    award.low_amount = layer.amount - award.high_amount
    return highs, () if highs else (seat,)


def _best_hands(
    ctx: _Context, eligible: tuple[int, ...], reasons: list[Reason]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The best high hands and the best qualifying low hands among ``eligible`` (R-RANK-1,
    R-LOW-2, R-LOW-5), each with its reason."""
    high_winners: tuple[int, ...] = ()
    low_winners: tuple[int, ...] = ()
    if ctx.game.has_high_half:
        high_winners = _best(eligible, ctx.highs)
        hand = ctx.highs[high_winners[0]]
        assert hand is not None
        reasons.append(
            _reason(
                "R-RANK-1",
                PotReason.BEST_HIGH,
                seats=high_winners,
                cards=hand.cards,
                params={"category": hand.category.value},
            )
        )
    if ctx.game.has_low_half:
        qualified = tuple(seat for seat in eligible if ctx.lows[seat] is not None)
        if qualified:
            low_winners = _best(qualified, ctx.lows)
            hand = ctx.lows[low_winners[0]]
            assert hand is not None
            reasons.append(
                _reason(
                    "R-LOW-5" if ctx.game is Game.RAZZ else "R-LOW-2",
                    PotReason.BEST_LOW,
                    seats=low_winners,
                    cards=hand.cards,
                    params={"category": hand.category.value},
                )
            )
    return high_winners, low_winners


def _divide(
    ctx: _Context,
    layer: _Layer,
    high_winners: tuple[int, ...],
    low_winners: tuple[int, ...],
    award: _Award,
) -> None:
    """Divide a contested pot: to the high or low winners, or in halves (R-POT-1..5)."""
    amount, reasons = layer.amount, award.reasons
    if ctx.game is Game.STUD:
        award.high_amount = amount
        _split(ctx, amount, high_winners, "high", award)
    elif ctx.game is Game.RAZZ:
        award.low_amount = amount
        _split(ctx, amount, low_winners, "low", award)
    elif not low_winners:
        # In a side pot "nobody" means nobody in that pot: an all-in player's low does not count.
        reasons.append(
            _reason(
                "R-POT-3",
                PotReason.NO_QUALIFYING_LOW,
                seats=high_winners,
                params={"side_pot": layer.index > 0},
            )
        )
        award.high_amount = amount
        _split(ctx, amount, high_winners, "high", award)
    elif set(high_winners) == set(low_winners):
        award.high_amount, award.low_amount = amount - amount // 2, amount // 2
        if len(high_winners) == 1:
            reasons.append(
                _reason("R-POT-2", PotReason.SCOOP, seats=high_winners, amounts=(amount,))
            )
            award.shares[high_winners[0]] = amount
        else:
            reasons.append(
                _reason("R-POT-4", PotReason.IDENTICAL_HANDS_SPLIT_WHOLE, seats=high_winners)
            )
            _split(ctx, amount, high_winners, "high", award)
    else:
        _halves(ctx, amount, high_winners, low_winners, award)


def _halves(
    ctx: _Context,
    amount: int,
    high_winners: tuple[int, ...],
    low_winners: tuple[int, ...],
    award: _Award,
) -> None:
    """A stud/8 pot in a high half and a low half, the odd chip to the high (R-POT-1, R-POT-5)."""
    high_amount, low_amount = amount - amount // 2, amount // 2
    award.high_amount, award.low_amount = high_amount, low_amount
    reasons = award.reasons
    reasons.append(_reason("R-POT-1", PotReason.HALVES, amounts=(high_amount, low_amount)))
    if amount % 2:
        reasons.append(_reason("R-POT-5", PotReason.ODD_CHIP_TO_HIGH, amounts=(1,)))
    _split(ctx, high_amount, high_winners, "high", award, halves=True)
    _split(ctx, low_amount, low_winners, "low", award, halves=True)
    if amount % 2 and len(high_winners) == 1 and high_winners[0] not in award.odd:
        # R-POT-5: the odd chip between the halves is the high winner's, and the pot's
        # record says so (listed after the splits, which it must not influence).
        award.odd.append(high_winners[0])


def _best(seats: tuple[int, ...], hands: list[Hand | None]) -> tuple[int, ...]:
    keys = {}
    for seat in seats:
        hand = hands[seat]
        assert hand is not None
        keys[seat] = hand.key
    top = max(keys.values())
    return tuple(seat for seat in seats if keys[seat] == top)


def _split(
    ctx: _Context,
    amount: int,
    winners: tuple[int, ...],
    side: str,
    award: _Award,
    *,
    halves: bool = False,
) -> None:
    """Split ``amount`` equally among ``winners``; odd chips by the profile's rule (R-POT-6).

    ``side`` says which hands are compared (high or low); ``halves`` whether ``amount`` is half
    of a split stud/8 pot rather than a whole pot (stud, razz, a stud/8 scoop).
    """
    shares, odd, reasons = award.shares, award.odd, award.reasons
    base, extra = divmod(amount, len(winners))
    if len(winners) > 1:
        code = PotReason.HIGH_TIE_SPLIT if side == "high" else PotReason.LOW_TIE_SPLIT
        reasons.append(_reason("R-POT-4", code, seats=winners, amounts=(amount, base)))
    for seat in winners:
        shares[seat] += base
    if not extra:
        return
    code, rank_key, deciding = _odd_chip_rule(ctx, side)
    # RR Ties #4: no player gets more than one odd chip from a pot, so earlier recipients go last.
    order = sorted(winners, key=lambda seat: (seat in odd, rank_key(seat)))
    recipients = tuple(order[:extra])
    for seat in recipients:
        shares[seat] += 1
        odd.append(seat)
    cards = tuple(card for seat in recipients if (card := deciding(seat)) is not None)
    reasons.append(
        _reason(
            "R-POT-6",
            code,
            seats=recipients,
            cards=cards,
            amounts=(extra,),
            params={"rule": ctx.profile.odd_chip.value, "half": side, "halves": halves},
        )
    )


_Key = Callable[[int], tuple[object, ...]]
_Deciding = Callable[[int], Card | None]


def _odd_chip_rule(ctx: _Context, side: str) -> tuple[PotReason, _Key, _Deciding]:
    """The reason code, a sort key (smallest first gets the chip) and the deciding card."""
    rule = ctx.profile.odd_chip
    if rule is OddChipRule.POSITION:
        return PotReason.ODD_CHIP_POSITION, lambda seat: (seat,), lambda seat: None
    if rule is OddChipRule.RR_ALL_CARDS:
        # RR Ties #5: all the player's own cards; the lowest card by suit for a low half.
        if side == "low":

            def low_key(seat: int) -> tuple[object, ...]:
                return (*sorted(c.low_by_suit for c in ctx.cards[seat]), seat)

            return (
                PotReason.ODD_CHIP_LOWEST_CARD,
                low_key,
                lambda seat: min(ctx.cards[seat], key=lambda c: c.low_by_suit),
            )

        def high_key(seat: int) -> tuple[object, ...]:
            return (*sorted(_neg(c.high_by_suit) for c in ctx.cards[seat]), seat)

        return (
            PotReason.ODD_CHIP_HIGHEST_CARD,
            high_key,
            lambda seat: max(ctx.cards[seat], key=lambda c: c.high_by_suit),
        )
    # TDA 20-B / WSOP-T 73: the high card by suit within the five-card hand. In a low hand the
    # ace counts low (value 1), as the low is ranked and named ("an eight-six low"), so the
    # deciding card is the low's top card (R-POT-6 open point, our choice).
    hands = ctx.highs if side == "high" else ctx.lows

    def five(seat: int) -> tuple[Card, ...]:
        hand = hands[seat]
        assert hand is not None
        return hand.cards

    def order(card: Card) -> tuple[int, int]:
        return card.high_by_suit if side == "high" else card.low_by_suit

    def five_key(seat: int) -> tuple[object, ...]:
        return (*sorted(_neg(order(c)) for c in five(seat)), seat)

    return PotReason.ODD_CHIP_HIGH_CARD_FIVE, five_key, lambda seat: max(five(seat), key=order)


def _neg(key: tuple[int, int]) -> tuple[int, int]:
    return (-key[0], -key[1])
