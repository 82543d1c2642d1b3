"""The site's sitemap registry: the home page plus each app's ``SITEMAPS``.

Every sitemap lists each page with hreflang alternates and x-default
(``core.sitemaps.I18nSitemap``). ``/sitemap.xml`` is an index with one sitemap per language
(``/sitemap-sv.xml`` ...), each holding every page of that language; both are cached whole
until the content changes (``stud_site.views``).
"""

from __future__ import annotations

import copy
from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap
from kit import sitemaps as kit_sitemaps
from practice import sitemaps as practice_sitemaps
from rules import sitemaps as rules_sitemaps
from tutorials import sitemaps as tutorials_sitemaps


class HomeSitemap(I18nSitemap):
    priority = 1.0
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["home"]

    def location(self, item: str) -> str:
        return reverse(item)


#: The home sitemap and every app's (an app with pages to list defines ``SITEMAPS`` in its
#: ``sitemaps.py``; ``tests/site/test_sitemap.py`` checks that each is here).
SITEMAPS: dict[str, Sitemap[Any] | type[Sitemap[Any]]] = {
    "home": HomeSitemap,
    **rules_sitemaps.SITEMAPS,
    **practice_sitemaps.SITEMAPS,
    **tutorials_sitemaps.SITEMAPS,
    **kit_sitemaps.SITEMAPS,
}


def language_sitemaps(code: str) -> dict[str, Sitemap[Any] | type[Sitemap[Any]]]:
    """Every sitemap, limited to the pages in ``code``, each with every language's alternates."""
    sitemaps: dict[str, Sitemap[Any] | type[Sitemap[Any]]] = {}
    for name, sitemap in SITEMAPS.items():
        instance = sitemap() if isinstance(sitemap, type) else copy.copy(sitemap)
        if not isinstance(instance, I18nSitemap):
            raise TypeError(f"sitemap {name!r} is not an I18nSitemap")
        instance.listed_languages = (code,)
        sitemaps[name] = instance
    return sitemaps
