"""The practice table in Chromium: two hands of each game in each language played to the
showdown by clicking (coach on and off), an illegal move tried in every hand (a 400 with the
rule in the page's language), and each settlement checked against the engine's ``settle`` for
the same cards. One browser, one page per language: 24 hands."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.utils import translation
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from rules.engine import Action, ActionKind, Game, settle
from table.play import Setup, Stop, parse_move, replay
from table.presenters import hand_url

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PROFILES = ("robert", "tda", "wsop_la", "wsop")
PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)
REFUSED = {
    "en": "You may not",
    "sv": "Du får inte",
    "da": "Du må ikke",
    "fi": "Et voi nyt",
}


def _passive(state: object) -> Action:
    legal = state.legal_actions()  # type: ignore[attr-defined]
    for kind in PASSIVE:
        offered = legal.get(kind)
        if offered is not None:
            return Action(kind, offered.min_amount)
    first = legal.actions[0]
    return Action(first.kind, first.min_amount)


def _showdown_setups(lang_index: int) -> list[Setup]:
    """Two hands per game that reach the showdown when the learner checks and calls, the
    first coached, the second not."""
    setups: list[Setup] = []
    for game_index, game in enumerate(Game):
        seed, found = 1000 * lang_index + 100 * game_index, 0
        while found < 2:
            seed += 1
            setup = Setup(game, PROFILES[(seed + found) % 4], seed, 2 + (seed % 4), coach=False)
            table = replay(setup)
            moves: list[Action] = []
            while table.stop is Stop.ACT:
                moves.append(_passive(table.state))
                table = replay(setup, tuple(moves))
            if table.state.showdown is None:
                continue
            setups.append(Setup(game, setup.profile, seed, setup.opponents, coach=found == 0))
            found += 1
    return setups


def _swap(page: Page, click: object) -> None:
    """Click something that htmx swaps the table for, and wait for the new table."""
    page.evaluate("document.getElementById('table').dataset.old = '1'")
    click()  # type: ignore[operator]
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t && !t.dataset.old; }"
    )


def _play_hand(page: Page, base: str, lang: str, setup: Setup) -> None:
    with translation.override(lang):
        start = hand_url(setup)
    page.goto(base + start)
    tried_illegal = False
    coached = 0
    for _ in range(60):
        if page.locator("#settlement").count():
            break
        if page.locator("#coach-continue").count():
            assert page.locator("#coach-feedback .feedback__reasons li").count() >= 1
            _swap(page, lambda: page.click("#coach-continue"))
            continue
        if page.locator("form.quiz__form").count():
            coached += 1
            if page.locator('input[name="seat"]').count():
                page.locator('input[name="seat"]').first.check()
                page.locator('input[name="size"]').first.check()
            else:
                for group in page.locator("form.quiz__form fieldset").all():
                    group.locator("input[type=checkbox]").first.check()
            _swap(page, lambda: page.locator("form.quiz__form button[type=submit]").click())
            continue
        moves = page.locator("[data-move]")
        offered = [moves.nth(i).get_attribute("data-move") for i in range(moves.count())]
        assert offered, page.url
        if not tried_illegal:
            tried_illegal = True
            bad = "check" if "check" not in offered else "raise999"
            separator = "." if "moves=" in page.url else "&moves="
            response = page.goto(page.url + separator + bad)
            assert response is not None and response.status == 400
            assert REFUSED[lang] in page.locator(".error-page__message").inner_text()
            assert page.locator(".feedback__reasons li").count() >= 1
            assert page.locator("html").get_attribute("lang") == lang
            page.locator(".ptable-error a.button--primary").click()
            page.wait_for_selector("#table")
            continue
        state = replay(*_url_parts(page.url)).state
        move = _passive(state)
        token = move.kind.value + ("" if move.amount is None else str(move.amount))
        assert token in offered
        _swap(page, page.locator(f'[data-move="{token}"]').click)
    assert tried_illegal
    assert page.locator("#settlement").count() == 1
    assert (coached > 0) == setup.coach
    _check_settlement(page, setup)


def _url_parts(url: str) -> tuple[Setup, tuple[Action, ...], int]:
    parts = urlsplit(url)
    _, _lang, _word, game, profile, seed, _ = parts.path.split("/")
    query = parse_qs(parts.query)
    setup = Setup(
        Game(game),
        profile,
        int(seed),
        int(query["opponents"][0]),
        coach=query["coach"][0] == "on",
    )
    raw = query.get("moves", [""])[0]
    moves = tuple(parse_move(token) for token in raw.split(".")) if raw else ()
    return setup, moves, int(query.get("asked", ["0"])[0])


def _check_settlement(page: Page, setup: Setup) -> None:
    """The page's net results are the engine's ``settle`` for the same cards."""
    played, moves, asked = _url_parts(page.url)
    assert played == setup
    state = replay(played, moves, asked).state
    assert state.showdown is not None
    live = state.live
    expected = settle(
        state.game,
        hands=[state.cards(s) if live[s] else None for s in range(state.seats)],
        contributions=state.committed,
        folded=[not flag for flag in live],
        profile=state.profile,
        community=state.community,
    )
    shown = [
        int(cell.get_attribute("data-net") or "x")
        for cell in page.locator("#settlement td[data-net]").all()
    ]
    assert shown == [expected.net[s] for s in range(state.seats) if state.dealt_in[s]]
    assert sum(shown) == 0


@pytest.mark.parametrize("lang", ["en", "sv", "da", "fi"])
def test_two_hands_of_each_game_to_the_showdown(
    page: Page, live_server: LiveServer, console_errors: list[str], lang: str
) -> None:
    for setup in _showdown_setups(["en", "sv", "da", "fi"].index(lang)):
        _play_hand(page, live_server.url, lang, setup)
    # The 400 pages log their status as console errors; anything else is a bug.
    assert [e for e in console_errors if "400" not in e] == []


def test_back_button_and_no_javascript(
    page: Page, live_server: LiveServer, browser: object, console_errors: list[str]
) -> None:
    """Back goes to the previous point of the hand (hx-push-url); without JavaScript the same
    links and forms play the hand as whole pages."""
    setup = _showdown_setups(0)[1]  # coach off
    with translation.override("sv"):
        start = hand_url(setup)
    page.goto(live_server.url + start)
    stay = '[data-move]:not([data-move="fold"])'
    _swap(page, page.locator(stay).first.click)
    after_one = page.url
    assert "moves=" in after_one
    _swap(page, page.locator(stay).first.click)
    assert page.url != after_one
    page.go_back()
    page.wait_for_url(after_one)
    page.wait_for_selector("#table")
    assert page.locator("#table-summary").inner_text() == _summary_of(page, after_one)
    assert console_errors == []

    context = browser.new_context(java_script_enabled=False)  # type: ignore[attr-defined]
    plain = context.new_page()
    plain.goto(live_server.url + start)
    for _ in range(40):
        if plain.locator("#settlement").count():
            break
        plain.locator(stay).first.click()
        plain.wait_for_load_state()
    assert plain.locator("#settlement").count() == 1
    context.close()


def _summary_of(page: Page, url: str) -> str:
    other = page.context.new_page()
    other.goto(url)
    text = other.locator("#table-summary").inner_text()
    other.close()
    return text
