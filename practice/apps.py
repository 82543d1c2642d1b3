"""The practice app: quizzes and walkthroughs."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    name = "practice"
    verbose_name = _("Tutorials")
    default_auto_field = "django.db.models.BigAutoField"
