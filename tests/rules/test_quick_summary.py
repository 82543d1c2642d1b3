""" "In 30 seconds": each game page opens with a few short lines, right under its title, each a
link to its place on the page; stored as content (``Page.quick_summary``), loaded from the files,
markup-checked in the loader and the admin (issue 28 item 7)."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.utils.translation import override

from rules.models import Page
from tests.admin_forms import refused

pytestmark = pytest.mark.django_db

GAMES = ("stud", "stud8", "razz")
MAX_WORDS = 90


class _Box(HTMLParser):
    """The page's first element after its <h1>, the quick summary's items, links and every id."""

    def __init__(self) -> None:
        super().__init__()
        self.after_h1: tuple[str, dict[str, str]] | None = None
        self._h1_closed = False
        self._in_box = 0
        self.items: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()
        self._item: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if self._h1_closed and self.after_h1 is None:
            self.after_h1 = (tag, values)
        if "quick-summary" in values.get("class", "").split():
            self._in_box = 1
        elif self._in_box and tag not in ("br", "img", "input"):
            self._in_box += 1
            if tag == "li":
                self._item = []
            if tag == "a":
                self.links.append(values.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "h1":
            self._h1_closed = True
        if self._in_box:
            self._in_box -= 1
            if tag == "li" and self._item is not None:
                self.items.append(" ".join("".join(self._item).split()))
                self._item = None

    def handle_data(self, data: str) -> None:
        if self._item is not None:
            self._item.append(data)


def _text(page: Page, language: str) -> str:
    """The page's "In 30 seconds" text in ``language`` as stored (modeltranslation's column)."""
    return getattr(page, f"quick_summary_{language}") or ""


def _box(client: Client, page: Page, language: str) -> _Box:
    with override(language):
        url = page.get_absolute_url()
    response = client.get(url)
    assert response.status_code == 200, url
    parser = _Box()
    parser.feed(response.content.decode())
    return parser


@pytest.mark.parametrize("game", GAMES)
def test_the_box_comes_first_short_and_links_to_places_on_the_page(
    client: Client, language: str, game: str
) -> None:
    page = Page.objects.get(slug=game)
    box = _box(client, page, language)
    assert box.after_h1 is not None
    tag, attrs = box.after_h1
    assert tag == "section" and "quick-summary" in attrs.get("class", ""), box.after_h1
    assert 5 <= len(box.items) <= 7, box.items
    words = sum(len(item.split()) for item in box.items)
    assert words < MAX_WORDS, (words, box.items)
    assert len(box.links) == len(box.items)  # a link in every line
    for href in box.links:
        assert href.startswith("#"), href
        assert href[1:] in box.ids, f"{href} is no place on the {game} page ({language})"


def test_common_pages_have_no_box(client: Client) -> None:
    page = Page.objects.get(slug="low-hands")
    assert not page.quick_summary
    box = _box(client, page, "sv")
    assert box.items == [] and box.links == []


#: The bring-in in the words of rules-facts.md R-BRING-2 and R-BRING-3, in each language.
BRING_IN = {
    ("stud", "en"): ("lowest door card brings in", "ace high", "clubs lowest"),
    ("stud8", "en"): ("lowest door card brings in", "ace high", "clubs lowest"),
    ("razz", "en"): ("highest door card brings in", "ace low", "spades highest"),
    ("stud", "sv"): (
        "lägger spelaren med lägst dörrkort bring-in",
        "esset räknas högt",
        "klöver lägst",
    ),
    ("stud8", "sv"): (
        "lägger spelaren med lägst dörrkort bring-in",
        "esset räknas högt",
        "klöver lägst",
    ),
    ("razz", "sv"): (
        "lägger spelaren med högst dörrkort bring-in",
        "esset är lågt",
        "spader högst",
    ),
    ("stud", "da"): (
        "lægger spilleren med det laveste door card bring-in",
        "esset er højt",
        "klør lavest",
    ),
    ("razz", "da"): (
        "lægger spilleren med det højeste door card bring-in",
        "esset er lavt",
        "spar højest",
    ),
    ("stud", "fi"): ("alimman ovikortin saanut laittaa bring-inin", "ässä on korkea", "risti"),
    ("razz", "fi"): ("korkeimman ovikortin saanut laittaa bring-inin", "ässä on matala", "pata"),
}


@pytest.mark.parametrize(("game", "language"), sorted(BRING_IN))
def test_the_bring_in_line_says_what_the_rules_say(game: str, language: str) -> None:
    text = _text(Page.objects.get(slug=game), language)
    for words in BRING_IN[(game, language)]:
        assert words in text, (game, language, words)


def test_the_low_lines_name_the_qualifier_and_the_wheel() -> None:
    stud8 = _text(Page.objects.get(slug="stud8"), "en")
    razz = _text(Page.objects.get(slug="razz"), "en")
    assert "eight or lower" in stud8 and "half to the best low" in stud8
    assert "ace to five" in razz and "5-4-3-2-A" in razz and "no qualifier" in razz


def test_a_link_to_another_page_stays_a_link_to_that_page() -> None:
    from rules.rendering import text_render
    from rules.templatetags.rules_text import on_page

    stud = Page.objects.get(slug="stud")
    with override("sv"):
        html = text_render("- {{section:razz/betting|X}} och {{step:stud/betting/open-pair|Y}}")
        result = on_page(html, stud)
        razz_url = Page.objects.get(slug="razz").get_absolute_url()
    assert 'href="#betting--open-pair"' in result
    assert f'href="{razz_url}' in result  # razz's own URL, not an anchor on the stud page


def _load(content: Path) -> str:
    out = io.StringIO()
    call_command("loadrules", content=content, stdout=out)
    return out.getvalue()


def test_a_game_page_must_give_it_in_every_language(fixture_content: Path) -> None:
    path = fixture_content / "pages" / "stud.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    del data["quick_summary"]["fi"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CommandError, match=r"pages/stud\.yaml\.quick_summary\.fi: missing"):
        _load(fixture_content)
    del data["quick_summary"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CommandError, match=r"pages/stud\.yaml\.quick_summary: missing"):
        _load(fixture_content)


def test_its_markup_is_checked_on_load(fixture_content: Path) -> None:
    path = fixture_content / "pages" / "stud.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["quick_summary"]["da"] = "- {{section:stud/nowhere|Ante}}: først."
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(CommandError, match=r"quick_summary\.da"):
        _load(fixture_content)


def test_it_loads_dumps_and_stays_out_of_common_pages(
    fixture_content: Path, tmp_path: Path
) -> None:
    _load(fixture_content)
    stud = Page.objects.get(slug="stud")
    assert _text(stud, "sv").startswith("- {{section:stud/forced-bets|")
    assert not _text(Page.objects.get(slug="low-hands"), "sv")
    out = tmp_path / "dumped"
    call_command("dumprules", content=out, stdout=io.StringIO())
    dumped = yaml.safe_load((out / "pages" / "stud.yaml").read_text(encoding="utf-8"))
    assert dumped["quick_summary"]["fi"] == _text(stud, "fi")
    common = yaml.safe_load((out / "pages" / "low-hands.yaml").read_text(encoding="utf-8"))
    assert "quick_summary" not in common
    assert "0 created, 0 updated" in _load(out)


def test_the_admin_edits_it_and_refuses_bad_markup(admin_client: Client) -> None:
    page = Page.objects.get(slug="razz")
    url = f"/admin/rules/page/{page.pk}/change/"
    html = admin_client.get(url).content.decode()
    for language in ("sv", "da", "fi", "en"):
        assert f'name="quick_summary_{language}"' in html
    message = refused(admin_client, url, "quick_summary_fi", "- [Zz] {{section:razz/nowhere}}")
    assert re.search(r"cannot be shown", message), message
    page.refresh_from_db()
    assert "nowhere" not in _text(page, "fi")
