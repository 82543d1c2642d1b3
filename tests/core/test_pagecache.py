"""Whole pages from the cache: ETags and 304s, Vary, Cache-Control, compression, the colour
cookie, no per-user data in a shared page, and a content change reaching every process."""

from __future__ import annotations

import gzip
from collections.abc import Callable

import brotli
import pytest
from django.conf import settings
from django.core.cache import caches
from django.template import Context
from django.test import Client, override_settings
from django.utils.safestring import SafeString
from pytest_django import DjangoCaptureOnCommitCallbacks

from core.pagecache import accepted_encoding
from rules.models import ContentVersion, GlossaryTerm
from rules.versioning import content_version
from tests.rules.conftest import django_db_setup
from tests.urls import localized

__all__ = ["django_db_setup"]

pytestmark = pytest.mark.django_db

CACHED = [
    localized("/sv/rules/stud/"),
    "/en/rules/stud/forced-bets/",
    localized("/da/rules/stud/forced-bets/who-brings-in/"),
    localized("/fi/rules/glossary/"),
    "/en/rules/glossary/bring-in/",
    localized("/sv/rules/differences/"),
    "/en/embed/rules/glossary/bring-in/",
    "/en/embed/rules/stud/forced-bets/who-brings-in/",
]


@pytest.fixture
def render_count(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every template Django renders (a cached answer renders none)."""
    from django.template import base

    rendered: list[str] = []
    original = base.Template.render

    def counting(self: base.Template, context: Context) -> SafeString:
        rendered.append(str(self.name))
        return original(self, context)

    monkeypatch.setattr(base.Template, "render", counting)
    return rendered


@pytest.mark.parametrize("path", CACHED)
def test_a_cached_page_is_served_whole_the_second_time(
    client: Client, path: str, render_count: list[str]
) -> None:
    first = client.get(path)
    assert first.status_code == 200
    assert render_count
    render_count.clear()
    second = client.get(path)
    assert second.status_code == 200
    assert render_count == []
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]


@pytest.mark.parametrize("path", CACHED)
def test_cached_pages_are_public_briefly_and_vary_on_the_colour_cookie(
    client: Client, path: str
) -> None:
    response = client.get(path)
    assert response["Cache-Control"] == "public, max-age=0, s-maxage=60"
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"cookie", "accept-encoding"} <= vary
    # Nothing personal in a shared page: no cookie, no CSRF token, no CSP nonce (the policy
    # needs none: every script and style is a file of the site's own).
    assert not response.cookies
    html = response.content.decode()
    assert "csrfmiddlewaretoken" not in html and "X-CSRFToken" not in html
    assert "nonce=" not in html
    assert "nonce-" not in response["Content-Security-Policy"]


def test_if_none_match_gets_a_304(client: Client) -> None:
    etag = client.get("/en/rules/stud/")["ETag"]
    response = client.get("/en/rules/stud/", headers={"If-None-Match": etag})
    assert response.status_code == 304
    assert response.content == b""
    assert response["ETag"] == etag
    assert "Cookie" in response["Vary"]
    # A weak form of the tag (as a compressing proxy sends it back) matches too.
    weak = client.get("/en/rules/stud/", headers={"If-None-Match": f"W/{etag}"})
    assert weak.status_code == 304
    other = client.get("/en/rules/stud/", headers={"If-None-Match": '"something-else"'})
    assert other.status_code == 200


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [
        ("gzip, deflate, br, zstd", "br", brotli.decompress),
        ("gzip, deflate", "gzip", gzip.decompress),
        ("br;q=0, gzip", "gzip", gzip.decompress),
        ("", None, lambda body: body),
    ],
)
def test_the_page_goes_out_compressed_as_the_client_accepts(
    client: Client, accept: str, encoding: str | None, decode: Callable[[bytes], bytes]
) -> None:
    plain = client.get(localized("/sv/rules/stud/"))
    response = client.get(localized("/sv/rules/stud/"), headers={"Accept-Encoding": accept})
    assert response.get("Content-Encoding") == encoding
    assert decode(response.content) == plain.content
    if encoding:
        assert len(response.content) < 40_000 < len(plain.content)
    # One strong ETag per encoding, drawn from the page.
    assert response["ETag"] == plain["ETag"][:-1] + (f'-{encoding}"' if encoding else '"')


@pytest.mark.parametrize(
    ("header", "encoding"),
    [
        ("gzip;q=.", ""),  # F12: was a 500 (float(".")); a weight that is no number: not sent
        ("gzip;q=..", ""),
        ("br;q=1.2.3, gzip", "gzip"),
        ("br;q=0, gzip;q=0.5", "gzip"),
        ("gzip;q=0, br;q=0", ""),
        ("GZIP", "gzip"),
        ("*", "gzip"),
        ("br;Q=0.001", "br"),
        (";;;,,,q=", ""),
    ],
)
def test_any_accept_encoding_is_read_without_error(
    client: Client, header: str, encoding: str
) -> None:
    assert accepted_encoding(header) == encoding
    response = client.get("/en/rules/stud/", headers={"Accept-Encoding": header})
    assert response.status_code == 200
    assert response.get("Content-Encoding", "") == encoding


def test_the_four_colour_deck_is_its_own_cached_page(client: Client) -> None:
    two = client.get("/en/rules/stud/").content.decode()
    client.cookies["card_colours"] = "four"
    four = client.get("/en/rules/stud/").content.decode()
    assert 'class="deck-four' in four
    assert 'class="deck-four' not in two


@pytest.mark.parametrize("query", ["?utm=x", "?seed=12", "?theme=dark", "?seed=12&theme=x"])
def test_query_variants_are_rendered_each_time_never_kept(
    client: Client, render_count: list[str], query: str
) -> None:
    """F3: a crawler following "Deal another example" (?seed=N+1 ...) fills no cache."""
    pages = caches["pages"]
    assert client.get("/en/rules/stud/" + query).status_code == 200
    render_count.clear()
    response = client.get("/en/rules/stud/" + query)
    assert render_count  # rendered again
    assert response.status_code == 200
    assert not list(pages._cache)  # type: ignore[attr-defined]  # LocMemCache: nothing kept


def test_the_pages_cache_is_bounded_in_entries_and_keeps_pages_compressed(client: Client) -> None:
    """F2/F3: pages live in their own cache with a fixed number of entries, each compressed."""
    options = settings.CACHES["pages"]["OPTIONS"]
    assert options["MAX_ENTRIES"] <= 1000
    client.get("/en/rules/stud/")
    entries = list(caches["pages"]._cache.values())  # type: ignore[attr-defined]
    assert len(entries) == 1
    assert len(entries[0]) < 60_000  # the whole game page, pickled: gzip + brotli bodies


def test_host_spellings_share_one_entry(client: Client) -> None:
    for host in ("testserver", "TESTSERVER", "TestServer"):
        assert client.get("/en/rules/razz/", headers={"Host": host}).status_code == 200
    assert len(list(caches["pages"]._cache)) == 1  # type: ignore[attr-defined]


def test_a_content_change_shows_at_once(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    path = "/en/rules/glossary/bring-in/"
    before = content_version()
    assert "Brand-new definition" not in client.get(path).content.decode()
    term = GlossaryTerm.objects.get(slug="bring-in")
    term.definition_en = "Brand-new definition of the bring-in."
    with django_capture_on_commit_callbacks(execute=True):
        term.save()
    assert content_version() == before + 1
    assert "Brand-new definition" in client.get(path).content.decode()


def test_another_process_bump_reaches_this_one(client: Client) -> None:
    """With per-process memory caches, the version lives in the database: another worker's
    bump (here: the row changed behind this process's back) drops this process's pages."""
    path = "/en/rules/glossary/bring-in/"
    client.get(path)
    GlossaryTerm.objects.filter(slug="bring-in").update(definition_en="Changed elsewhere.")
    assert "Changed elsewhere." not in client.get(path).content.decode()  # still cached
    ContentVersion.objects.update_or_create(pk=1, defaults={"version": content_version() + 7})
    assert "Changed elsewhere." in client.get(path).content.decode()


def test_loadrules_bumps_the_version(
    django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks,
) -> None:
    from django.core.management import call_command

    from tests.rules.conftest import real_content_dir

    before = content_version()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("loadrules", content=real_content_dir(), verbosity=0)
    assert content_version() > before


@pytest.mark.parametrize("path", ["/en/practice/", "/en/"])
def test_pages_with_per_learner_state_are_never_shared(client: Client, path: str) -> None:
    client.cookies["learner"] = "a-learner"  # home is shared only with visitors without one
    response = client.get(path)
    assert response.status_code == 200
    assert "public" not in response.get("Cache-Control", "")
    assert "X-CSRFToken" in response.content.decode()  # htmx posts need the token here


def test_the_colour_form_works_without_a_token_from_this_site_only(client: Client) -> None:
    client_checked = Client(enforce_csrf_checks=True)
    own = client_checked.post(
        "/en/preferences/card-colours/",
        "colours=four&next=/en/rules/",
        headers={"Origin": "http://testserver"},
        content_type="application/x-www-form-urlencoded",
    )
    assert own.status_code == 302
    assert own.cookies["card_colours"].value == "four"
    for headers in ({"Origin": "https://evil.example"}, {"Origin": "null"}):
        forged = client_checked.post(
            "/en/preferences/card-colours/",
            "colours=four",
            content_type="application/x-www-form-urlencoded",
            headers=headers,
        )
        assert forged.status_code == 403
        assert "card_colours" not in forged.cookies
    cross = client_checked.post(
        "/en/preferences/card-colours/",
        "colours=four",
        content_type="application/x-www-form-urlencoded",
        headers={"Sec-Fetch-Site": "cross-site"},
    )
    assert cross.status_code == 403


@override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
def test_http_and_https_are_cached_apart(client: Client) -> None:
    """A page's absolute links (og:url, hreflang alternates) name its scheme: the page asked
    over HTTPS behind a TLS proxy is never the one cached for plain HTTP."""
    plain = client.get("/en/rules/razz/").content.decode()
    secure = client.get(
        "/en/rules/razz/", headers={"X-Forwarded-Proto": "https", "Host": "testserver"}
    )
    assert 'content="http://testserver/en/rules/razz/"' in plain
    assert 'content="https://testserver/en/rules/razz/"' in secure.content.decode()
