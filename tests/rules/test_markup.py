"""The body markup (WRITING.md): paragraphs, lists, bold, card pictures, links, escaping."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.utils.translation import override
from pytest_django.asserts import assertInHTML

from rules.markup import (
    Link,
    LinkTarget,
    markup_check,
    markup_links,
    markup_plain,
    markup_render,
)
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
    assertInHTML('<a href="/x/term/bring-in/" class="term-link">Title of bring-in</a>', html)
    assertInHTML('<a href="/x/step/stud/forced-bets/ante/">the ante</a>', html)


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


class _TermLinks(HTMLParser):
    """The text of each glossary link (``class="term-link"``), whatever its attributes' order."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._open = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a" and "term-link" in (dict(attrs).get("class") or "").split():
            self._open = True
            self.texts.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "a":
            self._open = False

    def handle_data(self, data: str) -> None:
        if self._open:
            self.texts[-1] += data


def _term_link_texts(html: str) -> list[str]:
    parser = _TermLinks()
    parser.feed(html)
    return parser.texts


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
    assert _term_link_texts(html) == [shown], html


def test_page_and_step_links_keep_their_titles() -> None:
    html = markup_render("See {{step:stud/a/b}}.", resolve=_resolve)
    assertInHTML('<a href="/x/step/stud/a/b/">Title of stud/a/b</a>', html)


def _question_title(link: Link) -> LinkTarget:
    return LinkTarget(f"/x/{link.kind}/{link.target}/", "Who acts first?")


def test_no_full_stop_after_a_linked_title_that_ends_a_sentence() -> None:
    html = markup_render("See {{step:stud/a/b}}. Then {{page:stud|go}}.", resolve=_question_title)
    assert html == (
        '<p>See <a href="/x/step/stud/a/b/">Who acts first?</a> '
        'Then <a href="/x/page/stud/">go</a>.</p>'
    )
    plain = markup_plain("See {{step:stud/a/b}}.", resolve=_question_title, card_name=str)
    assert plain == "See Who acts first?"


def test_a_card_that_starts_a_sentence_in_plain_text_takes_a_capital() -> None:
    def name(card: object) -> str:
        return "two of clubs"

    plain = markup_plain("Lowest. [2c] is low; the [2c] again.", resolve=_resolve, card_name=name)
    assert plain == "Lowest. Two of clubs is low; the two of clubs again."


def test_a_list_that_runs_on_as_one_sentence_keeps_its_links_lower_case() -> None:
    def titled(link: Link) -> LinkTarget:
        return LinkTarget(f"/x/{link.kind}/{link.target}/", link.text or "Fold")

    html = markup_render(
        "Each player may:\n\n- {{term:fold}},\n- call or\n- raise.", resolve=titled
    )
    assertInHTML('<li><a href="/x/term/fold/" class="term-link">fold</a>,</li>', html)
    html = markup_render("- {{term:fold}}.\n- Call.", resolve=titled)
    assertInHTML('<li><a href="/x/term/fold/" class="term-link">Fold</a>.</li>', html)


def test_a_hand_in_plain_text_stands_in_brackets_and_one_card_by_its_name() -> None:
    """Search snippets and descriptions: "Between [As Kd] and [Ac Qh] [As Kd] acts first" read
    as one list of four cards running into the sentence (the Swedish review's S28)."""

    def name(card: object) -> str:
        return {"As": "ace of spades", "Kd": "king of diamonds"}.get(str(card), str(card))

    plain = markup_plain(
        "[As Kd] acts first; [As] is high. Or ([As Kd]) again.", resolve=_resolve, card_name=name
    )
    assert plain == (
        "(Ace of spades, king of diamonds) acts first; ace of spades is high. "
        "Or (ace of spades, king of diamonds) again."
    )
    # After a sentence in bold, too (Razz: "**… par.** [Qs 8s] börjar före …").
    plain = markup_plain("**Pairs are bad.** [As Kd] acts.", resolve=_resolve, card_name=name)
    assert plain == "Pairs are bad. (Ace of spades, king of diamonds) acts."
