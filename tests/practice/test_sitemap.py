"""The quiz hub and the walkthrough are in the sitemap, in all four languages, each with its
hreflang alternates; a quiz kind's address, a redirect to a fresh question, is not."""

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


@pytest.mark.parametrize("path", ["practice/", "practice/walkthrough/"])
def test_every_practice_page_is_listed_in_every_language(sitemap: str, path: str) -> None:
    for language in LANGUAGES:
        here = localized(f"/{language}/{path}")
        assert f"<loc>http://testserver{here}</loc>" in sitemap
        assert f'hreflang="{language}" href="http://testserver{here}"' in sitemap


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_quiz_kinds_redirect_is_not_listed(sitemap: str, kind: str) -> None:
    for language in LANGUAGES:
        assert f"{localized(f'/{language}/practice/{kind}/')}</loc>" not in sitemap


def test_twelve_kinds_are_registered() -> None:
    assert len(KINDS) >= 12
