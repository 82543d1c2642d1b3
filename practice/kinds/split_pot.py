"""Split the pot: seven cards per player and what each put in; how many chips does each receive?

Halves, scoops and no qualifying low (R-POT-1..3), ties and quartering (R-POT-4), odd chips
(R-POT-5/6, profile-dependent) and side pots (R-POT-7, Q41); the engine's ``settle`` decides.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core import words
from practice.kinds._rulebook import name_rulebook
from practice.quiz import AnswerError, Level, Question, QuestionId, QuizKind, single
from rules.engine import (
    DECK,
    Card,
    Game,
    Pot,
    Settlement,
    get_profile,
    high_key,
    low_key,
    settle,
    shuffle,
)

_SCENARIOS: Final[dict[Level, dict[Game, tuple[str, ...]]]] = {
    Level.EASY: {
        Game.STUD: ("single",),
        Game.STUD8: ("halves",),
        Game.RAZZ: ("single",),
    },
    Level.NORMAL: {
        Game.STUD: ("single", "tie_high", "tie_high"),
        Game.STUD8: ("scoop", "no_low", "quarter", "halves", "tie_low", "tie_high"),
        Game.RAZZ: ("single", "tie_low", "tie_low"),
    },
    Level.HARD: {
        Game.STUD: ("side_pot", "side_pots", "tie_high"),
        Game.STUD8: ("side_pot", "side_pots", "quarter"),
        Game.RAZZ: ("side_pot", "side_pots", "tie_low"),
    },
}
_PLAYERS: Final = {Level.EASY: (2, 3), Level.NORMAL: (2, 4), Level.HARD: (3, 4)}
_FOLDED: Final = {Level.EASY: (0, 1), Level.NORMAL: (0, 2), Level.HARD: (0, 1)}

# A rank's ace-to-five value (the ace is 1), indexed by the rank: ``Rank.low_value`` as a list.
_LOW_VALUE: Final = [0, 0, *range(2, 14), 1]

# The generator below must keep making the very same random draws (question ids are links):
# the deck is a list searched by position, and ``shuffle`` is ``rng.shuffle``'s exact twin.


def _take(deck: list[Card], rng: random.Random, *, high: int = 0, low: int = 0) -> Card:
    """A card of the given rank: ``high`` counts the ace as 14, ``low`` as 1."""
    if high:
        pool = [i for i, card in enumerate(deck) if card.rank == high]
    else:
        pool = [i for i, card in enumerate(deck) if _LOW_VALUE[card.rank] == low]
    return deck.pop(rng.choice(pool))


def _remove(deck: list[Card], card: Card) -> None:
    """``deck.remove(card)`` for a card taken from the deck (by identity: no ``__eq__`` calls)."""
    for i, other in enumerate(deck):
        if other is card:
            del deck[i]
            return
    deck.remove(card)


def _straight_twins(rng: random.Random, deck: list[Card]) -> list[list[Card]]:
    """Two hands holding the same straight in different suits (a high tie, Q35, Q40)."""
    top = rng.randint(6, 14)
    hands: list[list[Card]] = [[], []]
    for rank in range(top - 4, top + 1):
        for hand in hands:
            hand.append(_take(deck, rng, high=rank))
    return hands


def _low_twins(rng: random.Random, deck: list[Card], limit: int) -> list[list[Card]]:
    """Two hands holding the same five low ranks (a low tie); ranks are ace-low values."""
    ranks = rng.sample(range(1, limit + 1), 5)
    hands: list[list[Card]] = [[], []]
    for rank in ranks:
        for hand in hands:
            hand.append(_take(deck, rng, low=rank))
    return hands


def _quarter_twins(rng: random.Random, deck: list[Card]) -> list[list[Card]]:
    """A flush that is also an eight-low, and a plain hand with the same low (Q37, Q39)."""
    ranks = rng.sample(range(1, 9), 5)
    suit = rng.choice([card.suit for card in deck[:4]])
    flush = [next(c for c in deck if c.suit is suit and _LOW_VALUE[c.rank] == r) for r in ranks]
    for card in flush:
        _remove(deck, card)
    twin = [_take(deck, rng, low=rank) for rank in ranks]
    return [flush, twin]


def _fill(
    rng: random.Random, deck: list[Card], hand: list[Card], *, above: int = 0
) -> tuple[Card, ...]:
    """Complete a hand to seven cards; with ``above`` only cards whose ace-low value is higher
    (so they cannot improve a low made of lower cards)."""
    # The deck is shuffled: the next cards that fit are random ones.
    need = 7 - len(hand)
    if need > 0 and not above:
        hand.extend(deck[:need])
        del deck[:need]
    elif need > 0:
        picked = []
        for i, card in enumerate(deck):
            if _LOW_VALUE[card.rank] > above:
                picked.append(i)
                if len(picked) == need:
                    break
        hand.extend(deck[i] for i in picked)
        for i in reversed(picked):
            del deck[i]
    if len(hand) < 7:  # pragma: no cover - a 52-card deck always has enough
        raise AssertionError(f"the deck ran out of cards above {above}")
    shuffle(rng, hand)
    return tuple(hand)


def _hands(rng: random.Random, game: Game, scenario: str, players: int) -> list[tuple[Card, ...]]:
    deck = list(DECK)
    shuffle(rng, deck)
    built: list[tuple[Card, ...]] = []
    if scenario == "tie_high":
        built = [_fill(rng, deck, hand) for hand in _straight_twins(rng, deck)]
    elif scenario == "tie_low":
        limit = 8 if game is Game.STUD8 else 10
        twins = _low_twins(rng, deck, limit)
        top = max(card.rank.low_value for card in twins[0])
        built = [_fill(rng, deck, hand, above=top) for hand in twins]
    elif scenario == "quarter":
        twins = _quarter_twins(rng, deck)
        built = [_fill(rng, deck, hand, above=8) for hand in twins]
    while len(built) < players:
        built.append(_fill(rng, deck, []))
    shuffle(rng, built)
    return built


def _accept(game: Game, scenario: str, settlement: Settlement) -> bool:
    pots = settlement.pots
    main = pots[0]
    if scenario.startswith("side_pot"):
        return len(pots) == _pot_count(scenario) and len({pot.winners for pot in pots}) > 1
    if len(pots) != 1:
        return False
    return _winners_fit(game, scenario, main.high_winners, main.low_winners)


def _pot_count(scenario: str) -> int:
    return {"side_pot": 2, "side_pots": 3}.get(scenario, 1)


def _may_accept(
    game: Game, scenario: str, hands: Sequence[tuple[Card, ...] | None], chips: Sequence[int]
) -> bool:
    """False only when ``_accept`` would surely turn this deal down.

    A cheap first look (hand keys, no ``Hand`` objects, no reasons) so that ``settle`` runs
    only for deals that may be kept: the pots as ``settle`` layers them, and each pot's best
    high and low among its eligible seats, by the same keys ``settle`` compares.
    """
    live = [seat for seat, hand in enumerate(hands) if hand is not None and chips[seat] > 0]
    levels = sorted({chips[seat] for seat in live})
    if len(levels) != _pot_count(scenario):
        return False
    highs: dict[int, int | None] = {}
    lows: dict[int, int | None] = {}
    for seat in live:
        hand = hands[seat]
        assert hand is not None
        if game.has_high_half:
            highs[seat] = high_key(hand)
        if game.has_low_half:
            lows[seat] = low_key(hand, qualifier=game.low_qualifier)
    if len(levels) == 1:
        return _winners_fit(game, scenario, _best(live, highs), _best(live, lows))
    # Side pots: a pot's winners are among its best high and best low hands. When one seat
    # holds both in every pot, it wins every pot and the deal shows no side pot at work.
    owners = set()
    for level in levels:
        eligible = [seat for seat in live if chips[seat] >= level]
        owners.add(frozenset(_best(eligible, highs) + _best(eligible, lows)))
    return not (len(owners) == 1 and len(next(iter(owners))) == 1)


def _best(seats: Sequence[int], keys: Mapping[int, int | None]) -> tuple[int, ...]:
    """The seats with the best key (``settle``'s winners of a half); none if none has one."""
    scored = [(seat, key) for seat in seats if (key := keys.get(seat)) is not None]
    if not scored:
        return ()
    top = max(key for _, key in scored)
    return tuple(seat for seat, key in scored if key == top)


def _winners_fit(game: Game, scenario: str, high: tuple[int, ...], low: tuple[int, ...]) -> bool:
    """Whether a single pot's high and low winners make the scenario's situation."""
    if scenario == "single":
        return len(high if game is Game.STUD else low) == 1
    if scenario == "halves":
        return len(high) == 1 and len(low) == 1 and high != low
    if scenario == "scoop":
        return len(high) == 1 and high == low
    if scenario == "no_low":
        return len(high) == 1 and not low
    if scenario == "quarter":
        return len(high) == 1 and len(low) == 2 and high[0] in low
    if scenario == "tie_high":
        return len(high) >= 2
    return len(low) >= 2  # tie_low


def _contributions(
    rng: random.Random, level: Level, scenario: str, live: int
) -> tuple[list[int], list[int]]:
    """Chips put in by the live players and by the players who folded."""
    low, high = _FOLDED[level]
    folded = [0] * rng.randint(low, high)
    stake = rng.randint(4, 40)
    if level is Level.EASY:
        stake += stake % 2  # easy pots split without odd chips
    chips = [stake] * live
    if scenario.startswith("side_pot"):
        shorts = 1 if scenario == "side_pot" else 2
        levels = sorted(rng.sample(range(2, stake), shorts))
        for i, amount in enumerate(levels):
            chips[i] = amount
        shuffle(rng, chips)
    for i in range(len(folded)):
        folded[i] = rng.randint(1, max(1, stake // 2))
    if level is Level.EASY and (sum(chips) + sum(folded)) % 2:
        if folded:
            folded[0] += 1 if folded[0] < stake - 1 else -1
        elif live % 2:
            chips = [c + 1 for c in chips]
        else:
            folded.append(1)  # a player who folded after the ante
    return chips, folded


class SplitPot(QuizKind):
    slug = "split-pot"
    title = _("Split the pot")
    summary = _("Read the hands and the chips put in, then share out every pot.")
    rule_step = "pots-and-ties/splitting/high-and-low-halves"
    uses_profile = True

    def generate(self, qid: QuestionId) -> Question:
        rng = qid.rng
        game = Game(qid.game)
        profile = get_profile(qid.profile)
        scenario = rng.choice(_SCENARIOS[qid.level][game])
        low, high = _PLAYERS[qid.level]
        for _attempt in range(400):
            players = rng.randint(low, high)
            hands = _hands(rng, game, scenario, players)
            chips, folded = _contributions(rng, qid.level, scenario, players)
            seats = [("live", i) for i in range(players)] + [
                ("folded", i) for i in range(len(folded))
            ]
            shuffle(rng, seats)
            table_hands: list[tuple[Card, ...] | None] = []
            contributions: list[int] = []
            for state, index in seats:
                table_hands.append(hands[index] if state == "live" else None)
                contributions.append(chips[index] if state == "live" else folded[index])
            if not _may_accept(game, scenario, table_hands, contributions):
                continue
            out = [hand is None for hand in table_hands]
            settlement = settle(
                game,
                hands=table_hands,
                contributions=contributions,
                folded=out,
                profile=profile,
            )
            if _accept(game, scenario, settlement):
                break
        else:  # pragma: no cover - every scenario is reached within a few tries
            raise AssertionError(f"no {scenario} deal for {qid}")
        live = tuple(seat for seat, hand in enumerate(table_hands) if hand is not None)
        return Question(
            qid=qid,
            data={
                "scenario": scenario,
                "total": sum(contributions),
                "live": live,
                "players": settlement_players(table_hands, contributions, settlement),
                "pots": tuple(pot_view(pot) for pot in settlement.pots),
                "hands": tuple(table_hands),
                "contributions": tuple(contributions),
            },
            answer=tuple((seat, settlement.payouts[seat]) for seat in live),
            reasons=settlement.reasons,
        )

    def read_answer(self, question: Question, data: Mapping[str, Sequence[str]]) -> Any:
        total = question.data["total"]
        shares = []
        for seat in question.data["live"]:
            text = single(data, f"share{seat}").strip()
            try:
                amount = int(text)
            except ValueError:
                raise AnswerError(
                    f"{text!r} is not a whole number of chips",
                    user_message=gettext("Enter a whole number of chips for seat %(number)s.")
                    % {"number": seat + 1},
                ) from None
            if not 0 <= amount <= total:
                raise AnswerError(
                    f"{amount} is not between 0 and the pot of {total}",
                    user_message=gettext(
                        "Seat %(number)s's share must be between $0 and the $%(total)s pot."
                    )
                    % {"number": seat + 1, "total": total},
                )
            shares.append((seat, amount))
        if sum(amount for _seat, amount in shares) != total:
            raise AnswerError(
                f"the shares do not add up to the pot of {total}",
                user_message=gettext("The shares must add up to the $%(total)s pot.")
                % {"total": total},
            )
        return tuple(shares)

    def prompt(self, question: Question) -> str:
        return name_rulebook(question, self._prompt(question))

    def _prompt(self, question: Question) -> str:
        if len(question.data["pots"]) > 1:
            return gettext("Someone is all-in. How many chips does each player receive?")
        return gettext("How many chips does each player receive from the pot?")

    def describe_answer(self, question: Question) -> str:
        return gettext("The pot of %(total)s is shared out: %(shares)s.") % {
            "total": words.amount(question.data["total"]),
            "shares": self.describe_given(question, question.answer),
        }

    def describe_given(self, question: Question, given: Any) -> str:
        return ", ".join(
            # In running text, after a colon: the lower-case seat names ("seat 1 gets $32").
            gettext("%(seat)s gets %(amount)s")
            % {"seat": words.seat_name(seat), "amount": words.amount(amount)}
            for seat, amount in given
        )

    def mistake(self, question: Question, given: Any) -> str:
        """The first seat the learner paid wrongly, and what that seat wins."""
        right = dict(question.answer)
        seat, amount = next((seat, amount) for seat, amount in given if right[seat] != amount)
        values = {
            "seat": words.seat_label(seat),
            "right": words.amount(right[seat]),
            "given": words.amount(amount),
        }
        parts = _winnings(question, seat + 1)
        if not parts:
            return (
                gettext("%(seat)s wins no part of the pot, so he receives nothing, not %(given)s.")
                % values
            )
        return gettext("%(seat)s receives %(right)s, not %(given)s: he wins %(parts)s.") % {
            **values,
            "parts": words.join_and(parts),
        }


def settlement_players(
    hands: Sequence[tuple[Card, ...] | None], contributions: Sequence[int], settlement: Settlement
) -> tuple[dict[str, Any], ...]:
    """Each seat's cards, chips put in, hands and payout, as the answer partial
    (``practice/kinds/split_pot.html#answer``) shows them; the split-a-pot tool shows them too."""
    rows = []
    for seat, hand in enumerate(hands):
        high = settlement.high_hands[seat]
        low = settlement.low_hands[seat]
        rows.append(
            {
                "seat": seat,
                "number": seat + 1,
                "cards": hand,
                "folded": hand is None,
                "contribution": contributions[seat],
                "high": high.cards if high is not None else None,
                "low": low.cards if low is not None else None,
                "payout": settlement.payouts[seat],
            }
        )
    return tuple(rows)


def pot_view(pot: Pot) -> dict[str, Any]:
    """One pot for the answer partial: seat numbers as the reader counts them (from 1)."""
    return {
        "index": pot.index,
        "number": pot.index,
        "is_main": pot.is_main,
        "amount": pot.amount,
        "eligible": tuple(seat + 1 for seat in pot.eligible),
        "high": tuple(seat + 1 for seat in pot.high_winners),
        "low": tuple(seat + 1 for seat in pot.low_winners),
        "high_amount": pot.high_amount,
        "low_amount": pot.low_amount,
        "shares": tuple((seat + 1, share) for seat, share in enumerate(pot.shares) if share),
        "odd": tuple(seat + 1 for seat in pot.odd_chips),
    }


def _pot_name(pot: Mapping[str, Any]) -> str:
    if pot["is_main"]:
        return gettext("the main pot")
    return gettext("side pot %(number)s") % {"number": pot["number"]}


def _winnings(question: Question, number: int) -> list[str]:
    """What seat ``number`` (1-based) wins of each pot, as phrases for a sentence."""
    parts = []
    for pot in question.data["pots"]:
        high, low = number in pot["high"], number in pot["low"]
        if not (high or low):
            continue
        values = {"pot": _pot_name(pot)}
        if (high and low) or not (pot["high"] and pot["low"]):
            # One hand takes the pot (a scoop, or a game or pot with one half only).
            tied = len(pot["high"]) > 1 or len(pot["low"]) > 1
            phrase = gettext("a share of %(pot)s") if tied else gettext("all of %(pot)s")
        elif high:
            phrase = gettext("the high half of %(pot)s")
        else:
            phrase = gettext("the low half of %(pot)s")
        part = phrase % values
        if number in pot["odd"]:
            part = gettext("%(part)s with the odd chip") % {"part": part}
        parts.append(part)
    return parts
