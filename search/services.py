"""Searching the rules reference: ``search_query`` on SQLite (FTS5) or PostgreSQL (tsvector).

Both backends answer the same question in the same shape: every entry in the reader's language
that holds all the query's words (stemmed; the last word as a prefix while typing), or, when
none holds them all, any of them. Title matches come first, then the backend's relevance score
(FTS5's bm25 with the title weighted ten times the text; PostgreSQL's ts_rank with the title at
weight A), then content order. Snippets and highlights are drawn in Python from the stored text,
the same way for both.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from django.conf import settings
from django.db import connection
from django.urls import NoReverseMatch, get_script_prefix, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext

from search.index import FTS_TABLE
from search.models import SearchEntry
from search.text import (
    MAX_QUERY_LENGTH,
    OWN_STEMS,
    STEMMERS,
    QueryTerm,
    highlight,
    query_terms,
    snippet,
)

__all__ = ["SearchOutcome", "SearchResult", "Suggestion", "search_query", "search_suggest"]

logger = logging.getLogger(__name__)

#: Results shown for one query (the count says how many matched in all).
RESULT_LIMIT = 20
_TABLE = SearchEntry._meta.db_table


@dataclass(frozen=True, slots=True)
class SearchResult:
    kind: str
    kind_label: str
    key: str
    url: str
    title_html: SafeString
    context: str
    snippet_html: SafeString


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A glossary headword close to a misspelt query."""

    term: str
    url: str


@dataclass(frozen=True, slots=True)
class SearchOutcome:
    """What the search page shows for one query."""

    query: str
    terms: tuple[QueryTerm, ...] = ()
    results: tuple[SearchResult, ...] = ()
    total: int = 0
    all_words: bool = True  # False: no entry held every word, these hold some
    truncated: bool = False  # the query was longer than MAX_QUERY_LENGTH and was cut
    suggestions: tuple[Suggestion, ...] = ()
    problem: str = ""  # "empty", "no_words" or "stop_words_only"


def _url(kind: str, key: str) -> str:
    return _url_in(kind, key, get_language() or settings.LANGUAGE_CODE, get_script_prefix())


@lru_cache(maxsize=8192)
def _url_in(kind: str, key: str, language: str, prefix: str) -> str:
    """``reverse()`` memoised: the URL of an entry depends only on these (and the URLconf)."""
    parts = key.split("/")
    try:
        if kind == "difference":
            return reverse("rules:differences") + f"#{key}"
        return reverse(f"rules:{kind}-detail", args=parts)
    except NoReverseMatch:
        logger.warning("search: no URL for %s %s", kind, key)
        return reverse("rules:index")


def _kind_labels() -> dict[str, str]:
    return {
        "step": gettext("Rule step"),
        "section": gettext("Section"),
        "page": gettext("Rules page"),
        "term": gettext("Glossary term"),
        "difference": gettext("Rulebook difference"),
    }


# --------------------------------------------------------------------------------------------
# SQLite: FTS5 over the stems search.text computes


def _fts_term(term: QueryTerm) -> str:
    # Stems are letters and digits only (search.text), so quoting them is all the escaping
    # FTS5 needs: nothing a reader types reaches the MATCH syntax.
    first = f'"{term.stem}"' + ("*" if term.prefix else "")
    if term.alternatives:
        first = "(" + " OR ".join([first, *(f'"{key}"' for key in term.alternatives)]) + ")"
    if not term.part_stems:
        return first
    return f"({first} OR (" + " AND ".join(f'"{part}"' for part in term.part_stems) + "))"


def _fts_match(terms: list[QueryTerm], *, any_term: bool) -> str:
    return (" OR " if any_term else " AND ").join(_fts_term(term) for term in terms)


def _sqlite_rows(terms: list[QueryTerm], language: str, *, any_term: bool) -> list[tuple[Any, ...]]:
    words = _fts_match(terms, any_term=any_term)
    match = f'{{language}} : "{language}" AND ({words})'
    title_match = f'{{language}} : "{language}" AND {{title_index}} : ({words})'
    # bm25() may not share its SELECT with a window function or a join, hence the nesting:
    # rank the matching ids, keep the first RESULT_LIMIT, then fetch only their texts.
    sql = (
        f"SELECT e.kind, e.key, e.title, e.context, e.body, m.total FROM ("
        f"  SELECT id, score, id IN (SELECT rowid FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s)"
        f"    AS hit, COUNT(*) OVER () AS total FROM ("
        f"    SELECT rowid AS id, bm25({FTS_TABLE}, 0.0, 10.0, 1.0) AS score"
        f"    FROM {FTS_TABLE} WHERE {FTS_TABLE} MATCH %s"
        f"  ) ORDER BY hit DESC, score, id LIMIT %s"
        f") m JOIN {_TABLE} e ON e.id = m.id ORDER BY m.hit DESC, m.score, e.id"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [title_match, match, RESULT_LIMIT])
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


# --------------------------------------------------------------------------------------------
# PostgreSQL: its own full-text search in the language's configuration


def _ts_word(word: str, *, prefix: bool, weight: str) -> str:
    return f"{word}:{'*' if prefix else ''}{weight}" if prefix or weight else word


def _ts_term(term: QueryTerm, weight: str, *, own_stems: bool = False) -> str:
    # Words are letters and digits only (search.text): nothing reaches the tsquery syntax.
    if own_stems:  # the index holds the site's own stems (OWN_STEMS): ask for those
        keys = (term.stem, *term.alternatives)
        first = " | ".join(_ts_word(key, prefix=term.prefix, weight=weight) for key in keys)
        first = f"({first})" if len(keys) > 1 else first
        part_words = term.part_stems
    else:
        first = _ts_word(term.word, prefix=term.prefix, weight=weight)
        part_words = term.parts
    if not part_words:
        return first
    parts = " & ".join(_ts_word(part, prefix=False, weight=weight) for part in part_words)
    return f"({first} | ({parts}))"


def _ts_query(
    terms: list[QueryTerm], *, any_term: bool, weight: str = "", own_stems: bool = False
) -> str:
    return (" | " if any_term else " & ").join(
        _ts_term(term, weight, own_stems=own_stems) for term in terms
    )


def _postgres_rows(
    terms: list[QueryTerm], language: str, *, any_term: bool
) -> list[tuple[Any, ...]]:
    own = language in OWN_STEMS
    config = "simple" if own else STEMMERS[language]
    sql = (
        f"SELECT e.kind, e.key, e.title, e.context, e.body, COUNT(*) OVER () "
        f"FROM {_TABLE} e, to_tsquery(%s::regconfig, %s) q, to_tsquery(%s::regconfig, %s) tq "
        f"WHERE e.language = %s AND e.vector @@ q "
        f'ORDER BY e.vector @@ tq DESC, ts_rank(e.vector, q) DESC, e."order" LIMIT %s'
    )
    query = _ts_query(terms, any_term=any_term, own_stems=own)
    title_query = _ts_query(terms, any_term=any_term, weight="A", own_stems=own)
    with connection.cursor() as cursor:
        cursor.execute(sql, [config, query, config, title_query, language, RESULT_LIMIT])
        rows: list[tuple[Any, ...]] = cursor.fetchall()
        return rows


def _rows(terms: list[QueryTerm], language: str, *, any_term: bool) -> list[tuple[Any, ...]]:
    if connection.vendor == "postgresql":
        return _postgres_rows(terms, language, any_term=any_term)
    return _sqlite_rows(terms, language, any_term=any_term)


# --------------------------------------------------------------------------------------------
# Near misses: glossary headwords close to the query


def _edit_distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) that turn ``a`` into ``b``.

    >>> _edit_distance("misdael", "misdeal"), _edit_distance("brng in", "bring in")
    (1, 1)
    """
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


_NOT_WORD = re.compile(r"[\W_]+")


def _normal(text: str) -> str:
    return _NOT_WORD.sub(" ", text.lower()).strip()


@lru_cache(maxsize=4096)
def _headword_forms(headword: str) -> tuple[str, ...]:
    """ "Ante (alkupanos)" can be misspelt as either name."""
    main, _paren, rest = headword.partition("(")
    forms = [_normal(headword), _normal(main)]
    if rest:
        forms.append(_normal(rest.rstrip(")")))
    return tuple(form for form in forms if form)


def _similar_python(query: str, language: str, limit: int) -> list[tuple[str, str]]:
    wanted = _normal(query)
    if len(wanted) < 3:
        return []
    scored: list[tuple[float, str, str]] = []
    rows = SearchEntry.objects.filter(language=language, kind="term").values_list("key", "title")
    for key, title in rows:
        best = _edit_similarity(wanted, title)
        if best >= 0.75:
            scored.append((best, key, title))
    scored.sort(key=lambda row: (-row[0], row[2]))
    return [(key, title) for _score, key, title in scored[:limit]]


@cache
def _has_trigrams(alias: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        return cursor.fetchone() is not None


def _similar_postgres(query: str, language: str, limit: int) -> list[tuple[str, str]]:
    wanted = _normal(query)
    if len(wanted) < 3:
        return []
    sql = (
        "SELECT key, title, score FROM ("
        "  SELECT key, title, GREATEST(similarity(lower(title), %s),"
        "    similarity(lower(split_part(title, ' (', 1)), %s)) AS score"
        f"  FROM {_TABLE} WHERE language = %s AND kind = 'term'"
        ") scored WHERE score >= 0.2 ORDER BY score DESC, title LIMIT %s"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [wanted, wanted, language, limit * 4])
        rows = cursor.fetchall()
    # Trigrams find the candidates; a swapped pair of letters ("misdael") shares few trigrams,
    # so a candidate also counts when the edit distance is small.
    return [
        (key, title)
        for key, title, score in rows
        if score >= 0.4 or _edit_similarity(wanted, title) >= 0.75
    ][:limit]


@lru_cache(maxsize=8192)
def _bigrams(text: str) -> frozenset[str]:
    return frozenset(text[i : i + 2] for i in range(len(text) - 1))


def _edit_similarity(wanted: str, headword: str) -> float:
    best = 0.0
    wanted_bigrams = _bigrams(wanted)
    for form in _headword_forms(headword):
        if abs(len(form) - len(wanted)) > 0.25 * max(len(form), len(wanted)):
            continue  # too far apart in length to reach the threshold
        shared = len(wanted_bigrams & _bigrams(form))
        if shared * 4 < len(wanted_bigrams | _bigrams(form)):
            continue  # too few letter pairs in common: cheaper than the edit distance
        distance = _edit_distance(wanted, form)
        best = max(best, 1 - distance / max(len(wanted), len(form)))
    return best


def search_suggest(*, query: str, language: str, limit: int = 3) -> list[Suggestion]:
    """Glossary headwords that look like ``query`` (trigram similarity on PostgreSQL with
    pg_trgm, edit distance otherwise), closest first; none for an exact headword."""
    query = query[:MAX_QUERY_LENGTH]
    if connection.vendor == "postgresql" and _has_trigrams(connection.alias):
        found = _similar_postgres(query, language, limit)
    else:
        found = _similar_python(query, language, limit)
    wanted = _normal(query)
    if any(wanted in _headword_forms(title) for _key, title in found):
        return []
    return [Suggestion(term=title, url=_url("term", key)) for key, title in found]


# --------------------------------------------------------------------------------------------


def search_query(
    *, query: str, language: str, typing: bool = False, snippets: bool = True
) -> SearchOutcome:
    """Search the rule texts in ``language`` for ``query``; never raises for any input.

    ``typing``: the reader is still typing (active search), so the last word may be a prefix.
    ``snippets``: draw the highlighted extracts (the header's short list shows none).
    """
    language = language if language in STEMMERS else settings.LANGUAGE_CODE
    query = query.replace("\x00", "")
    truncated = len(query) > MAX_QUERY_LENGTH
    query = query[:MAX_QUERY_LENGTH].strip()
    if not query:
        return SearchOutcome(query="", problem="empty")
    terms = query_terms(query, language, prefix_last=typing)
    if not terms:
        has_words = any(char.isalnum() for char in query)
        problem = "stop_words_only" if has_words else "no_words"
        return SearchOutcome(query=query, truncated=truncated, problem=problem)
    all_words = True
    rows = _rows(terms, language, any_term=False)
    if not rows and len(terms) > 1:
        all_words = False
        rows = _rows(terms, language, any_term=True)
    # An entry titled exactly as the query (a glossary headword) comes first of all.
    wanted = _normal(query)
    rows = sorted(rows, key=lambda row: wanted not in _headword_forms(row[2]))
    labels = _kind_labels()
    memo: dict[str, bool] = {}
    results = tuple(
        SearchResult(
            kind=kind,
            kind_label=labels.get(str(kind), str(kind)),
            key=key,
            url=_url(kind, key),
            title_html=mark_safe(highlight(title, terms, language, memo)),
            context=context,
            snippet_html=mark_safe(snippet(body, terms, language, memo=memo) if snippets else ""),
        )
        for kind, key, title, context, body, _total in rows
    )
    total = rows[0][5] if rows else 0
    # "Did you mean" only when the words were not all found: a near miss, not a good query.
    suggestions: tuple[Suggestion, ...] = ()
    if not results or not all_words:
        suggestions = tuple(search_suggest(query=query, language=language))
    return SearchOutcome(
        query=query,
        terms=tuple(terms),
        results=results,
        total=total,
        all_words=all_words,
        truncated=truncated,
        suggestions=suggestions,
    )
