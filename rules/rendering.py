"""Rule texts as HTML: the link targets of a request, and the rendered-text cache.

Rendering a rule text needs every link target's URL and title. The index of targets is read
from the database once per request (one query); its fingerprint, with the language, the URL
prefix, the build (``core.pagecache.build_id``: the code, the URL words, the catalogues) and
the text itself, keys the rendered HTML. Any edit to a text or to a linked title, on any
server, and any deploy changes the key: nothing is ever stale and nothing needs clearing.
The same index tells which step teaches each rule (``rule_target``), so quiz explanations
link to current titles on every server.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from contextvars import ContextVar
from functools import cache, lru_cache

from django.conf import settings
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import connection, models
from django.urls import get_script_prefix, reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from core.cards import card_name_of
from core.pagecache import build_id
from rules.conf import LANGUAGES
from rules.markup import Link, LinkTarget, markup_plain, markup_render
from rules.models import GlossaryTerm, Page, Section, Step

logger = logging.getLogger(__name__)


type _TargetEntry = tuple[str, tuple[str, ...], dict[str, str]]

_TEXT_CACHE_SECONDS = 24 * 60 * 60
_TEXT_MEMO_SIZE = 2048


class _ContentIndex:
    """Every link target (page, section, step, term): URL name, arguments, titles by language,
    and for steps the rules they teach and their page's game.

    Built from the rows of ``_index_sql``; the fingerprint is all a request needs when its texts
    are cached, so the targets are only sorted out for a text that has to be rendered. Two
    indexes with the same fingerprint hold the same targets, so they compare equal.
    """

    __slots__ = ("_rows", "_rule_steps", "_targets", "_urls", "fingerprint")

    def __init__(self, rows: list[tuple[str | None, ...]]) -> None:
        # (kind, page, section, step, game, rules as JSON, titles by language...); reading
        # order is the order of the rows (pages, sections and steps by their ``order``).
        self._rows = rows
        self._targets: dict[tuple[str, str], _TargetEntry] | None = None
        self._rule_steps: dict[str, list[tuple[str, tuple[str, ...]]]] | None = None
        self._urls: dict[tuple[str, tuple[str, ...], str], str] = {}
        self.fingerprint = hashlib.sha256(repr(self._rows).encode("utf-8")).hexdigest()[:24]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _ContentIndex) and other.fingerprint == self.fingerprint

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    @property
    def targets(self) -> dict[tuple[str, str], _TargetEntry]:
        if self._targets is None:
            targets: dict[tuple[str, str], _TargetEntry] = {}
            for kind, *slugs_rest in self._rows:
                slugs, titles = slugs_rest[:3], slugs_rest[5:]
                args = tuple(str(slug) for slug in slugs if slug)
                targets[(str(kind), "/".join(args))] = (
                    f"rules:{kind}-detail",
                    args,
                    {lang: title or "" for lang, title in zip(LANGUAGES, titles, strict=True)},
                )
            self._targets = targets
        return self._targets

    @property
    def rule_steps(self) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
        """rule id -> [(the page's game, (page, section, step))] in reading order."""
        if self._rule_steps is None:
            index: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
            for kind, page, section, step, game, rules, *_titles in self._rows:
                if kind != "step" or not rules:
                    continue
                ids = json.loads(rules)
                for rule in ids if isinstance(ids, list) else ():
                    if not isinstance(rule, str):  # an admin edit gone wrong: no link, no 500
                        continue
                    index.setdefault(rule, []).append(
                        (game or "", (str(page), str(section), str(step)))
                    )
            self._rule_steps = index
        return self._rule_steps

    def url(self, url_name: str, args: tuple[str, ...]) -> str:
        """``reverse()`` once per target and language for this index."""
        key = (url_name, args, get_language() or settings.LANGUAGE_CODE)
        url = self._urls.get(key)
        if url is None:
            url = self._urls[key] = reverse(url_name, args=args)
        return url


@cache
def _index_sql() -> str:
    """One query for every link target: (kind, page slug, section slug, step slug, titles...).

    Raw SQL because it runs on every request that shows a rule text: one statement costs a
    fraction of four ORM queries. The table and column names still come from the models.
    """
    quote = connection.ops.quote_name
    aliases: dict[type[models.Model], str] = {Page: "p", Section: "s", Step: "t", GlossaryTerm: "g"}

    def table(model: type[models.Model]) -> str:
        return f"{quote(model._meta.db_table)} {aliases[model]}"

    def column(model: type[models.Model], name: str) -> str:
        field = model._meta.get_field(name)
        assert isinstance(field, models.Field) and field.column
        return f"{aliases[model]}.{quote(field.column)}"

    def titles(model: type[models.Model], name: str) -> str:
        return ", ".join(column(model, f"{name}_{language}") for language in LANGUAGES)

    join_page = f"JOIN {table(Page)} ON {column(Section, 'page')} = {column(Page, 'id')}"
    join_section = f"JOIN {table(Section)} ON {column(Step, 'section')} = {column(Section, 'id')}"
    page, section, step = column(Page, "slug"), column(Section, "slug"), column(Step, "slug")
    game, rules = column(Page, "game"), f"CAST({column(Step, 'rules')} AS TEXT)"
    # Each row ends with a sort key, so that rows come in reading order on every database
    # (the index's fingerprint depends on the order); the key is cut off in _index_build.
    p_order, s_order, t_order = (column(m, "order") for m in (Page, Section, Step))
    g_order = column(GlossaryTerm, "order")
    return (
        " UNION ALL ".join(
            [
                f"SELECT 'page', {page}, '', '', {game}, '', {titles(Page, 'title')}, "
                f"0, {p_order}, 0, 0, {page} FROM {table(Page)}",
                f"SELECT 'section', {page}, {section}, '', {game}, '', "
                f"{titles(Section, 'title')}, 0, {p_order}, {s_order}, 0, {section} "
                f"FROM {table(Section)} {join_page}",
                f"SELECT 'step', {page}, {section}, {step}, {game}, {rules}, "
                f"{titles(Step, 'title')}, 0, {p_order}, {s_order}, {t_order}, {step} "
                f"FROM {table(Step)} {join_section} {join_page}",
                f"SELECT 'term', {column(GlossaryTerm, 'slug')}, '', '', '', '', "
                f"{titles(GlossaryTerm, 'term')}, 1, {g_order}, 0, 0, "
                f"{column(GlossaryTerm, 'slug')} FROM {table(GlossaryTerm)}",
            ]
        )
        + " ORDER BY 1, "
        + ", ".join(str(6 + len(LANGUAGES) + n) for n in range(1, 6))
    )


_SORT_COLUMNS = 5


def _index_build() -> _ContentIndex:
    with connection.cursor() as cursor:
        cursor.execute(_index_sql())
        return _ContentIndex([tuple(row[:-_SORT_COLUMNS]) for row in cursor.fetchall()])


# The current request's index; None outside requests (management commands, the shell), where
# every call reads the database afresh.
_request_scope: ContextVar[dict[str, _ContentIndex] | None] = ContextVar(
    "rules_content_scope", default=None
)


def _scope_begin(**kwargs: object) -> None:
    _request_scope.set({})


def _scope_end(**kwargs: object) -> None:
    _request_scope.set(None)


request_started.connect(_scope_begin, dispatch_uid="rules-content-scope-begin")
request_finished.connect(_scope_end, dispatch_uid="rules-content-scope-end")


# The index this process built last, with the content version it was built at: a request
# whose content version is the same uses it (one indexed read instead of the whole index, and
# the targets, rule steps and URLs already sorted out). Any content change bumps the version.
_kept_index: tuple[int, _ContentIndex] | None = None


def _index_for_version() -> _ContentIndex:
    global _kept_index
    from rules.versioning import content_version

    try:
        version = content_version()  # read first: the index read after it is as new or newer
    except Exception:  # no version to go by: read the index itself
        return _index_build()
    kept = _kept_index
    if kept is not None and kept[0] == version:
        return kept[1]
    index = _index_build()
    _kept_index = (version, index)
    return index


def _current_index() -> _ContentIndex:
    scope = _request_scope.get()
    if scope is None:
        return _index_build()
    index = scope.get("index")
    if index is None:
        index = scope["index"] = _index_for_version()
    return index


class _ContentIndexAccess:
    """``content_index()``: the link targets, read at most once per request (not at all while
    the content version is the one this process last read them at); ``cache_clear()`` (called
    when content is saved or deleted, see ``apps.py``) makes the rest of the request read them
    again. Other servers see the new content version."""

    def __call__(self) -> dict[tuple[str, str], _TargetEntry]:
        return _current_index().targets

    def cache_clear(self) -> None:
        global _kept_index
        _kept_index = None
        scope = _request_scope.get()
        if scope is not None:
            scope.clear()


content_index = _ContentIndexAccess()


def _resolver(index: _ContentIndex) -> Callable[[Link], LinkTarget | None]:
    def resolve_link(link: Link) -> LinkTarget | None:
        entry = index.targets.get(link.key)
        if entry is None:
            return None
        url_name, args, titles = entry
        language = get_language() or settings.LANGUAGE_CODE
        title = titles.get(language) or titles.get(settings.LANGUAGE_CODE) or link.target
        return LinkTarget(index.url(url_name, args), title)

    return resolve_link


def _text_render_uncached(text: str, index: _ContentIndex) -> str:
    resolve_link = _resolver(index)
    try:
        return markup_render(text, resolve=resolve_link)
    except ValueError:
        # A link to a target that no longer exists (the loader refuses them in the files).
        pass
    try:
        return markup_render(
            text,
            resolve=lambda link: resolve_link(link) or LinkTarget("#", link.text or link.target),
        )
    except Exception:  # stored content must never fail a page: show the text as written
        logger.exception("rule text could not be rendered; shown as plain text")
        return f"<p>{escape(text)}</p>"


@lru_cache(maxsize=_TEXT_MEMO_SIZE)
def _text_render_cached(text: str, language: str, prefix: str, index: _ContentIndex) -> str:
    """The rendered text from Django's cache, rendering it on a miss; the arguments are the
    key (an index stands for its fingerprint)."""
    text_hash = hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]
    key = f"rules:text:{build_id()}:{index.fingerprint}:{language}:{text_hash}"
    if prefix != "/":
        key += f":{prefix}"
    cache = caches["default"]
    try:
        html: str | None = cache.get(key)
    except Exception:  # the cache only saves time: an unreachable Redis must not fail pages
        logger.warning("rule text cache unavailable", exc_info=True)
        return mark_safe(_text_render_uncached(text, index))
    if html is None:
        html = _text_render_uncached(text, index)
        try:
            cache.set(key, html, _TEXT_CACHE_SECONDS)
        except Exception:
            logger.warning("rule text cache unavailable", exc_info=True)
    return mark_safe(html)


def text_render(text: str) -> str:
    """A content text as safe HTML in the active language; a broken link shows as a link to
    ``#`` rather than failing the page (the loader refuses broken links in the files)."""
    language = get_language() or settings.LANGUAGE_CODE
    return _text_render_cached(text, language, get_script_prefix(), _current_index())


def rule_target(rule: str, *, game: str | None = None) -> tuple[str, str] | None:
    """The URL and title of the step that teaches ``rule``: the game's own page first, then a
    page common to all games, never another game's page when one of those teaches it.

    Read from the request's content index, so a title edited on one server shows on every
    server's next request."""
    index = _current_index()
    candidates = index.rule_steps.get(rule)
    if not candidates:
        return None
    # The game's own page first, then a common page (low hands, pots and ties), and another
    # game's page only as a last resort: a stud/8 question must not send the reader to razz.
    _game, args = min(
        candidates, key=lambda c: 0 if game and c[0] == game else 1 if not c[0] else 2
    )
    url_name, _args, titles = index.targets[("step", "/".join(args))]
    language = get_language() or settings.LANGUAGE_CODE
    return index.url(url_name, args), titles.get(language) or titles.get(settings.LANGUAGE_CODE, "")


def text_plain(text: str) -> str:
    """A content text as plain text in the active language (meta descriptions): cards by their
    names, links by their words, no markup."""
    try:
        return markup_plain(text, resolve=_resolver(_current_index()), card_name=card_name_of)
    except Exception:  # stored content must never fail a page: the text as written
        logger.exception("rule text could not be made plain; shown as written")
        return " ".join(text.split())
