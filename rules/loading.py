"""Reading rules/content/, loading it into the database and dumping the database back.

The content files hold all four languages side by side::

    pages/<slug>.yaml    slug, kind, game, order, title{sv,da,fi,en}, summary{..},
                         quick_summary{..} (game pages: the "In 30 seconds" bullets),
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from django.core.exceptions import ValidationError
from django.db import models, transaction

from rules.conf import LANGUAGES
from rules.engine import Game
from rules.loaded import LoadedFields, LoadReport
from rules.markup import markup_check
from rules.models import RULE_ID, Difference, GlossaryTerm, Page, Section, Step
from rules.rendering import content_index

logger = logging.getLogger(__name__)

CONTENT_DIR = Path(__file__).resolve().parent / "content"
EXAMPLE_KINDS = frozenset(Step.ExampleKind.values)
# Page slugs that would collide with the other rules URLs (/rules/glossary/ ...).
RESERVED_PAGE_SLUGS = frozenset({"glossary", "differences", "examples"})

# The translated text fields of each model, in file order.
TEXT_FIELDS: dict[type[models.Model], tuple[str, ...]] = {
    Page: ("title", "summary", "quick_summary"),
    Section: ("title", "intro"),
    Step: ("title", "body"),
    GlossaryTerm: ("term", "definition"),
    Difference: ("title", "body"),
}
# Texts a common page may leave out (a game page must give them); absent, they are empty.
GAME_PAGE_TEXTS = frozenset({"quick_summary"})


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

    def texts(
        self,
        data: Mapping[str, Any],
        names: Iterable[str],
        where: str,
        optional: frozenset[str] = frozenset(),
    ) -> dict[str, dict[str, str]]:
        result: dict[str, dict[str, str]] = {}
        for name in names:
            value = data.get(name)
            result[name] = {}
            if name in optional and value is None:
                result[name] = dict.fromkeys(LANGUAGES, "")
                continue
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

    def list_file(
        self, name: str, key: str, build: Callable[[Any, str, int], _Item]
    ) -> list[_Item]:
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
            texts=self.texts(
                data,
                TEXT_FIELDS[Page],
                name,
                optional=frozenset() if kind == "game" else GAME_PAGE_TEXTS,
            ),
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


def _apply[M: models.Model](
    model: type[M],
    item: _Item,
    existing: M | None,
    parent: dict[str, models.Model],
    *,
    force: bool,
    report: LoadReport,
) -> M:
    obj = existing if existing is not None else model(**parent)
    created = existing is None
    fields = LoadedFields(
        obj, created=created, force=force, fingerprint=_fingerprint, report=report
    )
    for name, value in item.plain.items():
        if name != "slug" or created:
            fields.set(name, value)
    for name in TEXT_FIELDS[model]:
        for language in LANGUAGES:
            column = f"{name}_{language}"
            fields.merge(
                column,
                item.texts[name][language],
                current=getattr(obj, column) or "",
                forced=f"{item.label}: {name} [{language}]",
                conflict=(
                    f"{item.label}: {name} [{language}] was edited in the admin since the last "
                    f"load; kept the edit ({item.where}.{name}.{language})"
                ),
                blank_untouched=True,
            )
    fields.save(item.label, lambda: _full_clean(obj, item.where))
    return obj


def _full_clean(obj: models.Model, where: str) -> None:
    """The admin's checks too (the reader has named most problems already)."""
    try:
        obj.full_clean()
    except ValidationError as error:
        raise ContentError(
            [
                f"{where}.{name}: {' '.join(messages)}"
                for name, messages in error.message_dict.items()
            ]
        ) from error


def _delete_missing(
    queryset: models.QuerySet[Any], keep: set[int], report: LoadReport, label: Callable[[Any], str]
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
        texts = _texts(page, TEXT_FIELDS[Page])
        for name in GAME_PAGE_TEXTS:
            if not any(texts[name].values()):
                del texts[name]
        data.update(texts)
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
