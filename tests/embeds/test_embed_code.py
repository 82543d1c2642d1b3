"""The embed-code page: the code to copy, its options and a preview; the "Embed" links to it."""

from __future__ import annotations

import html as html_lib
import re
from urllib.parse import urlencode

import pytest
from django.test import Client

from tests.embeds.helpers import canonical_paths, embed_path
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _code_page(client: Client, **params: str) -> tuple[int, str]:
    response = client.get("/en/embed-code/?" + urlencode(params))
    return response.status_code, response.content.decode()


def _snippet(html: str) -> str:
    match = re.search(r'<textarea id="embed-snippet"[^>]*>(.*?)</textarea>', html, re.S)
    assert match, html
    return html_lib.unescape(match.group(1))


def test_every_kind_has_code_and_a_preview(client: Client) -> None:
    for kind, path in canonical_paths("sv").items():
        status, html = _code_page(client, url=path)
        assert status == 200, kind
        snippet = _snippet(html)
        assert f'<iframe src="http://testserver{embed_path(path)}' in snippet, kind
        assert (
            '<script src="http://testserver/static/js/embed-resize.js" async></script>' in snippet
        )
        assert f'<iframe class="embed-code__preview" src="{embed_path(path)}' in html, kind


def test_the_page_names_its_own_address(client: Client) -> None:
    """The canonical link and og:url keep the item: the address without ?url= is a 404."""
    path = canonical_paths("da")["term"]
    _status, html = _code_page(client, url=path, language="fi")
    address = "http://testserver/en/embed-code/?" + urlencode({"url": path})
    assert f'<link rel="canonical" href="{address}">' in html
    assert f'<meta property="og:url" content="{address}">' in html
    assert client.get(address).status_code == 200


def test_options_change_the_code(client: Client) -> None:
    path = canonical_paths("en")["step"]
    _status, html = _code_page(client, url=path, language="fi", theme="dark")
    assert (
        f'src="http://testserver{embed_path(localized(path.replace("/en/", "/fi/", 1)))}'
        '?theme=dark"' in _snippet(html)
    )
    quiz = canonical_paths("en")["quiz"]
    _status, html = _code_page(client, url=quiz, game="razz", level="hard")
    assert "/en/embed/practice/bring-in/razz/robert/hard/7/" in _snippet(html)
    assert 'name="game"' in html and 'name="level"' in html


def test_rules_items_have_no_game_option(client: Client) -> None:
    _status, html = _code_page(client, url=canonical_paths("en")["term"])
    assert 'name="language"' in html and 'name="theme"' in html
    assert 'name="game"' not in html


def test_htmx_gets_the_result_fragment(client: Client) -> None:
    path = canonical_paths("en")["section"]
    response = client.get(
        "/en/embed-code/?" + urlencode({"url": path, "language": "da"}),
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="embed-result"')
    assert "/da/indlejret/regler/" in html


def test_works_without_javascript(client: Client) -> None:
    _status, html = _code_page(client, url=canonical_paths("en")["page"])
    # No action: it sends to the page's own address, never to /en/embed-code/ alone (a 404).
    assert '<form class="options-form embed-code__options" method="get"\n' in html
    assert re.search(r'<input type="hidden" name="url" value="/en/[^"]+"', html)
    assert "readonly" in html
    assert re.search(r'<button type="button"[^>]*data-copy="embed-snippet"[^>]*hidden>', html)


def test_absolute_urls_on_this_host_work(client: Client) -> None:
    status, _html = _code_page(client, url="http://testserver" + canonical_paths("en")["term"])
    assert status == 200


@pytest.mark.parametrize(
    "url", ["", "/en/", "/en/rules/stud/", "http://example.org/en/rules/hand-rankings/"]
)
def test_not_embeddable_is_404(client: Client, url: str) -> None:
    assert _code_page(client, url=url)[0] == 404


def test_bad_option_is_400(client: Client) -> None:
    path = canonical_paths("en")["term"]
    assert _code_page(client, url=path, language="de")[0] == 400
    assert _code_page(client, url=canonical_paths("en")["quiz"], game="holdem")[0] == 400


def test_embed_links_on_embeddable_items(client: Client) -> None:
    paths = canonical_paths("fi")
    for kind in ("step", "section", "term", "page", "quiz"):
        html = client.get(paths[kind]).content.decode()
        expected = localized("/fi/embed-code/?") + urlencode({"url": paths[kind]})
        assert f'<a href="{html_lib.escape(expected)}">' in html, kind
    # One share control a page: the steps and sections of the hand-ranking page are embedded
    # from their own pages, not from a link at every heading.
    html = client.get(paths["page"]).content.decode()
    assert html.count('class="embed-link"') == 1
    assert html.count('<details class="share">') == 1


def test_no_embed_link_on_pages_without_embeds(client: Client) -> None:
    for path in ("/en/rules/glossary/", "/en/practice/"):
        assert 'class="embed-link"' not in client.get(path).content.decode(), path
    html = client.get("/en/rules/stud/").content.decode()
    page_header = html.split('<nav class="toc"')[0]
    assert 'class="embed-link"' not in page_header, "a game page is not embedded whole"
