"""The rules reference in the sitemap: every page, section, step and term, in four languages."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.db.models import Model
from django.urls import reverse

from core.sitemaps import I18nSitemap
from rules.models import GlossaryTerm, Page, Section, Step


class RulesPagesSitemap(I18nSitemap):
    """The index, the glossary, the differences page and each rules page."""

    priority = 0.8
    changefreq = "monthly"

    def items(self) -> list[str]:
        fixed = ["rules:index", "rules:glossary", "rules:differences"]
        return fixed + [f"page:{slug}" for slug in Page.objects.values_list("slug", flat=True)]

    def location(self, item: str) -> str:
        if item.startswith("page:"):
            return reverse("rules:page-detail", kwargs={"slug": item.removeprefix("page:")})
        return reverse(item)


class _ModelSitemap(I18nSitemap):
    model: type[Model]
    changefreq = "monthly"

    def items(self) -> list[Model]:
        return list(self.model._default_manager.all())


class SectionSitemap(_ModelSitemap):
    model = Section
    priority = 0.6

    def items(self) -> list[Model]:
        return list(Section.objects.select_related("page"))


class StepSitemap(_ModelSitemap):
    model = Step
    priority = 0.5

    def items(self) -> list[Model]:
        return list(Step.objects.select_related("section__page"))


class GlossaryTermSitemap(_ModelSitemap):
    model = GlossaryTerm
    priority = 0.4


SITEMAPS: dict[str, type[Sitemap[Any]]] = {
    "rules": RulesPagesSitemap,
    "rules-sections": SectionSitemap,
    "rules-steps": StepSitemap,
    "rules-glossary": GlossaryTermSitemap,
}
