"""oEmbed (https://oembed.com): rich JSON answers for this site's embeddable pages, in any
language; 404 for other addresses, 501 for formats other than JSON, 400 for bad sizes."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlencode

import pytest
from django.test import Client

from embeds.services import DEFAULT_WIDTH
from tests.embeds.helpers import canonical_paths, embed_path

pytestmark = pytest.mark.django_db

FIELDS = {
    "version",
    "type",
    "html",
    "width",
    "height",
    "title",
    "provider_name",
    "provider_url",
    "cache_age",
}


def _oembed(client: Client, url: str, **params: str | int) -> Any:
    return client.get("/oembed/?" + urlencode({"url": url, "format": "json", **params}))


def _iframe_src(html: str) -> str:
    match = re.fullmatch(
        r'<iframe src="([^"]+)" title="[^"]*" width="\d+" height="\d+"[^>]*></iframe>', html
    )
    assert match, html
    return match.group(1)


def test_every_kind_in_every_language(client: Client, language: str) -> None:
    for kind, path in canonical_paths(language).items():
        for scheme in ("http", "https"):
            response = _oembed(client, f"{scheme}://testserver{path}")
            assert response.status_code == 200, (kind, path)
            assert response["Content-Type"] == "application/json"
            data = response.json()
            assert set(data) == FIELDS, kind
            assert data["version"] == "1.0" and data["type"] == "rich"
            assert data["title"] and data["provider_name"]
            assert data["provider_url"] == f"http://testserver/{language}/"
            assert isinstance(data["cache_age"], int) and data["cache_age"] > 0
            assert data["width"] == DEFAULT_WIDTH and data["height"] > 0
            assert f'width="{data["width"]}" height="{data["height"]}"' in data["html"]
            src = _iframe_src(data["html"])
            assert src == f"http://testserver{embed_path(path)}", kind


def test_title_is_in_the_language_of_the_url(client: Client) -> None:
    titles = {
        language: _oembed(client, "http://testserver" + canonical_paths(language)["step"]).json()[
            "title"
        ]
        for language in ("sv", "fi")
    }
    assert titles["sv"] != titles["fi"]


def test_embed_urls_are_accepted_too(client: Client) -> None:
    path = canonical_paths("fi")["term"]
    data = _oembed(client, f"http://testserver{embed_path(path)}?theme=dark").json()
    assert _iframe_src(data["html"]) == f"http://testserver{embed_path(path)}?theme=dark"


def test_quiz_kind_url_keeps_its_choices(client: Client) -> None:
    data = _oembed(client, "http://testserver/sv/practice/bring-in/?game=razz").json()
    assert _iframe_src(data["html"]) == (
        "http://testserver/sv/inbaddad/traning/vem-lagger-bring-in/?game=razz"
    )


@pytest.mark.parametrize(
    "url",
    [
        "http://testserver/en/rules/glossary/no-such-term/",
        "http://testserver/en/rules/stud/no-such-section/",
        "http://testserver/en/rules/stud/",  # a game page is too big to embed whole
        "http://testserver/en/rules/glossary/",
        "http://testserver/en/",
        "http://testserver/en/practice/no-such-kind/",
        "http://testserver/en/practice/bring-in/stud/nobody/normal/1/",
        "http://testserver/de/rules/glossary/",
        "http://testserver/admin/",
        "http://example.org/en/rules/hand-rankings/",  # another site
        "http://testserver.example.org/en/rules/hand-rankings/",
        "ftp://testserver/en/rules/hand-rankings/",
        "/en/rules/hand-rankings/",  # not absolute
        "javascript:alert(1)",
    ],
)
def test_unknown_and_foreign_urls_are_404(client: Client, url: str) -> None:
    assert _oembed(client, url).status_code == 404


@pytest.mark.parametrize("fmt", ["xml", "XML", "yaml", ""])
def test_formats_other_than_json_are_501(client: Client, fmt: str) -> None:
    url = "http://testserver" + canonical_paths("en")["page"]
    assert _oembed(client, url, format=fmt).status_code == 501


def test_format_defaults_to_json(client: Client) -> None:
    url = "http://testserver" + canonical_paths("en")["page"]
    assert client.get("/oembed/?" + urlencode({"url": url})).status_code == 200


def test_maxwidth_and_maxheight_are_honoured(client: Client) -> None:
    url = "http://testserver" + canonical_paths("da")["quiz"]
    data = _oembed(client, url, maxwidth=320, maxheight=200).json()
    assert (data["width"], data["height"]) == (320, 200)
    assert 'width="320" height="200"' in data["html"]
    roomy = _oembed(client, url, maxwidth=5000, maxheight=5000).json()
    assert roomy["width"] <= 5000 and roomy["height"] <= 5000
    assert roomy["width"] == DEFAULT_WIDTH


@pytest.mark.parametrize("value", ["0", "-5", "wide", "1.5", "1e3"])
def test_bad_maxwidth_or_maxheight_is_400(client: Client, value: str) -> None:
    url = "http://testserver" + canonical_paths("en")["page"]
    assert _oembed(client, url, maxwidth=value).status_code == 400
    assert _oembed(client, url, maxheight=value).status_code == 400


def test_missing_url_is_400(client: Client) -> None:
    assert client.get("/oembed/?format=json").status_code == 400


def test_without_trailing_slash_redirects_to_the_endpoint(client: Client) -> None:
    response = client.get("/oembed?url=x&format=json")
    assert response.status_code == 301
    assert response["Location"] == "/oembed/?url=x&format=json"


def test_discovery_link_on_every_embeddable_page(client: Client, language: str) -> None:
    for kind, path in canonical_paths(language).items():
        if kind == "quiz kind":
            continue  # a redirect, not a page
        html = client.get(path).content.decode()
        links = re.findall(r'type="application/json\+oembed" href="([^"]+)" title="([^"]+)">', html)
        assert '<link rel="alternate" type="application/json+oembed"' in html
        assert len(links) == 1, kind
        href = links[0][0].replace("&amp;", "&")
        assert href == "http://testserver/oembed/?" + urlencode(
            {"url": f"http://testserver{path}", "format": "json"}
        )
        assert client.get(href).status_code == 200


def test_no_discovery_link_on_other_pages(client: Client) -> None:
    for path in ("/en/", "/en/rules/glossary/", "/en/rules/stud/", "/en/practice/"):
        html = client.get(path).content.decode()
        assert "json+oembed" not in html, path
