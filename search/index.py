"""Building the search index from the rules models, on SQLite (FTS5) or PostgreSQL (tsvector).

``search_index_rebuild`` replaces every row in one transaction; the signals in ``search.signals``
call it after any change to the rule content commits (admin edits, ``loadrules``), and
``manage.py searchindex`` calls it by hand. The whole content is a few hundred texts per
language, so a full rebuild (well under a second) is simpler and safer than patching rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils.translation import gettext, override

from rules.markup import Link, LinkTarget, markup_plain
from rules.models import Difference, GlossaryTerm, Page, Section, Step
from search.models import SearchEntry
from search.text import OWN_STEMS, STEMMERS, index_text, words

__all__ = ["FTS_TABLE", "LANGUAGES", "search_index_rebuild", "search_index_size", "text_plain"]

LANGUAGES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
FTS_TABLE = "search_fts"

_SPACES = re.compile(r"\s+")


def text_plain(text: str, titles: dict[tuple[str, str], str]) -> str:
    """A rule text as plain words in the active language, as a page's description reads it
    (``rules.markup.markup_plain``): links by their text (or the target's title, a glossary
    term in the sentence's case), a card by its name and a hand in brackets, no list markers
    or emphasis.

    >>> from django.utils.translation import override
    >>> titles = {("term", "ante"): "Ante"}
    >>> with override("en"):
    ...     text_plain("- **Low** [2c] pays {{term:ante}}. [As Kd] acts.", titles)
    'Low two of clubs pays ante. (Ace of spades, king of diamonds) acts.'
    """
    from core.cards import card_name_of

    def resolve(link: Link) -> LinkTarget | None:
        title = titles.get(link.key)
        return None if title is None else LinkTarget("", title)

    try:
        return markup_plain(text, resolve=resolve, card_name=card_name_of)
    except ValueError:  # a text the loader should have refused: its words as written
        return _SPACES.sub(" ", text).strip()


def _text(obj: Any, name: str, language: str) -> str:
    value = getattr(obj, f"{name}_{language}", None) or getattr(obj, f"{name}_en", None) or ""
    return str(value)


def _link_titles(
    pages: list[Page],
    sections: list[Section],
    steps: list[Step],
    terms: list[GlossaryTerm],
    lang: str,
) -> dict[tuple[str, str], str]:
    titles: dict[tuple[str, str], str] = {}
    for page in pages:
        titles[("page", page.slug)] = _text(page, "title", lang)
    for section in sections:
        titles[("section", f"{section.page.slug}/{section.slug}")] = _text(section, "title", lang)
    for step in steps:
        key = f"{step.section.page.slug}/{step.section.slug}/{step.slug}"
        titles[("step", key)] = _text(step, "title", lang)
    for term in terms:
        titles[("term", term.slug)] = _text(term, "term", lang)
    return titles


@dataclass
class _Content:
    """The rule content the index holds, read once for every language: sections and steps
    grouped under their page and section, in their order."""

    pages: list[Page]
    sections: list[Section]
    steps: list[Step]
    terms: list[GlossaryTerm]
    differences: list[Difference]
    sections_of: dict[int, list[Section]] = field(default_factory=dict)
    steps_of: dict[int, list[Step]] = field(default_factory=dict)

    @classmethod
    def read(cls) -> _Content:
        content = cls(
            pages=list(Page.objects.order_by("order", "slug")),
            sections=list(Section.objects.select_related("page")),
            steps=list(Step.objects.select_related("section__page")),
            terms=list(GlossaryTerm.objects.order_by("order", "slug")),
            differences=list(Difference.objects.order_by("order", "slug")),
        )
        for section in sorted(content.sections, key=lambda s: (s.order, s.slug)):
            content.sections_of.setdefault(section.page_id, []).append(section)
        for step in sorted(content.steps, key=lambda s: (s.order, s.slug)):
            content.steps_of.setdefault(step.section_id, []).append(step)
        return content


@dataclass
class _Entries:
    """One language's entries, numbered in the order they are made."""

    language: str
    titles: dict[tuple[str, str], str]
    order: int = 0

    def entry(self, kind: str, key: str, title: str, context: str, body: str) -> SearchEntry:
        self.order += 1
        plain = text_plain(body, self.titles)
        return SearchEntry(
            language=self.language,
            kind=kind,
            key=key,
            order=self.order,
            title=title[:300],
            context=context[:400],
            body=plain,
            title_index=index_text(title, self.language),
            body_index=index_text(plain, self.language),
        )

    def pages(self, content: _Content) -> Iterator[SearchEntry]:
        """Each page, then its sections, each followed by its steps."""
        language = self.language
        for page in content.pages:
            page_title = _text(page, "title", language)
            yield self.entry("page", page.slug, page_title, "", _text(page, "summary", language))
            for section in content.sections_of.get(page.pk, []):
                section_key = f"{page.slug}/{section.slug}"
                section_title = _text(section, "title", language)
                yield self.entry(
                    "section",
                    section_key,
                    section_title,
                    page_title,
                    _text(section, "intro", language),
                )
                for step in content.steps_of.get(section.pk, []):
                    yield self.entry(
                        "step",
                        f"{section_key}/{step.slug}",
                        _text(step, "title", language),
                        f"{page_title} › {section_title}",
                        _text(step, "body", language),
                    )

    def glossary_and_differences(self, content: _Content) -> Iterator[SearchEntry]:
        """Each glossary term, then each difference between rulebooks."""
        groups: tuple[tuple[str, Sequence[GlossaryTerm | Difference], str, str, str], ...] = (
            ("term", content.terms, gettext("Glossary"), "term", "definition"),
            ("difference", content.differences, gettext("Where rulebooks differ"), "title", "body"),
        )
        for kind, objects, context, title, body in groups:
            for obj in objects:
                yield self.entry(
                    kind,
                    obj.slug,
                    _text(obj, title, self.language),
                    context,
                    _text(obj, body, self.language),
                )


def _entries() -> Iterator[SearchEntry]:
    content = _Content.read()
    for language in LANGUAGES:
        with override(language):
            titles = _link_titles(
                content.pages, content.sections, content.steps, content.terms, language
            )
            entries = _Entries(language, titles)
            yield from entries.pages(content)
            yield from entries.glossary_and_differences(content)


def _postgres_vectors(entries: list[SearchEntry]) -> None:
    """Fill the tsvector column: title weight A, text weight B, in the language's configuration
    (PostgreSQL does the stemming; the words go in as the tokenizer split them), or for the
    languages in OWN_STEMS the site's own stems, kept as they are."""
    table = connection.ops.quote_name(SearchEntry._meta.db_table)
    sql = (
        f"UPDATE {table} SET vector = "
        "setweight(to_tsvector(%s::regconfig, %s), 'A') || "
        "setweight(to_tsvector(%s::regconfig, %s), 'B') WHERE id = %s"
    )
    rows = []
    for entry in entries:
        if entry.language in OWN_STEMS:  # the site's own stems, as SQLite's index holds them
            title = index_text(entry.title, entry.language)
            body = index_text(entry.body, entry.language)
            rows.append(("simple", title, "simple", body, entry.pk))
            continue
        config = STEMMERS[entry.language]
        rows.append(
            (config, " ".join(words(entry.title)), config, " ".join(words(entry.body)), entry.pk)
        )
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)


def search_index_rebuild() -> int:
    """Replace the whole index with the current rule content; return the number of rows."""
    entries = list(_entries())
    with transaction.atomic():
        SearchEntry.objects.all().delete()
        SearchEntry.objects.bulk_create(entries, batch_size=500)
        if connection.vendor == "sqlite":
            with connection.cursor() as cursor:
                cursor.execute(f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')")
        elif connection.vendor == "postgresql":
            _postgres_vectors(entries)
    return len(entries)


def search_index_size() -> int:
    return SearchEntry.objects.count()
