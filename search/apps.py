"""Search over the rules reference, in four languages."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SearchConfig(AppConfig):
    name = "search"
    verbose_name = _("Search")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from search import signals

        signals.connect()
