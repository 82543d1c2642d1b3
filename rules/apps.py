"""The rules app: the multilingual rules reference (pages, glossary, differences, examples)."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Rules")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models import Model
        from django.db.models.signals import post_delete, post_save

        from rules import models
        from rules.rendering import content_index

        def clear(**kwargs: object) -> None:
            content_index.cache_clear()

        for model in (models.Page, models.Section, models.Step, models.GlossaryTerm):
            name = model.__name__
            post_save.connect(clear, sender=model, weak=False, dispatch_uid=f"rules-index-{name}")
            post_delete.connect(
                clear, sender=model, weak=False, dispatch_uid=f"rules-index-del-{name}"
            )

        from rules.versioning import content_version_bump

        def bump(**kwargs: object) -> None:
            content_version_bump()

        # weak=False: a receiver defined here would otherwise be collected once ready()
        # returns, and the signal would silently reach nobody.
        # Every cached page shows content: any change drops them all, on every server.
        versioned: tuple[type[Model], ...] = (
            models.Page,
            models.Section,
            models.Step,
            models.GlossaryTerm,
            models.Difference,
        )
        for versioned_model in versioned:
            name = versioned_model.__name__
            post_save.connect(
                bump, sender=versioned_model, weak=False, dispatch_uid=f"rules-version-{name}"
            )
            post_delete.connect(
                bump, sender=versioned_model, weak=False, dispatch_uid=f"rules-version-del-{name}"
            )
