"""Words, stems and highlights: how search reads texts and queries in each language.

One tokenizer for the index and for queries on both backends. A word is a run of letters and
digits; a hyphenated word ("bring-in", Finnish "bring-inin") gives its parts and also the parts
joined ("bringin"), so "bring in", "bring-in", "bring-inin" and "all-in" (whose parts are English
stop words) all find it. Stems come from the Snowball stemmer of the reader's language, the same
algorithms as PostgreSQL's snowball configurations, so SQLite's FTS5 index and PostgreSQL's
``to_tsvector`` agree on what matches.

Finnish needs more than Snowball: consonant gradation changes the stem itself (kortti : korttia
: kortin, pöytä : pöydän, sääntö : säännön, käsi : kädet, kuningas : kuninkaan), and Snowball
reads some endings as suffixes (the -si of avokäsi as "your", -sta of panosta as "from").
``stems`` gives a Finnish word one gradation-free key, and a second one where the word may be
read two ways. The SQLite index holds every key and a query asks for any of them (PostgreSQL
stems with its own Finnish configuration, without these keys).

>>> [term.stem for term in query_terms("Korten", "sv")]
['kort']
>>> [(term.stem, term.part_stems) for term in query_terms("bring-inin", "fi")]
[('brinkin', ('brink', 'in'))]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any

import snowballstemmer

from search.stopwords import STOP_WORDS

__all__ = [
    "MAX_QUERY_LENGTH",
    "QueryTerm",
    "highlight",
    "index_text",
    "query_terms",
    "snippet",
    "stem",
    "stems",
    "words",
]

#: Longer queries are cut to this many characters before anything else happens.
MAX_QUERY_LENGTH = 200

#: The Snowball algorithm (and PostgreSQL text search configuration) of each site language.
STEMMERS = {"sv": "swedish", "da": "danish", "fi": "finnish", "en": "english"}
#: Languages whose stems the site makes itself on every database (Finnish: Snowball's stems plus
#: consonant gradation, which PostgreSQL's Finnish configuration does not undo); PostgreSQL then
#: indexes those stems as they are ("simple").
OWN_STEMS = frozenset({"fi"})

# A word: letters and digits (any script), optionally joined by hyphens into a compound.
_WORD = re.compile(r"[^\W_]+(?:[-‐‑][^\W_]+)*")
_PART = re.compile(r"[^\W_]+")


@lru_cache(maxsize=8)
def _stemmer(language: str) -> Any:
    return snowballstemmer.stemmer(STEMMERS.get(language, "english"))


@lru_cache(maxsize=65536)
def stem(word: str, language: str) -> str:
    """The stem of one lower-case word (memoised: a language has few distinct words): its
    Snowball stem, in Finnish made free of consonant gradation (``stems``).

    >>> stem("raising", "en"), stem("kortene", "da"), stem("korttia", "fi")
    ('rais', 'kort', 'kort')
    """
    return stems(word, language)[0]


@lru_cache(maxsize=65536)
def stems(word: str, language: str) -> tuple[str, ...]:
    """Every key one lower-case word is indexed and searched under: its stem first, then, in
    Finnish, a second reading where the word has two ("panosta" is "panos" in the partitive
    or "pano" + -sta).

    >>> stems("kortteja", "fi"), stems("kortti", "fi"), stems("panosta", "fi")
    (('kort',), ('kort',), ('pan', 'panos'))
    >>> stems("kädet", "fi") == stems("käsi", "fi"), stems("pöydän", "fi") == stems("pöytä", "fi")
    (True, True)
    """
    if language == "fi":
        return _finnish_keys(word)
    return (str(_stemmer(language).stemWord(word)),)


# --- Finnish: stems free of consonant gradation ---------------------------------------------
# Gradation alternates a stem's last consonants between a strong and a weak grade: kk/k, pp/p,
# tt/t (kortti : kortin), t/d (pöytä : pöydän), p/v (tapa : tavan), nk/ng (kenkä : kengän),
# mp/mm, lt/ll, nt/nn, rt/rr (sääntö : säännön), and the other way round in -as nouns
# (kuningas : kuninkaan). Both grades are mapped to one key, before Snowball (clusters inside
# the word, which Snowball keeps) and after it (the stem's last consonants, which it may undo).
# The grade of single k and its weak grade nothing (jako : jaon) is not undone.

_VOWELS = "aeiouyäö"
_WEAK_INSIDE = (("nn", "nt"), ("mm", "mp"), ("rr", "rt"), ("ng", "nk"))
_WEAK_D = re.compile(r"(?<=[aeiouyäöhlnr])d(?=[aeiouyäö])")
_WEAK_END = (("kk", "k"), ("pp", "p"), ("tt", "t"), ("ll", "lt"))


def _strong_grade(text: str) -> str:
    for weak, strong in _WEAK_INSIDE:
        text = text.replace(weak, strong)
    return _WEAK_D.sub("t", text)


def _finnish_key(word: str) -> str:
    key = _strong_grade(str(_stemmer("fi").stemWord(_strong_grade(word))))
    if len(key) > 4 and key[-1] == "j" and key[-2] in "eioöuy":
        key = key[:-1]  # the plural -j- of kortteja, sääntöjä
    if len(key) > 2 and key[-1] in _VOWELS:
        key = key[:-1]  # katu : kadu-, pöytä : pöydä-
    for weak, strong in _WEAK_END:
        if key.endswith(weak):
            return key[:-2] + strong
    if key.endswith("ks"):
        return key[:-2] + "s"  # panos : panoks-
    if key.endswith("käs"):
        return key[:-1] + "t"  # käsi : käsiä, kädet
    if len(key) >= 6 and key.endswith("as"):
        return key[:-2]  # kuningas : kuninkaa-
    if len(key) > 2 and key[-1] == "v" and key[-2] in _VOWELS + "lr":
        return key[:-1] + "p"  # tapa : tavan
    return key


def _finnish_keys(word: str) -> tuple[str, ...]:
    if word.endswith("käsi"):
        word = word[:-2] + "te"  # not the possessive -si ("your"): avokäsi, not avok-
    elif len(word) > 5 and word.endswith("nen"):
        word = word[:-3] + "sen"  # kutonen : kutosen, nelonen : nelosen
    if len(word) > 7 and word.endswith(("kaan", "kään")):
        word = word[:-1]  # kuninkaan: the -as noun's stem, not the clitic -kaan
    keys = [_finnish_key(word)]
    if len(word) >= 6 and word.endswith(("sta", "stä")) and word[-4] in "ouyö":
        # "panosta", "korotusta": the partitive of panos, korotus, or -sta ("from") on pano-.
        other = _finnish_key(word[:-2])
        if other not in keys:
            keys.append(other)
    return tuple(keys)


def _is_stop(word: str, language: str) -> bool:
    return word in STOP_WORDS.get(language, frozenset())


def words(text: str) -> list[str]:
    """The words of ``text``, lower-cased; a hyphenated word comes as its parts and then the
    parts joined.

    >>> words("The bring-in, (A♠) 5/10!")
    ['the', 'bring', 'in', 'bringin', 'a', '5', '10']
    """
    found: list[str] = []
    for match in _WORD.finditer(text.lower()):
        parts = _PART.findall(match.group())
        found.extend(parts)
        if len(parts) > 1:
            found.append("".join(parts))
    return found


def index_text(text: str, language: str) -> str:
    """``text`` as the stems FTS5 indexes: stop words dropped, stems separated by spaces.

    >>> index_text("Who brings in? The bring-in.", "en")
    'bring bring bringin'
    """
    return " ".join(
        key for word in words(text) if not _is_stop(word, language) for key in stems(word, language)
    )


@dataclass(frozen=True, slots=True)
class QueryTerm:
    """One word of a query and its stem. A compound ("bring-inin") also matches a text that
    holds all its ``parts`` (their stems: ``part_stems``), stop words left out. ``prefix``: the
    word is still being typed, so longer words match too."""

    word: str
    stem: str
    parts: tuple[str, ...] = ()
    part_stems: tuple[str, ...] = ()
    prefix: bool = False
    #: Other keys the word may stand for (Finnish "panosta": "panos" or "pano" + -sta).
    alternatives: tuple[str, ...] = ()

    @property
    def stems(self) -> frozenset[str]:
        """Every stem that counts as this word in a text (for highlighting)."""
        return frozenset({self.stem, *self.alternatives, *self.part_stems})


def query_terms(query: str, language: str, *, prefix_last: bool = False) -> list[QueryTerm]:
    """The terms of a query: stop words and repeats dropped, cut to ``MAX_QUERY_LENGTH``.

    With ``prefix_last`` the last word also matches longer words (active search: the reader
    is still typing it), once it has three letters.

    >>> [term.stem for term in query_terms("what if a card is exposed on the deal", "en")]
    ['card', 'expos', 'deal']
    >>> [term.stem for term in query_terms('" * NEAR( OR', "en")]
    ['near']
    """
    terms: list[QueryTerm] = []
    seen: set[str] = set()
    for match in _WORD.finditer(query[:MAX_QUERY_LENGTH].lower()):
        parts = _PART.findall(match.group())
        word = "".join(parts)
        if len(parts) == 1 and _is_stop(word, language):
            continue
        kept = (
            tuple(part for part in parts if not _is_stop(part, language)) if len(parts) > 1 else ()
        )
        keys = stems(word, language)
        term = QueryTerm(
            word=word,
            stem=keys[0],
            parts=kept,
            part_stems=tuple(stem(part, language) for part in kept),
            alternatives=keys[1:],
        )
        if term.stem in seen:
            continue
        seen.add(term.stem)
        terms.append(term)
    if prefix_last and terms and query[:MAX_QUERY_LENGTH][-1:].isalnum():
        last = terms[-1]
        if len(last.word) >= 3 and not last.parts:
            word, stemmed = last.word, last.stem
            if stemmed == word and len(word) >= 5:
                # No ending recognised: the reader may be inside one ("raisin" on the way to
                # "raising", whose stem is "rais"), so up to two letters less (never under
                # four) is the safer prefix.
                word = stemmed = word[: max(4, len(word) - 2)]
            terms[-1] = QueryTerm(word=word, stem=stemmed, prefix=True)
    return terms


def _matches(word: str, terms: list[QueryTerm], language: str) -> bool:
    if _is_stop(word, language):
        return False
    keys = stems(word, language)
    stemmed = keys[0]
    for term in terms:
        if word == term.word or not term.stems.isdisjoint(keys):
            return True
        if term.prefix and (stemmed.startswith(term.stem) or word.startswith(term.word)):
            return True
    return False


def _marked_spans(
    text: str, terms: list[QueryTerm], language: str, memo: dict[str, bool] | None = None
) -> list[tuple[int, int]]:
    """Where the words of ``text`` that match ``terms`` are (a hyphenated compound is one
    span). The distinct words are judged once (``memo`` shares that across texts), then one
    regular expression finds them: long texts are scanned in C, not word by word in Python."""
    memo = {} if memo is None else memo
    lowered = text.lower()
    hits = []
    for word in set(_PART.findall(lowered)):
        hit = memo.get(word)
        if hit is None:
            hit = memo[word] = _matches(word, terms, language)
        if hit:
            hits.append(word)
    if not hits:
        return []
    pattern = _hits_pattern(tuple(sorted(hits, key=len, reverse=True)))
    spans: list[tuple[int, int]] = []
    for match in pattern.finditer(lowered):
        start, end = match.span()
        if spans and lowered[spans[-1][1] : start] in ("-", "‐", "‑"):
            spans[-1] = (spans[-1][0], end)  # bring-in: one mark over the compound
        else:
            spans.append((start, end))
    return spans


@lru_cache(maxsize=1024)
def _hits_pattern(hits: tuple[str, ...]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(word) for word in hits)
    return re.compile(rf"(?<![^\W_])(?:{alternatives})(?![^\W_])")


def _marked(text: str, spans: list[tuple[int, int]]) -> str:
    out: list[str] = []
    position = 0
    for start, end in spans:
        out.append(escape(text[position:start]))
        out.append(f"<mark>{escape(text[start:end])}</mark>")
        position = end
    out.append(escape(text[position:]))
    return "".join(out)


def highlight(
    text: str, terms: list[QueryTerm], language: str, memo: dict[str, bool] | None = None
) -> str:
    """``text`` escaped, with the words that match ``terms`` in ``<mark>``.

    >>> highlight("Who brings in <first>?", query_terms("bring", "en"), "en")
    'Who <mark>brings</mark> in &lt;first&gt;?'
    """
    return _marked(text, _marked_spans(text, terms, language, memo))


def _whole_brackets(text: str, start: int, end: int, *, reach: int) -> tuple[int, int]:
    """``start`` and ``end`` moved out of a bracket they would cut (a hand of cards reads
    "(ace of spades, king of diamonds)": half of it would run into the sentence), by at most
    ``reach`` characters each.

    >>> text = "Between (ace of spades, king of diamonds) and (ace of clubs, queen of hearts) x"
    >>> _whole_brackets(text, 20, 55, reach=50)
    (8, 77)
    """
    opened = text.rfind("(", 0, start)
    if opened >= 0 and text.rfind(")", 0, start) < opened and start - opened <= reach:
        start = opened
    opened = text.rfind("(", start, end)
    if opened > text.rfind(")", start, end):
        closed = text.find(")", end)
        if 0 <= closed < end + reach:
            end = closed + 1
    return start, end


def snippet(
    text: str,
    terms: list[QueryTerm],
    language: str,
    *,
    width: int = 200,
    memo: dict[str, bool] | None = None,
) -> str:
    """About ``width`` characters of ``text`` around its best run of matching words, escaped
    and highlighted, with an ellipsis where text was cut. ``memo`` (word -> matches) may be
    shared by the calls for one query."""
    spans = _marked_spans(text, terms, language, memo)
    if len(text) <= width:
        return _marked(text, spans)
    if spans:
        # The window that holds the most marks, starting a little before one of them.
        best_start, best_count = 0, -1
        for start, _end in spans:
            window_start = max(0, start - width // 4)
            count = sum(1 for s, e in spans if s >= window_start and e <= window_start + width)
            if count > best_count:
                best_start, best_count = window_start, count
        start = best_start
    else:
        start = 0
    end = min(len(text), start + width)
    # Whole words only at the cut ends.
    if start > 0:
        space = text.find(" ", start)
        start = space + 1 if 0 <= space < start + 30 else start
    if end < len(text):
        space = text.rfind(" ", start, end)
        end = space if space > start + width // 2 else end
    start, end = _whole_brackets(text, start, end, reach=width)
    inside = [
        (max(s, start) - start, min(e, end) - start) for s, e in spans if e > start and s < end
    ]
    body = _marked(text[start:end], inside)
    return ("… " if start > 0 else "") + body + (" …" if end < len(text) else "")
