"""Spell checking: the words a reader sees, Debian's checkers, the project's word lists.

``page_texts`` reads a page as a browser lays it out (inline elements run together, block
elements and line breaks part words, so ``ja<a>WSOP</a>`` is the glued word a reader sees);
``words_of`` splits texts into words; ``checker`` asks Debian's hunspell (sv, da, en) or Voikko
(fi) about a whole batch of words in one call; ``WordList`` is ``locale/<lang>/words.txt``, the
reviewed words a checker does not know (poker terms, names), and ``unknown_words`` the words
that are neither known nor listed. tests/test_spelling.py runs them over every page and every
generated sentence.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import re
import shutil
import subprocess
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

__all__ = [
    "DEBIAN_PACKAGES",
    "ToolMissing",
    "WordList",
    "checker",
    "page_texts",
    "unknown_words",
    "word_order",
    "words_of",
]

ROOT = Path(__file__).resolve().parents[1]

#: What each language's checker needs from Debian (scripts/ensure-test-tools installs it).
DEBIAN_PACKAGES = {
    "sv": "hunspell hunspell-sv",
    "da": "hunspell hunspell-da",
    "en": "hunspell hunspell-en-gb",
    "fi": "libvoikko1 voikko-fi",
}
_HUNSPELL = {"sv": "sv_SE", "da": "da_DK", "en": "en_GB"}

# --- what a reader sees ----------------------------------------------------------------------

_SKIPPED = {"script", "style", "code", "kbd", "samp", "pre", "textarea", "svg", "template"}
_HEARD = ("alt", "title", "aria-label", "placeholder")
#: Elements that flow inside a line: text on both sides of their tags runs together.
_INLINE = {
    "a", "abbr", "b", "bdi", "bdo", "cite", "data", "del", "dfn", "em", "i", "ins", "label",
    "mark", "q", "s", "small", "span", "strong", "sub", "sup", "time", "u", "var",
}  # fmt: skip


_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class _Layout(HTMLParser):
    """Text runs of <title> and <body> as laid out, the attributes people hear, the meta
    description. An image stands apart from the words beside it (its alt text is heard). Text
    marked as another language (``lang="en"``: a rulebook quoted in its own words, a language's
    name in the language menu) is left to that language's pages."""

    def __init__(self, *, quotes: bool = True) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._run: list[str] = []
        self._skip = 0
        self._skipped = _SKIPPED if quotes else _SKIPPED | {"blockquote", "q"}
        self._visible = 0
        self._page_lang = ""
        self._open: list[tuple[str, str]] = []  # (tag, the language its content is in)

    def _foreign(self) -> bool:
        lang = self._open[-1][1] if self._open else self._page_lang
        return bool(self._page_lang) and lang.split("-")[0] != self._page_lang

    def _break(self) -> None:
        if self._run:
            self.texts.append("".join(self._run))
            self._run = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "html":
            self._page_lang = (values.get("lang") or "").split("-")[0]
        elif tag not in _VOID:
            inherited = self._open[-1][1] if self._open else self._page_lang
            self._open.append((tag, (values.get("lang") or inherited).split("-")[0]))
        if tag == "meta" and values.get("name") == "description" and values.get("content"):
            self.texts.append(values["content"] or "")
        if tag not in _INLINE:
            self._break()
        if tag in ("body", "title"):
            self._visible += 1
        if tag in self._skipped:
            self._skip += 1
        if self._visible and not self._skip and not self._foreign():
            self.texts.extend(v for k, v in attrs if k in _HEARD and v)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _INLINE:
            self._break()

    def handle_endtag(self, tag: str) -> None:
        if tag not in _INLINE:
            self._break()
        if any(name == tag for name, _lang in self._open):
            while self._open and self._open.pop()[0] != tag:
                pass
        if tag in self._skipped and self._skip:
            self._skip -= 1
        if tag in ("body", "title") and self._visible:
            self._visible -= 1

    def handle_data(self, data: str) -> None:
        if self._visible and not self._skip and not self._foreign():
            self._run.append(data)

    def close(self) -> None:
        super().close()
        self._break()


def page_texts(html: str, *, quotes: bool = True) -> list[str]:
    """The page's text as a reader meets it, one string per line of layout (without
    ``quotes``: leaving out quotations, another source's words)."""
    parser = _Layout(quotes=quotes)
    parser.feed(html)
    parser.close()
    return [text for item in parser.texts if (text := " ".join(item.split()))]


# --- words -----------------------------------------------------------------------------------

_LETTERS = r"[^\W\d_]"
#: A word: letters, joined inside by hyphens, apostrophes or a colon before an ending
#: ("bring-in", "Robert's", "low’n", "WSOP:n"); letters right after a colon are an ending
#: ("5 $:lla"); a hyphen before a space ends the first part of a compound that the next word
#: completes ("käteis- ja turnaussäännöt").
_WORD = re.compile(rf"(?<![\w:’']){_LETTERS}+(?:[-'’:]{_LETTERS}+)*(?:-(?=\s))?")
#: An ending after a colon (Finnish "WSOP:n", "Hi/Lo:ssa", Swedish "WSOP:s"): the checker reads
#: the word before it.
_COLON_ENDING = re.compile(rf":{_LETTERS}{{1,4}}$")


def words_of(texts: Iterable[str]) -> set[str]:
    """The distinct words of ``texts``: no single letters ("plats A") or rank runs (K-Q-J)."""
    found = set()
    for text in texts:
        for match in _WORD.finditer(text):
            word = _COLON_ENDING.sub("", match.group(0)).strip("'’")
            if all(len(part) > 1 for part in word.rstrip("-").split("-")):
                found.add(word)
    return found


# --- the checkers ----------------------------------------------------------------------------

Checker = Callable[[Iterable[str]], set[str]]


class ToolMissing(RuntimeError):
    """A checker or dictionary is not installed."""


def _hunspell(dictionary: str) -> Checker:
    binary = shutil.which("hunspell")
    if binary is None or not list(Path("/usr/share/hunspell").glob(f"{dictionary}.dic")):
        raise ToolMissing(f"hunspell with the {dictionary} dictionary")

    def known(words: Iterable[str]) -> set[str]:
        batch = sorted(set(words))
        # One word a line; -L prints the lines with a word it does not know (no suggestions
        # are looked for, which is what takes hunspell's time).
        result = subprocess.run(
            [binary, "-L", "-i", "utf-8", "-d", dictionary],
            input="".join(f"{word}\n" for word in batch),
            capture_output=True,
            text=True,
            check=True,
        )
        return set(batch) - set(result.stdout.splitlines())

    return known


def _voikko() -> Checker:
    name = ctypes.util.find_library("voikko") or "libvoikko.so.1"
    try:
        library = ctypes.CDLL(name)
    except OSError as missing:
        raise ToolMissing("libvoikko") from missing
    text = ctypes.c_char_p
    library.voikkoInit.argtypes = [ctypes.POINTER(text), text, text]
    library.voikkoInit.restype = ctypes.c_void_p
    library.voikkoSpellCstr.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
    library.voikkoSpellCstr.restype = ctypes.c_int
    error = ctypes.c_char_p()
    handle = library.voikkoInit(ctypes.byref(error), b"fi", None)
    if not handle:
        raise ToolMissing(f"Voikko's Finnish dictionary ({error.value!r})")

    def known(words: Iterable[str]) -> set[str]:
        return {w for w in set(words) if library.voikkoSpellCstr(handle, w.encode()) == 1}

    return known


@cache
def checker(language: str) -> Checker:
    """A function giving the words of a batch that ``language``'s checker knows."""
    return _voikko() if language == "fi" else _hunspell(_HUNSPELL[language])


# --- the word lists --------------------------------------------------------------------------


def word_order(word: str) -> tuple[str, str]:
    """The word lists' order: alphabetical whatever the case, capitals first among equals."""
    return (word.casefold(), word)


@dataclass
class WordList:
    """``locale/<lang>/words.txt``: one word a line, in ``word_order``; ``#`` starts a comment
    line."""

    language: str
    words: list[str] = field(default_factory=list)

    @classmethod
    def read(cls, language: str) -> WordList:
        path = ROOT / "locale" / language / "words.txt"
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        return cls(language, [w.strip() for w in lines if w.strip() and not w.startswith("#")])

    def covers(self, word: str) -> str | None:
        """The entry that lets ``word`` through: itself, or its lower-case form when the word
        is capitalised (a sentence's first word)."""
        entries = set(self.words)
        if word in entries:
            return word
        if word[:1].isupper() and word[1:] == word[1:].lower() and word.lower() in entries:
            return word.lower()
        return None


@dataclass
class Verdict:
    unknown: set[str]
    used: set[str]


def unknown_words(words: set[str], known: Checker, word_list: WordList) -> Verdict:
    """The words neither the checker nor the word list knows, and the list entries it used.

    A hyphenated word the checker does not know as a whole is fine when each part is known or
    listed, or each run of parts ("bring-in" in "bring-in-beloppet")."""
    parts = {part for word in words if "-" in word for part in word.rstrip("-").split("-")}
    known_words = known(words | parts)
    unknown, used = set(), set()
    for word in sorted(words):
        if word in known_words:
            continue
        entry = word_list.covers(word.rstrip("-"))
        if entry:
            used.add(entry)
            continue
        pieces = word.rstrip("-").split("-")
        if len(pieces) > 1:
            entries = _cover_parts(pieces, known_words, word_list)
            if entries is not None:
                used.update(entries)
                continue
        unknown.add(word)
    return Verdict(unknown, used)


def _cover_parts(pieces: list[str], known: set[str], word_list: WordList) -> set[str] | None:
    """The list entries that cover ``pieces`` with known parts, or None if they cannot."""
    # best[i]: the entries covering pieces[:i] (the fewest), or None when no cover exists.
    best: list[set[str] | None] = [set()] + [None] * len(pieces)
    for end in range(1, len(pieces) + 1):
        for start in range(end):
            before = best[start]
            if before is None:
                continue
            run = "-".join(pieces[start:end])
            if end - start == 1 and run in known:
                option = before
            elif (entry := word_list.covers(run)) is not None:
                option = before | {entry}
            else:
                continue
            if best[end] is None or len(option) < len(best[end] or ()):
                best[end] = option
    return best[-1]
