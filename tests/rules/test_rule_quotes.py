"""The rules' own words beside their citations (issue 29 item 2): every profile field that cites
a rulebook keeps a short quote of the cited rule, with its edition, on the engine's profile data,
unless no text of that rule was available (then no quote is made up, and the field is listed
here); the differences page shows the quotes on demand."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.translation import override

from rules.engine import PROFILES, QUOTES, Book, Cite, RuleSection, unquoted_citations
from rules.presenters import profile_table
from tests.urls import localized

#: Robert's Rules' Seven-Card Stud rules 5, 8, 9, 14, 15 and 18 and its razz section: only
#: a Danish machine translation (source S4) or paraphrases were available, no English text.
UNQUOTED = {
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


def test_every_quote_belongs_to_a_citation_and_names_its_edition() -> None:
    cited = {
        (field, cite)
        for profile in PROFILES.values()
        for field, cites in profile.cites.items()
        for cite in cites
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
def test_a_cell_without_a_text_shows_no_quote() -> None:
    with override("en"):
        table = profile_table()
    row = next(r for r in table.rows if r.label == "Running out of cards")
    robert, tda, wsop_la, wsop = (quotes for _v, _c, quotes in row.columns)
    assert robert == () and wsop == ()  # RR #15 unquoted; WSOP-T does not address it
    assert "required number" in tda[0].text and "add two" in wsop_la[0].text
