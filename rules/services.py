"""What the rules views show: the context of each page, and the worked-example boxes.

Reading and loading the content files is ``rules.loading``; rendering texts with their cache is
``rules.rendering``; query strings are read by ``rules.forms``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urlsplit

from django.conf import settings
from django.db import models
from django.http import Http404
from django.urls import Resolver404, resolve, reverse
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext

from core import words
from rules.engine import CITED_FIELDS, PROFILES, Book, Cite, Game, Profile, RuleSection
from rules.examples import MAX_SEED, example_build
from rules.models import Difference, GlossaryTerm, Page, Step
from rules.rendering import rule_target
from rules.sentences.citations import cite_text, field_citation

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


def _attach_example(step: Step, *, seed: int, base_url: str, level: int) -> None:
    step.example_box = None  # type: ignore[attr-defined]
    if step.example_kind and step.example_game:
        try:
            step.example_box = example_box(  # type: ignore[attr-defined]
                kind=step.example_kind,
                game=step.example_game,
                seed=seed,
                base_url=base_url,
                level=level,
            )
        except ValueError:  # a kind or game saved past the admin's checks: the step without it
            logger.exception("step %s: its worked example left out", step.pk)


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
    entries = list(Difference.objects.all())
    for entry in entries:
        # Each rule's step, by its title (learners never see rule ids); one link per step.
        targets = [target for rule in entry.rules if (target := rule_target(rule))]
        entry.rule_links = list(dict.fromkeys(targets))  # type: ignore[attr-defined]
    return {
        "profile_entries": [e for e in entries if e.kind == Difference.Kind.PROFILE],
        "error_entries": [e for e in entries if e.kind == Difference.Kind.SOURCE_ERROR],
        "table": profile_table(),
    }


@dataclass(frozen=True, slots=True)
class RuleQuote:
    """A rule's own words as the differences page shows them on demand, and where from."""

    text: str
    source: str


@dataclass(frozen=True, slots=True)
class TableRow:
    label: str
    rules: tuple[str, ...]
    values: tuple[str, ...]
    # Per column: where that rulebook says it, or that it does not (and the site's fallback).
    cites: tuple[str, ...] = ()
    # Per column: the cited rules' own words (none where no text was available to quote).
    quotes: tuple[tuple[RuleQuote, ...], ...] = ()

    @property
    def cells(self) -> tuple[tuple[str, str], ...]:
        """(value, citation) per column."""
        return tuple(zip(self.values, self.cites or ("",) * len(self.values), strict=True))

    @property
    def columns(self) -> tuple[tuple[str, str, tuple[RuleQuote, ...]], ...]:
        """(value, citation, quotes) per column."""
        quotes = self.quotes or ((),) * len(self.values)
        return tuple(
            (value, cite, quote) for (value, cite), quote in zip(self.cells, quotes, strict=True)
        )


def rule_quotes(profile: Profile, field: str) -> tuple[RuleQuote, ...]:
    """The words of the rules ``profile`` cites for ``field``, each with its citation and
    edition (rules.engine.QUOTES); a rulebook that does not address the field quotes none."""
    if field not in CITED_FIELDS or field in profile.not_addressed:
        return ()
    return tuple(
        RuleQuote(
            text.quote,
            gettext("%(cite)s, quoted from: %(edition)s")
            % {"cite": cite_text(cite), "edition": text.edition},
        )
        for cite, text in zip(profile.cites[field], profile.quotes(field), strict=True)
        if text is not None
    )


@dataclass(frozen=True, slots=True)
class ProfileTable:
    headers: tuple[str, ...]
    rows: tuple[TableRow, ...]


def profile_value_text(value: object) -> str:
    """A profile's answer on one question as the reader reads it ("yes", "3", "highest card by
    suit in the five-card hand"): the differences table's words, and the house rules'."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, int):
        return str(value)
    values = {
        "position": gettext("position (first dealt)"),
        "high_card_by_suit": gettext("highest card by suit"),
        "unlimited_once_heads_up": gettext("unlimited once heads-up before the cap"),
        "unlimited_if_round_starts_heads_up": gettext(
            "unlimited only if the round starts heads-up"
        ),
        "always_capped": gettext("the cap applies until two players remain in the event"),
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
        "high": gettext("to the high half"),
    }
    return values.get(str(value), str(value))


def profile_table() -> ProfileTable:
    """The rulebooks side by side, from the engine's ``PROFILES`` (rules-facts section 13)."""
    show = profile_value_text

    # What the rulebook's text says, not the engine's working answer: where a rulebook is
    # silent (or leaves the raises to the house) the engine follows Robert's Rules, and the
    # note under the table says so.
    not_addressed, house = gettext("not addressed"), gettext("set by the house")

    def said(field: str) -> Callable[[Any], object]:
        def value(profile: Any) -> object:
            return not_addressed if field in profile.not_addressed else getattr(profile, field)

        return value

    profiles = list(PROFILES.values())
    # Rows that are not a profile switch (every rulebook agrees) cite each book's own rule.
    agreed: dict[str, dict[str, tuple[Cite, ...]]] = {
        "open_pair_other_games": {
            "robert": (Cite(Book.RR, RuleSection.STUD8), Cite(Book.RR, RuleSection.RAZZ)),
            "tda": (Cite(Book.TDA, RuleSection.RP, "10-F"),),
            "wsop_la": (Cite(Book.WSOP_LA, rule="237"), Cite(Book.WSOP_LA, rule="233")),
            "wsop": (Cite(Book.WSOP_T, RuleSection.STUD8), Cite(Book.WSOP_T, RuleSection.RAZZ)),
        },
        "odd_chip_halves": {
            "robert": (Cite(Book.RR, RuleSection.STUD8),),
            "tda": (Cite(Book.TDA, rule="20-C"),),
            "wsop_la": (Cite(Book.WSOP_LA, rule="149"), Cite(Book.WSOP_LA, rule="244")),
            "wsop": (Cite(Book.WSOP_T, rule="73"),),
        },
    }

    def cites(key: str) -> Callable[[Any], str]:
        def text(profile: Any) -> str:
            if key in agreed:
                return "; ".join(cite_text(c) for c in agreed[key][profile.name])
            return field_citation(profile, key)

        return text

    rows_spec: list[tuple[str, tuple[str, ...], Callable[[Any], object], str]] = [
        (
            gettext("Open pair on fourth street allows the big bet (stud high)"),
            ("R-BET-2", "R-BET-4"),
            lambda p: p.open_pair_big_bet,
            "open_pair_big_bet",
        ),
        (
            gettext("Open pair in Stud Hi/Lo and Razz"),
            ("R-BET-3",),
            lambda p: False,
            "open_pair_other_games",
        ),
        (
            gettext("Raises after the bet or completion"),
            ("R-BET-5",),
            lambda p: house if p.raises_set_by_house else p.max_raises,
            "max_raises",
        ),
        (gettext("Raising heads-up"), ("R-BET-6",), lambda p: p.heads_up_cap, "heads_up_cap"),
        (
            gettext("Tied boards in Seven Card Stud"),
            ("R-ACT-4",),
            lambda p: p.tie_break(Game.STUD),
            "board_tie_break",
        ),
        (
            gettext("Tied boards in Stud Hi/Lo and Razz"),
            ("R-ACT-4",),
            lambda p: p.tie_break(Game.RAZZ),
            "board_tie_break",
        ),
        (
            gettext("Low card all-in for the ante: the next player may fold"),
            ("R-BRING-8",),
            said("allin_low_card_next_player_may_fold"),
            "allin_low_card_next_player_may_fold",
        ),
        (
            gettext("Corrected bring-in: the true low card may complete instead"),
            ("R-BRING-10",),
            said("corrected_bring_in_may_complete"),
            "corrected_bring_in_may_complete",
        ),
        (gettext("Odd chip among tied hands"), ("R-POT-6",), lambda p: p.odd_chip, "odd_chip"),
        (
            gettext("Odd chip between the high and low halves"),
            ("R-POT-5",),
            lambda p: "high",
            "odd_chip_halves",
        ),
        (
            gettext("Running out of cards"),
            ("R-CARDS-1", "R-CARDS-2"),
            said("out_of_cards"),
            "out_of_cards",
        ),
        (
            gettext("First to act with a community card"),
            ("R-ACT-6",),
            said("community_opener"),
            "community_opener",
        ),
        (
            gettext("Hole card exposed on the deal"),
            ("R-IRR-1",),
            lambda p: p.exposed_hole_card,
            "exposed_hole_card",
        ),
        (
            gettext("Cards dealt too early"),
            ("R-IRR-10",),
            lambda p: p.premature_card,
            "premature_card",
        ),
        (
            gettext("Fewer than seven cards at the showdown"),
            ("R-IRR-9",),
            said("short_showdown_hand"),
            "short_showdown_hand",
        ),
        (
            gettext("All-in: every hand is turned face up at once"),
            ("R-SHOW-1",),
            lambda p: p.all_in_hands_face_up,
            "all_in_hands_face_up",
        ),
    ]
    rows = tuple(
        TableRow(
            label,
            rules,
            tuple(show(getter(profile)) for profile in profiles),
            tuple(cites(key)(profile) for profile in profiles),
            tuple(rule_quotes(profile, key) for profile in profiles),
        )
        for label, rules, getter, key in rows_spec
    )
    headers = tuple(capfirst(words.profile_name(profile.name)) for profile in profiles)
    return ProfileTable(headers, rows)
