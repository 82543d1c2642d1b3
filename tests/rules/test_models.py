"""The content models: translated fields in four languages, and change history of every language."""

from __future__ import annotations

import pytest
from django.conf import settings

from rules.loading import TEXT_FIELDS
from rules.models import Difference, GlossaryTerm, Page, Section, Step
from tests.urls import localized

type RuleText = Page | Section | Step | GlossaryTerm | Difference

LANGUAGES = [code for code, _name in settings.LANGUAGES]


@pytest.mark.parametrize("model", [Page, Section, Step, GlossaryTerm, Difference])
def test_text_fields_have_a_column_per_language(model: type[RuleText]) -> None:
    columns = {field.name for field in model._meta.get_fields()}
    for name in TEXT_FIELDS[model]:
        for language in LANGUAGES:
            assert f"{name}_{language}" in columns


@pytest.mark.parametrize("model", [Page, Section, Step, GlossaryTerm, Difference])
def test_history_records_every_language(model: type[RuleText]) -> None:
    history_columns = {field.name for field in model.history.model._meta.get_fields()}
    for name in TEXT_FIELDS[model]:
        for language in LANGUAGES:
            assert f"{name}_{language}" in history_columns
    assert "loaded" not in history_columns  # the loader's bookkeeping is not content


@pytest.mark.django_db
def test_saving_a_translation_adds_a_history_row() -> None:
    step = Step.objects.first()
    assert step is not None
    before = step.history.count()
    step.body_fi = step.body_fi + " Lisäys."
    step.save()
    assert step.history.count() == before + 1
    assert step.history.first().body_fi.endswith("Lisäys.")


@pytest.mark.django_db
def test_steps_store_their_rule_ids() -> None:
    step = Step.objects.exclude(rules=[]).first()
    assert step is not None
    assert all(rule.startswith("R-") for rule in step.rules)


@pytest.mark.django_db
def test_urls_use_english_slugs_in_every_language() -> None:
    from django.utils.translation import override

    step = Step.objects.select_related("section__page").get(
        slug="who-brings-in", section__slug="forced-bets", section__page__slug="stud"
    )
    with override("sv"):
        assert step.get_absolute_url() == localized("/sv/rules/stud/forced-bets/who-brings-in/")
