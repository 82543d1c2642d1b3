"""search_query per language: stemming, compounds, ranking and near misses. These run on the
embedded SQLite (FTS5) and, in CI's `make test-postgres`, on PostgreSQL (tsvector, pg_trgm)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.utils.translation import override

from search.services import search_query

pytestmark = pytest.mark.django_db


def _titles(language: str, query: str, *, typing: bool = False) -> list[str]:
    with override(language):
        outcome = search_query(query=query, language=language, typing=typing)
    return [
        str(result.title_html).replace("<mark>", "").replace("</mark>", "")
        for result in outcome.results
    ]


def _keys(language: str, query: str) -> list[str]:
    with override(language):
        return [result.key for result in search_query(query=query, language=language).results]


# --- stemming: an inflected form finds the base form and the other way round ---------------


@pytest.mark.parametrize(
    ("language", "query", "title"),
    [
        ("sv", "korten", "Fem av sju kort"),  # korten -> kort
        ("sv", "kort", "När korten tar slut"),
        ("da", "kortene", "Syv kort"),
        ("da", "kort", "Når kortene slipper op"),
        ("fi", "kortit", "Kun kortit loppuvat"),
        ("fi", "korttia", "Kun kortit loppuvat"),  # partitive finds nominative plural
        ("fi", "bring-inin", "Bring-in"),  # genitive of the loanword finds the headword
        ("fi", "bring-iniä", "Kuka laittaa bring-inin"),
        ("en", "raising", "Raise"),
        ("en", "raise", "Unlimited raising heads-up"),
    ],
)
def test_stemming_finds_other_forms(language: str, query: str, title: str) -> None:
    assert title in _titles(language, query) or title in _all_titles(language, query)


def _all_titles(language: str, query: str) -> list[str]:
    from search import services

    limit = services.RESULT_LIMIT
    services.RESULT_LIMIT = 500
    try:
        return _titles(language, query)
    finally:
        services.RESULT_LIMIT = limit


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_bring_in_spelt_three_ways_finds_the_glossary_term(language: str) -> None:
    for query in ("bring-in", "Bring-in", "bring in"):
        assert "bring-in" in _keys(language, query), (language, query)


def test_all_in_is_found_although_its_parts_are_english_stop_words() -> None:
    assert _titles("en", "all-in")[0] == "All-in"


# --- ranking: title matches first ------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "query"),
    [("sv", "komplettera"), ("da", "misdeal"), ("fi", "jako"), ("en", "misdeal")],
)
def test_title_matches_rank_first(language: str, query: str) -> None:
    with override(language):
        outcome = search_query(query=query, language=language)
    assert outcome.results
    stems = {term.stem for term in outcome.terms}
    in_title = ["<mark>" in str(result.title_html) for result in outcome.results]
    # Every title match comes before every text-only match.
    assert in_title == sorted(in_title, reverse=True), (stems, in_title)
    assert in_title[0]


@pytest.mark.parametrize(
    ("language", "query", "key"),
    [
        ("sv", "lägsta dörrkortet", "who-brings-in"),
        ("sv", "bring-in", "bring-in"),  # the headword itself comes first
        ("da", "hvem starter", "acting-first"),
        ("fi", "väärä jako", "misdeal"),
        ("en", "what if a card is exposed on the deal", "exposed-hole-card"),
    ],
)
def test_the_expected_entry_is_near_the_top(language: str, query: str, key: str) -> None:
    keys = [k.rsplit("/", 1)[-1] for k in _keys(language, query)]
    assert key in keys[:3], keys[:3]


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_exact_headword_is_the_first_result(language: str) -> None:
    assert _keys(language, "bring-in")[0] == "bring-in"
    assert _titles(language, "ante")[0].split(" (")[0] == "Ante"


def test_results_are_in_the_readers_language_only() -> None:
    with override("da"):
        outcome = search_query(query="kort", language="da")
    assert outcome.results
    assert all(result.url.startswith("/da/") for result in outcome.results)


def test_highlight_marks_the_matching_words_and_escapes_the_rest() -> None:
    with override("en"):
        outcome = search_query(query="raising", language="en")
    snippet = str(outcome.results[0].snippet_html) + str(outcome.results[0].title_html)
    assert "<mark>" in snippet
    assert "<script" not in snippet


def test_typing_matches_the_word_being_typed_as_a_prefix() -> None:
    assert _titles("en", "misd", typing=True)[0] == "Misdeal"
    assert _titles("en", "misd") == []  # a whole word: no prefix
    assert "Raise" in _titles("en", "raisi", typing=True)


def test_no_entry_holds_every_word_falls_back_to_any() -> None:
    with override("en"):
        outcome = search_query(query="misdeal zzzyzx", language="en")
    assert not outcome.all_words
    assert outcome.results


# --- near misses -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "query", "term"),
    [
        ("sv", "brng in", "Bring-in"),
        ("da", "misdel", "Misdeal"),
        ("fi", "brnig-in", "Bring-in"),
        ("en", "brng in", "Bring-in"),
        ("en", "misdael", "Misdeal"),
    ],
)
def test_misspelt_headword_is_suggested(language: str, query: str, term: str) -> None:
    with override(language):
        outcome = search_query(query=query, language=language)
    assert term in [suggestion.term for suggestion in outcome.suggestions]


def test_no_suggestion_for_a_good_query() -> None:
    with override("en"):
        assert search_query(query="bring-in", language="en").suggestions == ()


# --- bad input never fails -------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        '"',
        "*",
        "NEAR(",
        "OR",
        "AND NOT",
        "a:b",
        "{title_index}: x",
        "^x",
        "x:*",
        "!&|<->",
        "'",
        "\x00",
        "🂡🂡",
        "x" * 10_000,
        "-bring",
        "bring-",
        "--",
        "ä-ö",
    ],
)
@pytest.mark.parametrize("language", ["sv", "fi", "en"])
def test_syntax_like_queries_never_fail(language: str, query: str) -> None:
    for typing in (False, True):
        with override(language):
            outcome = search_query(query=query, language=language, typing=typing)
        assert len(outcome.query) <= 200


def test_backend_is_the_databases_own() -> None:
    """On PostgreSQL the index is a tsvector column; on SQLite an FTS5 table."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT count(*) FROM search_searchentry WHERE vector IS NOT NULL")
        else:
            cursor.execute("SELECT count(*) FROM search_fts WHERE search_fts MATCH 'kort'")
        assert cursor.fetchone()[0] > 0
