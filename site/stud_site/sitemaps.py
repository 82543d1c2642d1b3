"""The site's sitemap registry: the home page plus each app's ``SITEMAPS`` (if it has one).

Every sitemap lists each page with hreflang alternates and x-default
(``core.sitemaps.I18nSitemap``). ``/sitemap.xml`` is an index with one sitemap per language
(``/sitemap-sv.xml`` ...), each holding every page of that language; both are cached whole
until the content changes (``stud_site.views``).
"""

from __future__ import annotations

import copy
import importlib
from typing import Any

from django.contrib.sitemaps import Sitemap
from django.urls import reverse

from core.sitemaps import I18nSitemap

# Apps whose ``<app>.sitemaps`` module may define ``SITEMAPS: dict[str, Sitemap]``.
APP_SITEMAP_MODULES = (
    "rules.sitemaps",
    "practice.sitemaps",
    "tutorials.sitemaps",
    "kit.sitemaps",
)


class HomeSitemap(I18nSitemap):
    priority = 1.0
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["home"]

    def location(self, item: str) -> str:
        return reverse(item)


def collect_sitemaps() -> dict[str, Sitemap[Any] | type[Sitemap[Any]]]:
    """The home sitemap plus the ``SITEMAPS`` of every app module that exists."""
    sitemaps: dict[str, Sitemap[Any] | type[Sitemap[Any]]] = {"home": HomeSitemap}
    for module_name in APP_SITEMAP_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            missing = error.name or ""
            if module_name != missing and not module_name.startswith(f"{missing}."):
                raise  # the module exists but something it imports does not
            continue
        sitemaps.update(getattr(module, "SITEMAPS", {}))
    return sitemaps


SITEMAPS = collect_sitemaps()


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
