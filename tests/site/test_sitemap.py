"""sitemap.xml lists every page in four languages with hreflang alternates; robots.txt."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from django.test import Client

from core.sitemaps import I18nSitemap
from stud_site import sitemaps
from tests.rules.conftest import django_db_setup
from tests.sitemap_pages import SitePages, sitemap_paths, sitemap_text
from tests.urls import localized

__all__ = ["django_db_setup"]  # the rule content, which the sitemaps list

pytestmark = pytest.mark.django_db


def test_sitemap_lists_home_in_every_language_with_alternates(client: Client) -> None:
    xml = sitemap_text(client)
    assert 'xmlns:xhtml="http://www.w3.org/1999/xhtml"' in xml
    for code in ("sv", "da", "fi", "en"):
        assert f"<loc>http://testserver/{code}/</loc>" in xml
        assert (
            f'<xhtml:link rel="alternate" hreflang="{code}" href="http://testserver/{code}/"/>'
        ) in xml
    # x-default: the address without a language prefix, redirected by Accept-Language.
    assert '<xhtml:link rel="alternate" hreflang="x-default" href="http://testserver/"/>' in xml


def test_robots_txt_points_at_the_sitemap(client: Client) -> None:
    response = client.get("/robots.txt")
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    assert "Sitemap: http://testserver/sitemap.xml" in response.content.decode()


def test_every_apps_sitemaps_are_in_the_registry() -> None:
    """An app lists its pages in its ``sitemaps.py``'s ``SITEMAPS``, and ``stud_site.sitemaps``
    imports each by name: an app left out there, or two sitemaps under one name, fail here."""
    root = Path(__file__).resolve().parents[2]
    apps = sorted(path.parent.name for path in root.glob("*/sitemaps.py"))
    assert {"rules", "practice", "tutorials", "kit"} <= set(apps)
    listed = {"home"}
    for app in apps:
        module = importlib.import_module(f"{app}.sitemaps")
        for name, sitemap in getattr(module, "SITEMAPS", {}).items():
            assert sitemaps.SITEMAPS.get(name) is sitemap, f"{app}.sitemaps: {name}"
            assert isinstance(sitemap, type) and issubclass(sitemap, I18nSitemap), name
            listed.add(name)
    assert set(sitemaps.SITEMAPS) == listed


def test_the_sitemap_is_an_index_of_one_sitemap_per_language(client: Client) -> None:
    index = client.get("/sitemap.xml")
    assert index["Content-Type"].startswith("application/xml")
    text = index.content.decode()
    for code in ("sv", "da", "fi", "en"):
        assert f"<loc>http://testserver/sitemap-{code}.xml</loc>" in text
        part = client.get(f"/sitemap-{code}.xml").content.decode()
        others = {"sv", "da", "fi", "en"} - {code}
        assert f"<loc>http://testserver{localized(f'/{code}/rules/stud/')}</loc>" in part
        assert not any(f"<loc>http://testserver/{other}/" in part for other in others)
    assert client.get("/sitemap-xx.xml").status_code == 404


def test_the_sitemaps_are_cached_whole_with_etags(client: Client) -> None:
    first = client.get("/sitemap-sv.xml")
    assert "s-maxage" in first["Cache-Control"]
    again = client.get("/sitemap-sv.xml", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def _urls(xml: str) -> list[str]:
    return re.findall(r"<url>.*?</url>", xml, flags=re.S)


def test_each_url_lists_the_alternates_of_all_four_languages_and_x_default(client: Client) -> None:
    """As the pages themselves do; a language's sitemap once narrowed them to its own."""
    urls = _urls(sitemap_text(client))
    assert len(urls) > 100
    for url in urls:
        hreflangs = sorted(re.findall(r'hreflang="([^"]+)"', url))
        assert hreflangs == ["da", "en", "fi", "sv", "x-default"], url


def test_every_listed_page_answers_200_without_a_redirect(
    client: Client, site_pages: SitePages
) -> None:
    """A sitemap lists pages, not redirects (the quiz kinds' addresses answer 302). The pages
    are the session's shared renders (SitePages.html fails on any status but 200)."""
    paths = sitemap_paths(client)
    assert len(paths) > 100
    assert [path for path in paths if site_pages.redirects(path)] == []
