"""Content services: loading rules/content/ into the database, dumping it back, and queries.

The content files hold all four languages side by side::

    pages/<slug>.yaml    slug, kind, game, order, title{sv,da,fi,en}, summary{..},
                         sections: [slug, title{..}, intro{..}, steps: [slug, rules, example,
                         title{..}, body{..}]]
    glossary.yaml        terms: [slug, rules, term{..}, definition{..}]
    differences.yaml     entries: [slug, kind, rules, title{..}, body{..}]

``content_load`` is idempotent and never silently overwrites a text edited in the admin since the
last load: each object keeps, per field and language, a fingerprint of the text last loaded.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache, lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import yaml
from django.conf import settings
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import connection, models, transaction
from django.http import Http404
from django.urls import Resolver404, get_script_prefix, resolve, reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext

from rules.engine import Game
from rules.explain import rule_steps_clear
from rules.markup import Link, LinkTarget, markup_check, markup_render
from rules.models import Difference, GlossaryTerm, Page, Section, Step

logger = logging.getLogger(__name__)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
LANGUAGES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
RULE_ID = re.compile(r"^R-[A-Z]+-\d+$")
EXAMPLE_KINDS = frozenset(Step.ExampleKind.values)
# Page slugs that would collide with the other rules URLs (/rules/glossary/ ...).
RESERVED_PAGE_SLUGS = frozenset({"glossary", "differences", "examples"})

# The translated text fields of each model, in file order.
TEXT_FIELDS: dict[type[models.Model], tuple[str, ...]] = {
    Page: ("title", "summary"),
    Section: ("title", "intro"),
    Step: ("title", "body"),
    GlossaryTerm: ("term", "definition"),
    Difference: ("title", "body"),
}


class ContentError(Exception):
    """The content files are wrong; ``problems`` name the file and key of each mistake."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


# --------------------------------------------------------------------------------------------
# Reading and checking the files


@dataclass
class _Item:
    """One object as the files describe it, before it touches the database."""

    where: str  # "pages/stud.yaml: sections[forced-bets].steps[ante]", for error messages
    label: str  # "step stud/forced-bets/ante", for the report
    plain: dict[str, Any]  # non-translated fields
    texts: dict[str, dict[str, str]]  # field -> language -> text
    children: list[_Item] = field(default_factory=list)


@dataclass
class _Content:
    pages: list[_Item]
    terms: list[_Item]
    differences: list[_Item]

    def targets(self) -> set[tuple[str, str]]:
        found: set[tuple[str, str]] = set()
        for page in self.pages:
            found.add(("page", page.plain["slug"]))
            for section in page.children:
                section_key = f"{page.plain['slug']}/{section.plain['slug']}"
                found.add(("section", section_key))
                for step in section.children:
                    found.add(("step", f"{section_key}/{step.plain['slug']}"))
        found.update(("term", term.plain["slug"]) for term in self.terms)
        return found

    def items(self) -> Iterator[_Item]:
        for page in self.pages:
            yield page
            for section in page.children:
                yield section
                yield from section.children
        yield from self.terms
        yield from self.differences


class _Reader:
    """Reads the content files, collecting every problem instead of stopping at the first."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.problems: list[str] = []

    def problem(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def load_yaml(self, path: Path) -> Any:
        try:
            return yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, yaml.YAMLError) as error:
            self.problem(self._name(path), f"cannot read: {error}")
            return None

    def _name(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.directory))
        except ValueError:
            return str(path)

    def slug(self, data: Mapping[str, Any], where: str) -> str:
        slug = data.get("slug")
        if not isinstance(slug, str) or not re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug):
            self.problem(where, f"bad or missing slug {slug!r}")
            return "?"
        return slug

    def texts(self, data: Mapping[str, Any], names: Iterable[str], where: str) -> dict:
        result: dict[str, dict[str, str]] = {}
        for name in names:
            value = data.get(name)
            result[name] = {}
            if not isinstance(value, Mapping):
                self.problem(f"{where}.{name}", f"missing: give {', '.join(LANGUAGES)}")
                continue
            for language in LANGUAGES:
                text = value.get(language)
                if not isinstance(text, str) or not text.strip():
                    self.problem(f"{where}.{name}.{language}", "missing language")
                    continue
                result[name][language] = text
            extra = set(value) - set(LANGUAGES)
            if extra:
                self.problem(f"{where}.{name}", f"unknown languages {sorted(extra)}")
        return result

    def rules(self, data: Mapping[str, Any], where: str) -> list[str]:
        rules = data.get("rules", [])
        if not isinstance(rules, list) or not all(
            isinstance(rule, str) and RULE_ID.match(rule) for rule in rules
        ):
            self.problem(f"{where}.rules", f"rule ids look like R-BRING-2, not {rules!r}")
            return []
        return list(rules)

    def mapping(self, data: Any, where: str) -> Mapping[str, Any]:
        if not isinstance(data, Mapping):
            self.problem(where, "expected a mapping")
            return {}
        return data

    def sequence(self, data: Any, where: str) -> list[Any]:
        if not isinstance(data, list):
            self.problem(where, "expected a list")
            return []
        return data

    def read(self) -> _Content:
        pages_dir = self.directory / "pages"
        pages = []
        if not pages_dir.is_dir():
            self.problem(str(self.directory), "no pages/ folder")
        else:
            for path in sorted(pages_dir.glob("*.yaml")):
                pages.append(self.page(path))
        pages.sort(key=lambda page: (page.plain["order"], page.plain["slug"]))
        terms = self.list_file("glossary.yaml", "terms", self.term)
        differences = self.list_file("differences.yaml", "entries", self.difference)
        content = _Content(pages, terms, differences)
        self.check_unique(content)
        self.check_markup(content)
        return content

    def list_file(self, name: str, key: str, build: Callable[[Any, str, int], _Item]) -> list:
        path = self.directory / name
        if not path.is_file():
            self.problem(name, "file missing")
            return []
        data = self.mapping(self.load_yaml(path), name)
        return [
            build(entry, f"{name}: {key}[{index}]", index)
            for index, entry in enumerate(self.sequence(data.get(key), f"{name}: {key}"))
        ]

    def page(self, path: Path) -> _Item:
        name = self._name(path)
        data = self.mapping(self.load_yaml(path), name)
        slug = self.slug(data, name)
        if slug != "?" and path.stem != slug:
            self.problem(name, f"the file name must be the page slug {slug!r}")
        if slug in RESERVED_PAGE_SLUGS:
            self.problem(f"{name}: slug", f"{slug!r} is taken by another rules URL")
        kind = data.get("kind")
        if kind not in Page.Kind.values:
            self.problem(f"{name}: kind", f"expected game or common, not {kind!r}")
        game = data.get("game") or ""
        if kind == "game" and game not in Game.__members__.values():
            self.problem(f"{name}: game", f"unknown game {game!r}: stud, stud8 or razz")
        order = data.get("order", 0)
        if not isinstance(order, int):
            self.problem(f"{name}: order", "expected a number")
            order = 0
        page = _Item(
            where=name,
            label=f"page {slug}",
            plain={
                "slug": slug,
                "kind": kind,
                "game": game,
                "order": order,
                "brief": data.get("brief") or "",
            },
            texts=self.texts(data, TEXT_FIELDS[Page], name),
        )
        sections = self.sequence(data.get("sections"), f"{name}: sections")
        for index, section_data in enumerate(sections):
            page.children.append(self.section(section_data, name, slug, index))
        return page

    def section(self, data: Any, name: str, page_slug: str, index: int) -> _Item:
        where = f"{name}: sections[{index}]"
        data = self.mapping(data, where)
        slug = self.slug(data, where)
        where = f"{name}: sections[{slug}]"
        section = _Item(
            where=where,
            label=f"section {page_slug}/{slug}",
            plain={"slug": slug, "order": index, "brief": data.get("brief") or ""},
            texts=self.texts(data, TEXT_FIELDS[Section], where),
        )
        for step_index, step_data in enumerate(self.sequence(data.get("steps"), f"{where}.steps")):
            section.children.append(self.step(step_data, where, f"{page_slug}/{slug}", step_index))
        return section

    def step(self, data: Any, section_where: str, section_key: str, index: int) -> _Item:
        where = f"{section_where}.steps[{index}]"
        data = self.mapping(data, where)
        slug = self.slug(data, where)
        where = f"{section_where}.steps[{slug}]"
        example = data.get("example") or {}
        example_kind = example.get("kind", "") if isinstance(example, Mapping) else ""
        example_game = example.get("game", "") if isinstance(example, Mapping) else ""
        if example and example_kind not in EXAMPLE_KINDS:
            self.problem(f"{where}.example.kind", f"unknown example kind {example_kind!r}")
        if example and example_game not in Game.__members__.values():
            self.problem(f"{where}.example.game", f"unknown game {example_game!r}")
        return _Item(
            where=where,
            label=f"step {section_key}/{slug}",
            plain={
                "slug": slug,
                "order": index,
                "rules": self.rules(data, where),
                "example_kind": example_kind,
                "example_game": example_game,
                "brief": data.get("brief") or "",
            },
            texts=self.texts(data, TEXT_FIELDS[Step], where),
        )

    def term(self, data: Any, where: str, index: int) -> _Item:
        data = self.mapping(data, where)
        slug = self.slug(data, where)
        where = f"glossary.yaml: terms[{slug}]"
        return _Item(
            where=where,
            label=f"term {slug}",
            plain={"slug": slug, "order": index, "rules": self.rules(data, where)},
            texts=self.texts(data, TEXT_FIELDS[GlossaryTerm], where),
        )

    def difference(self, data: Any, where: str, index: int) -> _Item:
        data = self.mapping(data, where)
        slug = self.slug(data, where)
        where = f"differences.yaml: entries[{slug}]"
        kind = data.get("kind")
        if kind not in Difference.Kind.values:
            self.problem(f"{where}.kind", f"expected profile or source_error, not {kind!r}")
        return _Item(
            where=where,
            label=f"difference {slug}",
            plain={
                "slug": slug,
                "kind": kind,
                "order": index,
                "rules": self.rules(data, where),
                "brief": data.get("brief") or "",
            },
            texts=self.texts(data, TEXT_FIELDS[Difference], where),
        )

    def check_unique(self, content: _Content) -> None:
        seen: dict[str, str] = {}
        for item in content.items():
            if item.label in seen:
                self.problem(item.where, f"{item.label} appears twice (also {seen[item.label]})")
            seen[item.label] = item.where

    def check_markup(self, content: _Content) -> None:
        targets = content.targets()
        for item in content.items():
            for name, by_language in item.texts.items():
                for language, text in by_language.items():
                    for problem in markup_check(text, targets=targets):
                        self.problem(f"{item.where}.{name}.{language}", problem)


def content_read(*, directory: Path = CONTENT_DIR) -> _Content:
    """Read and check the content files; raise ``ContentError`` listing every problem."""
    reader = _Reader(directory)
    content = reader.read()
    if reader.problems:
        raise ContentError(reader.problems)
    return content


# --------------------------------------------------------------------------------------------
# Loading


def _fingerprint(text: str | None) -> str:
    return hashlib.sha256((text or "").encode("utf-8")).hexdigest()[:16]


@dataclass
class LoadReport:
    """What ``content_load`` did: counts per model and every conflict it left alone."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    conflicts: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted

    def summary(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.deleted} deleted, {len(self.conflicts)} conflicts"
        )


def _apply(
    model: type[models.Model],
    item: _Item,
    existing: models.Model | None,
    parent: dict[str, models.Model],
    *,
    force: bool,
    report: LoadReport,
) -> models.Model:
    obj = existing if existing is not None else model(**parent)
    created = existing is None
    changed: list[str] = []
    for name, value in item.plain.items():
        if name == "slug" and not created:
            continue
        if getattr(obj, name) != value:
            setattr(obj, name, value)
            changed.append(name)
    loaded: dict[str, str] = dict(getattr(obj, "loaded", None) or {})
    for name in TEXT_FIELDS[model]:
        for language in LANGUAGES:
            column = f"{name}_{language}"
            new = item.texts[name][language]
            current = getattr(obj, column) or ""
            if current == new:
                loaded[column] = _fingerprint(new)
                continue
            last = loaded.get(column)
            untouched = created or (last is None and not current) or last == _fingerprint(current)
            if untouched or force:
                if not untouched:
                    report.forced.append(f"{item.label}: {name} [{language}]")
                setattr(obj, column, new)
                loaded[column] = _fingerprint(new)
                changed.append(column)
            else:
                report.conflicts.append(
                    f"{item.label}: {name} [{language}] was edited in the admin since the last "
                    f"load; kept the edit ({item.where}.{name}.{language})"
                )
    if created or changed:
        obj.loaded = loaded  # type: ignore[attr-defined]
        obj.save()
        if created:
            report.created += 1
            report.changes.append(f"created {item.label}")
        else:
            report.updated += 1
            report.changes.append(f"updated {item.label}: {', '.join(changed)}")
    else:
        report.unchanged += 1
        if obj.loaded != loaded:  # type: ignore[attr-defined]
            # Bookkeeping only (the texts already match): no save, so no history row.
            model._default_manager.filter(pk=obj.pk).update(loaded=loaded)
            obj.loaded = loaded  # type: ignore[attr-defined]
    return obj


def _delete_missing(
    queryset: models.QuerySet, keep: set[int], report: LoadReport, label: Callable
) -> None:
    for obj in queryset.exclude(pk__in=keep):
        report.deleted += 1
        report.changes.append(f"deleted {label(obj)}")
        obj.delete()


def content_load(*, directory: Path = CONTENT_DIR, force: bool = False) -> LoadReport:
    """Load the content files into the database, all or nothing.

    Texts edited in the admin since the last load are kept and reported as conflicts unless
    ``force``. Objects no longer in the files are deleted. Raises ``ContentError`` for bad files.
    """
    content = content_read(directory=directory)
    report = LoadReport()
    with transaction.atomic():
        pages = {page.slug: page for page in Page.objects.all()}
        kept_pages, kept_sections, kept_steps = set(), set(), set()
        for page_item in content.pages:
            page = _apply(
                Page, page_item, pages.get(page_item.plain["slug"]), {}, force=force, report=report
            )
            kept_pages.add(page.pk)
            sections = {section.slug: section for section in page.sections.all()}
            for section_item in page_item.children:
                section = _apply(
                    Section,
                    section_item,
                    sections.get(section_item.plain["slug"]),
                    {"page": page},
                    force=force,
                    report=report,
                )
                kept_sections.add(section.pk)
                steps = {step.slug: step for step in section.steps.all()}
                for step_item in section_item.children:
                    step = _apply(
                        Step,
                        step_item,
                        steps.get(step_item.plain["slug"]),
                        {"section": section},
                        force=force,
                        report=report,
                    )
                    kept_steps.add(step.pk)
        _delete_missing(Step.objects.all(), kept_steps, report, lambda o: f"step {o.slug}")
        _delete_missing(Section.objects.all(), kept_sections, report, lambda o: f"section {o.slug}")
        _delete_missing(Page.objects.all(), kept_pages, report, lambda o: f"page {o.slug}")
        for model, items in ((GlossaryTerm, content.terms), (Difference, content.differences)):
            existing = {obj.slug: obj for obj in model._default_manager.all()}
            kept = set()
            for item in items:
                obj = _apply(
                    model, item, existing.get(item.plain["slug"]), {}, force=force, report=report
                )
                kept.add(obj.pk)
            _delete_missing(
                model._default_manager.all(),
                kept,
                report,
                lambda o: f"{o._meta.model_name} {o.slug}",
            )
    content_index.cache_clear()
    rule_steps_clear()
    return report


# --------------------------------------------------------------------------------------------
# Dumping


class _Dumper(yaml.SafeDumper):
    """Block style with one text per line (multi-line texts as literal blocks), rule ids on one
    line: files a translator reads and diffs easily."""


def _str_representer(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    if "\n" in text:
        return dumper.represent_scalar("tag:yaml.org,2002:str", text, style="|")
    return dumper.represent_scalar("tag:yaml.org,2002:str", text)


def _list_representer(dumper: yaml.SafeDumper, items: list[Any]) -> yaml.SequenceNode:
    flow = all(isinstance(item, str) and len(item) < 20 for item in items)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=flow)


_Dumper.add_representer(str, _str_representer)
_Dumper.add_representer(list, _list_representer)


def _texts(obj: models.Model, names: Iterable[str]) -> dict[str, dict[str, str]]:
    return {
        name: {lang: getattr(obj, f"{name}_{lang}") or "" for lang in LANGUAGES} for name in names
    }


def _write(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = yaml.dump(
        data,
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        width=1_000_000,
        default_flow_style=False,
    )
    path.write_text(text, encoding="utf-8")


def content_dump(*, directory: Path = CONTENT_DIR) -> list[Path]:
    """Write the database back to the content files (the format ``content_load`` reads)."""
    written: list[Path] = []
    pages_dir = directory / "pages"
    wanted = set()
    for page in Page.objects.prefetch_related("sections__steps"):
        data: dict[str, Any] = {"slug": page.slug, "kind": page.kind}
        if page.game:
            data["game"] = page.game
        data["order"] = page.order
        if page.brief:
            data["brief"] = page.brief
        data.update(_texts(page, TEXT_FIELDS[Page]))
        data["sections"] = []
        for section in page.sections.all():
            section_data: dict[str, Any] = {"slug": section.slug}
            if section.brief:
                section_data["brief"] = section.brief
            section_data.update(_texts(section, TEXT_FIELDS[Section]))
            section_data["steps"] = []
            for step in section.steps.all():
                step_data: dict[str, Any] = {"slug": step.slug, "rules": list(step.rules)}
                if step.example_kind:
                    step_data["example"] = {"kind": step.example_kind, "game": step.example_game}
                if step.brief:
                    step_data["brief"] = step.brief
                step_data.update(_texts(step, TEXT_FIELDS[Step]))
                section_data["steps"].append(step_data)
            data["sections"].append(section_data)
        path = pages_dir / f"{page.slug}.yaml"
        _write(path, data)
        written.append(path)
        wanted.add(path.name)
    if pages_dir.is_dir():
        for stale in pages_dir.glob("*.yaml"):
            if stale.name not in wanted:
                stale.unlink()
    terms = [
        {"slug": term.slug, "rules": list(term.rules), **_texts(term, TEXT_FIELDS[GlossaryTerm])}
        for term in GlossaryTerm.objects.all()
    ]
    _write(directory / "glossary.yaml", {"terms": terms})
    entries = []
    for entry in Difference.objects.all():
        entry_data: dict[str, Any] = {
            "slug": entry.slug,
            "kind": entry.kind,
            "rules": list(entry.rules),
        }
        if entry.brief:
            entry_data["brief"] = entry.brief
        entry_data.update(_texts(entry, TEXT_FIELDS[Difference]))
        entries.append(entry_data)
    _write(directory / "differences.yaml", {"entries": entries})
    written += [directory / "glossary.yaml", directory / "differences.yaml"]
    return written


# --------------------------------------------------------------------------------------------
# Queries for the views


# Rendering a rule text needs every link target's URL and title. The index of targets is read
# from the database once per request (one query); its fingerprint, with the language, the URL
# prefix, the renderer's code and catalogues and the text itself, keys the rendered HTML. Any
# edit to a text or to a linked title, on any server, changes the key: nothing is ever stale and
# nothing needs clearing. The rendered HTML lives in Django's cache (shared by the processes
# when it is Redis) behind a small per-process memo of the same keys.

type _TargetEntry = tuple[str, tuple[str, ...], dict[str, str]]

_TEXT_CACHE_SECONDS = 24 * 60 * 60
_TEXT_MEMO_SIZE = 2048


class _ContentIndex:
    """Every link target (page, section, step, term): URL name, arguments, titles by language.

    Built from the rows of ``_index_sql``; the fingerprint is all a request needs when its texts
    are cached, so the targets are only sorted out for a text that has to be rendered. Two
    indexes with the same fingerprint hold the same targets, so they compare equal.
    """

    __slots__ = ("_rows", "_targets", "_urls", "fingerprint")

    def __init__(self, rows: list[tuple[str | None, ...]]) -> None:
        self._rows = sorted(rows, key=lambda row: row[:4])  # (kind, slugs) is unique
        self._targets: dict[tuple[str, str], _TargetEntry] | None = None
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
            for kind, *slugs_and_titles in self._rows:
                slugs, titles = slugs_and_titles[:3], slugs_and_titles[3:]
                args = tuple(slug for slug in slugs if slug)
                targets[(str(kind), "/".join(args))] = (
                    f"rules:{kind}-detail",
                    args,
                    {lang: title or "" for lang, title in zip(LANGUAGES, titles, strict=True)},
                )
            self._targets = targets
        return self._targets

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
    return " UNION ALL ".join(
        [
            f"SELECT 'page', {page}, '', '', {titles(Page, 'title')} FROM {table(Page)}",
            f"SELECT 'section', {page}, {section}, '', {titles(Section, 'title')} "
            f"FROM {table(Section)} {join_page}",
            f"SELECT 'step', {page}, {section}, {step}, {titles(Step, 'title')} "
            f"FROM {table(Step)} {join_section} {join_page}",
            f"SELECT 'term', {column(GlossaryTerm, 'slug')}, '', '', "
            f"{titles(GlossaryTerm, 'term')} FROM {table(GlossaryTerm)}",
        ]
    )


def _index_build() -> _ContentIndex:
    with connection.cursor() as cursor:
        cursor.execute(_index_sql())
        return _ContentIndex(cursor.fetchall())


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


def _current_index() -> _ContentIndex:
    scope = _request_scope.get()
    if scope is None:
        return _index_build()
    index = scope.get("index")
    if index is None:
        index = scope["index"] = _index_build()
    return index


class _ContentIndexAccess:
    """``content_index()``: the link targets, read once per request; ``cache_clear()`` (called
    when content is saved or deleted, see ``apps.py``) makes the rest of the request read them
    again. Other requests and other servers read them afresh anyway."""

    def __call__(self) -> dict[tuple[str, str], _TargetEntry]:
        return _current_index().targets

    def cache_clear(self) -> None:
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


@cache
def _renderer_fingerprint() -> str:
    """Changes with the code and the catalogues that shape a rendered text, so a cache shared
    across a deploy never serves HTML drawn by the old code or in the old words."""
    from core import cards
    from rules import markup

    files = [Path(__file__), Path(markup.__file__), Path(cards.__file__)]
    for locale_path in settings.LOCALE_PATHS:
        files.extend(sorted(Path(locale_path).glob("*/LC_MESSAGES/*.mo")))
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


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
    key = f"rules:text:{_renderer_fingerprint()}:{index.fingerprint}:{language}:{text_hash}"
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


# --------------------------------------------------------------------------------------------
# Contexts for the views

DEFAULT_SEED = 1


def seed_from(query: Mapping[str, str]) -> int:
    """The example seed of a request (``?seed=N``); ``ValueError`` for a bad one."""
    from rules.examples import MAX_SEED

    raw = query.get("seed")
    if raw is None or raw == "":
        return DEFAULT_SEED
    if not raw.isdigit() or int(raw) > MAX_SEED:
        raise ValueError(
            gettext("The seed must be a whole number from 0 to %(max)s.") % {"max": MAX_SEED}
        )
    return int(raw)


def game_from(query: Mapping[str, str]) -> str:
    raw = query.get("game", "stud")
    if raw not in Game.__members__.values():
        raise ValueError(gettext("Unknown game: choose stud, stud8 or razz."))
    return raw


@dataclass(frozen=True, slots=True)
class ExampleBox:
    """A worked example and its two ways to deal another: the link and the HTMX request."""

    example: Any
    next_url: str
    hx_url: str
    level: int  # the example's heading level on the page that shows it

    @property
    def kind_label(self) -> str:
        return str(Step.ExampleKind(self.example.kind).label)

    @property
    def game_label(self) -> str:
        """The game's name: a page may show examples of one kind for two games, and each
        example's heading (its landmark's name) must tell them apart."""
        from rules.explain import game_name

        return game_name(self.example.game)


def example_box(
    *, kind: str, game: str, seed: int, base_url: str, level: int = 2
) -> ExampleBox | None:
    from rules.examples import example_build

    example = example_build(kind=kind, game=game, seed=seed)
    if example is None:
        return None
    next_seed = seed + 1 if seed < _max_seed() else 0
    example_url = reverse("rules:example", kwargs={"kind": kind})
    query = {"game": game, "seed": next_seed}
    if base_url == example_url:
        next_url = f"{example_url}?{urlencode(query)}"
    else:
        next_url = f"{base_url}?{urlencode({'seed': next_seed})}#{example.dom_id}"
    hx_url = f"{example_url}?{urlencode({**query, 'level': level})}"
    return ExampleBox(example, next_url, hx_url, level)


def level_from(query: Mapping[str, str]) -> int:
    raw = query.get("level", "2")
    if raw not in {"2", "3", "4", "5", "6"}:
        raise ValueError(gettext("The heading level must be 2 to 6."))
    return int(raw)


def _max_seed() -> int:
    from rules.examples import MAX_SEED

    return MAX_SEED


def example_base_url(path: str, *, fallback: str) -> str:
    """The page that asked for an example by HTMX, if it is a rules page (for its links)."""
    plain = urlsplit(path).path
    try:
        match = resolve(plain)
    except Resolver404:
        return fallback
    if match.view_name in ("rules:page-detail", "rules:section-detail", "rules:step-detail"):
        return plain
    return fallback


def _attach_example(step: Step, *, seed: int, base_url: str, level: int) -> None:
    step.example_box = None  # type: ignore[attr-defined]
    if step.example_kind and step.example_game:
        step.example_box = example_box(  # type: ignore[attr-defined]
            kind=step.example_kind,
            game=step.example_game,
            seed=seed,
            base_url=base_url,
            level=level,
        )


def _urls_once(*objects: models.Model | None) -> None:
    """Reverse each object's URL once: the step and section templates ask for it up to five
    times (heading, rule badges, embed link), and reverse() was a tenth of a page's time."""
    for obj in objects:
        if obj is not None:
            url = obj.get_absolute_url()  # type: ignore[attr-defined]
            obj.get_absolute_url = lambda url=url: url  # type: ignore[attr-defined]


def _pages() -> list[Page]:
    return list(Page.objects.all())


def index_context() -> dict[str, Any]:
    pages = list(Page.objects.prefetch_related("sections"))
    return {
        "game_pages": [page for page in pages if page.kind == Page.Kind.GAME],
        "common_pages": [page for page in pages if page.kind == Page.Kind.COMMON],
        "term_count": GlossaryTerm.objects.count(),
        "difference_count": Difference.objects.count(),
    }


def page_get(*, slug: str) -> Page:
    page = Page.objects.prefetch_related("sections__steps").filter(slug=slug).first()
    if page is None:
        raise Http404(slug)
    return page


def page_context(*, slug: str, seed: int, base_url: str) -> dict[str, Any]:
    page = page_get(slug=slug)
    for section in page.sections.all():
        _urls_once(section, *section.steps.all())
        for step in section.steps.all():
            _attach_example(step, seed=seed, base_url=base_url, level=4)
    return {"page": page, "seed": seed, "other_pages": _pages()}


def section_context(*, page: str, section: str, seed: int, base_url: str) -> dict[str, Any]:
    page_obj = page_get(slug=page)
    sections = list(page_obj.sections.all())
    current = next((s for s in sections if s.slug == section), None)
    if current is None:
        raise Http404(section)
    _urls_once(current, *current.steps.all())
    for step in current.steps.all():
        _attach_example(step, seed=seed, base_url=base_url, level=3)
    index = sections.index(current)
    return {
        "page": page_obj,
        "section": current,
        "previous": sections[index - 1] if index > 0 else None,
        "next": sections[index + 1] if index + 1 < len(sections) else None,
        "seed": seed,
    }


def step_context(*, page: str, section: str, step: str, seed: int, base_url: str) -> dict[str, Any]:
    page_obj = page_get(slug=page)
    steps = [s for sec in page_obj.sections.all() for s in sec.steps.all()]
    current = next((s for s in steps if s.slug == step and s.section.slug == section), None)
    if current is None:
        raise Http404(step)
    _urls_once(current)
    _attach_example(current, seed=seed, base_url=base_url, level=2)
    index = steps.index(current)
    return {
        "page": page_obj,
        "section": current.section,
        "step": current,
        "previous": steps[index - 1] if index > 0 else None,
        "next": steps[index + 1] if index + 1 < len(steps) else None,
        "position": index + 1,
        "total": len(steps),
        "seed": seed,
    }


# Alphabets for sorting the glossary in the reader's language.
_ALPHABETS = {
    "sv": "abcdefghijklmnopqrstuvwxyzåäö",
    "fi": "abcdefghijklmnopqrstuvwxyzåäö",
    "da": "abcdefghijklmnopqrstuvwxyzæøå",
    "en": "abcdefghijklmnopqrstuvwxyz",
}
_FOLD = {
    "sv": {"æ": "ä", "ø": "ö", "é": "e", "ü": "y"},
    "fi": {"æ": "ä", "ø": "ö", "é": "e", "š": "s", "ž": "z", "ü": "y"},
    "da": {"ä": "æ", "ö": "ø", "é": "e", "ü": "y", "aa": "å"},
    "en": {"å": "a", "ä": "a", "ö": "o", "æ": "ae", "ø": "o", "é": "e", "ü": "u"},
}


def collation_key(text: str, language: str) -> tuple[tuple[int, str], ...]:
    """Sort key for ``text`` in ``language``'s alphabet (å, ä, ö after z in Swedish...).

    >>> sorted(["ö", "a", "ä", "z", "å"], key=lambda t: collation_key(t, "sv"))
    ['a', 'z', 'å', 'ä', 'ö']
    """
    alphabet = _ALPHABETS.get(language, _ALPHABETS["en"])
    folded = text.casefold()
    for old, new in _FOLD.get(language, {}).items():
        folded = folded.replace(old, new)
    key = []
    for char in folded:
        if char in alphabet:
            key.append((1, f"{alphabet.index(char):02d}"))
        elif char.isdigit():
            key.append((0, char))
        elif char.isalpha():
            key.append((1, f"99{char}"))
    return tuple(key)


def glossary_letter(text: str, language: str) -> str:
    folded = text.strip()[:1].casefold()
    for old, new in _FOLD.get(language, {}).items():
        if len(old) == 1:
            folded = folded.replace(old, new)
    return folded.upper() if folded.isalpha() else "#"


def glossary_context() -> dict[str, Any]:
    language = get_language() or settings.LANGUAGE_CODE
    terms = sorted(GlossaryTerm.objects.all(), key=lambda t: collation_key(t.term, language))
    groups: list[dict[str, Any]] = []
    for term in terms:
        letter = glossary_letter(term.term, language)
        if not groups or groups[-1]["letter"] != letter:
            groups.append({"letter": letter, "terms": []})
        groups[-1]["terms"].append(term)
    return {"groups": groups, "terms": terms}


def term_context(*, slug: str) -> dict[str, Any]:
    term = GlossaryTerm.objects.filter(slug=slug).first()
    if term is None:
        raise Http404(slug)
    steps = [
        step
        for step in Step.objects.select_related("section__page")
        if set(step.rules) & set(term.rules)
    ][:8]
    return {"term": term, "steps": steps}


def differences_context() -> dict[str, Any]:
    from rules.explain import rule_step

    entries = list(Difference.objects.all())
    for entry in entries:
        entry.rule_links = [  # type: ignore[attr-defined]
            (rule, target[0] if (target := rule_step(rule)) else None) for rule in entry.rules
        ]
    return {
        "profile_entries": [e for e in entries if e.kind == Difference.Kind.PROFILE],
        "error_entries": [e for e in entries if e.kind == Difference.Kind.SOURCE_ERROR],
        "table": profile_table(),
    }


@dataclass(frozen=True, slots=True)
class TableRow:
    label: str
    rules: tuple[str, ...]
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ProfileTable:
    headers: tuple[str, ...]
    rows: tuple[TableRow, ...]


def profile_table() -> ProfileTable:
    """The rulebooks side by side, from the engine's ``PROFILES`` (rules-facts section 13)."""
    from rules.engine import PROFILES
    from rules.explain import profile_name

    yes, no = gettext("yes"), gettext("no")
    values = {
        "position": gettext("position (first dealt)"),
        "high_card_by_suit": gettext("highest card by suit"),
        "unlimited_once_heads_up": gettext("unlimited once heads-up before the cap"),
        "unlimited_if_round_starts_heads_up": gettext(
            "unlimited only if the round starts heads-up"
        ),
        "always_capped": gettext("the cap always applies"),
        "rr_all_cards": gettext("highest card (high) or lowest card (low) by suit, all cards"),
        "high_card_five": gettext("highest card by suit in the five-card hand"),
        "high_with_common_card": gettext("best board with the community card"),
        "sixth_street_opener": gettext("whoever acted first on sixth street"),
        "rr": gettext("deal all but the last card, mix it with the burns"),
        "tda": gettext("count the stub, reuse the burns, else a community card"),
        "third_card_down": gettext("third card dealt down"),
        "becomes_upcard": gettext("it becomes the upcard"),
        "misdeal": gettext("misdeal"),
        "hold_aside": gettext("removed and held aside"),
        "reshuffle": gettext("back to the stub, reshuffle, redeal"),
        "dead_unless_seventh_ruled_live": gettext(
            "dead, unless only the seventh card is missing and is ruled live"
        ),
        "dead_below_six": gettext("dead only with fewer than six cards"),
        "missing_final_may_be_live": gettext("missing last card may be ruled live"),
    }

    def show(value: object) -> str:
        if isinstance(value, bool):
            return yes if value else no
        if isinstance(value, int):
            return str(value)
        return values.get(str(value), str(value))

    profiles = list(PROFILES.values())
    rows_spec: list[tuple[str, tuple[str, ...], Callable[[Any], object]]] = [
        (
            gettext("Open pair on fourth street allows the big bet (stud high)"),
            ("R-BET-2", "R-BET-4"),
            lambda p: p.open_pair_big_bet,
        ),
        (gettext("Open pair in Stud Hi/Lo and Razz"), ("R-BET-3",), lambda p: False),
        (gettext("Raises after the bet or completion"), ("R-BET-5",), lambda p: p.max_raises),
        (gettext("Raising heads-up"), ("R-BET-6",), lambda p: p.heads_up_cap),
        (gettext("Tied boards in Seven Card Stud"), ("R-ACT-4",), lambda p: p.tie_break(Game.STUD)),
        (
            gettext("Tied boards in Stud Hi/Lo and Razz"),
            ("R-ACT-4",),
            lambda p: p.tie_break(Game.RAZZ),
        ),
        (
            gettext("Low card all-in for the ante: the next player may fold"),
            ("R-BRING-8",),
            lambda p: p.allin_low_card_next_player_may_fold,
        ),
        (
            gettext("Corrected bring-in: the true low card may complete instead"),
            ("R-BRING-10",),
            lambda p: p.corrected_bring_in_may_complete,
        ),
        (gettext("Odd chip among tied hands"), ("R-POT-6",), lambda p: p.odd_chip),
        (gettext("Odd chip between the high and low halves"), ("R-POT-5",), lambda p: "high"),
        (gettext("Running out of cards"), ("R-CARDS-1", "R-CARDS-2"), lambda p: p.out_of_cards),
        (gettext("First to act with a community card"), ("R-ACT-6",), lambda p: p.community_opener),
        (gettext("Hole card exposed on the deal"), ("R-IRR-1",), lambda p: p.exposed_hole_card),
        (gettext("Cards dealt too early"), ("R-IRR-10",), lambda p: p.premature_card),
        (
            gettext("Fewer than seven cards at the showdown"),
            ("R-IRR-9",),
            lambda p: p.short_showdown_hand,
        ),
    ]
    values["high"] = gettext("to the high half")
    rows = tuple(
        TableRow(label, rules, tuple(show(getter(profile)) for profile in profiles))
        for label, rules, getter in rows_spec
    )
    headers = tuple(capfirst(profile_name(profile.name)) for profile in profiles)
    return ProfileTable(headers, rows)
