"""Properties of settlement and of whole hands, over many generated situations (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.engine.betting import ActionKind
from rules.engine.cards import DECK
from rules.engine.games import Game
from rules.engine.play import HandState, new_hand, random_action
from rules.engine.pots import settle
from rules.engine.profiles import PROFILES, Profile

GAMES = st.sampled_from(list(Game))
PROFILE = st.sampled_from(list(PROFILES.values()))
FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def situations(draw: st.DrawFn) -> tuple[Game, Profile, list, list[int], list[bool], int]:
    game = draw(GAMES)
    profile = draw(PROFILE)
    players = draw(st.integers(2, 7))
    deck = draw(st.permutations(DECK))
    contributions = draw(
        st.lists(
            st.sampled_from([0, 1, 2, 5, 7, 10, 25, 26, 60, 150]),
            min_size=players,
            max_size=players,
        )
    )
    folded = draw(st.lists(st.booleans(), min_size=players, max_size=players))
    assume(any(c and not f for c, f in zip(contributions, folded, strict=True)))
    hands = [None if folded[i] else list(deck[7 * i : 7 * i + 7]) for i in range(players)]
    rake = draw(st.integers(0, sum(contributions)))
    return game, profile, hands, contributions, folded, rake


@FAST
@given(situations())
def test_r_pot_settlement_conserves_chips_and_pays_only_eligible(situation: tuple) -> None:
    game, profile, hands, contributions, folded, rake = situation
    s = settle(
        game, hands=hands, contributions=contributions, folded=folded, profile=profile, rake=rake
    )
    # Chips are conserved and never negative.
    assert sum(s.payouts) + s.rake == sum(contributions)
    assert sum(pot.rake for pot in s.pots) == rake
    assert all(p >= 0 for p in s.payouts)
    # A folded player never wins.
    assert all(s.payouts[i] == 0 for i in range(len(folded)) if folded[i])
    for pot in s.pots:
        assert sum(pot.shares) == pot.amount
        # Only the pot's eligible players win from it, and eligibility is by contribution.
        assert set(pot.winners) <= set(pot.eligible)
        level = min(contributions[i] for i in pot.eligible)
        assert all(not folded[i] and contributions[i] >= level for i in pot.eligible)
        assert set(pot.high_winners) | set(pot.low_winners) <= set(pot.eligible)
        # R-POT-6 / RR Ties #4: odd chips go to different players (at most one each), and
        # nobody gets more than one chip beyond an equal share of each half.
        assert len(pot.odd_chips) == len(set(pot.odd_chips)) or len(pot.eligible) == 1
    # Nobody wins more than the pots he is eligible for.
    for seat, payout in enumerate(s.payouts):
        assert payout <= sum(pot.amount for pot in s.pots if seat in pot.eligible)


@FAST
@given(situations())
def test_r_pot_7_side_pots_are_nested(situation: tuple) -> None:
    game, profile, hands, contributions, folded, _ = situation
    s = settle(game, hands=hands, contributions=contributions, folded=folded, profile=profile)
    for earlier, later in zip(s.pots, s.pots[1:], strict=False):
        assert set(later.eligible) < set(earlier.eligible)


def _walk(state: HandState, rng: random.Random) -> HandState:
    """Play on with the random policy, checking invariants after every step."""
    start = sum(x for x in state.starting_stacks if x is not None)
    while not state.is_over:
        seat = state.to_act
        assert seat is not None and state.live[seat] and state.stacks[seat] > 0  # R-ACT-5
        rnd = state.round
        assert rnd is not None
        assert sum(state.stacks) + state.pot == start
        assert rnd.raises <= rnd.max_bets or not rnd.cap_applies()
        legal = state.legal_actions()
        missing = [k for k in ActionKind if k not in legal.kinds]
        if missing and rng.random() < 0.1:
            before = state
            try:
                state.apply(rng.choice(missing))
            except ValueError:
                pass
            else:
                raise AssertionError("an illegal action was accepted")
            assert state == before
        state = state.apply(random_action(state, rng))
    return state


@settings(max_examples=150, deadline=None)
@given(
    game=GAMES,
    profile=PROFILE,
    seed=st.integers(0, 10**9),
    stacks=st.lists(st.one_of(st.none(), st.integers(1, 120)), min_size=2, max_size=8),
)
def test_hand_never_deals_a_card_twice_and_conserves_chips(
    game: Game, profile: Profile, seed: int, stacks: list[int | None]
) -> None:
    assume(2 <= sum(s is not None for s in stacks) <= 8)
    state = _walk(new_hand(game, stacks=stacks, seed=seed, profile=profile), random.Random(seed))
    dealt = [card for seat in range(state.seats) for card in state.cards(seat)]
    if state.community is not None:
        dealt.append(state.community)
    assert len(dealt) == len(set(dealt))
    assert state.settlement is not None
    final = state.final_stacks
    assert sum(x for x in final if x is not None) == sum(x for x in stacks if x is not None)
    assert all(state.settlement.payouts[i] == 0 for i in range(state.seats) if not state.live[i])
    assert all(x is None for x, s in zip(final, stacks, strict=True) if s is None)
