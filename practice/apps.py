"""The practice app: quizzes and walkthroughs."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = _("Practice")
    default_auto_field = "django.db.models.BigAutoField"
