"""A malformed ``?url=`` (an unclosed IPv6 bracket, ...) is a 404, never a 500."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

MALFORMED = ["http://[", "http://[::1", "https://]x", "http://[::1]x/en/rules/"]


@pytest.mark.parametrize("url", MALFORMED)
def test_oembed_answers_404_for_a_malformed_url(client: Client, url: str) -> None:
    response = client.get("/oembed/?" + urlencode({"url": url, "format": "json"}))
    assert response.status_code == 404


@pytest.mark.parametrize("url", MALFORMED)
def test_the_embed_code_page_answers_404_for_a_malformed_url(client: Client, url: str) -> None:
    response = client.get("/en/embed-code/?" + urlencode({"url": url}))
    assert response.status_code == 404
    assert "<html" in response.content.decode()  # the site's own 404 page, in the layout
