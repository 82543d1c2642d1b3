"""Finnish search and consonant gradation: an inflected query finds the rule text written in
another form of the same word (kortteja -> kortit, pelaajan -> pelaaja, panoksen -> panos,
kädet -> käsi), although Snowball alone gives the two forms different stems.

The keys are computed in search.text for the SQLite (FTS5) index; PostgreSQL stems with its
own Finnish configuration, so the end-to-end tests here run on SQLite only."""

from __future__ import annotations

import pytest
import snowballstemmer
from django.db import connection
from django.utils.translation import override

from search.services import search_query
from search.text import highlight, query_terms, stems

# (an inflected form a reader types, the form a rule text uses)
PAIRS = [
    ("kortteja", "kortti"),  # tt, plural -j-
    ("korttien", "kortit"),
    ("pelaajan", "pelaaja"),
    ("panoksen", "panos"),  # -ks- : -s
    ("panosta", "panos"),  # partitive, not pano + -sta
    ("korotusta", "korotus"),
    ("kädet", "käsi"),  # t/d and s/t
    ("käsiä", "kättä"),
    ("avokädet", "avokäsi"),  # Snowball reads the -si of avokäsi as "your"
    ("kadun", "katu"),  # t/d
    ("pöydän", "pöytä"),
    ("ruudun", "ruutu"),
    ("säännön", "sääntö"),  # nt/nn
    ("lyönnin", "lyönti"),
    ("kuninkaan", "kuningas"),  # ng/nk the other way round, and not the clitic -kaan
    ("potit", "potti"),  # tt/t
    ("hertan", "hertta"),
    ("pakan", "pakka"),  # kk/k
    ("kympin", "kymppi"),  # pp/p
    ("tavan", "tapa"),  # p/v
    ("kengän", "kenkä"),  # nk/ng
    ("lammen", "lampi"),  # mp/mm
    ("kutosen", "kutonen"),  # -nen : -sen
    ("nelosen", "nelonen"),
]


@pytest.mark.parametrize(("typed", "written"), PAIRS)
def test_both_forms_share_a_key(typed: str, written: str) -> None:
    assert set(stems(typed, "fi")) & set(stems(written, "fi")), (
        stems(typed, "fi"),
        stems(written, "fi"),
    )


def test_snowball_alone_would_miss_most_of_them() -> None:
    snowball = snowballstemmer.stemmer("finnish")
    missed = [(a, b) for a, b in PAIRS if snowball.stemWord(a) != snowball.stemWord(b)]
    assert len(missed) >= 20, missed


@pytest.mark.parametrize(
    ("word", "other"),
    [("pelaaja", "peli"), ("kortti", "katu"), ("pari", "panos"), ("käsi", "kasi")],
)
def test_different_words_keep_different_keys(word: str, other: str) -> None:
    assert not set(stems(word, "fi")) & set(stems(other, "fi"))


def test_other_languages_are_plain_snowball() -> None:
    assert stems("korten", "sv") == ("kort",)
    assert stems("pöydän", "en") == (snowballstemmer.stemmer("english").stemWord("pöydän"),)


def test_highlight_marks_the_other_forms() -> None:
    terms = query_terms("kortteja pöydän", "fi")
    html = highlight("Kun kortit loppuvat pöydästä", terms, "fi")
    assert html == "Kun <mark>kortit</mark> loppuvat <mark>pöydästä</mark>"


def _keys(query: str) -> list[str]:
    with override("fi"):
        return [result.key for result in search_query(query=query, language="fi").results]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "key"),
    [
        ("kortteja", "stud/out-of-cards"),  # "Kun kortit loppuvat"
        ("panoksen", "small-bet"),  # "Pieni panos"
        ("avokädet", "board"),  # "Avokäsi"
        ("kadun", "street"),  # "Katu"
        ("potit", "pots-and-ties"),  # "Potit ja tasapelit" (Snowball: poti / pot)
        ("korotusta", "raise"),  # "Korotus (korottaa)"
        ("pöydän", "stud/irregularities/card-off-the-table"),  # "Pöydältä putoava kortti"
        ("kuninkaan", "razz/forced-bets/who-brings-in"),  # "Patakuningas [Ks] joutuu …"
        ("ovikortteja", "door-card"),  # "Ovikortti"
        ("pelimerkkejä", "odd-chip"),  # "Ylijäävä pelimerkki"
    ],
)
def test_an_inflected_query_finds_the_rule_text(query: str, key: str) -> None:
    # Found on SQLite and PostgreSQL alike: both index the site's own Finnish stems
    # (OWN_STEMS). They rank differently: FTS5's bm25 puts it among the first three; PostgreSQL's
    # ts_rank finds it on the results page but ranks it lower (kortteja: 18th of 20).
    found = _keys(query)
    assert key in (found[:3] if connection.vendor == "sqlite" else found), found[:8]
