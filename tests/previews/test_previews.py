"""Link previews: valid Open Graph and Twitter tags on every page, and each og:image a
1200×630 PNG drawn from the page."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
from django.test import Client, override_settings
from PIL import Image

from practice.kinds import KINDS
from rules.models import GlossaryTerm, Page, Section, Step
from tests.urls import localized

pytestmark = pytest.mark.django_db

REQUIRED = (
    "og:type",
    "og:site_name",
    "og:title",
    "og:description",
    "og:url",
    "og:locale",
    "og:image",
    "og:image:width",
    "og:image:height",
    "og:image:alt",
    "twitter:card",
    "twitter:title",
    "twitter:description",
    "twitter:image",
)


class _Meta(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, list[str]] = {}
        self.canonical: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta":
            name = values.get("property") or values.get("name")
            if name:
                self.tags.setdefault(name, []).append(values.get("content") or "")
        elif tag == "link" and values.get("rel") == "canonical":
            self.canonical.append(values.get("href") or "")


def _meta(client: Client, path: str) -> _Meta:
    response = client.get(path)
    assert response.status_code == 200, path
    parser = _Meta()
    parser.feed(response.content.decode())
    return parser


def _paths(language: str) -> list[str]:
    paths = [
        f"/{language}/",
        localized(f"/{language}/rules/"),
        localized(f"/{language}/rules/glossary/"),
    ]
    paths += [localized(f"/{language}/rules/differences/"), localized(f"/{language}/practice/")]
    paths += [localized(f"/{language}/search/"), localized(f"/{language}/search/?q=ante")]
    paths += [page.get_absolute_url() for page in Page.objects.all()]
    paths += [section.get_absolute_url() for section in Section.objects.select_related("page")]
    paths += [step.get_absolute_url() for step in Step.objects.select_related("section__page")[:12]]
    paths += [term.get_absolute_url() for term in GlossaryTerm.objects.all()[:8]]
    return paths


@override_settings(ALLOWED_HOSTS=["testserver"])
@pytest.mark.parametrize(
    ("language", "locale"), [("sv", "sv_SE"), ("da", "da_DK"), ("fi", "fi_FI"), ("en", "en_GB")]
)
def test_every_page_has_valid_open_graph_tags(client: Client, language: str, locale: str) -> None:
    from django.utils.translation import override

    with override(language):
        paths = _paths(language)
    for path in paths:
        meta = _meta(client, path)
        for name in REQUIRED:
            assert len(meta.tags.get(name, [])) == 1, (path, name)
            assert meta.tags[name][0].strip(), (path, name)
        assert meta.tags["og:locale"] == [locale]
        assert sorted(meta.tags["og:locale:alternate"]) == sorted(
            {"sv_SE", "da_DK", "fi_FI", "en_GB"} - {locale}
        )
        url = meta.tags["og:url"][0]
        assert url == meta.canonical[0] == f"http://testserver{path.split('?')[0]}", path
        assert meta.tags["og:image"][0].startswith(f"http://testserver/{language}/og/")
        assert meta.tags["og:image:width"] == ["1200"]
        assert meta.tags["og:image:height"] == ["630"]
        assert meta.tags["twitter:card"] == ["summary_large_image"]
        description = meta.tags["og:description"][0]
        assert "{{" not in description and "**" not in description, (path, description)


def _png(client: Client, url: str) -> Image.Image:
    response = client.get(url)
    assert response.status_code == 200, url
    assert response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG"
    assert image.size == (1200, 630)
    return image


@override_settings(ALLOWED_HOSTS=["testserver"])
def test_og_image_of_every_rule_page_and_quiz_kind_is_a_1200_by_630_png(client: Client) -> None:
    urls = set()
    for path in (
        [page.get_absolute_url() for page in Page.objects.all()]
        + [section.get_absolute_url() for section in Section.objects.select_related("page")]
        + [step.get_absolute_url() for step in Step.objects.select_related("section__page")]
        + [term.get_absolute_url() for term in GlossaryTerm.objects.all()]
        + [f"/en/practice/{slug}/" for slug in KINDS]
        + ["/en/"]
    ):
        if path.startswith("/en/practice/"):
            urls.add(f"http://testserver/en/og/quiz/{path.split('/')[3]}.png")
            continue
        urls.add(_meta(client, path).tags["og:image"][0])
    assert len(urls) > 190
    for url in sorted(urls):
        _png(client, url.removeprefix("http://testserver"))


def test_og_image_shows_the_pages_cards() -> None:
    from previews.services import preview_find

    preview = preview_find(kind="step", key="stud/forced-bets/who-brings-in")
    assert preview.cards  # drawn from the step's own [..] card list
    body = Step.objects.get(slug="who-brings-in", section__page__slug="stud").body_en or ""
    assert str(preview.cards[0]) in re.sub(r"10", "T", body)


def test_quiz_image_uses_the_quiz_title_in_the_readers_language(client: Client) -> None:
    from django.utils.translation import override

    from previews.services import preview_find

    with override("fi"):
        preview = preview_find(kind="quiz", key="bring-in")
        assert preview.title == str(KINDS["bring-in"].title)
    assert preview.title != "Pick the bring-in"
    assert len(preview.cards) >= 3


def test_og_image_is_drawn_once_then_cached(client: Client) -> None:
    from previews import services as previews

    calls = []
    original = previews._draw

    def counting(preview: previews.Preview) -> bytes:
        calls.append(preview.title)
        return original(preview)

    previews._draw = counting
    try:
        first = client.get(localized("/da/og/term/ante.png")).content
        second = client.get(localized("/da/og/term/ante.png")).content
    finally:
        previews._draw = original
    assert first == second
    assert len(calls) <= 1


@pytest.mark.parametrize(
    "path", ["/en/og/step/no/such/step.png", "/en/og/quiz/no-such-quiz.png", "/en/og/x/y.png"]
)
def test_unknown_og_image_is_404(client: Client, path: str) -> None:
    assert client.get(path).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path", ["/en/rules/a%0ab/", "/sv/regler/a%0Ab/", "/en/glossary/x%0a/", "/fi/saannot/%0a/"]
)
def test_a_newline_in_a_path_is_a_404_with_the_sites_preview_never_a_500(path: str) -> None:
    """The 404 page's preview once asked for an image address no route can spell (500)."""
    answer = Client(raise_request_exception=False).get(path)
    assert answer.status_code == 404
    assert b"/og/site/stud-rules.png" in answer.content
