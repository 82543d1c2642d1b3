from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnConfig(AppConfig):
    name = "learn"
    verbose_name = _("Course")

    def ready(self) -> None:
        from learn.services import kind_lesson_url
        from tutorials.lessons import lesson_finder_register

        # The practice set's summary links each skill to revisit to its lesson.
        lesson_finder_register(kind_lesson_url)
