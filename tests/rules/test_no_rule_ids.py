"""Learners never see the site's internal names: no rule id (R-BRING-2) in the visible text of
any page of the sitemap, in any language. Ids may stay in attributes (anchors) and inside a
closed "Rule reference" disclosure, which a reader opens on purpose."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.sitemap_pages import SitePages

RULE_ID = re.compile(r"R-[A-Z]+-[0-9]+")
_HIDDEN = {"script", "style", "template"}


class _Visible(HTMLParser):
    """The text a reader sees: no scripts, no contents of a closed <details> but its summary."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, hides what is inside)

    @property
    def _hidden(self) -> bool:
        return any(hides for _tag, hides in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"meta", "link", "br", "img", "input", "hr", "source", "wbr", "col"}:
            return
        names = {name for name, _value in attrs}
        hides = tag in _HIDDEN or "hidden" in names
        if self._stack and self._stack[-1][0] == "details-closed" and tag != "summary":
            hides = True
        if tag == "details" and "open" not in names:
            self._stack.append(("details-closed", False))
            return
        self._stack.append((tag, hides))

    def handle_endtag(self, tag: str) -> None:
        wanted = "details-closed" if tag == "details" else tag
        for index in range(len(self._stack) - 1, -1, -1):
            if self._stack[index][0] in {wanted, tag}:
                del self._stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.text.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return " ".join(" ".join(parser.text).split())


def test_the_reader_sees_summaries_not_closed_details() -> None:
    html = (
        "<p>Bring-in</p><details><summary>Rule reference</summary><p>R-BRING-2</p></details>"
        "<details open><summary>Open</summary><p>R-ACT-1</p></details><script>R-X-1</script>"
    )
    assert visible_text(html) == "Bring-in Rule reference Open R-ACT-1"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "sv", "da", "fi"])
def test_no_page_of_the_sitemap_shows_a_rule_id(site_pages: SitePages, language: str) -> None:
    rendered = site_pages.rendered(language)
    assert len(rendered) > 100
    shown = {}
    for path, html in rendered.items():
        found = RULE_ID.findall(visible_text(html))
        if found:
            shown[path] = sorted(set(found))
    assert shown == {}
