"""The embeds app: rule steps, sections, terms, hand rankings and quizzes framed by other sites."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EmbedsConfig(AppConfig):
    name = "embeds"
    verbose_name = _("Embeds")
