"""No Swedish, Danish or Finnish page is left in English: every page of the sitemap is fetched in
each language, and no sentence of its English version may appear in it unchanged."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.sitemap_pages import SitePages

#: Words that are the same in every language: names of games, rulebooks and the site's
#: poker loanwords. A text made only of these (and numbers, rule ids, card notation) is fine.
SHARED_WORDS = {
    "seven",
    "card",
    "stud",
    "hi/lo",
    "razz",
    "robert's",
    "rules",
    "of",
    "poker",
    "tda",
    "wsop",
    "2024",
    "eight-or-better",
    "eight",
    "or",
    "better",
    "bring-in",
    "showdown",
    "all-in",
    "heads-up",
    "river",
    "cap",
    "wheel",
    "rake",
    "buy-in",
    "ante",
    "kicker",
    "dealer",
    "stud/8",
    "(eight-or-better)",
    "live",
    "action",
    "la",
    "x",
    "(cash",
    "game)",
    "(tournament)",
    "svenska",
    "dansk",
    "suomi",
    "english",
    "open",
    "source",
    "door",
}
_IGNORED_TAGS = {"script", "style", "code", "kbd", "samp", "svg", "textarea"}
_ATTRIBUTES = {"alt", "title", "aria-label", "placeholder"}
_TOKEN = re.compile(r"^(?:R-[A-Z]+-\d+|[\d$€.,:;%/#+()×·–—-]+|[2-9TJQKA][shdc]|10[shdc])$")


class _Text(HTMLParser):
    """The visible text of a page's <main> (and the attributes people hear), one item per
    text node."""

    def __init__(self) -> None:
        super().__init__()
        self.items: list[str] = []
        self._skip = 0
        self._main = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "main":
            self._main += 1
        if tag in _IGNORED_TAGS or (tag == "blockquote" and ("lang", "en") in attrs):
            # A blockquote marked lang="en" quotes an English rulebook word for word.
            self._skip += 1
        if self._main and not self._skip:
            self.items.extend(value for name, value in attrs if name in _ATTRIBUTES and value)

    def handle_endtag(self, tag: str) -> None:
        if (tag in _IGNORED_TAGS or tag == "blockquote") and self._skip:
            self._skip -= 1
        if tag == "main" and self._main:
            self._main -= 1

    def handle_data(self, data: str) -> None:
        if self._main and not self._skip:
            self.items.append(data)


def _sentences(html: str) -> set[str]:
    parser = _Text()
    parser.feed(html)
    found = set()
    for item in parser.items:
        text = " ".join(item.split())
        words = [
            word
            for word in (w.strip("()[]«»“”\"'.,:;!?") for w in text.lower().split())
            if word and not _TOKEN.match(word)
        ]
        if len(words) >= 3 and not set(words) <= SHARED_WORDS:
            found.add(text)
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["sv", "da", "fi"])
def test_no_page_of_the_sitemap_keeps_english_sentences(
    site_pages: SitePages, language: str
) -> None:
    twins = site_pages.twins(language)
    assert len(twins) > 100
    leftovers: dict[str, set[str]] = {}
    for english_path, path in twins:
        same = _sentences(site_pages.html(english_path)) & _sentences(site_pages.html(path))
        if same:
            leftovers[path] = same
    assert leftovers == {}
