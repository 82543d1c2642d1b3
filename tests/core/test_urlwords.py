"""The URL vocabulary is checked when it is read: ASCII slugs, no two words sharing one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from core import urlwords


@pytest.fixture
def vocabulary(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    path = tmp_path / "urls.yaml"
    monkeypatch.setattr(urlwords, "VOCABULARY", path)
    urlwords._vocabulary.cache_clear()
    urlwords._english.cache_clear()
    yield path
    urlwords._vocabulary.cache_clear()
    urlwords._english.cache_clear()


def test_two_words_with_one_slug_are_refused(vocabulary: Path) -> None:
    vocabulary.write_text("words:\n  set: {sv: omgang}\n  round: {sv: omgang}\n")
    with pytest.raises(ValueError, match="'set' and 'round' are both 'omgang' in sv"):
        urlwords.local_word("words", "set", "sv")


def test_a_slug_with_letters_outside_ascii_is_refused(vocabulary: Path) -> None:
    vocabulary.write_text("content:\n  goal: {sv: målet}\n")
    with pytest.raises(ValueError, match=r"content\.goal\.sv"):
        urlwords.local_word("content", "goal", "sv")


def test_an_unknown_section_is_refused(vocabulary: Path) -> None:
    vocabulary.write_text("pages:\n  goal: {sv: malet}\n")
    with pytest.raises(ValueError, match="unknown section 'pages'"):
        urlwords.local_word("content", "goal", "sv")
