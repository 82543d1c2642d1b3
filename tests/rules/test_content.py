"""The shipped content: every rule cited, every text in four languages, enough of it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.utils.html import strip_tags

from rules.loading import CONTENT_DIR, GAME_PAGE_TEXTS, TEXT_FIELDS, content_read
from rules.models import Difference, GlossaryTerm, Page, Section, Step

pytestmark = pytest.mark.django_db

type RuleText = Page | Section | Step | GlossaryTerm | Difference

LANGUAGES = [code for code, _name in settings.LANGUAGES]
REPO = Path(__file__).resolve().parents[2]
RULES_FACTS = REPO.parent / "shared" / "rules-facts.md"
COMMITTED_IDS = Path(__file__).resolve().parent / "rule_ids.txt"
RULE_PREFIXES = (
    "DECK",
    "ANTE",
    "DEAL",
    "PLAYERS",
    "BRING",
    "ACT",
    "BET",
    "SHOW",
    "RANK",
    "LOW",
    "POT",
    "CARDS",
    "IRR",
)


def rule_ids_of_sections_1_to_9() -> set[str]:
    """The rule ids defined in sections 1-9 of rules-facts.md (or the committed copy)."""
    if RULES_FACTS.is_file():
        text = RULES_FACTS.read_text(encoding="utf-8")
        body = text[text.index("\n## 1.") : text.index("\n## 10.")]
        ids = set(re.findall(r"^\*\*(R-[A-Z]+-\d+)", body, flags=re.MULTILINE))
    else:
        lines = COMMITTED_IDS.read_text(encoding="utf-8").splitlines()
        ids = {line.strip() for line in lines if line.startswith("R-")}
    return {rule for rule in ids if rule.split("-")[1] in RULE_PREFIXES}


def test_the_committed_rule_id_list_matches_the_specification() -> None:
    if not RULES_FACTS.is_file():
        pytest.skip("../shared/rules-facts.md is not beside the repository")
    committed = {
        line.strip()
        for line in COMMITTED_IDS.read_text(encoding="utf-8").splitlines()
        if line.startswith("R-")
    }
    assert committed == rule_ids_of_sections_1_to_9()


def test_every_rule_id_is_cited_by_a_step() -> None:
    wanted = rule_ids_of_sections_1_to_9()
    assert len(wanted) > 60
    cited = {rule for rules in Step.objects.values_list("rules", flat=True) for rule in rules}
    assert sorted(wanted - cited) == []


def test_every_cited_rule_id_exists() -> None:
    known = rule_ids_of_sections_1_to_9()
    for model in (Step, GlossaryTerm, Difference):
        for rules in model.objects.values_list("rules", flat=True):
            assert set(rules) <= known


@pytest.mark.parametrize("model", [Page, Section, Step, GlossaryTerm, Difference])
def test_every_text_is_filled_in_all_four_languages(model: type[RuleText]) -> None:
    assert model.objects.exists()
    for obj in model.objects.all():
        for name in TEXT_FIELDS[model]:
            if name in GAME_PAGE_TEXTS and isinstance(obj, Page) and obj.kind != Page.Kind.GAME:
                continue  # "In 30 seconds" belongs to the game pages only
            for language in LANGUAGES:
                value = getattr(obj, f"{name}_{language}")
                assert value and value.strip(), f"{obj!r} {name}_{language}"


def test_the_shipped_files_load_without_problems() -> None:
    content = content_read(directory=CONTENT_DIR)
    assert len(content.pages) == 6


def _words(text: str) -> int:
    text = re.sub(r"\{\{[^}|]*\|([^}]*)\}\}", r"\1", text)  # a link counts by its own text
    text = re.sub(r"\{\{[^}]*\}\}", "link", text)
    text = re.sub(r"\[[^\]]*\]", "cards", text)
    return len(re.findall(r"\w+", strip_tags(text)))


def words_per_language() -> dict[str, int]:
    totals = dict.fromkeys(LANGUAGES, 0)
    for model in (Page, Section, Step, GlossaryTerm, Difference):
        for obj in model.objects.all():
            for name in TEXT_FIELDS[model]:
                for language in LANGUAGES:
                    totals[language] += _words(getattr(obj, f"{name}_{language}") or "")
    return totals


def test_at_least_6000_words_of_rule_text_per_language() -> None:
    totals = words_per_language()
    assert all(count >= 6000 for count in totals.values()), totals


def test_game_pages_follow_one_template() -> None:
    expected = [
        "overview",
        "forced-bets",
        "the-deal",
        "acting-first",
        "betting",
        "showdown",
        "out-of-cards",
        "irregularities",
    ]
    for page in Page.objects.filter(kind=Page.Kind.GAME):
        assert list(page.sections.values_list("slug", flat=True)) == expected, page.slug


def test_example_ids_are_unique_on_each_page() -> None:
    for page in Page.objects.all():
        kinds = [
            (step.example_kind, step.example_game)
            for step in Step.objects.filter(section__page=page).exclude(example_kind="")
        ]
        assert len(kinds) == len(set(kinds)), page.slug
