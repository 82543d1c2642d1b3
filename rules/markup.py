"""The body markup of rule texts (rules/content/WRITING.md) turned into safe HTML.

Paragraphs are separated by blank lines; ``- `` starts a bullet and ``1. `` a numbered item;
``**bold**``; ``[As Kd 7c]`` becomes card pictures; ``{{page:low-hands}}``,
``{{section:stud/acting-first}}``, ``{{step:stud/forced-bets/who-brings-in}}`` and
``{{term:bring-in|the bring-in}}`` become links titled in the reader's language. Everything else
is escaped. ``markup_check`` finds bad cards and unknown link targets, for the loader.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from rules.engine import Card, parse_cards

logger = logging.getLogger(__name__)

__all__ = [
    "LINK_KINDS",
    "PROPER_TERMS",
    "Link",
    "LinkTarget",
    "markup_check",
    "markup_links",
    "markup_plain",
    "markup_render",
    "term_link_text",
]

LINK_KINDS = ("page", "section", "step", "term")
_PARTS = {"page": 1, "section": 2, "step": 3, "term": 1}
_SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"

# One inline construct: a link, bold text or a bracketed card list.
_INLINE = re.compile(
    r"\{\{(?P<link>[^{}]*)\}\}"
    r"|\*\*(?P<bold>.+?)\*\*"
    r"|\[(?P<cards>[^\[\]]*)\]"
)
_BULLET = re.compile(r"^[-*] +(?P<text>.*)$")
#: Glossary terms that are names, written with capitals wherever they stand.
PROPER_TERMS = frozenset({"razz", "seven-card-stud", "stud-hi-lo"})
#: What ends a sentence before a link: the link then starts the next sentence.
_SENTENCE_END = re.compile(r"(?:^|[.!?][\"'”’»)*]*)\s*$")
_NUMBERED = re.compile(r"^(?P<number>\d+)\. +(?P<text>.*)$")


@dataclass(frozen=True, slots=True)
class Link:
    """A parsed ``{{kind:target|text}}``."""

    kind: str
    target: str
    text: str | None

    @property
    def key(self) -> tuple[str, str]:
        return (self.kind, self.target)


@dataclass(frozen=True, slots=True)
class LinkTarget:
    """Where a link goes and the target's title in the reader's language."""

    url: str
    title: str


type Resolver = Callable[[Link], LinkTarget | None]


def _parse_link(inner: str) -> Link:
    """Parse the inside of ``{{...}}``; raise ``ValueError`` naming what is wrong."""
    head, bar, text = inner.partition("|")
    kind, colon, target = head.strip().partition(":")
    kind, target = kind.strip(), target.strip()
    if not colon or kind not in LINK_KINDS:
        raise ValueError(
            f"bad link {{{{{inner}}}}}: write {{{{page:slug}}}}, {{{{section:page/section}}}}, "
            f"{{{{step:page/section/step}}}} or {{{{term:slug}}}}"
        )
    parts = target.split("/")
    if len(parts) != _PARTS[kind] or not all(re.fullmatch(_SLUG, part) for part in parts):
        raise ValueError(f"bad link {{{{{inner}}}}}: a {kind} link needs {_PARTS[kind]} slug(s)")
    link_text = text.strip() if bar else None
    if bar and not link_text:
        raise ValueError(f"bad link {{{{{inner}}}}}: the text after | is empty")
    return Link(kind, target, link_text)


def markup_links(text: str) -> list[Link]:
    """Every link in ``text`` (bad ones raise ``ValueError``).

    >>> [link.key for link in markup_links("See {{term:ante}} and {{page:low-hands|lows}}.")]
    [('term', 'ante'), ('page', 'low-hands')]
    """
    return [
        _parse_link(match["link"]) for match in _INLINE.finditer(text) if match["link"] is not None
    ]


def markup_check(text: str, *, targets: Collection[tuple[str, str]]) -> list[str]:
    """The problems in ``text``: bad card tokens, malformed links, links to unknown targets.

    >>> for problem in markup_check("[Xx] {{term:nope}} {{page:stud}}", targets={("page", "stud")}):
    ...     print(problem)
    bad cards [Xx]: unknown card 'Xx': ranks are A K Q J T 9-2 (10 for ten), suits s h d c
    unknown term {{term:nope}}
    """
    problems: list[str] = []
    for match in _INLINE.finditer(text):
        if match["cards"] is not None:
            try:
                cards = parse_cards(match["cards"], distinct=False)
            except ValueError as error:
                problems.append(f"bad cards [{match['cards']}]: {error}")
                continue
            if not cards:
                problems.append("empty card brackets []")
        elif match["link"] is not None:
            try:
                link = _parse_link(match["link"])
            except ValueError as error:
                problems.append(str(error))
                continue
            if link.key not in targets:
                problems.append(f"unknown {link.kind} {{{{{match['link']}}}}}")
    return problems


def _render_cards(text: str) -> str:
    from core.cards import cards_html

    return cards_html(parse_cards(text, distinct=False), compact=True)


def term_link_text(link: Link, title: str, *, sentence_start: bool) -> str:
    """A glossary link's words in the case of the sentence around it, not the headword's.

    A term inside a sentence is lower-case ("at the showdown", not "at the Showdown"); at the
    start of a sentence it takes a capital. Names (Razz, Stud Hi/Lo) and abbreviations keep
    their capitals.

    >>> term = Link("term", "showdown", None)
    >>> term_link_text(term, "Showdown", sentence_start=False)
    'showdown'
    >>> term_link_text(Link("term", "big-bet", "stor indsats"), "Stor indsats", sentence_start=True)
    'Stor indsats'
    >>> term_link_text(Link("term", "razz", None), "Razz", sentence_start=False)
    'Razz'
    """
    words = link.text or title
    if not words or link.kind != "term":
        return words
    if sentence_start:
        return words[:1].upper() + words[1:]
    if link.target in PROPER_TERMS or words[1:2].isupper():
        return words
    return words[:1].lower() + words[1:]


def _after_title(title: str, text: str, position: int) -> int:
    """Where the text after a link resumes: a full stop right after a title that already ends
    a sentence ("see Who acts first?.") is dropped, so the sentence ends once."""
    if title.endswith(("?", "!")) and text[position : position + 1] == ".":
        return position + 1
    return position


def _render_inline(text: str, resolve: Resolver, *, at_start: bool = True) -> str:
    out: list[str] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.append(escape(text[position : match.start()]))
        position = match.end()
        prefix = text[: match.start()]
        sentence_start = bool(_SENTENCE_END.search(prefix)) and (at_start or bool(prefix.strip()))
        if match["bold"] is not None:
            out.append(
                f"<strong>{_render_inline(match['bold'], resolve, at_start=sentence_start)}"
                "</strong>"
            )
        elif match["cards"] is not None:
            try:
                out.append(_render_cards(match["cards"]))
            except ValueError as error:
                # Stored text the checks let through (an old row, a direct database edit):
                # show it as written rather than fail the page.
                logger.warning("rule text: bad cards %r shown as text: %s", match[0], error)
                out.append(escape(match[0]))
        else:
            try:
                link = _parse_link(match["link"])
            except ValueError as error:
                logger.warning("rule text: bad link %r shown as text: %s", match[0], error)
                out.append(escape(match[0]))
                continue
            target = resolve(link)
            if target is None:
                raise ValueError(f"unknown {link.kind} {{{{{match['link']}}}}}")
            css = ' class="term-link"' if link.kind == "term" else ""
            words = (
                term_link_text(link, target.title, sentence_start=sentence_start)
                if link.kind == "term"
                else link.text or target.title
            )
            out.append(format_html('<a href="{}"{}>{}</a>', target.url, mark_safe(css), words))
            position = _after_title(words, text, position)
    out.append(escape(text[position:]))
    return "".join(out)


def markup_plain(text: str, *, resolve: Resolver, card_name: Callable[[Card], str]) -> str:
    """``text`` as one line of plain text (meta descriptions): cards by name in the reader's
    language, links by their words, no markup, nothing escaped (the template escapes).

    >>> from rules.markup import LinkTarget
    >>> markup_plain("The **door card** [2c] brings in.\\n\\n- See {{term:ante}}.",
    ...              resolve=lambda link: LinkTarget("/t/", "Ante"), card_name=str)
    'The door card 2c brings in. See ante.'
    """
    pieces: list[list[str]] = []
    for block in re.split(r"\n[ \t]*\n", text.strip().replace("\r\n", "\n")):
        pieces.append([])
        for raw in block.split("\n"):
            line = raw.strip()
            item = _BULLET.match(line) or _NUMBERED.match(line)
            if item:
                pieces.append([item["text"]])
            elif line:
                pieces[-1].append(line)
    texts = (_plain_inline(" ".join(p), resolve, card_name, at_start=True) for p in pieces if p)
    return " ".join(" ".join(texts).split())


def _plain_inline(
    text: str, resolve: Resolver, card_name: Callable[[Card], str], *, at_start: bool
) -> str:
    out: list[str] = []
    position = 0
    for match in _INLINE.finditer(text):
        out.append(text[position : match.start()])
        position = match.end()
        prefix = text[: match.start()]
        sentence_start = bool(_SENTENCE_END.search(prefix)) and (at_start or bool(prefix.strip()))
        if match["bold"] is not None:
            out.append(_plain_inline(match["bold"], resolve, card_name, at_start=sentence_start))
        elif match["cards"] is not None:
            names = [card_name(card) for card in parse_cards(match["cards"], distinct=False)]
            if sentence_start and names:
                # A card that starts a sentence starts it with a capital: "Klövertvå är …".
                names[0] = names[0][:1].upper() + names[0][1:]
            out.append(_card_group(names, bracketed=_between_brackets(text, match)))
        else:
            link = _parse_link(match["link"])
            target = resolve(link)
            title = target.title if target else link.target
            words = (
                term_link_text(link, title, sentence_start=sentence_start)
                if link.kind == "term"
                else link.text or title
            )
            out.append(words)
            position = _after_title(words, text, position)
    out.append(text[position:])
    return "".join(out)


def _card_group(names: list[str], *, bracketed: bool) -> str:
    """Cards in plain text: one card by its name; a hand of two or more in round brackets, so
    that it reads as one thing in the sentence around it ("Between (ace of spades, king of
    diamonds) and (ace of clubs, queen of hearts) the king acts first"), not as a list running
    into the next hand."""
    if len(names) == 1 or bracketed:
        return ", ".join(names)
    return f"({', '.join(names)})"


def _between_brackets(text: str, match: re.Match[str]) -> bool:
    return text[: match.start()].endswith("(") and text[match.end() :].startswith(")")


def markup_render(text: str, *, resolve: Resolver) -> SafeString:
    """``text`` as HTML: paragraphs, lists, bold, card pictures and links; the rest escaped.

    >>> from rules.markup import LinkTarget
    >>> html = markup_render("A <b> & **bold** {{term:ante}}\\n\\n- one\\n- two",
    ...                      resolve=lambda link: LinkTarget("/t/", "Ante"))
    >>> print(html)
    <p>A &lt;b&gt; &amp; <strong>bold</strong> <a href="/t/" class="term-link">ante</a></p>
    <ul><li>one</li><li>two</li></ul>
    """
    blocks: list[str] = []
    for block in re.split(r"\n[ \t]*\n", text.strip().replace("\r\n", "\n")):
        blocks.extend(_render_block(block, resolve))
    return mark_safe("\n".join(blocks))


def _render_block(block: str, resolve: Resolver) -> list[str]:
    """One block of lines: runs of bullets, numbered items and paragraph lines."""
    html: list[str] = []
    kind: str | None = None  # "ul", "ol" or "p"
    items: list[list[str]] = []
    start = 1

    def flush() -> None:
        if kind is None or not items:
            return
        if kind == "p":
            html.append(f"<p>{_render_inline(' '.join(items[0]), resolve)}</p>")
            return
        # Items that end in a comma or semicolon run on as one sentence ("Each player may:
        # fold, call or complete"): a glossary link at an item's start keeps the lower case.
        at_start = not any(" ".join(item).rstrip().endswith((",", ";")) for item in items)
        lis = "".join(
            f"<li>{_render_inline(' '.join(item), resolve, at_start=at_start)}</li>"
            for item in items
        )
        attrs = f' start="{start}"' if kind == "ol" and start != 1 else ""
        html.append(f"<{kind}{attrs}>{lis}</{kind}>")

    for raw in block.split("\n"):
        line = raw.strip()
        if not line:
            continue
        bullet, numbered = _BULLET.match(line), _NUMBERED.match(line)
        if bullet:
            if kind != "ul":
                flush()
                kind, items = "ul", []
            items.append([bullet["text"]])
        elif numbered:
            if kind != "ol":
                flush()
                kind, items, start = "ol", [], int(numbered["number"])
            items.append([numbered["text"]])
        elif kind in ("ul", "ol") and raw[:1] in (" ", "\t"):
            items[-1].append(line)  # an indented line continues the list item
        elif kind == "p":
            items[0].append(line)
        else:
            flush()
            kind, items = "p", [[line]]
    flush()
    return html
