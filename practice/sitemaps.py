"""The practice pages in the sitemap: the hub, each quiz kind's start page and the walkthrough,
in every language with hreflang alternates (collected by ``stud_site.sitemaps``)."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap
from practice.kinds import KINDS


class PracticeSitemap(I18nSitemap):
    """Pages that stay put: the hub and the walkthrough's start page."""

    priority = 0.7
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["practice:hub", "practice:walkthrough"]

    def location(self, item: str) -> str:
        return reverse(item)


class QuizKindSitemap(I18nSitemap):
    """Each kind's landing URL (it redirects to a fresh question)."""

    priority = 0.5
    changefreq = "monthly"

    def items(self) -> list[str]:
        return list(KINDS)

    def location(self, item: str) -> str:
        return reverse("practice:kind", kwargs={"kind": item})


SITEMAPS: dict[str, type[Sitemap[Any]]] = {
    "practice": PracticeSitemap,
    "practice-kinds": QuizKindSitemap,
}
