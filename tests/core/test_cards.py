"""{% card %} and {% cards %}: pictures with text alternatives in the page's language."""

from __future__ import annotations

import re

import pytest
from django.template import Context, Template
from django.test import Client
from django.utils.translation import override

from rules.engine import Card, Rank, Suit, parse_cards
from tests.urls import localized


def render(source: str, language: str = "en", **context: object) -> str:
    with override(language):
        return Template("{% load cards %}" + source).render(Context(context))


def labels(html: str) -> list[str]:
    return re.findall(r'role="img" aria-label="([^"]+)"', html)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "two of clubs"),
        ("sv", "klövertvå"),
        ("da", "klør to"),
        ("fi", "ristikakkonen"),
    ],
)
def test_card_name_in_each_language(language: str, expected: str) -> None:
    assert labels(render('{% card "2c" %}', language)) == [expected]


def test_card_draws_rank_and_suit_symbol() -> None:
    html = render('{% card "Th" %}')
    assert 'class="card card--hearts"' in html
    assert '<span class="card__rank" aria-hidden="true">10</span>' in html
    assert "\u2665" in html
    assert labels(html) == ["ten of hearts"]


def test_card_accepts_engine_cards() -> None:
    html = render("{% card c %}", c=Card(Rank.ACE, Suit.SPADES))
    assert labels(html) == ["ace of spades"]


def test_face_down_card() -> None:
    for source in ("{% card None %}", '{% card "??" %}'):
        html = render(source)
        assert "card--back" in html
        assert labels(html) == ["face-down card"]
        assert "card__rank" not in html


def test_used_and_unused_are_said_not_only_shown() -> None:
    assert labels(render('{% card "Kd" used=True %}')) == ["king of diamonds (used)"]
    html = render('{% card "Kd" used=False %}', "sv")
    assert "card--unused" in html
    assert labels(html) == ["ruterkung (används inte)"]


def test_cards_highlight_marks_the_used_and_dims_the_rest() -> None:
    html = render('{% cards "As Kd ?? 7c" highlight="As 7c" %}')
    assert labels(html) == [
        "ace of spades (used)",
        "king of diamonds (not used)",
        "face-down card",
        "seven of clubs (used)",
    ]
    assert html.count('role="listitem"') == 4


def test_cards_take_lists_hands_and_labels() -> None:
    class Hand:
        cards = tuple(parse_cards("2c 3d"))

    html = render(
        "{% cards row highlight=hand compact=True label='Your hand' %}",
        row=[*parse_cards("2c 3d 9s"), None],
        hand=Hand(),
    )
    assert 'role="list" aria-label="Your hand"' in html
    assert "cards--compact" in html
    assert html.count("card--compact") == 4
    assert labels(html)[2] == "nine of spades (not used)"
    assert labels(html)[3] == "face-down card"


def test_card_name_filter() -> None:
    assert render('{{ "Qs"|card_name }}', "fi") == "patarouva"


def test_bad_card_text_names_the_card() -> None:
    with pytest.raises(ValueError, match="'Xx'"):
        render('{% cards "As Xx" %}')


@pytest.mark.django_db
def test_four_colour_deck_preference_by_form_post(client: Client) -> None:
    assert 'class=""' in client.get("/en/").content.decode().split("<body", 1)[1][:20]
    response = client.post(
        "/en/preferences/card-colours/", {"colours": "four", "next": "/en/?from=footer"}
    )
    assert response.status_code == 302
    assert response.headers["Location"] == "/en/?from=footer"
    cookie = response.cookies["card_colours"]
    assert cookie.value == "four"
    assert cookie["httponly"]
    body = client.get("/en/").content.decode().split("<body", 1)[1]
    assert body.startswith(' class="deck-four ')
    assert 'value="two"' in body  # the form now offers the way back

    client.post("/en/preferences/card-colours/", {"colours": "two", "next": "/en/"})
    assert "deck-four" not in client.get("/en/").content.decode()


@pytest.mark.django_db
def test_card_colours_refuses_other_sites_and_bad_values(client: Client) -> None:
    response = client.post(
        localized("/sv/preferences/card-colours/"),
        {"colours": "four", "next": "https://evil.example/"},
    )
    assert response.headers["Location"] == "/sv/"
    assert (
        client.post(localized("/sv/preferences/card-colours/"), {"colours": "pink"}).status_code
        == 400
    )
    assert client.get(localized("/sv/preferences/card-colours/")).status_code == 405
