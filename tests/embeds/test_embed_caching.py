"""Embeds tell caches what they depend on: the colour cookie, HTMX, and randomness."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = pytest.mark.django_db


def _vary(response: object) -> set[str]:
    return {v.strip().lower() for v in response.get("Vary", "").split(",") if v.strip()}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "path",
    [
        "/en/embed/rules/glossary/bring-in/",
        localized("/sv/embed/rules/stud/forced-bets/"),
        "/en/embed/practice/best-high/stud/robert/normal/5/",
        "/en/embed/rules/glossary/no-such-term/",
    ],
)
def test_embeds_vary_on_the_colour_cookie(client: Client, path: str) -> None:
    response = client.get(path)
    assert "cookie" in _vary(response)
    client.cookies["card_colours"] = "four"
    if response.status_code == 200:
        assert "deck-four" in client.get(path).content.decode()


def test_the_random_question_redirect_is_never_cached(client: Client) -> None:
    response = client.get("/en/embed/practice/best-high/")
    assert response.status_code == 302
    assert "no-store" in response["Cache-Control"]


def test_the_embed_code_fragment_varies_on_hx_request(client: Client) -> None:
    path = "/en/embed-code/?url=/en/rules/hand-rankings/"
    page = client.get(path)
    fragment = client.get(path, headers={"HX-Request": "true"})
    assert len(fragment.content) < len(page.content)
    assert "hx-request" in _vary(page) and "hx-request" in _vary(fragment)
