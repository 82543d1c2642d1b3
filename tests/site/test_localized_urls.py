"""URLs in the reader's language (core/urlwords.py): every sitemap page of sv, da and fi has a path
in its own language, and every old address (English words under /sv/, /da/, /fi/) answers 301
with the new one."""

from __future__ import annotations

import re
from typing import Any

import pytest
import yaml
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from core.urlwords import VOCABULARY, english_word, legacy_path, local_word, route
from rules.loading import CONTENT_DIR
from tests.rules.conftest import django_db_setup
from tests.sitemap_pages import SitePages

__all__ = ["django_db_setup"]

# Game names are the same in every language; so are numbers.
GAME_WORDS = {"stud", "stud8", "razz", "seven", "card", "hi", "lo"}
_FOLD = {"sv": "åaäaöoée", "da": "æøåé", "fi": "äaöoåa"}


def _fold(text: str, language: str) -> str:
    text = text.lower()
    if language == "da":
        text = text.replace("æ", "ae").replace("ø", "oe").replace("å", "aa").replace("é", "e")
    else:
        for plain, ascii_ in zip(_FOLD[language][::2], _FOLD[language][1::2], strict=True):
            text = text.replace(plain, ascii_)
    return text


def _own_words(language: str) -> set[str]:
    """Words of the language's own poker terms and titles (its glossary headwords and the titles
    of its rule pages, such as "bring-in" or Danish "straight flush"): a player of that
    language writes them, so they are not English there."""
    texts = [term["term"][language] for term in _content("glossary.yaml")["terms"]]
    for path in sorted((CONTENT_DIR / "pages").glob("*.yaml")):
        page = yaml.safe_load(path.read_text(encoding="utf-8"))
        texts.append(page["title"][language])
        for section in page["sections"]:
            texts.append(section["title"][language])
            texts += [step["title"][language] for step in section["steps"]]
    return {word for text in texts for word in re.split(r"[^a-z0-9]+", _fold(text, language))}


def _content(name: str) -> dict[str, Any]:
    return dict(yaml.safe_load((CONTENT_DIR / name).read_text(encoding="utf-8")))


def _words(path: str) -> set[str]:
    return {word for word in re.split(r"[/\-_]+", path.split("?")[0]) if word}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "da", "fi"])
def test_no_path_segment_of_a_sitemap_page_is_english(site_pages: SitePages, language: str) -> None:
    allowed = GAME_WORDS | _own_words(language) | {language}
    english_left = {}
    for english_path, path in site_pages.twins(language):
        shared = (_words(path) & (_words(english_path) - {"en"})) - allowed
        shared = {word for word in shared if not word.isdigit()}
        if shared:
            english_left[path] = sorted(shared)
    assert english_left == {}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "da", "fi"])
def test_every_old_address_moves_permanently_to_the_new_one(
    site_pages: SitePages, client: Client, language: str
) -> None:
    moved = 0
    for english_path, path in site_pages.twins(language):
        old = f"/{language}/{english_path.removeprefix('/en/')}"
        if old == path:
            continue  # a page whose words are the same in both languages (the home page)
        response = client.get(old)
        assert response.status_code == 301, old
        assert response["Location"] == path, old
        moved += 1
    assert moved > 100


def _renamed_slugs(language: str) -> dict[str, str]:
    """new slug -> an old slug it replaced (``former`` in core/content/urls.yaml)."""
    vocabulary = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8"))
    renamed = {}
    for section, entries in vocabulary["former"].items():
        for english, languages in entries.items():
            for old in languages.get(language, []):
                renamed[vocabulary[section][english][language]] = old
    return renamed


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "da"])
def test_every_renamed_slug_moves_permanently_to_the_new_one(
    site_pages: SitePages, client: Client, language: str
) -> None:
    """Swedish "vem-tar-bring-in" is "vem-lagger-bring-in" now (the player *lägger* bring-in),
    "basta-fem-av-sju" is "fem-basta-av-sju": each old address of a sitemap page answers 301
    with the new one, and no sitemap page or hreflang alternate uses an old slug."""
    renamed = _renamed_slugs(language)
    moved = 0
    for _english_path, path in site_pages.twins(language):
        parts = path.split("/")
        assert not set(parts) & set(renamed.values()), path
        if not set(parts) & set(renamed):
            continue
        old = "/".join(renamed.get(part, part) for part in parts)
        response = client.get(f"{old}?theme=dark")
        assert response.status_code == 301, old
        assert response["Location"] == f"{path}?theme=dark", old
        moved += 1
    assert moved >= {"sv": 6, "da": 1}[language]
    sitemap = client.get(f"/sitemap-{language}.xml")
    assert sitemap.status_code == 200
    assert [old for old in renamed.values() if f"/{old}/" in sitemap.content.decode()] == []


@pytest.mark.django_db
def test_old_swedish_bring_in_addresses_answer_with_the_new_ones(client: Client) -> None:
    for old, new in [
        ("/sv/kurs/stud/vem-tar-bring-in/", "/sv/kurs/stud/vem-lagger-bring-in/"),
        (
            "/sv/kurs/razz/hogsta-kortet-tar-bring-in/",
            "/sv/kurs/razz/hogsta-kortet-lagger-bring-in/",
        ),
        (
            "/sv/traning/vem-tar-bring-in/razz/tda/svar/5/",
            "/sv/traning/vem-lagger-bring-in/razz/tda/svar/5/",
        ),
        (
            "/sv/inbaddad/regler/razz/tvingande-insatser/vem-tar-bring-in/",
            "/sv/inbaddad/regler/razz/tvingade-insatser/vem-lagger-bring-in/",
        ),
    ]:
        assert legacy_path(old) == new
    # An English address under /sv/ moves to the new slug in one step.
    response = client.get("/sv/learn/stud/who-brings-in/")
    assert (response.status_code, response["Location"]) == (
        301,
        "/sv/kurs/stud/vem-lagger-bring-in/",
    )
    # The other languages' pages name the Swedish page by its new address (hreflang).
    html = client.get("/da/kursus/stud/hvem-laegger-bring-in/").content.decode()
    assert 'hreflang="sv" href="http://testserver/sv/kurs/stud/vem-lagger-bring-in/"' in html
    # Danish never said "tar": the Swedish old slug is no Danish address.
    assert legacy_path("/da/kursus/stud/vem-tar-bring-in/") is None


@pytest.mark.django_db
def test_an_old_address_keeps_its_query_and_an_unprefixed_one_follows_the_reader(
    client: Client,
) -> None:
    response = client.get("/da/practice/rank-lows/razz/tda/hard/5/?theme=dark")
    assert response.status_code == 301
    assert response["Location"] == "/da/traening/ranger-lave-haender/razz/tda/svaer/5/?theme=dark"
    response = client.get("/rules/glossary/", headers={"Accept-Language": "fi"})
    assert response.status_code == 302
    assert response["Location"] == "/fi/saannot/sanasto/"
    assert client.get("/sv/no-such-page/").status_code == 404


@pytest.mark.django_db
def test_old_embed_addresses_keep_working(client: Client) -> None:
    response = client.get("/sv/embed/rules/stud/forced-bets/who-brings-in/", follow=True)
    assert response.status_code == 200
    assert response.redirect_chain == [
        ("/sv/inbaddad/regler/stud/tvingade-insatser/vem-lagger-bring-in/", 301)
    ]
    old = "http://testserver/sv/rules/stud/forced-bets/who-brings-in/"
    answer = client.get("/oembed/", {"url": old, "format": "json"})
    assert answer.status_code == 200
    assert (
        "/sv/inbaddad/regler/stud/tvingade-insatser/vem-lagger-bring-in/" in answer.json()["html"]
    )


def test_words_and_slugs_follow_the_active_language() -> None:
    assert local_word("words", "rules", "fi") == "saannot"
    assert english_word("words", "saannot", "fi") == "rules"
    # An English word that has a translation does not resolve under another language ...
    assert english_word("words", "rules", "fi") is None
    # ... and a word the vocabulary lacks reads the same everywhere.
    assert english_word("content", "a-new-page", "sv") == "a-new-page"
    assert local_word("content", "a-new-page", "sv") == "a-new-page"
    with override("da"):
        assert str(route("rules/glossary/<content:slug>/")) == "regler/ordliste/<content:slug>/"
        assert reverse("rules:term-detail", kwargs={"slug": "door-card"}) == (
            "/da/regler/ordliste/door-card/"
        )
    with override("sv"):
        assert reverse("rules:term-detail", kwargs={"slug": "door-card"}) == (
            "/sv/regler/ordlista/dorrkort/"
        )
