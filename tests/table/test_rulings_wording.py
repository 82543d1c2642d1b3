"""The table's wording the floor review did not sign (issue 29, reviews/table.md E1-E5): an
illegal action's reason names the rule that action breaks first, the coach's open-pair line
says all raises are big once a big bet is made, and the dealer says which out-of-cards remedy
he used and how the opener is found. Hands are the review's own links."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.engine import Game
from rules.explain import explain_reasons
from table.play import Setup, TableError, parse_move, replay
from table.presenters import history

LANGS = ("en", "sv", "da", "fi")


def _moves(text: str) -> tuple:
    return tuple(parse_move(move) for move in text.split(".")) if text else ()


def _refusal(setup: Setup, moves: str, lang: str) -> list[str]:
    with pytest.raises(TableError) as refused:
        replay(setup, _moves(moves))
    assert refused.value.field == "illegal"
    with translation.override(lang):
        return [e.text for e in explain_reasons(refused.value.reasons, game=setup.game)]


STUD_RR = Setup(Game.STUD, "robert", 732893449, 5, coach=False)


@pytest.mark.parametrize(
    ("lang", "fold", "check"),
    [
        ("en", "may not fold before posting it", "may not check"),
        ("sv", "får inte kasta korten", "checka går inte"),
        ("da", "må ikke smide kortene", "må ikke checke"),
        ("fi", "luovuttaa hän ei saa", "sököttää hän ei saa"),
    ],
)
def test_r6_r_bring_4_a_fold_by_the_bring_in_is_refused_as_a_fold(
    lang: str, fold: str, check: str
) -> None:
    reasons = _refusal(STUD_RR, "fold", lang)
    assert fold in reasons[0] and check not in reasons[0]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(
    ("moves", "code"),
    [
        ("bring_in2.check.bet5", "big_bet_street"),  # fifth street: the big bet (RR stud intro)
        ("bring_in2.bet10", "small_bet_street"),  # fourth street, no open pair
        ("bring_in2.bring_in2", "small_bet_street"),  # no bring-in after third street
    ],
)
def test_r_bet_1_a_wrong_size_bet_is_refused_by_the_size_rule_first(
    lang: str, moves: str, code: str
) -> None:
    with pytest.raises(TableError) as refused:
        replay(STUD_RR, _moves(moves))
    codes = [reason.code for reason in refused.value.reasons]
    assert codes[0] == code
    assert "fold_with_no_bet" not in codes  # the review's unrelated note about folding
    with translation.override(lang):
        first = explain_reasons(refused.value.reasons[:1], game="stud")[0].text
    assert "$" in first or "dollar" in first


@pytest.mark.parametrize(
    ("lang", "all_big"),
    [
        ("en", "every later raise on the street is $10"),
        ("sv", "är varje senare höjning på gatan 10"),
        ("da", "er hver senere raise på denne street $10"),
        ("fi", "jokainen myöhempi korotus tällä kadulla on 10 $"),
    ],
)
def test_r_bet_2_rr_4_the_coach_s_open_pair_line_says_all_raises_are_big_after_a_big_bet(
    lang: str, all_big: str
) -> None:
    # RR Seven-Card Stud #4: "If a $10 raise is made, then all other raises must be in
    # increments of $10." The review's hand: an open pair of eights on fourth street.
    table = replay(Setup(Game.STUD, "robert", 7000, 6, coach=True), _moves("call2"), 1)
    assert table.moment is not None
    codes = [reason.code for reason in table.moment.reasons]
    assert "open_pair_option" in codes and "small_bet_street" not in codes
    with translation.override(lang):
        texts = [e.text for e in explain_reasons(table.moment.reasons, game="stud")]
    assert any(all_big in text for text in texts)


@pytest.mark.parametrize(
    ("lang", "remedy", "opener"),
    [
        ("en", "mixes it with the burn cards", "the first to act is found as on sixth street"),
        ("sv", "bland", "som på sjätte gatan"),
        ("da", "brændte kort", "som på sjette street"),
        ("fi", "poltettu", "kuten kuudennella kadulla"),
    ],
)
def test_r_cards_the_dealer_names_the_remedy_used_and_how_the_opener_is_found(
    lang: str, remedy: str, opener: str
) -> None:
    # The review's hand 4 (razz, WSOP-T, 8 players to the river): Robert's Rules #15 apply.
    setup = Setup(Game.RAZZ, "wsop", 751603817, 7, coach=False)
    table = replay(setup, _moves("raise10.bet5.check.bet10.bet10.call20"))
    with translation.override(lang):
        seventh = [s for s in history(table.state.events) if s["street"].value == "seventh"]
    line = seventh[0]["lines"][0]
    assert remedy in line and opener in line
    assert "out-of-cards procedure" not in line


def test_r_cards_2_the_dealer_names_the_tda_remedy() -> None:
    # The review's hand 14 (razz, TDA, 8 players): RP-10-H A, the burns are added.
    setup = Setup(Game.RAZZ, "tda", 3001, 7, coach=False)
    moves = "raise10.raise20.bet5.raise15.bet10.raise20.raise40.raise20.raise40"
    table = replay(setup, _moves(moves))
    with translation.override("en"):
        seventh = [s for s in history(table.state.events) if s["street"].value == "seventh"]
    assert "the burn cards are added, scrambled and cut" in seventh[0]["lines"][0]
