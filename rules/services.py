"""What the rules views show: the context of each page, and the worked-example boxes.

Reading and loading the content files is ``rules.loading``; rendering texts with their cache is
``rules.rendering``; query strings are read by ``rules.forms``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.http import Http404
from django.urls import Resolver404, resolve, reverse
from django.utils.translation import get_language

from core import words
from rules.examples import MAX_SEED, example_build
from rules.models import Difference, GlossaryTerm, Page, Section, Step
from rules.presenters import profile_table
from rules.rendering import rule_target

logger = logging.getLogger(__name__)


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
        return words.game_name(self.example.game)


def example_box(
    *, kind: str, game: str, seed: int, base_url: str, level: int = 2
) -> ExampleBox | None:
    example = example_build(kind=kind, game=game, seed=seed)
    if example is None:
        return None
    next_seed = seed + 1 if seed < MAX_SEED else 0
    example_url = reverse("rules:example", kwargs={"kind": kind})
    query = {"game": game, "seed": next_seed}
    if base_url == example_url:
        next_url = f"{example_url}?{urlencode(query)}"
    else:
        next_url = f"{base_url}?{urlencode({'seed': next_seed})}#{example.dom_id}"
    hx_url = f"{example_url}?{urlencode({**query, 'level': level})}"
    return ExampleBox(example, next_url, hx_url, level)


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


def _example_of(step: Step, *, seed: int, base_url: str, level: int) -> ExampleBox | None:
    if not (step.example_kind and step.example_game):
        return None
    try:
        return example_box(
            kind=step.example_kind,
            game=step.example_game,
            seed=seed,
            base_url=base_url,
            level=level,
        )
    except ValueError:  # a kind or game saved past the admin's checks: the step without it
        logger.exception("step %s: its worked example left out", step.pk)
        return None


@dataclass(frozen=True, slots=True)
class StepView:
    """A step as a rules page shows it: the step, its address (reversed once, as the templates use
    it up to three times and reverse() was a tenth of a page's time) and its worked example."""

    step: Step
    url: str
    example_box: ExampleBox | None

    @classmethod
    def of(cls, step: Step, *, seed: int, base_url: str, level: int) -> StepView:
        example = _example_of(step, seed=seed, base_url=base_url, level=level)
        return cls(step, step.get_absolute_url(), example)


@dataclass(frozen=True, slots=True)
class SectionView:
    """A section as a rules page shows it: the section, its address, and its steps' views."""

    section: Section
    url: str
    steps: tuple[StepView, ...]

    @classmethod
    def of(cls, section: Section, *, seed: int, base_url: str, level: int) -> SectionView:
        steps = tuple(
            StepView.of(step, seed=seed, base_url=base_url, level=level)
            for step in section.steps.all()
        )
        return cls(section, section.get_absolute_url(), steps)


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
    sections = tuple(
        SectionView.of(section, seed=seed, base_url=base_url, level=4)
        for section in page.sections.all()
    )
    return {"page": page, "sections": sections, "seed": seed, "other_pages": _pages()}


def section_context(*, page: str, section: str, seed: int, base_url: str) -> dict[str, Any]:
    page_obj = page_get(slug=page)
    sections = list(page_obj.sections.all())
    current = next((s for s in sections if s.slug == section), None)
    if current is None:
        raise Http404(section)
    index = sections.index(current)
    return {
        "page": page_obj,
        "section": current,
        "section_view": SectionView.of(current, seed=seed, base_url=base_url, level=3),
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
    index = steps.index(current)
    return {
        "page": page_obj,
        "section": current.section,
        "step": current,
        "step_view": StepView.of(current, seed=seed, base_url=base_url, level=2),
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


@dataclass(frozen=True, slots=True)
class DifferenceEntry:
    """A difference between rulebooks as its page shows it: the entry, and a link to the step of
    each rule it names, by the step's title (learners never see rule ids), one link per step."""

    difference: Difference
    rule_links: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, difference: Difference) -> DifferenceEntry:
        targets = [target for rule in difference.rules if (target := rule_target(rule))]
        return cls(difference, tuple(dict.fromkeys(targets)))


def differences_context() -> dict[str, Any]:
    entries = [DifferenceEntry.of(difference) for difference in Difference.objects.all()]
    return {
        "profile_entries": [e for e in entries if e.difference.kind == Difference.Kind.PROFILE],
        "error_entries": [e for e in entries if e.difference.kind == Difference.Kind.SOURCE_ERROR],
        "table": profile_table(),
    }
