"""The rules' own words beside their citations (issue 29 item 2): every profile field that cites
a rulebook keeps a short quote of the cited rule, with its edition, on the engine's profile data,
unless no text of that rule was available (then no quote is made up, and the field is listed
here); the differences page shows the quotes on demand."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape
from django.utils.translation import gettext, override

from rules.engine import AGREED, PROFILES, QUOTES, Book, Cite, RuleSection, unquoted_citations
from rules.presenters import profile_table
from rules.sentences.citations import cite_text
from tests.urls import localized

#: Robert's Rules' Seven-Card Stud rules 5, 8, 9, 14, 15 and 18, its razz section and the odd
#: chip in its Stud High-Low section, and TDA 20-C: only a Danish machine translation (source
#: S4), paraphrases or fragments were available, no copy of the English text.
UNQUOTED = {
    ("robert", "open_pair_other_games", Cite(Book.RR, RuleSection.RAZZ, "")),
    ("robert", "odd_chip_halves", Cite(Book.RR, RuleSection.STUD8, "")),
    ("tda", "odd_chip_halves", Cite(Book.TDA, RuleSection.NONE, "20-C")),
    ("robert", "board_tie_break", Cite(Book.RR, RuleSection.RAZZ, "")),
    ("robert", "allin_low_card_next_player_may_fold", Cite(Book.RR, RuleSection.STUD, "8")),
    ("robert", "corrected_bring_in_may_complete", Cite(Book.RR, RuleSection.STUD, "9")),
    ("robert", "community_opener", Cite(Book.RR, RuleSection.STUD, "15")),
    ("robert", "out_of_cards", Cite(Book.RR, RuleSection.STUD, "15")),
    ("robert", "exposed_hole_card", Cite(Book.RR, RuleSection.STUD, "5")),
    ("robert", "premature_card", Cite(Book.RR, RuleSection.STUD, "14")),
    ("robert", "short_showdown_hand", Cite(Book.RR, RuleSection.STUD, "18")),
}


def test_every_citation_has_its_rule_s_words_or_is_listed_unquoted() -> None:
    assert set(unquoted_citations()) == UNQUOTED
    quoted = sum(
        1 for profile in PROFILES.values() for f in profile.cites for q in profile.quotes(f) if q
    )
    assert quoted == 48
    # The rows every rulebook agrees on (issue 31 item 4): 9 of their 12 citations quoted.
    agreed = [q for profile in PROFILES.values() for key in AGREED for q in profile.quotes(key)]
    assert (len(agreed), sum(1 for q in agreed if q)) == (12, 9)


def test_every_quote_belongs_to_a_citation_and_names_its_edition() -> None:
    cited = {
        (key, cite)
        for profile in PROFILES.values()
        for key in (*profile.cites, *AGREED)
        for cite in profile.citations(key)
    }
    assert set(QUOTES) <= cited
    editions = {text.edition for text in QUOTES.values()}
    assert {e for e in editions if "2024" in e} and all(e.strip() for e in editions)
    for text in QUOTES.values():
        assert 20 <= len(text.quote) <= 420
        assert text.quote.count(". ") <= 3  # a sentence or two (an elision "..." counts one)


def test_r_bet_5_tda_48_says_the_house_limit_applies() -> None:
    (text,) = PROFILES["tda"].quotes("max_raises")
    assert text is not None and text.quote.endswith("the house limit applies.")
    assert text.edition == "Poker TDA Rules 2024, Version 1.0, 9 October 2024"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "summary"),
    [
        ("en", "The rule's own words"),
        ("sv", "Regelns egen ordalydelse"),
        ("da", "Reglens egen ordlyd"),
        ("fi", "Säännön oma sanamuoto"),
    ],
)
def test_the_differences_page_shows_the_quotes_on_demand(
    client: Client, language: str, summary: str
) -> None:
    html = client.get(localized(f"/{language}/rules/differences/")).content.decode()
    assert html.count('<details class="rule-quote">') >= 40
    assert f"<summary>{summary}</summary>" in html
    assert '<blockquote lang="en"><p>“In limit play, there is a limit to raises' in html
    assert "Poker TDA Rules 2024, Version 1.0, 9 October 2024" in html


@pytest.mark.django_db
def test_a_cell_without_a_text_shows_no_quote_and_says_so() -> None:
    with override("en"):
        table = profile_table()
    row = next(r for r in table.rows if r.label == "Running out of cards")
    robert, tda, wsop_la, wsop = row.columns
    assert robert.quotes == () and wsop.quotes == ()  # RR #15 unquoted; WSOP-T is silent
    assert "required number" in tda.quotes[0].text and "add two" in wsop_la.quotes[0].text
    assert robert.unquoted == ("The rule is not quoted here: this site had no copy of its text.",)
    assert tda.unquoted == wsop_la.unquoted == wsop.unquoted == ()  # quoted, or not addressed


@pytest.mark.django_db
def test_an_agreed_row_quotes_each_rulebook_and_names_the_rule_it_cannot_quote() -> None:
    with override("en"):
        table = profile_table()
    row = next(r for r in table.rows if r.label == "Open pair in Stud Hi/Lo and Razz")
    robert, tda, wsop_la, wsop = row.columns
    assert "an open pair does not affect the limit" in robert.quotes[0].text
    assert robert.unquoted == (
        "Robert's Rules of Poker, Razz section is not quoted here: this site had no copy of "
        "its text.",
    )
    assert tda.quotes[0].text == "Bets will not be doubled on 4th street for a pair showing."
    assert [q.source.split(",")[1] for q in wsop_la.quotes] == [" rule 237", " rule 233"]
    assert len(wsop.quotes) == 2 and tda.unquoted == wsop_la.unquoted == wsop.unquoted == ()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("en", "The rule is not quoted here: this site had no copy of its text."),
        ("sv", "Regeln citeras inte här: sajten hade ingen kopia av dess text."),
        ("da", "Reglen citeres ikke her: sitet havde ingen kopi af dens tekst."),
        ("fi", "Sääntöä ei lainata tässä: sivustolla ei ollut sen tekstiä."),
    ],
)
def test_the_differences_page_says_plainly_which_rules_are_not_quoted(
    client: Client, language: str, note: str
) -> None:
    html = client.get(localized(f"/{language}/rules/differences/")).content.decode()
    table = html[html.index("<table") : html.index("</table>")]
    # Alone in their cells: RR Stud 5, 8, 14, 15 (twice), 18, RR's Stud High-Low odd chip and
    # TDA 20-C. Named beside a quoted rule: RR's razz section (three rows) and RR Stud 9.
    assert table.count(f'<small class="cite">{note}</small>') == 8
    with override(language):
        named = gettext("%(cite)s is not quoted here: this site had no copy of its text.")
        razz = named % {"cite": cite_text(Cite(Book.RR, RuleSection.RAZZ))}
        nine = named % {"cite": cite_text(Cite(Book.RR, RuleSection.STUD, "9"))}
    assert (
        table.count(f'<small class="cite">{escape(razz)}</small>'),
        table.count(escape(nine)),
    ) == (
        3,
        1,
    )
