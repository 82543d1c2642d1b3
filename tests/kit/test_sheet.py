"""The rule sheet: for each game in four languages one A4 page of PDF whose text is in the
page's language (read back with pypdf), the same page in HTML with its print stylesheet, the
sheet under house rules saying their answers, and unknown games and rules answered 4xx."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext
from pypdf import PdfReader

from rules.engine import Game
from tests.kit.test_house import make

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "sv", "da", "fi")
HEADINGS = ("The deal", "Forced bets", "Who acts first", "Betting limits", "Splitting the pot")
A4 = (595, 842)  # points


def _url(lang: str, game: str, *, pdf: bool = False) -> str:
    with translation.override(lang):
        return reverse("kit:sheet-pdf" if pdf else "kit:sheet", args=[game])


def _text(pdf: bytes) -> tuple[int, tuple[int, int], str]:
    reader = PdfReader(io.BytesIO(pdf))
    box = reader.pages[0].mediabox
    text = " ".join(page.extract_text() for page in reader.pages)
    return len(reader.pages), (round(box.width), round(box.height)), re.sub(r"\s+", " ", text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_game_is_one_a4_page_in_the_pages_language(client: Client, lang: str) -> None:
    for game in Game:
        response = client.get(_url(lang, game, pdf=True))
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        pages, size, text = _text(response.content)
        assert (pages, size) == (1, A4), (lang, game)
        with translation.override(lang):
            title = gettext("%(game)s on one page") % {"game": _game_name(game)}
            headings = [gettext(heading) for heading in HEADINGS]
        assert title in text, (lang, game, text[:200])
        for heading in headings:
            assert heading in text, (lang, game, heading)
        if lang != "en":  # nothing left in English
            for english in ("on one page", "Forced bets", "Betting limits", "brings in for"):
                assert english not in text, (lang, game, english)


def _game_name(game: Game) -> str:
    from core import words

    return words.game_name(game)


def test_the_rules_follow_the_game_and_the_rulebook(client: Client) -> None:
    razz = _text(client.get(_url("en", "razz", pdf=True)).content)[2]
    assert "the highest upcard brings in" in razz and "5-4-3-2-A" in razz
    stud = _text(client.get(_url("en", "stud", pdf=True)).content)[2]
    assert "the lowest upcard brings in for $2" in stud
    assert "anyone may bet or raise the big bet" in stud  # Robert's Rules
    tda = client.get(_url("en", "stud", pdf=True), {"profile": "tda"}).content
    assert "changes nothing: the small bet stays" in _text(tda)[2]
    assert "every hand is turned face up at once" in _text(tda)[2]


def test_a_sheet_under_house_rules_says_their_answers(client: Client) -> None:
    code = make(client)
    response = client.get(_url("sv", "stud8", pdf=True), {"profile": f"house-{code}"})
    pages, _size, text = _text(response.content)
    assert pages == 1
    assert f"Husregler {code}" in text
    assert "5 höjningar" in text and "stora insatsen 20 dollar" in text
    page = client.get(_url("sv", "stud8"), {"profile": f"house-{code}"}).content.decode()
    assert f"?profile=house-{code}" in page  # the PDF and the other games keep the rules


@pytest.mark.parametrize("lang", ["en", "fi"])
def test_the_page_prints_the_same_sheet(client: Client, lang: str) -> None:
    response = client.get(_url(lang, "razz"))
    assert response.status_code == 200
    html = response.content.decode()
    assert re.search(r'<link rel="stylesheet" href="/static/kit/sheet\.[0-9a-f]*\.?css">', html)
    assert f'href="{_url(lang, "razz", pdf=True)}"' in html
    assert html.count('<section class="sheet__part"') == 6
    from django.contrib.staticfiles import finders

    found = finders.find("kit/sheet.css")
    assert isinstance(found, str), found
    css = Path(found).read_text(encoding="utf-8")
    assert "@page" in css and "size: A4" in css and "@media print" in css


def test_unknown_games_and_rules_are_4xx_with_a_message(client: Client) -> None:
    assert client.get("/en/rule-sheet/poker/").status_code == 404
    response = client.get(_url("fi", "stud", pdf=True), {"profile": "house-ZZZZZZ"})
    assert response.status_code == 404
    assert "Koodilla ”ZZZZZZ” ei löydy talon sääntöjä." in response.content.decode()
    response = client.get(_url("en", "stud"), {"profile": "home"})
    assert response.status_code == 400
    assert "Choose one of the rulebooks in the list." in response.content.decode()


def test_the_sitemap_lists_the_sheets_and_the_house_rules_form(client: Client) -> None:
    xml = client.get("/sitemap-da.xml").content.decode()
    for path in (
        "/da/regelark/stud/",
        "/da/regelark/stud8/",
        "/da/regelark/razz/",
        "/da/husregler/",
    ):
        assert f"<loc>http://testserver{path}</loc>" in xml
