"""The header's chrome, rendered once per language and current link (core/templatetags/chrome.py):
each language keeps its own words and addresses, the page itself is marked in the nav and the
phone menu, and the language switcher (rendered once a request) is the same in both places."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = pytest.mark.django_db

NAV = re.compile(r'<nav class="site-nav".*?</nav>', re.S)
MENU = re.compile(r'<nav class="site-menu__nav".*?</nav>', re.S)
SWITCHER = re.compile(r'<nav class="language-switcher".*?</nav>', re.S)
CURRENT = re.compile(r'<a href="([^"]+)" aria-current="page">')


def _page(client: Client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def test_each_language_keeps_its_own_nav(client: Client) -> None:
    navs = {}
    for language in ("sv", "da", "fi", "en"):
        html = _page(client, localized(f"/{language}/rules/glossary/"))
        navs[language] = NAV.search(html).group(0)  # type: ignore[union-attr]
    assert len(set(navs.values())) == 4
    assert "Ordlista" in navs["sv"]
    assert "Sanasto" in navs["fi"]
    assert localized("/fi/practice/") in navs["fi"]


def test_the_page_itself_is_marked_in_the_nav_and_the_menu_and_nowhere_else(
    client: Client,
) -> None:
    glossary = localized("/da/rules/glossary/")
    html = _page(client, glossary)
    assert CURRENT.findall(NAV.search(html).group(0)) == [glossary]  # type: ignore[union-attr]
    assert CURRENT.findall(MENU.search(html).group(0)) == [glossary]  # type: ignore[union-attr]
    # The next page (another link of the nav) marks itself, not the glossary kept before.
    practice = localized("/da/practice/")
    html = _page(client, practice)
    assert CURRENT.findall(NAV.search(html).group(0)) == [practice]  # type: ignore[union-attr]
    assert CURRENT.findall(MENU.search(html).group(0)) == []  # type: ignore[union-attr]
    # A page the chrome does not link to marks nothing.
    html = _page(client, localized("/da/practice/bring-in/stud/robert/normal/7/"))
    assert CURRENT.findall(NAV.search(html).group(0)) == []  # type: ignore[union-attr]
    assert CURRENT.findall(MENU.search(html).group(0)) == []  # type: ignore[union-attr]


def test_the_switcher_in_the_header_and_the_menu_links_this_page(client: Client) -> None:
    path = localized("/sv/practice/bring-in/stud/robert/normal/7/")
    html = _page(client, path)
    header, menu = SWITCHER.findall(html)
    assert header == menu
    assert f'href="{path}"' in header
    assert f'href="{localized("/fi/practice/bring-in/stud/robert/normal/7/")}"' in header
    # Another question: its own addresses, not the first one's.
    other = _page(client, localized("/sv/practice/bring-in/stud/robert/normal/8/"))
    assert localized("/fi/practice/bring-in/stud/robert/normal/8/") in SWITCHER.findall(other)[0]
