"""Spelling, per language, with Debian's checkers: hunspell (sv, da, en) and Voikko (fi).

What is read: the visible text of every sitemap page (and the quiz question each quiz kind's
address leads to), the practice table played with the coach answering wrongly, every generated
sentence shape (practice.sentence_samples, and the feedback on a wrong answer to every quiz
kind, game, rulebook and level), and every catalogue entry and content text of the language
(so a lesson's later steps and every rule text are read even where no page shows them yet).

Every word the checker does not know must be in ``locale/<lang>/words.txt``: the poker terms
and names the project has reviewed, each listed once, sorted; an entry no text needs is an
error too. A word glued where markup meets ("jaWSOP") is fixed in the markup, never listed.
The tools are installed by scripts/ensure-test-tools (and .ci/run); without them the test
fails and says what to install. ``pytest tests/rules/test_spelling.py -k fi -s`` prints the
counts.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import polib
import pytest
import yaml
from django.conf import settings
from django.test import Client

from core.ledger import _walk
from tests.generated_sentences import generated_sentences, table_pages
from tests.sitemap_pages import SitePages
from tests.spelling import (
    DEBIAN_PACKAGES,
    ToolMissing,
    WordList,
    checker,
    page_texts,
    unknown_words,
    word_order,
    words_of,
)

LANGUAGES = ("sv", "da", "fi", "en")
#: Seeds of each generated sentence: enough for every shape of every kind (tests/practice's
#: shape tests read more seeds; the words do not change with the numbers and cards).
SEEDS = 2

_PLACEHOLDER = re.compile(r"%\([a-z0-9_]+\)[sd]|%[sd]|\{[a-z_]+\}")
_MARKUP_LINK = re.compile(r"\{\{[a-z]+:[^{}|]*(?:\|(?P<text>[^{}]*))?\}\}")
_MARKUP_CARDS = re.compile(r"\[[^\[\]]*\]")
#: A JSON example in an admin help text ({"kind": "best-high", ...}) is code, not prose.
_JSON = re.compile(r"\{\s*\"[^{}]*\}")
_TAG = re.compile(r"<[^>]+>")
#: The words of the site's addresses (slugs without accents) are not prose.
_ADDRESS_WORDS = "content:core/content/urls.yaml"


def _plain(text: str) -> str:
    """A catalogue or content text as words: placeholders, card lists and tags out, a link's
    text kept."""
    text = _MARKUP_LINK.sub(lambda m: m["text"] or " ", text)
    text = _MARKUP_CARDS.sub(" ", _PLACEHOLDER.sub(" ", _JSON.sub(" ", text)))
    return _TAG.sub("", text.replace("**", ""))


@cache
def _content_files() -> tuple[tuple[str, object], ...]:
    """Every content file (``*/content/**/*.yaml``) but the address words, parsed once."""
    root = Path(settings.BASE_DIR)
    return tuple(
        (path.relative_to(root).as_posix(), yaml.safe_load(path.read_text(encoding="utf-8")))
        for path in sorted(root.glob("*/content/**/*.yaml"))
        if ".venv" not in path.parts
        and not f"content:{path.relative_to(root).as_posix()}".startswith(_ADDRESS_WORDS)
    )


def _source_texts(language: str) -> Iterator[str]:
    """Every catalogue entry and content text of ``language`` (English: the msgids and the
    content's English), as the review ledger lists them (core/ledger.py)."""
    root = Path(settings.BASE_DIR)
    catalogue = root / "locale" / ("sv" if language == "en" else language) / "LC_MESSAGES"
    for entry in polib.pofile(str(catalogue / "django.po")):
        if entry.obsolete:
            continue
        if language == "en":
            texts = [entry.msgid, entry.msgid_plural]
        else:
            texts = [entry.msgstr, *entry.msgstr_plural.values()]
        yield from (_plain(text) for text in texts if text)
    for _path, data in _content_files():
        yield from (_plain(text) for _where, _en, text in _walk(data, "", language))


def _texts(language: str, site_pages: SitePages, blocker: object) -> dict[str, list[str]]:
    """Where -> its texts, for every source the test reads."""
    texts: dict[str, list[str]] = {}
    for path, html in site_pages.rendered(language).items():
        texts[path] = page_texts(html)
    started = time.monotonic()
    with blocker.unblock():  # type: ignore[attr-defined]
        for path, html in table_pages(language, Client()).items():
            texts[path] = page_texts(html)
    for where, sentence in generated_sentences(language, seeds=SEEDS):
        texts.setdefault(f"[{where}]", []).append(sentence)
    texts["[catalogue and content]"] = list(_source_texts(language))
    print(
        f"\n{language}: table, sentences, catalogue and content read in "
        f"{time.monotonic() - started:.1f} s (the sitemap pages are the session's, shared)"
    )
    return texts


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_word_is_known_or_listed(
    site_pages: SitePages, django_db_blocker: object, language: str
) -> None:
    try:
        known = checker(language)
    except ToolMissing as error:
        pytest.fail(
            f"{error} is not installed: apt-get install {DEBIAN_PACKAGES[language]} "
            "(make test-tools does it)"
        )
    texts = _texts(language, site_pages, django_db_blocker)
    started = time.monotonic()
    word_list = WordList.read(language)
    words_at: dict[str, str] = {}
    for where, items in texts.items():
        for word in words_of(items):
            words_at.setdefault(word, where)
    verdict = unknown_words(set(words_at), known, word_list)
    seconds = time.monotonic() - started
    print(
        f"\n{language}: {len(words_at)} distinct words from {len(texts)} pages and sources, "
        f"checked in {seconds:.1f} s; {len(word_list.words)} words listed, "
        f"{len(verdict.unknown)} unknown"
    )
    listing = "\n".join(f"  {w!r} ({words_at[w]})" for w in sorted(verdict.unknown))
    assert not verdict.unknown, (
        f"{len(verdict.unknown)} {language} word(s) the checker does not know: fix them, or add "
        f"a reviewed poker term or name to locale/{language}/words.txt\n{listing}"
    )
    unused = sorted(set(word_list.words) - verdict.used)
    assert not unused, f"locale/{language}/words.txt lists words no text needs: {unused}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_word_list_is_sorted_and_lists_each_word_once(language: str) -> None:
    words = WordList.read(language).words
    assert len(words) == len(set(words)), f"locale/{language}/words.txt lists a word twice"
    assert words == sorted(words, key=word_order), f"locale/{language}/words.txt: sort it"
    # "jaWSOP", "uppRegelboken": two words glued where markup meets are fixed, never listed.
    glued = [w for w in words if re.match(r"[a-zåäöæø]{2,}[A-ZÅÄÖÆØ]", w)]
    assert not glued, f"locale/{language}/words.txt lists glued words: {glued}"


def test_a_page_reads_as_laid_out() -> None:
    html = (
        '<html lang="sv"><head><title>Regler</title></head><body><p>ja<a href="/">WSOP</a>'
        ' och <img alt="spaderess">kort<br>rad</p><blockquote lang="en"><p>the rule</p>'
        "</blockquote><p>efter <span lang=en>quoted</span> igen</p></body></html>"
    )
    assert page_texts(html) == ["Regler", "jaWSOP och", "spaderess", "kort", "rad", "efter igen"]


def test_words_endings_and_compounds() -> None:
    assert words_of(["WSOP:n och 5 $:lla, käteis- ja turnaus-, K-Q-J plats A, Robert's"]) == {
        "WSOP",
        "och",
        "käteis-",
        "ja",
        "turnaus",
        "plats",
        "Robert's",
    }
    known = {"beloppet", "käden", "Regler"}.intersection
    listed = WordList("sv", ["bring-in", "low"])
    verdict = unknown_words(
        {"bring-in-beloppet", "Low-käden", "bring-out", "Regler", "Bring-in"}, known, listed
    )
    assert verdict.unknown == {"bring-out"}
    assert verdict.used == {"bring-in", "low"}
