"""Only embed views may be framed, and they set no cookie; every other page refuses framing."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.embeds.helpers import canonical_paths, embed_path
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _directives(header: str) -> dict[str, list[str]]:
    return {name: values for name, *values in (part.split() for part in header.split(";"))}


def _embed_urls(language: str) -> list[str]:
    urls = [embed_path(path) for path in canonical_paths(language).values()]
    return [*urls, localized(f"/{language}/embed/rules/glossary/no-such-term/")]


def test_embed_views_may_be_framed_by_any_site(client: Client, language: str) -> None:
    for url in _embed_urls(language):
        response = client.get(url)
        assert response.status_code in (200, 302, 404), url
        csp = _directives(response.headers["Content-Security-Policy"])
        assert csp["frame-ancestors"] == ["*"], url
        assert "X-Frame-Options" not in response.headers, url
        # The rest of the policy still applies.
        assert csp["script-src"][0] == "'self'" and "'unsafe-inline'" not in csp["script-src"]


def test_embed_views_set_no_cookie(language: str) -> None:
    client = Client(enforce_csrf_checks=True)
    for url in _embed_urls(language):
        response = client.get(url)
        assert not response.cookies, url
        assert "Set-Cookie" not in response.headers, url


def test_embed_views_set_no_cookie_even_for_a_returning_visitor(client: Client) -> None:
    client.get("/en/")  # first-party visit: may set the CSRF cookie
    client.get(canonical_paths("en")["quiz"])  # a quiz: its answer form sets the CSRF cookie
    for url in _embed_urls("en"):
        assert not client.get(url).cookies, url


@pytest.mark.parametrize(
    "path",
    [
        "/en/",
        localized("/sv/rules/"),
        localized("/fi/rules/glossary/"),
        localized("/da/practice/"),
        "/en/embed-code/?url=/en/rules/hand-rankings/",
    ],
)
def test_other_pages_refuse_framing(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200, path
    assert response.headers["X-Frame-Options"] == "DENY"
    assert _directives(response.headers["Content-Security-Policy"])["frame-ancestors"] == ["'none'"]


def test_canonical_pages_of_embeddable_items_refuse_framing(client: Client) -> None:
    for kind, path in canonical_paths("sv").items():
        response = client.get(path)
        assert response.headers["X-Frame-Options"] == "DENY", kind
        csp = _directives(response.headers["Content-Security-Policy"])
        assert csp["frame-ancestors"] == ["'none'"], kind


def test_oembed_endpoint_refuses_framing(client: Client) -> None:
    url = "http://testserver" + canonical_paths("en")["page"]
    response = client.get("/oembed/", {"url": url, "format": "json"})
    assert response.headers["X-Frame-Options"] == "DENY"
    assert not response.cookies
