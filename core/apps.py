"""The base app: what every other app shares (cards, words, HTMX helpers)."""

from __future__ import annotations

from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from core import staff  # noqa: F401  (connects the login and logout receivers)
