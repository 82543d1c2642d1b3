"""Stop words per language: the Snowball project's lists, as PostgreSQL ships them
(``share/tsearch_data/<language>.stop``), kept as data in ``search/stopwords_data/``, one word
a line.

Words this common are left out of the index and of queries on both backends, so a question
typed as a sentence ("what if a card is exposed on the deal") searches for its content words.
The lists must stay the Snowball ones: PostgreSQL drops exactly these words in the language's
text search configuration, and the two backends should agree on what matches. (The
``stop-words`` package has the Snowball list only for Danish; its Swedish, Finnish and English
lists are four to ten times longer and hold poker words such as "low", "high", "call",
"pieni" and "fjärde".)
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DATA", "STOP_WORDS", "stop_words_read"]

#: The folder of the lists, named as the Snowball algorithms are.
DATA = Path(__file__).resolve().parent / "stopwords_data"

_FILES = {"sv": "swedish", "da": "danish", "fi": "finnish", "en": "english"}


def stop_words_read(language: str) -> frozenset[str]:
    """The stop words of one site language, read from its list.

    >>> "och" in stop_words_read("sv"), "bring" in stop_words_read("en")
    (True, False)
    """
    text = (DATA / f"{_FILES[language]}.stop").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip())


STOP_WORDS: dict[str, frozenset[str]] = {language: stop_words_read(language) for language in _FILES}
