"""House rules in Chromium, in Finnish on a phone and in English on a laptop: the form filled
and sent (a cap of five raises, the odd chip by position, a bigger structure), the page of the
set made, then a quiz answered and a table hand played to the showdown under it, each ruling
the house's. Screenshots go to ``$KIT_SHOTS`` when it is set."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from django.urls import resolve
from django.utils import translation
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from practice.kinds import KINDS
from practice.quiz import Level, QuestionId
from rules.engine import Game
from table.play import Setup, Stop, replay
from tests.browser.quiz_answers import answer_form, fill
from tests.browser.test_kit import LAPTOP, PHONE, _shot
from tests.browser.test_table import _passive, _play_hand, _url_parts

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "fi": {
        "path": "/fi/talon-saannot/",
        "title": "Talon säännöt",
        "make": "Tee talon sääntöjen sivu",
        "house_rule": "Talon sääntö",
        "quiz": "Sallitut toiminnot",
        "deal": "Jaa käsi",
        "stakes": "ante 2 $",
    },
    "en": {
        "path": "/en/house/",
        "title": "House rules",
        "make": "Make the house rules page",
        "house_rule": "House rule",
        "quiz": "Legal action",
        "deal": "Deal a hand",
        "stakes": "ante $2",
    },
}


def _make(page: Page, base: str, lang: str) -> str:
    words = WORDS[lang]
    page.goto(base + words["path"])
    page.locator("#id_max_raises").select_option("5")
    page.locator("#id_odd_chip").select_option("position")
    for name, value in (("ante", "2"), ("bring_in", "3"), ("small_bet", "10"), ("big_bet", "20")):
        page.locator(f"#id_{name}").fill(value)
    _shot(page, f"house-form-{lang}")
    page.get_by_role("button", name=words["make"]).click()
    expect(page).to_have_url(re.compile(re.escape(base + words["path"]) + r"[A-Z2-9]{6}/$"))
    code = page.url.rstrip("/").rsplit("/", 1)[1]
    expect(page.locator("h1")).to_have_text(f"{words['title']} {code}")
    expect(page.locator(".house__table .house__own")).to_have_count(2)  # five raises, position
    _shot(page, f"house-page-{lang}")
    return code


def _quiz(page: Page, lang: str, code: str) -> None:
    """A legal-action question under the rules, answered right; the next one keeps them."""
    page.get_by_role("button", name=WORDS[lang]["quiz"]).click()
    expect(page).to_have_url(re.compile(rf"/house-{code}/"))
    expect(page.locator("body")).to_contain_text(f"{WORDS[lang]['title']} {code}")
    with translation.override(lang):
        found = resolve(urlsplit(page.url).path).kwargs  # the URL's words in English
    qid = QuestionId(
        "legal-action",
        Game(found["game"]),
        found["profile"],
        Level(found["level"]),
        int(found["seed"]),
    )
    question = KINDS["legal-action"].generate(qid)
    fill(page, answer_form(question, right=True))
    page.locator("form.quiz__form button[type=submit]").click()
    expect(page.locator(".feedback--right")).to_be_visible()
    _shot(page, f"house-quiz-{lang}")
    page.locator(".feedback__next").first.click()
    expect(page).to_have_url(re.compile(rf"/house-{code}/"))


def _table(page: Page, base: str, lang: str, code: str) -> None:
    """A hand dealt from the house page, in the house structure; then one played through to
    the showdown (a seed where checking and calling gets there)."""
    page.goto(f"{base}{WORDS[lang]['path']}{code}/")
    page.locator("#house-game").select_option("stud")
    page.get_by_role("button", name=WORDS[lang]["deal"]).click()
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("body")).to_contain_text(WORDS[lang]["stakes"])
    dealt, _moves, _asked = _url_parts(page.url)
    assert dealt.profile == f"house-{code}"
    _shot(page, f"house-table-{lang}")
    for seed in range(1, 200):
        setup = Setup(Game.STUD, dealt.profile, seed, 2, coach=True)
        table = replay(Setup(Game.STUD, dealt.profile, seed, 2, coach=False))
        moves = []
        while table.stop is Stop.ACT:
            moves.append(_passive(table.state))
            table = replay(table.setup, tuple(moves))
        if table.state.showdown is not None:
            assert table.state.stakes.big_bet == 20  # the house structure dealt
            _play_hand(page, base, lang, setup)
            return
    pytest.fail("no hand to the showdown in 200 seeds")


@pytest.mark.parametrize(("lang", "viewport"), [("fi", PHONE), ("en", LAPTOP)])
def test_house_rules_made_then_a_quiz_and_a_hand_played_under_them(
    make_page: Callable[..., Page], live_server: LiveServer, lang: str, viewport: dict[str, int]
) -> None:
    page = make_page(viewport=viewport, locale=lang)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(error.message))
    code = _make(page, live_server.url, lang)
    _quiz(page, lang, code)
    _table(page, live_server.url, lang, code)
    assert errors == []
