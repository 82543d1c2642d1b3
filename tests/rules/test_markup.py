"""The body markup (WRITING.md): paragraphs, lists, bold, card pictures, links, escaping."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from rules.markup import Link, LinkTarget, markup_check, markup_links, markup_render
from rules.rendering import text_render
from tests.urls import localized


def _resolve(link: Link) -> LinkTarget:
    return LinkTarget(f"/x/{link.kind}/{link.target}/", f"Title of {link.target}")


def test_paragraphs_and_lists() -> None:
    html = markup_render("One\ntwo.\n\n- a\n- b\n\n1. first\n2. second", resolve=_resolve)
    assert html == (
        "<p>One two.</p>\n<ul><li>a</li><li>b</li></ul>\n<ol><li>first</li><li>second</li></ol>"
    )


def test_paragraph_then_list_without_blank_line() -> None:
    html = markup_render("Streets:\n- third\n- fourth", resolve=_resolve)
    assert html == "<p>Streets:</p>\n<ul><li>third</li><li>fourth</li></ul>"


def test_bold_and_escaping() -> None:
    html = markup_render('**bold** <script>alert("x")</script> & 5 < 6', resolve=_resolve)
    assert "<strong>bold</strong>" in html
    assert "<script>" not in html
    assert "&lt;script&gt;" in html and "&amp; 5 &lt; 6" in html


def test_links_take_the_target_title_or_their_own_text() -> None:
    html = markup_render(
        "{{term:bring-in}} and {{step:stud/forced-bets/ante|the ante}}", resolve=_resolve
    )
    assert '<a href="/x/term/bring-in/" class="term-link">Title of bring-in</a>' in html
    assert '<a href="/x/step/stud/forced-bets/ante/">the ante</a>' in html


def test_link_text_is_escaped() -> None:
    html = markup_render("{{term:ante|<b>x</b>}}", resolve=_resolve)
    assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_cards_become_pictures_with_text_alternatives() -> None:
    with override("en"):
        html = markup_render("Lowest: [2c Ah]", resolve=_resolve)
    assert 'aria-label="two of clubs"' in html
    assert 'aria-label="ace of hearts"' in html
    assert "[2c" not in html


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[As Xx]", "bad cards [As Xx]"),
        ("[]", "empty card brackets"),
        ("{{term:nope}}", "unknown term {{term:nope}}"),
        ("{{page:stud/extra}}", "bad link"),
        ("{{chapter:stud}}", "bad link"),
        ("{{term:ante|}}", "the text after | is empty"),
    ],
)
def test_markup_check_reports_problems(text: str, problem: str) -> None:
    problems = markup_check(text, targets={("page", "stud"), ("term", "ante")})
    assert len(problems) == 1
    assert problem in problems[0]


def test_markup_check_accepts_good_text() -> None:
    assert markup_check("**x** [10h Td] {{term:ante|a}}", targets={("term", "ante")}) == []


def test_markup_links_lists_targets() -> None:
    assert [link.key for link in markup_links("{{section:stud/showdown}} {{page:razz}}")] == [
        ("section", "stud/showdown"),
        ("page", "razz"),
    ]


@pytest.mark.django_db
def test_links_render_in_the_readers_language() -> None:
    with override("sv"):
        sv = text_render("{{page:low-hands}}")
    with override("en"):
        en = text_render("{{page:low-hands}}")
    assert f'href="{localized("/sv/rules/low-hands/")}"' in sv
    assert 'href="/en/rules/low-hands/"' in en
    assert sv != en  # the titles differ between languages


def _headword(link: Link) -> LinkTarget:
    titles = {"showdown": "Showdown", "razz": "Razz", "big-bet": "Stor indsats", "tda": "TDA"}
    return LinkTarget(f"/t/{link.target}/", titles[link.target])


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("Ved {{term:showdown}} viser man.", "showdown"),  # inside a sentence: lower-case
        ("{{term:showdown}} kommer sidst.", "Showdown"),  # starts the text
        ("Det er slut. {{term:showdown}} kommer.", "Showdown"),  # starts a sentence
        ("- {{term:showdown}} first", "Showdown"),  # starts a list item
        ("Spil {{term:razz}} her.", "Razz"),  # a game's name keeps its capital
        ("Efter {{term:tda}} her.", "TDA"),  # so does an abbreviation
        ("Bet the {{term:big-bet|Big bet}} now.", "big bet"),  # the writer's own words too
        ("Ét kort. {{term:big-bet|stor indsats}} (big bet).", "Stor indsats"),
        ("Then **{{term:showdown}}** follows.", "showdown"),  # bold inside a sentence
        ("**{{term:showdown}}** follows.", "Showdown"),
    ],
)
def test_glossary_links_take_the_sentence_s_case_not_the_headword_s(text: str, shown: str) -> None:
    html = markup_render(text, resolve=_headword)
    assert f'class="term-link">{shown}</a>' in html, html


def test_page_and_step_links_keep_their_titles() -> None:
    html = markup_render("See {{step:stud/a/b}}.", resolve=_resolve)
    assert ">Title of stud/a/b</a>" in html
