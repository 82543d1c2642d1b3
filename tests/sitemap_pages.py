"""The site's sitemap for tests that walk it: ``/sitemap.xml`` is an index of one sitemap per
language; ``sitemap_text`` gathers them, ``sitemap_paths`` lists every page they name."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.test import Client

_LOC = re.compile(r"<loc>([^<]+)</loc>")


def sitemap_text(client: Client) -> str:
    """Every ``<url>`` of the site's sitemaps, gathered from the index."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    index = response.content.decode()
    assert "<sitemapindex" in index
    texts = []
    for part in _LOC.findall(index):
        answer = client.get(urlsplit(part).path)
        assert answer.status_code == 200
        texts.append(answer.content.decode())
    return "".join(texts)


def sitemap_paths(client: Client, *, language: str | None = None) -> list[str]:
    """The paths of every page in the sitemaps, optionally of one language only."""
    paths = {urlsplit(url).path for url in _LOC.findall(sitemap_text(client))}
    if language:
        paths = {path for path in paths if path.startswith(f"/{language}/")}
    return sorted(paths)
