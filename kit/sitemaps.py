"""The kit's pages in the sitemap (collected by ``stud_site.sitemaps``): the split-a-pot tool,
the house rules form and each game's rule sheet, in every language with hreflang alternates
(a set of house rules is a club's page, not listed)."""

from __future__ import annotations

from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap
from rules.engine import Game


class KitSitemap(I18nSitemap):
    priority = 0.6
    changefreq = "monthly"

    def items(self) -> list[tuple[str, tuple[str, ...]]]:
        sheets = [("kit:sheet", (str(game),)) for game in Game]
        return [("kit:split", ()), ("kit:house-new", ()), *sheets]

    def location(self, item: tuple[str, tuple[str, ...]]) -> str:
        name, args = item
        return reverse(name, args=args)


SITEMAPS: dict[str, type[Sitemap[Any]]] = {"kit": KitSitemap}
