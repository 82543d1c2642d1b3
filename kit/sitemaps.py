"""The kit's pages in the sitemap (collected by ``stud_site.sitemaps``): the split-a-pot tool,
in every language with hreflang alternates."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap


class KitSitemap(I18nSitemap):
    priority = 0.6
    changefreq = "monthly"

    def items(self) -> list[str]:
        return ["kit:split"]

    def location(self, item: str) -> str:
        return reverse(item)


SITEMAPS: dict[str, type[Sitemap[Any]]] = {"kit": KitSitemap}
