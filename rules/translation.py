"""Which fields are translated (sv, da, fi, en): every text a reader sees."""

from __future__ import annotations

import simple_history
from modeltranslation.translator import TranslationOptions, register

from rules.models import Difference, GlossaryTerm, Page, Section, Step


@register(Page)
class PageTranslationOptions(TranslationOptions):
    fields = ("title", "summary", "quick_summary")


@register(Section)
class SectionTranslationOptions(TranslationOptions):
    fields = ("title", "intro")


@register(Step)
class StepTranslationOptions(TranslationOptions):
    fields = ("title", "body")


@register(GlossaryTerm)
class GlossaryTermTranslationOptions(TranslationOptions):
    fields = ("term", "definition")


@register(Difference)
class DifferenceTranslationOptions(TranslationOptions):
    fields = ("title", "body")


# History is registered here, after the translated fields exist, so that the historical models
# record every language (title_sv, title_da, ...). ``loaded`` is the loader's bookkeeping.
for _model in (Page, Section, Step, GlossaryTerm, Difference):
    simple_history.register(_model, app="rules", excluded_fields=["loaded"])
