"""The stop-word lists are data (search/stopwords_data/*.stop), the Snowball lists that
PostgreSQL ships: one lower-case word a line, and no poker word among them."""

from __future__ import annotations

import pytest

from search.stopwords import DATA, STOP_WORDS, stop_words_read
from search.text import query_terms

# The Snowball lists' sizes (PostgreSQL's tsearch_data): a list cut short or swapped for a
# longer one changes what both backends match.
SIZES = {"sv": 114, "da": 94, "fi": 229, "en": 127}


@pytest.mark.parametrize("language", sorted(SIZES))
def test_each_list_is_the_snowball_list(language: str) -> None:
    words = stop_words_read(language)
    assert len(words) == SIZES[language]
    assert STOP_WORDS[language] == words


@pytest.mark.parametrize("path", sorted(DATA.glob("*.stop")), ids=lambda p: p.name)
def test_the_files_are_one_lower_case_word_a_line_sorted(path: object) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()  # type: ignore[attr-defined]
    assert lines == sorted(set(lines))
    assert all(line == line.strip().lower() and " " not in line for line in lines)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "low high call small big half open side first seven"),
        ("sv", "fjärde tredje lilla stora hög"),
        ("fi", "pieni kolmas aloittaa kaksi viisi"),
        ("da", "lav høj første"),
    ],
)
def test_poker_words_are_not_stop_words(language: str, words: str) -> None:
    assert not set(words.split()) & STOP_WORDS[language]
    assert len(query_terms(words, language)) == len(words.split())


def test_a_sentence_keeps_only_its_content_words() -> None:
    stems = [term.stem for term in query_terms("what if a card is exposed on the deal", "en")]
    assert stems == ["card", "expos", "deal"]
