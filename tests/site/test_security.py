"""Security headers: a CSP that allows only the site's own files (no inline code, no nonce:
a cached page holds no per-request value), framing refused but for embeds."""

from __future__ import annotations

import re
from typing import cast

import pytest
from django.conf import settings
from django.test import Client

from tests.urls import localized

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.site.urls")]


@pytest.fixture
def client(client: Client) -> Client:
    """A returning visitor's browser: home is drawn for them, with this request's nonce (a
    first visit gets the page cached for everyone, which carries none)."""
    client.cookies["learner"] = "a-returning-learner"
    return client


def _directives(header: str) -> dict[str, list[str]]:
    directives = {}
    for part in header.split(";"):
        name, *values = part.split()
        directives[name] = values
    return directives


def test_csp_header_allows_only_the_sites_own_files(client: Client, language: str) -> None:
    response = client.get(localized(f"/{language}/"))
    csp = _directives(response.headers["Content-Security-Policy"])
    assert "nonce" not in response.content.decode()
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["default-src"] == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'self'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]


def test_no_unsafe_directives_anywhere() -> None:
    policy = cast(dict[str, list[str]], settings.SECURE_CSP)
    for values in policy.values():
        assert "'unsafe-inline'" not in values
        assert "'unsafe-eval'" not in values


def test_no_inline_code_in_pages(client: Client) -> None:
    html = client.get("/en/").content.decode()
    assert " style=" not in html
    assert not re.search(r"\son[a-z]+=", html), "no inline event handlers"
    for tag in re.findall(r"<script[^>]*>", html):
        assert "src=" in tag


def test_htmx_is_vendored_with_its_inline_style_off(client: Client) -> None:
    html = client.get("/en/").content.decode()
    assert re.search(r'<script src="/static/django_htmx/htmx-2\.min\.js"', html)
    assert """<meta name="htmx-config" content='{"includeIndicatorStyles":false""" in html


def test_htmx_sends_the_csrf_token(client: Client) -> None:
    response = client.get("/en/")
    token = response.context["csrf_token"]
    assert f"""hx-headers='{{"X-CSRFToken": "{token}"}}'""" in response.content.decode()


def test_framing_refused(client: Client) -> None:
    response = client.get("/en/")
    assert response.headers["X-Frame-Options"] == "DENY"


def test_allow_framing_lets_any_site_frame_an_embed(client: Client) -> None:
    response = client.get("/en/test/framed/")
    csp = _directives(response.headers["Content-Security-Policy"])
    assert "X-Frame-Options" not in response.headers
    assert csp["frame-ancestors"] == ["*"]
    # The rest of the policy still holds.
    assert csp["script-src"][0] == "'self'"
    assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]


def test_allow_framing_for_named_sites(client: Client) -> None:
    response = client.get("/en/test/framed-one/")
    csp = _directives(response.headers["Content-Security-Policy"])
    assert csp["frame-ancestors"] == ["https://example.org"]


def test_other_security_headers(client: Client) -> None:
    response = client.get("/en/")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"
    assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
