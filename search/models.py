"""The search index: one row per rule text and language, rebuilt from the rules models.

The rows keep the plain text shown in results (``title``, ``body``, ``context``) and the stems
SQLite's FTS5 table indexes (``title_index``, ``body_index``; see ``search.index``). On
PostgreSQL the migration adds a ``vector`` tsvector column (the language's text search
configuration) with a GIN index instead; the ORM never reads it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class SearchEntry(models.Model):
    """One searchable text in one language: a step, section, page, glossary term or difference."""

    class Kind(models.TextChoices):
        STEP = "step", _("Rule step")
        SECTION = "section", _("Section")
        PAGE = "page", _("Rules page")
        TERM = "term", _("Glossary term")
        DIFFERENCE = "difference", _("Rulebook difference")

    language = models.CharField(_("language"), max_length=8)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    #: The slugs that name the object in its URL: "stud/forced-bets/who-brings-in".
    key = models.CharField(_("key"), max_length=300)
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=300)
    context = models.CharField(_("where"), max_length=400, blank=True)
    body = models.TextField(_("text"), blank=True)
    title_index = models.TextField(blank=True)
    body_index = models.TextField(blank=True)

    class Meta:
        ordering = ("language", "order")
        constraints = (
            models.UniqueConstraint(
                fields=["language", "kind", "key"], name="search_entry_unique_key"
            ),
        )
        indexes = (models.Index(fields=["language", "kind"], name="search_entry_lang_kind"),)
        verbose_name = _("search entry")
        verbose_name_plural = _("search entries")

    def __str__(self) -> str:
        return f"{self.language} {self.kind} {self.key}"
