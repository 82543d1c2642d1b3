from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LearnersConfig(AppConfig):
    name = "learners"
    verbose_name = _("Learners")
    default_auto_field = "django.db.models.BigAutoField"
