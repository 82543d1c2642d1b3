"""The base class of every sitemap: each page once per language, with hreflang alternates.

Django's x-default is the page's address without the language prefix (``/`` for the home
page), which LocaleMiddleware redirects by the browser's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib.sitemaps import Sitemap

# Sitemap is generic in django-stubs only.
if TYPE_CHECKING:
    _SitemapBase = Sitemap[Any]
else:
    _SitemapBase = Sitemap


class I18nSitemap(_SitemapBase):
    """A sitemap that lists every item in the four languages, each with its alternates.

    Subclass it in ``<app>/sitemaps.py`` and list it in that module's ``SITEMAPS``."""

    i18n = True
    alternates = True
    x_default = True
    #: The languages whose pages this sitemap lists (``None``: all of them). A language's own
    #: sitemap lists its pages only, but each with the alternates of every language, as the
    #: pages themselves do (Django's ``languages`` would narrow the alternates too).
    listed_languages: tuple[str, ...] | None = None

    def _items(self) -> list[Any]:
        items: list[Any] = super()._items()  # type: ignore[misc]
        if self.listed_languages is None:
            return items
        return [(item, code) for item, code in items if code in self.listed_languages]
