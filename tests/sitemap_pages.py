"""The site's sitemap for tests that walk it, and every page it names rendered once a session.

``/sitemap.xml`` is an index of one sitemap per language; ``sitemap_text`` gathers them and
``sitemap_paths`` lists every page they name. The audits that read every page (house terms,
English left in a translation, rule ids, link previews) share one ``SitePages`` (the session
fixture ``site_pages`` in tests/conftest.py): each page is rendered once per test session, not
once per audit.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.test import Client
from django.urls import reverse
from django.utils import translation

__all__ = ["SitePages", "sitemap_paths", "sitemap_text"]

_LOC = re.compile(r"<loc>([^<]+)</loc>")


def _language_sitemaps(client: Client) -> list[str]:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    index = response.content.decode()
    assert "<sitemapindex" in index
    texts = []
    for part in _LOC.findall(index):
        answer = client.get(urlsplit(part).path)
        assert answer.status_code == 200
        texts.append(answer.content.decode())
    return texts


def sitemap_text(client: Client) -> str:
    """Every ``<url>`` of the site's sitemaps, gathered from the index."""
    return "".join(_language_sitemaps(client))


def sitemap_paths(client: Client, *, language: str | None = None) -> list[str]:
    """The paths of every page in the sitemaps, optionally of one language only."""
    paths = {urlsplit(url).path for url in _LOC.findall(sitemap_text(client))}
    if language:
        paths = {path for path in paths if path.startswith(f"/{language}/")}
    return sorted(paths)


def _quiz_kind_paths(language: str) -> list[str]:
    """Each quiz kind's address, which the sitemaps leave out (it redirects to a fresh question)
    but the practice hub links: the audits read the question it leads to, too."""
    from practice.kinds import KINDS

    with translation.override(language):
        return [reverse("practice:kind", kwargs={"kind": kind}) for kind in KINDS]


class SitePages:
    """Every page of the sitemap, rendered on first use and kept for the test session.

    ``twins(language)`` pairs each English page with the same page in ``language``: the
    language sitemaps list the same pages in the same order, whatever the paths are called.
    """

    def __init__(self, blocker: object) -> None:
        self._blocker = blocker
        self._client = Client()
        self._paths: dict[str, list[str]] | None = None
        self._html: dict[str, str] = {}
        self._redirected: set[str] = set()

    def _sitemaps(self) -> dict[str, list[str]]:
        if self._paths is None:
            with self._blocker.unblock():  # type: ignore[attr-defined]
                texts = _language_sitemaps(self._client)
            by_language: dict[str, list[str]] = {}
            for text in texts:
                paths = [urlsplit(url).path for url in _LOC.findall(text)]
                language = paths[0].split("/")[1]
                by_language[language] = paths + _quiz_kind_paths(language)
            self._paths = by_language
        return self._paths

    def paths(self, language: str) -> list[str]:
        """The sitemap's pages in ``language``, in the sitemap's order, then each quiz kind's."""
        return list(self._sitemaps()[language])

    def twins(self, language: str) -> list[tuple[str, str]]:
        """(English path, the same page's path in ``language``) for every sitemap page."""
        english, local = self._sitemaps()["en"], self._sitemaps()[language]
        assert len(english) == len(local), "the language sitemaps list different pages"
        return list(zip(english, local, strict=True))

    def html(self, path: str) -> str:
        """The page at ``path`` (redirects followed), rendered once a session."""
        if path not in self._html:
            with self._blocker.unblock():  # type: ignore[attr-defined]
                response = self._client.get(path, follow=True)
            assert response.status_code == 200, path
            if response.redirect_chain:
                self._redirected.add(path)
            self._html[path] = response.content.decode()
        return self._html[path]

    def redirects(self, path: str) -> bool:
        """Whether ``path`` answered with a redirect before its page (rendered once a session)."""
        self.html(path)
        return path in self._redirected

    def rendered(self, language: str) -> dict[str, str]:
        """Every sitemap page of ``language``: path -> HTML."""
        return {path: self.html(path) for path in self.paths(language)}
