"""Languages: the root redirect, the switcher, <html lang> and hreflang alternates."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = pytest.mark.django_db

NATIVE_NAMES = {"sv": "Svenska", "da": "Dansk", "fi": "Suomi", "en": "English"}


@pytest.mark.parametrize(
    ("accept_language", "expected"),
    [
        ("sv-SE,sv;q=0.9,en;q=0.8", "/sv/"),
        ("da", "/da/"),
        ("fi-FI", "/fi/"),
        ("en-US,en;q=0.9", "/en/"),
        ("de-DE,fr;q=0.5", "/en/"),
        ("de-DE,da;q=0.5", "/da/"),
        ("", "/en/"),
    ],
)
def test_root_redirects_by_accept_language(
    client: Client, accept_language: str, expected: str
) -> None:
    response = client.get("/", headers={"accept-language": accept_language})
    assert response.status_code == 302
    assert response.headers["Location"] == expected
    assert "Accept-Language" in response.headers["Vary"]


def test_html_lang_on_every_language(client: Client, language: str) -> None:
    html = client.get(localized(f"/{language}/")).content.decode()
    assert f'<html lang="{language}">' in html


def test_language_switcher_links_name_each_language_in_itself(
    client: Client, language: str
) -> None:
    html = client.get(localized(f"/{language}/")).content.decode()
    for code, name in NATIVE_NAMES.items():
        current = ' aria-current="true"' if code == language else ""
        assert f'<a href="/{code}/" hreflang="{code}" lang="{code}"{current}>{name}</a>' in html


def test_language_switcher_keeps_the_query(client: Client) -> None:
    html = client.get("/en/?seed=42").content.decode()
    assert 'href="/sv/?seed=42" hreflang="sv"' in html


def test_hreflang_alternates_with_x_default(client: Client, language: str) -> None:
    html = client.get(localized(f"/{language}/")).content.decode()
    alternates = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">', html))
    assert alternates == {
        "sv": "http://testserver/sv/",
        "da": "http://testserver/da/",
        "fi": "http://testserver/fi/",
        "en": "http://testserver/en/",
        "x-default": "http://testserver/",
    }


def test_home_is_translated(client: Client) -> None:
    assert "Välj ett spel" in client.get(localized("/sv/")).content.decode()
    assert "Vælg et spil" in client.get(localized("/da/")).content.decode()
    assert "Valitse peli" in client.get(localized("/fi/")).content.decode()
    assert "Choose a game" in client.get("/en/").content.decode()


def test_head_requests_are_answered(client: Client) -> None:
    assert client.head("/en/").status_code == 200
    assert client.head("/", headers={"accept-language": "sv"}).status_code == 302
