"""Renamed slugs (``former:`` in core/content/urls.yaml) are checked when the vocabulary is read:
an old slug must stand for a word the section has in that language, and must be free."""

from __future__ import annotations

from pathlib import Path

import pytest

from core import urlwords
from tests.core.test_urlwords import vocabulary

__all__ = ["vocabulary"]


def test_a_renamed_slug_is_listed_by_language(vocabulary: Path) -> None:
    vocabulary.write_text(
        "content:\n  who-brings-in: {sv: vem-lagger-bring-in, da: hvem-laegger-bring-in}\n"
        "former:\n  content:\n    who-brings-in: {sv: [vem-tar-bring-in]}\n"
    )
    assert urlwords.local_word("content", "who-brings-in", "sv") == "vem-lagger-bring-in"
    former: object = urlwords._vocabulary()[urlwords.FORMER]  # sets, unlike the word sections
    assert former == {"sv": {"vem-tar-bring-in": frozenset({"vem-lagger-bring-in"})}}
    # The old slug is no word of its own: it does not resolve to the page (it moves, 301).
    assert urlwords.english_word("content", "vem-tar-bring-in", "sv") == "vem-tar-bring-in"


def test_an_old_slug_still_in_use_is_refused(vocabulary: Path) -> None:
    vocabulary.write_text(
        "kinds:\n  bring-in: {sv: vem-tar-bring-in}\n"
        "content:\n  who-brings-in: {sv: vem-lagger-bring-in}\n"
        "former:\n  content:\n    who-brings-in: {sv: [vem-tar-bring-in]}\n"
    )
    with pytest.raises(ValueError, match="'vem-tar-bring-in' is no free slug"):
        urlwords.local_word("content", "who-brings-in", "sv")


def test_a_rename_of_a_word_the_language_lacks_is_refused(vocabulary: Path) -> None:
    vocabulary.write_text(
        "content:\n  who-brings-in: {sv: vem-lagger-bring-in}\n"
        "former:\n  content:\n    who-brings-in: {da: [hvem-tager-bring-in]}\n"
    )
    with pytest.raises(ValueError, match=r"no content\.who-brings-in\.da to rename"):
        urlwords.local_word("content", "who-brings-in", "sv")
