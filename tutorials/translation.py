"""Which course fields are translated (sv, da, fi, en): every text a learner sees."""

from __future__ import annotations

import simple_history
from modeltranslation.translator import TranslationOptions, register

from tutorials.models import Course, Lesson, LessonPart, Path, Unit


@register(Unit)
class UnitTranslationOptions(TranslationOptions):
    fields = ("title",)


@register(Lesson)
class LessonTranslationOptions(TranslationOptions):
    fields = ("title",)


@register(LessonPart)
class LessonPartTranslationOptions(TranslationOptions):
    fields = ("title", "text")


@register(Path)
class PathTranslationOptions(TranslationOptions):
    fields = ("title", "summary")


# History after the translated fields exist, so that it records every language.
for _model in (Course, Unit, Lesson, LessonPart, Path):
    simple_history.register(_model, app="tutorials", excluded_fields=["loaded"])
