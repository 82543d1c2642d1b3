"""The whole sitemap as one text: ``/sitemap.xml`` is an index of one sitemap per language."""

from __future__ import annotations

import re

from django.test import Client


def sitemap_text(client: Client) -> str:
    """Every ``<url>`` of the site's sitemaps, gathered from the index."""
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    index = response.content.decode()
    assert "<sitemapindex" in index
    parts = re.findall(r"<loc>([^<]+)</loc>", index)
    texts = []
    for part in parts:
        answer = client.get(part.replace("http://testserver", ""))
        assert answer.status_code == 200
        texts.append(answer.content.decode())
    return "".join(texts)
