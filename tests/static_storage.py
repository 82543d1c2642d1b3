"""The static storage the suite renders with: plain names (no `collectstatic` needed), but as
strict as production's manifest, so a template that names a file no app ships fails its test
instead of answering 500 once served (`ManifestStaticFilesStorage` raises for a name its
manifest lacks, and the manifest holds exactly what the finders find)."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import StaticFilesStorage


class StrictStaticFilesStorage(StaticFilesStorage):
    """``{% static name %}`` for a name that no static folder holds raises ``ValueError``, the
    error production's manifest storage raises for it (whitenoise's, with its strict default)."""

    def url(self, name: str | None) -> str:
        if name and not finders.find(name):
            raise ValueError(f"Missing staticfiles manifest entry for '{name}'")
        return super().url(name)
