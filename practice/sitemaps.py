"""The practice pages in the sitemap: the hub and the walkthrough, in every language with
hreflang alternates (collected by ``stud_site.sitemaps``). A quiz kind's own address is no page:
it redirects to a fresh question (a new seed each time), so the hub's links lead to it instead."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap


class PracticeSitemap(I18nSitemap):
    """Pages that stay put: the hub and the walkthrough's start page."""

    priority = 0.7
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["practice:hub", "practice:walkthrough"]

    def location(self, item: str) -> str:
        return reverse(item)


SITEMAPS: dict[str, type[Sitemap[Any]]] = {
    "practice": PracticeSitemap,
}
