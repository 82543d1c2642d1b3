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
