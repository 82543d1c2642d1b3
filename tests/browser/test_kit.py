"""Split a pot in Chromium: a Stud Hi/Lo pot entered by taps on a phone in Swedish, and by
keyboard alone on a laptop in English (the deck walked with the arrow keys), each split checked
against the engine's ``settle``; the page without JavaScript; axe on the open deck. Screenshots
go to ``$KIT_SHOTS`` when it is set."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from rules.engine import Game, Rank, Suit, get_profile, parse_cards, settle
from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}
#: Rules-facts Q39: a flush with an eight-low against the same low; seat 3 folded after 1 chip.
HANDS = ("Ah 2h 4h 6h 8h Kc Qd", "Ac 2d 4s 6d 8c Ks Js")
CHIPS = ("5", "5", "1")
#: The deck as the picker lays it out on a wide screen: a row per suit, aces first.
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
RANKS = sorted(Rank, reverse=True)


def _shot(page: Page, name: str) -> None:
    folder = os.environ.get("KIT_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{name}.png", full_page=True)


def _payouts(profile: str) -> tuple[int, ...]:
    return settle(
        Game.STUD8,
        hands=[*HANDS, None],
        contributions=[int(chips) for chips in CHIPS],
        folded=[False, False, True],
        profile=get_profile(profile),
    ).payouts


def _check_split(page: Page, profile: str, words: dict[str, str]) -> None:
    expect(page.locator("#kit-result-title")).to_have_text(words["result"])
    expect(page.locator("#kit-result")).to_be_focused()
    rows = page.locator(".kit-totals tbody tr")
    for seat, payout in enumerate(_payouts(profile)):
        expect(rows.nth(seat).locator("td").nth(1)).to_have_text(words["amount"] % payout)
    # The whole situation is in the address.
    assert "cards1=" in page.url and "folded3=1" in page.url


def test_a_pot_split_by_taps_on_a_phone_in_swedish(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(viewport=PHONE, is_mobile=True, has_touch=True, locale="sv-SE")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(error.message))
    page.goto(f"{live_server.url}/sv/dela-en-pott/")
    expect(page.locator("h1")).to_have_text("Dela en pott")
    page.locator("#kit-game").select_option("stud8")
    for seat, hand in enumerate(HANDS, start=1):
        page.get_by_role("button", name=f"Välj kort: Plats {seat}").tap()
        deck = page.locator("#kit-deck")
        expect(deck).to_be_visible()
        if seat == 2:  # seat 1's cards are not offered again
            expect(deck.locator('[data-card="Ah"]')).to_have_attribute("aria-disabled", "true")
            _shot(page, "phone-sv-deck")
        for card in hand.split():
            deck.locator(f'[data-card="{card}"]').tap()
        # The seventh card closes the deck and moves on to the chips.
        expect(deck).to_be_hidden()
        chips = page.locator(f"#kit-chips-{seat}")
        expect(chips).to_be_focused()
        chips.fill(CHIPS[seat - 1])
        expect(page.locator(f"#kit-cards-{seat}")).to_have_value(hand)
        expect(page.locator(f"fieldset[data-seat='{seat}'] .kit-seat__card")).to_have_count(7)
    page.locator("#kit-chips-3").fill(CHIPS[2])
    page.locator("label[for='kit-folded-3']").tap()
    page.get_by_role("button", name="Dela potten").tap()
    _check_split(page, "robert", {"result": "Vem får vad", "amount": "%s dollar"})
    expect(page.locator(".kit-result")).to_contain_text("lägsta kortet")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    _shot(page, "phone-sv-result")
    assert errors == []


def _press_to(page: Page, card: str) -> None:
    """Walk the deck from the focused card to ``card`` with the arrow keys, then pick it."""
    here = parse_cards(page.evaluate("document.activeElement.dataset.card"))[0]
    there = parse_cards(card)[0]
    rows = SUITS.index(there.suit) - SUITS.index(here.suit)
    columns = RANKS.index(there.rank) - RANKS.index(here.rank)
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(columns)):
        page.keyboard.press("ArrowRight" if columns > 0 else "ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.card") == card
    page.keyboard.press("Enter" if there.rank % 2 else " ")  # both keys pick


def test_a_pot_split_by_keyboard_on_a_laptop_in_english(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(viewport=LAPTOP)
    page.goto(f"{live_server.url}/en/split-a-pot/")
    page.locator("#kit-game").focus()
    page.keyboard.press("Tab")  # to the rules
    page.keyboard.press("End")  # the last rulebook of the list: WSOP (tournament)
    for seat, hand in enumerate(HANDS, start=1):
        pick = page.get_by_role("button", name=f"Pick cards: Seat {seat}")
        page.locator(f"#kit-cards-{seat}").focus()
        page.keyboard.press("Tab")
        expect(pick).to_be_focused()
        page.keyboard.press("Enter")
        expect(pick).to_have_attribute("aria-expanded", "true")
        for card in hand.split():
            _press_to(page, card)
        expect(page.locator(f"#kit-chips-{seat}")).to_be_focused()
        page.keyboard.type(CHIPS[seat - 1])
    # A card picked by mistake: Escape closes the deck, and the hand's card button removes it.
    page.get_by_role("button", name="Pick cards: Seat 3").focus()
    page.keyboard.press("Enter")
    _press_to(page, "3c")
    _shot(page, "laptop-en-deck")
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Pick cards: Seat 3")).to_be_focused()
    page.get_by_role("button", name="Remove: three of clubs").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#kit-cards-3")).to_have_value("")
    page.locator("#kit-chips-3").focus()
    page.keyboard.type(CHIPS[2])
    page.keyboard.press("Tab")
    page.keyboard.press("Space")  # folded
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")  # "Split the pot"
    _check_split(page, "wsop", {"result": "Who gets what", "amount": "$%s"})
    assert "profile=wsop" in page.url
    _shot(page, "laptop-en-result")


def test_the_deck_passes_axe_on_a_phone_in_finnish(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(viewport=PHONE, is_mobile=True, has_touch=True, locale="fi-FI")
    page.goto(f"{live_server.url}/fi/jaa-potti/?cards1=As+Kd")
    page.get_by_role("button", name="Valitse kortit: Paikka 2").tap()
    expect(page.locator("#kit-deck")).to_be_visible()
    assert_no_axe_violations(page)
    _shot(page, "phone-fi-deck")


def test_without_javascript_the_fields_take_typed_cards(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(viewport=LAPTOP, java_script_enabled=False)
    page.goto(f"{live_server.url}/en/split-a-pot/")
    expect(page.get_by_role("button", name="Pick cards: Seat 1")).to_have_count(0)
    page.locator("#kit-game").select_option("stud8")
    for seat, hand in enumerate(HANDS, start=1):
        page.locator(f"#kit-cards-{seat}").fill(hand.lower().replace(" ", ","))
        page.locator(f"#kit-chips-{seat}").fill(CHIPS[seat - 1])
    page.locator("#kit-chips-3").fill(CHIPS[2])
    page.locator("#kit-folded-3").check()
    page.get_by_role("button", name="Split the pot").click()
    rows = page.locator(".kit-totals tbody tr")
    expect(rows.nth(0).locator("td").nth(1)).to_have_text(f"${_payouts('robert')[0]}")
    page.locator("#kit-cards-2").fill("ac 2d 4s 6d 8c ks ah")
    page.get_by_role("button", name="Split the pot").click()
    expect(page.locator("#kit-cards-2-error")).to_have_text(
        "Seat 1 already holds the ace of hearts."
    )
    _shot(page, "laptop-en-error-nojs")
