"""explain.py: one sentence for every reason code the engine defines, with a link to its rule."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils.translation import override

from rules.engine import PROFILES, Game, Reason, bring_in, first_to_act, parse_cards, settle
from rules.explain import SENTENCES, engine_reason_codes, explain_reason, explain_reasons
from rules.rendering import rule_target
from tests.urls import localized


def test_every_engine_reason_code_has_a_sentence() -> None:
    codes = engine_reason_codes()
    assert len(codes) > 60
    assert sorted(set(codes) - set(SENTENCES)) == []


def test_no_sentence_for_a_code_the_engine_does_not_define() -> None:
    from rules.explain import QUIZ_REASON_CODES

    assert sorted(set(SENTENCES) - set(engine_reason_codes()) - QUIZ_REASON_CODES) == []
    assert set(SENTENCES) >= QUIZ_REASON_CODES


@pytest.mark.parametrize("code", sorted(SENTENCES))
def test_every_sentence_fills_from_a_full_reason(code: str) -> None:
    reason = Reason(
        "R-POT-6",
        code,
        seats=(0, 2),
        cards=tuple(parse_cards("2c Ah")),
        amounts=(5, 10, 3),
        params={
            "street": "fourth",
            "game": "razz",
            "profile": "tda",
            "category": "one_pair",
            "other_category": "high_card",
            "max_raises": 3,
            "players": 7,
            "index": 1,
            "half": "low",
        },
    )
    for language in ("en", "sv", "da", "fi"):
        with override(language):
            text = explain_reason(reason).text
        assert text and "%(" not in text and not text.startswith("Rule ")


@pytest.mark.django_db
def test_the_bring_in_is_explained_with_a_link_to_its_step() -> None:
    decision = bring_in("stud", ["2h", "2c", "9d"])
    with override("en"):
        explanations = explain_reasons(decision.reasons, game="stud")
    assert (
        explanations[0].text == "Seat 2 has the lowest door card, the two of clubs, and brings in."
    )
    assert explanations[0].rule == "R-BRING-2"
    assert explanations[0].url == "/en/rules/stud/forced-bets/who-brings-in/"
    assert "suit decides" in explanations[1].text


@pytest.mark.django_db
def test_the_link_prefers_the_games_own_page() -> None:
    decision = first_to_act("razz", ["7h 7s", "Kh Qh", "Qs 8s"])
    with override("sv"):
        explanations = explain_reasons(decision.reasons, game="razz")
        url = explanations[0].url  # looked up in the language the page is drawn in
    assert url is not None
    assert url.startswith(localized("/sv/rules/razz/"))


@pytest.mark.django_db
def test_an_all_in_best_board_is_not_said_to_act_first() -> None:
    decision = first_to_act("stud", ["Kd 9c", "Qs Qh", "Ah 2d"], all_in={1})
    with override("en"):
        texts = [explanation.text for explanation in explain_reasons(decision.reasons)]
    assert texts[0] == (
        "Seat 2 has the best board showing, queen of spades and queen of hearts (one pair)."
    )
    assert texts[-1] == "Seat 3 is the next live player clockwise and acts first."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("code", "seats", "verb"),
    [
        ("best_low", (0,), "has"),
        ("best_low", (0, 2), "tie"),
        ("all_in_not_eligible", (1, 2), "are"),
    ],
)
def test_several_seats_take_a_plural_verb(code: str, seats: tuple[int, ...], verb: str) -> None:
    reason = Reason("R-POT-7", code, seats=seats, cards=tuple(parse_cards("7h 5h 4c 3d 2s")))
    with override("en"):
        assert f" {verb} " in explain_reason(reason).text


@pytest.mark.django_db
def test_a_capped_bet_is_not_said_to_allow_a_raise() -> None:
    capped = Reason(
        "R-BET-1", "facing_bet_no_check", seats=(2,), amounts=(40,), params={"may_raise": False}
    )
    open_ = Reason(
        "R-BET-1", "facing_bet_no_check", seats=(2,), amounts=(40,), params={"may_raise": True}
    )
    with override("en"):
        assert explain_reason(capped).text.endswith("he must call or fold.")
        assert explain_reason(open_).text.endswith("he must call, raise or fold.")


@pytest.mark.django_db
def test_no_low_in_a_side_pot_says_in_this_side_pot() -> None:
    side = Reason("R-POT-3", "no_qualifying_low", seats=(1,), params={"side_pot": True})
    whole = Reason("R-POT-3", "no_qualifying_low", seats=(1,), params={"side_pot": False})
    with override("en"):
        assert explain_reason(side).text.startswith("Nobody in this side pot has a qualifying low")
        assert explain_reason(whole).text.startswith("Nobody has a qualifying low")


@pytest.mark.django_db
def test_several_aces_take_a_plural_verb() -> None:
    one = Reason("R-BRING-2", "ace_counts_high", cards=tuple(parse_cards("Ad")))
    two = Reason("R-BRING-3", "ace_counts_low", cards=tuple(parse_cards("Ad Ac")))
    with override("en"):
        assert " so the ace of diamonds is not the low card here" in explain_reason(one).text
        assert explain_reason(two).text.endswith("are low cards, not high ones.")


def test_unknown_codes_fall_back_to_the_rule_id() -> None:
    with override("en"):
        assert explain_reason(Reason("R-ANTE-1", "something_new")).text == "Rule R-ANTE-1 applies."


def test_repeated_reasons_are_explained_once() -> None:
    reason = Reason("R-DEAL-3", "burned")
    assert len(explain_reasons([reason, reason])) == 1


def test_r_pot_7_the_first_side_pot_is_called_side_pot_1() -> None:
    from rules.engine import Reason
    from rules.explain import explain_reasons

    reason = Reason("R-POT-7", "side_pot", seats=(1, 2), amounts=(40,), params={"index": 1})
    (line,) = explain_reasons([reason], game="stud")
    assert "Side pot 1 " in line.text


def test_r_cards_card_counts_use_the_singular_for_one_card() -> None:
    from rules.engine import Reason
    from rules.explain import explain_reasons

    one = Reason("R-CARDS-2", "tda_community_card", amounts=(1, 9), params={"players": 8})
    many = Reason("R-CARDS-2", "tda_community_card", amounts=(4, 9), params={"players": 7})
    count = Reason("R-PLAYERS-2", "card_count", amounts=(48, 3, 1), params={"players": 8})
    texts = [line.text for line in explain_reasons([one, many, count], game="stud")]
    # ... and spells out small counts in running prose (the Finnish review's F3)
    assert "Only one card is left and nine are needed" in texts[0]
    assert "Only four cards are left and nine are needed" in texts[1]
    assert "48 cards have been dealt and three burned, so one card is left" in texts[2]


@pytest.mark.django_db
def test_a_stud8_low_rule_links_to_the_common_low_hands_page_not_to_razz() -> None:
    # R-LOW-2 is taught on the razz page and on the common low-hands page; a Stud Hi/Lo
    # explanation must not send the reader to the razz page.
    with override("da"):
        url, _title = rule_target("R-LOW-2", game="stud8") or ("", "")
        razz_url, _ = rule_target("R-LOW-2", game="razz") or ("", "")
    assert url.startswith(localized("/da/rules/low-hands/"))
    assert razz_url.startswith(localized("/da/rules/razz/"))


@pytest.mark.django_db
def test_tied_lows_name_the_shared_value_not_one_seat_s_cards() -> None:
    # Rules audit #10: "Seat 2 and seat 3 have the best low hand: eight of diamonds, ..."
    reason = Reason("R-LOW-2", "best_low", seats=(1, 2), cards=tuple(parse_cards("8d 6d 5c 3h Ah")))
    with override("en"):
        text = explain_reason(reason, game="stud8").text
    assert text == "Seat 2 and seat 3 tie for the best low hand, 8-6-5-3-A."


@pytest.mark.django_db
def test_razz_odd_chip_has_no_halves_and_stud8_keeps_them() -> None:
    # Rules audit #8: razz has no halves; the whole pot goes to the low hand.
    hands = ["Ah 2h 4h 6h 8h Kc Qd", "Ac 2d 4s 6d 8c Ks Js", None]
    kwargs: dict[str, Any] = {"contributions": [5, 5, 1], "folded": [False, False, True]}
    with override("en"):
        razz = settle(Game.RAZZ, hands=hands, profile=PROFILES["robert"], **kwargs)
        razz_texts = [e.text for e in explain_reasons(razz.reasons, game="razz")]
        stud8 = settle(Game.STUD8, hands=hands, profile=PROFILES["robert"], **kwargs)
        stud8_texts = [e.text for e in explain_reasons(stud8.reasons, game="stud8")]
    assert "The odd chip goes to seat 2, who holds the lowest card by suit" in " ".join(razz_texts)
    assert not any("half" in text for text in razz_texts)
    assert any(
        text.startswith("The odd chip of the low half goes to seat 2") for text in stud8_texts
    )


@pytest.mark.django_db
def test_a_stud8_low_links_to_the_low_hands_page_not_to_razz() -> None:
    # Rules audit #9: "Reading a razz hand (R-LOW-2)" under a stud/8 question.
    reason = Reason("R-LOW-2", "best_low", seats=(1,), cards=tuple(parse_cards("8d 6d 5c 3h Ah")))
    with override("en"):
        stud8 = explain_reason(reason, game="stud8").url
        razz = explain_reason(reason, game="razz").url
    assert stud8 == "/en/rules/low-hands/ace-to-five/comparing-lows/"
    assert razz is not None and razz.startswith("/en/rules/razz/")
