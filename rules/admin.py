"""The admin: every text in all four languages together, with change history and inlines."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib import admin
from django.utils.translation import gettext_lazy as _
from modeltranslation.admin import TranslationAdmin, TranslationStackedInline
from simple_history.admin import SimpleHistoryAdmin

from rules.loading import TEXT_FIELDS
from rules.markup import markup_check
from rules.models import Difference, GlossaryTerm, Page, Section, Step, validate_rule_ids
from rules.rendering import content_index


class MarkupCheckedForm(forms.ModelForm):  # type: ignore[type-arg]
    """Refuses text the page renderer could not show (bad cards, malformed or unknown links),
    as ``loadrules`` does for the files, so an editor's typo never reaches a page (the rule
    ids, games and kinds are the models' own checks)."""

    def clean_rules(self) -> object:
        """``null`` parses as JSON but is no list: the model's validators skip empty values."""
        rules = self.cleaned_data.get("rules")
        validate_rule_ids(rules)
        return rules

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        names = TEXT_FIELDS.get(self._meta.model, ())
        targets = content_index()
        for name in names:
            for code, _language in settings.LANGUAGES:
                field = f"{name}_{code}"
                text = cleaned.get(field)
                if not text or field not in self.fields:
                    continue
                problems = markup_check(text, targets=targets)
                if problems:
                    message = _("This text cannot be shown on the site: %(problems)s")
                    self.add_error(field, message % {"problems": "; ".join(problems)})
        return cleaned


class _TranslatedHistoryAdmin(SimpleHistoryAdmin, TranslationAdmin):  # type: ignore[misc,type-arg]
    """Plain (untabbed) translation fields, so no jQuery UI from a CDN, plus history."""

    readonly_fields = ("loaded",)
    form = MarkupCheckedForm


class SectionInline(TranslationStackedInline):  # type: ignore[type-arg]
    model = Section
    form = MarkupCheckedForm
    fields = ("slug", "order", "title", "intro")
    extra = 0
    show_change_link = True


class StepInline(TranslationStackedInline):  # type: ignore[type-arg]
    model = Step
    form = MarkupCheckedForm
    fields = ("slug", "order", "rules", "example_kind", "example_game", "title", "body")
    extra = 0
    show_change_link = True


@admin.register(Page)
class PageAdmin(_TranslatedHistoryAdmin):
    list_display = ("slug", "title", "kind", "game", "order")
    list_filter = ("kind",)
    search_fields = ("slug", "title_en", "title_sv", "title_da", "title_fi")
    inlines = (SectionInline,)


@admin.register(Section)
class SectionAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "page", "slug", "order")
    list_filter = ("page",)
    search_fields = ("slug", "title_en", "title_sv", "title_da", "title_fi")
    inlines = (StepInline,)


@admin.register(Step)
class StepAdmin(_TranslatedHistoryAdmin):
    list_display = ("__str__", "section", "slug", "rule_ids", "example_kind")
    list_filter = ("section__page", "example_kind")
    search_fields = ("slug", "title_en", "title_sv", "title_da", "title_fi", "body_en")

    @admin.display(description="rules")
    def rule_ids(self, obj: Step) -> str:
        return ", ".join(obj.rules)


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(_TranslatedHistoryAdmin):
    list_display = ("slug", "term", "order")
    search_fields = ("slug", "term_en", "term_sv", "term_da", "term_fi")


@admin.register(Difference)
class DifferenceAdmin(_TranslatedHistoryAdmin):
    list_display = ("slug", "title", "kind", "order")
    list_filter = ("kind",)
    search_fields = ("slug", "title_en", "title_sv", "title_da", "title_fi")
