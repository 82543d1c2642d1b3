"""The site app: settings, URLs, site-wide views, template tags and management commands."""

from __future__ import annotations

from django.apps import AppConfig


class StudSiteConfig(AppConfig):
    name = "stud_site"
    verbose_name = "Stud site"

    def ready(self) -> None:
        from stud_site import checks  # noqa: F401  (registers the deploy checks)
