"""Every page of the sitemap, for tests that walk the whole site (a sitemap index is followed)."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.test import Client

_LOC = re.compile(r"<loc>([^<]+)</loc>")


def sitemap_paths(client: Client, *, language: str | None = None) -> list[str]:
    """The paths the sitemap lists (following a sitemap index), optionally of one language."""
    seen: set[str] = set()
    pending = ["/sitemap.xml"]
    paths: set[str] = set()
    while pending:
        sitemap = pending.pop()
        if sitemap in seen:
            continue
        seen.add(sitemap)
        xml = client.get(sitemap).content.decode()
        for url in _LOC.findall(xml):
            path = urlsplit(url).path
            if path.endswith(".xml"):
                pending.append(path)
            else:
                paths.add(path)
    if language:
        paths = {path for path in paths if path.startswith(f"/{language}/")}
    return sorted(paths)
