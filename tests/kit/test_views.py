"""Split a pot over HTTP: the page in four languages and its links, a sample of random
situations settled as the engine settles them, every impossible entry a 4xx with its message on
the field in the reader's language, the framable twin with oEmbed, and the sitemap."""

from __future__ import annotations

import json
import random
import re
from urllib.parse import urlencode

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from kit.presenters import EXAMPLE
from kit.services import split_form_parse
from rules.engine import PROFILES, Game, get_profile, settle
from tests.kit.situations import situation, situation_query
from tests.kit.test_services import GOOD, IMPOSSIBLE

pytestmark = pytest.mark.django_db

TITLES = {"en": "Split a pot", "sv": "Dela en pott", "da": "Del en pulje", "fi": "Jaa potti"}


def _url(lang: str, query: dict[str, str] | None = None, *, embed: bool = False) -> str:
    with translation.override(lang):
        path = reverse("kit:split-embed" if embed else "kit:split")
    return f"{path}?{urlencode(query)}" if query else path


@pytest.mark.parametrize("lang", list(TITLES))
def test_the_page_in_each_language(client: Client, lang: str) -> None:
    response = client.get(_url(lang))
    assert response.status_code == 200
    html = response.content.decode()
    assert f'<h1 id="kit-title">{TITLES[lang]}</h1>' in html
    for code in PROFILES:  # the rulebooks by their names, never their codes
        assert f">{code}<" not in html
    assert 'name="cards1"' in html and 'name="chips3"' in html and 'name="folded2"' in html


def test_the_address_words_are_the_readers() -> None:
    assert [_url(lang) for lang in TITLES] == [
        "/en/split-a-pot/",
        "/sv/dela-en-pott/",
        "/da/del-en-pulje/",
        "/fi/jaa-potti/",
    ]


def test_a_sample_of_situations_over_http_is_the_engines_split(client: Client) -> None:
    rng = random.Random(32)
    for game in Game:
        for _ in range(25):
            profile = rng.choice(list(PROFILES))
            found = situation(rng, game, profile)
            response = client.get(_url("en", situation_query(found, rng)))
            assert response.status_code == 200
            expected = settle(
                game,
                hands=found.hands,
                contributions=found.contributions,
                folded=found.folded,
                profile=get_profile(profile),
            )
            assert response.context["settlement"] == expected
            html = response.content.decode()
            for seat, payout in enumerate(expected.payouts):
                if not found.folded[seat]:
                    assert f"Seat {seat + 1} receives ${payout}." in html


def test_the_example_explains_the_odd_chip_by_the_rulebook(client: Client) -> None:
    html = client.get(_url("en", EXAMPLE)).content.decode()
    assert "The odd chip of the low half goes to seat 2, who holds the lowest card by suit" in html
    tda = client.get(_url("en", EXAMPLE | {"profile": "tda"})).content.decode()
    assert "The odd chip of the low half goes to seat 1, who has the highest card by suit" in tda
    # The rule is cited by its title, with a link to the step that teaches it.
    assert re.search(r'counting all his cards\. <a href="/en/rules/[^"]+">Odd chips</a>', html)


def test_the_example_in_finnish(client: Client) -> None:
    html = client.get(_url("fi", EXAMPLE)).content.decode()
    assert "Kuka saa mitä" in html
    assert "Pääpotti" in html


@pytest.mark.parametrize(("change", "field", "status", "words"), IMPOSSIBLE)
@pytest.mark.parametrize("lang", ["en", "fi"])
def test_an_impossible_entry_is_a_4xx_with_the_message_on_its_field(
    client: Client, lang: str, change: dict[str, str], field: str, status: int, words: str
) -> None:
    query = GOOD | change
    response = client.get(_url(lang, query))
    assert response.status_code == status
    with translation.override(lang):
        message = split_form_parse(data=query).errors[field]
    html = response.content.decode()
    if field == "situation":
        assert re.search(r'role="alert"[^>]*>\s*<p>' + re.escape(message), html)
    else:
        name = re.sub(r"(\d)$", r"-\1", field)  # cards1 -> the field kit-cards-1
        assert f'<span id="kit-{name}-error" class="kit-field__error">{message}</span>' in html
        assert re.search(rf'id="kit-{name}"[^>]*aria-invalid="true"', html, re.S)
    if lang == "fi":  # the reader's language, not the English source
        with translation.override("en"):
            assert split_form_parse(data=query).errors[field] != message


def test_the_embed_is_framable_and_keeps_its_situation(client: Client) -> None:
    response = client.get(_url("sv", EXAMPLE, embed=True))
    assert response.status_code == 200
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    html = response.content.decode()
    assert 'target="_self"' in html and 'action="/sv/inbaddad/dela-en-pott/"' in html
    assert "Vem får vad" in html
    assert '<link rel="canonical" href="http://testserver/sv/dela-en-pott/?' in html
    page_policy = client.get(_url("sv", EXAMPLE))["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in page_policy  # the page itself refuses framing


def test_the_embed_refuses_an_impossible_entry_inside_the_frame(client: Client) -> None:
    response = client.get(_url("en", GOOD | {"cards1": "As"}, embed=True))
    assert response.status_code == 422
    assert "frame-ancestors *" in response["Content-Security-Policy"]


def test_oembed_gives_the_tool_with_its_situation(client: Client) -> None:
    page = "http://testserver" + _url("da", {"game": "razz", "chips1": "4"})
    answer = json.loads(client.get(reverse("oembed"), {"url": page}).content)
    assert answer["title"] == "Del en pulje"
    assert (
        'src="http://testserver/da/indlejret/del-en-pulje/?game=razz&amp;chips1=4"'
        in (answer["html"])
    )


def test_the_tool_is_linked_from_home_the_game_pages_and_the_table(client: Client) -> None:
    tool = _url("en")
    for page in ("/en/", "/en/rules/stud8/", "/en/table/"):
        assert f'href="{tool}' in client.get(page).content.decode(), page


def test_the_sitemap_lists_the_tool_in_every_language(client: Client) -> None:
    xml = client.get("/sitemap-fi.xml").content.decode()
    assert "<loc>http://testserver/fi/jaa-potti/</loc>" in xml
    assert 'hreflang="sv" href="http://testserver/sv/dela-en-pott/"' in xml
    for lang in TITLES:
        assert client.get(_url(lang)).status_code == 200
