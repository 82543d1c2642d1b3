"""The quiz hub, every quiz kind and the walkthrough are in the sitemap, in all four languages,
each with its hreflang alternates."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.kinds import KINDS
from tests.sitemap_pages import sitemap_text
from tests.urls import localized

LANGUAGES = ("sv", "da", "fi", "en")


@pytest.fixture
def sitemap(client: Client, db: None) -> str:
    return sitemap_text(client)


@pytest.mark.parametrize(
    "path", ["practice/", "practice/walkthrough/"] + [f"practice/{k}/" for k in KINDS]
)
def test_every_practice_page_is_listed_in_every_language(sitemap: str, path: str) -> None:
    for language in LANGUAGES:
        here = localized(f"/{language}/{path}")
        assert f"<loc>http://testserver{here}</loc>" in sitemap
        assert f'hreflang="{language}" href="http://testserver{here}"' in sitemap


def test_twelve_kinds_are_registered() -> None:
    assert len(KINDS) >= 12
