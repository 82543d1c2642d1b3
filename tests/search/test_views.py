"""The search page: results in the reader's language, the HTMX fragments, and bad queries."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.parametrize(
    ("language", "query", "title"),
    [
        ("sv", "korten", "När korten tar slut"),
        ("da", "kortene", "Når kortene slipper op"),
        ("fi", "bring-inin", "Kuka laittaa bring-inin"),
        ("en", "what if a card is exposed on the deal", "A hole card exposed on the deal"),
    ],
)
def test_search_page_lists_results_in_the_readers_language(
    client: Client, language: str, query: str, title: str
) -> None:
    response = client.get(localized(f"/{language}/search/"), {"q": query})
    assert response.status_code == 200
    html = response.content.decode()
    assert f'lang="{language}"' in html
    assert title in _text(html).replace(" </mark>", "</mark>").replace("<mark> ", "")
    assert "<mark>" in html
    assert 'class="search-hit__link"' in html


def test_no_javascript_form_posts_to_the_same_url(client: Client) -> None:
    html = client.get("/en/search/").content.decode()
    assert 'action="/en/search/"' in html and 'method="get"' in html
    assert 'name="q"' in html


def test_htmx_request_gets_the_results_fragment_only(client: Client) -> None:
    response = client.get("/en/search/", {"q": "raisi"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="search-results"' in html
    assert 'hx-swap-oob="true"' in html
    # Still typing: "raisi" is a prefix of "raising".
    assert "<mark>Raising</mark>" in html or "<mark>raising</mark>" in html
    assert response["Vary"].count("HX-Request") == 1


def test_header_panel_fragment(client: Client) -> None:
    response = client.get(
        localized("/sv/search/"), {"q": "bring-in", "panel": "1"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert 'class="search-panel"' in html
    assert 'id="site-search-status"' in html
    assert localized("/sv/search/?q=bring-in") in html  # "All results"


def test_every_page_has_the_search_box(client: Client) -> None:
    for path in ("/sv/", localized("/fi/rules/stud/"), "/en/practice/"):
        html = client.get(path).content.decode()
        assert 'id="site-search-q"' in html, path
        assert 'hx-trigger="input changed delay:250ms, search"' in html


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("", "Type a word or two"),
        ("   ", "Type a word or two"),
        ("?!.,;:", "has no words to look for"),
        ('" * NEAR( OR', "Nothing found for"),
        ("the of and", "has only very common words"),
        ("'; DROP TABLE search_searchentry; --", "for “&#x27;; DROP TABLE search_searchentry; --”"),
        ("title_index : kort", "result"),
        ("a" * 10_000, "only its first 200 characters were used"),
    ],
)
def test_bad_queries_get_a_clear_answer(client: Client, query: str, message: str) -> None:
    response = client.get("/en/search/", {"q": query})
    assert response.status_code == 200
    assert message in response.content.decode()


def test_long_query_is_cut_to_200_characters(client: Client) -> None:
    html = client.get("/en/search/", {"q": "bring " * 2000}).content.decode()
    value = re.search(r'id="search-page-q"[^>]*value="([^"]*)"', html)
    assert value is not None and len(value.group(1)) <= 200
    assert "only its first 200 characters were used" in html


def test_messages_are_translated(client: Client) -> None:
    html = client.get(localized("/fi/search/"), {"q": "?!"}).content.decode()
    assert "has no words to look for" not in html
    html = client.get(localized("/sv/search/")).content.decode()
    assert "Type a word or two" not in html


def test_misspelt_headword_suggests_the_term(client: Client) -> None:
    html = client.get("/en/search/", {"q": "brng in"}).content.decode()
    assert 'class="search-suggestions"' in html
    assert 'href="/en/rules/glossary/bring-in/"' in html


@pytest.mark.parametrize(
    ("language", "query", "hand"),
    [
        # The Swedish review's S28: "… klöveress, hjärterdam börjar spaderess, ruterkung".
        (
            "sv",
            "vem börjar",
            "(spaderess, ruterkung) och (klöveress, hjärterdam) börjar (spaderess, ruterkung), "
            "eftersom",
        ),
        # The Finnish review's #14: "… ruutukolmonen ässä, kasi ja kolmonen ovat kickereitä".
        (
            "fi",
            "kickereitä",
            "(patakymppi, ruutukymppi, herttaässä, ristikasi, ruutukolmonen) ässä",
        ),
        ("da", "kicker", "(spar ti, ruder ti, hjerter es, klør otte, ruder tre) er esset"),
        ("en", "kicker", "(ten of spades, ten of diamonds, ace of hearts, eight of clubs, three"),
    ],
)
def test_a_snippet_shows_a_hand_of_cards_as_one_thing_in_its_sentence(
    client: Client, language: str, query: str, hand: str
) -> None:
    html = client.get(localized(f"/{language}/search/"), {"q": query}).content.decode()
    snippets = [
        _text(snippet).replace("<mark>", "").replace("</mark>", "")
        for snippet in re.findall(r'<p class="search-hit__snippet">(.*?)</p>', html, re.S)
    ]
    plain = [" ".join(s.split()) for s in snippets]
    assert any(hand in s for s in plain), plain
    # No snippet cuts a hand in two: every bracket it opens, it closes.
    assert [s for s in plain if s.count("(") != s.count(")")] == []
