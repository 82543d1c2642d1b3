"""Do the four languages say the same rules? A step-by-step comparison of the content files.

Every text of ``rules/content`` (page titles and summaries, section intros, step titles and
bodies, glossary terms, the "where rulebooks differ" entries) is compared with its English
version, the reference: the same cards (``[As Kd]`` markup), the same dollar amounts, the same
numerals, the same links to other rules (pages, sections, steps; glossary links are free). The
rule ids a step teaches are shared by the four languages (one ``rules:`` list per step), so
they agree by construction; what can differ is what each language *says*, and rule ids must
never appear in a text at all.

From a shell (no database needed)::

    python -m rules.parity                 # every mismatch, grouped by text; exit 1 if any
    python -m rules.parity --language fi   # one language
    python -m rules.parity --page stud     # one page (or "glossary", "differences")
    python -m rules.parity --summary       # counts per language and kind

``tests/rules/test_parity.py`` runs the same comparison, one test per text.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml

__all__ = [
    "CONTENT_DIR",
    "LANGUAGES",
    "REFERENCE",
    "Facts",
    "Mismatch",
    "Unit",
    "content_units",
    "main",
    "parity_mismatches",
    "text_facts",
    "unit_mismatches",
]

CONTENT_DIR = Path(__file__).resolve().parent / "content"
LANGUAGES = ("sv", "da", "fi", "en")
REFERENCE = "en"

_CARDS = re.compile(r"\[(?P<cards>[^\[\]]*)\]")
_LINK = re.compile(r"\{\{(?P<link>[^{}]*)\}\}")
_RULE_ID = re.compile(r"\bR-[A-Z]+-\d+\b")
_CARD_TOKEN = re.compile(r"^(?P<rank>10|[AKQJT2-9])(?P<suit>[shdc])$", re.IGNORECASE)
# "1 000", "1,000", "1.000" -> 1000 (only groups of exactly three digits).
_THOUSANDS = re.compile(r"(?<=\d)[ \u00a0\u202f,.](?=\d{3}(?!\d))")
# "stud/8" is a game's name, not the numeral 8.
_GAME_NAME = re.compile(r"\bstud ?/ ?8\b", re.IGNORECASE)
_LIST_NUMBER = re.compile(r"^[ \t]*\d+\.[ \t]+", re.MULTILINE)
_NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\d])")
# $5, $ 5, 5$, 5 $, 5 dollars / dollaria / dollar, 15/30 dollarin, $15/$30.
_AMOUNTS = (
    re.compile(r"\$[ \u00a0]?(?P<n>\d+)"),
    re.compile(r"(?P<n>\d+)[ \u00a0]?\$"),
    re.compile(r"(?P<n>\d+(?:[ \u00a0]?/[ \u00a0]?\d+)*)[ \u00a0-]?(?:dollar|usd)", re.IGNORECASE),
)


@dataclass(frozen=True, slots=True)
class Facts:
    """What a text states that must be the same in every language."""

    cards: frozenset[str]
    amounts: frozenset[int]
    numbers: frozenset[str]
    links: frozenset[str]
    rule_ids: frozenset[str]

    def kinds(self) -> dict[str, frozenset[object]]:
        return {
            "cards": frozenset(self.cards),
            "amounts": frozenset(self.amounts),
            "numerals": frozenset(self.numbers),
            "links": frozenset(self.links),
        }


def _card(token: str) -> str:
    match = _CARD_TOKEN.match(token)
    if not match:
        return token
    rank = "T" if match["rank"] == "10" else match["rank"].upper()
    return rank + match["suit"].lower()


def text_facts(text: str) -> Facts:
    """The cards, amounts, numerals, links and rule ids of one text.

    >>> facts = text_facts("At $5/$10, the [2c] brings in {{term:bring-in|$2}}; see R-BET-1")
    >>> sorted(facts.cards), sorted(facts.amounts), sorted(facts.numbers)
    (['2c'], [2, 5, 10], ['10', '2', '5'])
    >>> sorted(facts.links), sorted(facts.rule_ids)
    ([], ['R-BET-1'])
    >>> sorted(text_facts("See {{step:stud/betting/open-pair}} and {{term:cap}}.").links)
    ['step:stud/betting/open-pair']
    >>> sorted(text_facts("15/30 dollarin pelissä, 1 000 kertaa").amounts)
    [15, 30]
    """
    cards = frozenset(
        _card(token) for match in _CARDS.finditer(text) for token in match["cards"].split()
    )
    # Links to other rules (pages, sections, steps) are citations; glossary links are a
    # writer's choice in each language and are not compared.
    links = frozenset(
        target
        for match in _LINK.finditer(text)
        if not (target := match["link"].partition("|")[0].replace(" ", "")).startswith("term:")
    )
    rule_ids = frozenset(_RULE_ID.findall(text))
    # Numbers are read from the prose (and a link's own words), not from cards, link targets,
    # rule ids or list markers.
    prose = _LINK.sub(lambda m: f" {m['link'].partition('|')[2]} ", _CARDS.sub(" ", text))
    prose = _RULE_ID.sub(" ", _LIST_NUMBER.sub("", prose))
    prose = _THOUSANDS.sub("", _GAME_NAME.sub(" ", prose))
    amounts = frozenset(
        int(number)
        for pattern in _AMOUNTS
        for match in pattern.finditer(prose)
        for number in re.split(r"[ \u00a0]?/[ \u00a0]?", match["n"])
    )
    numbers = frozenset(number.replace(",", ".") for number in _NUMBER.findall(prose))
    return Facts(cards, amounts, numbers, links, rule_ids)


@dataclass(frozen=True, slots=True)
class Unit:
    """One text of the content in its four languages: ``key`` names where it is, ``field`` which
    text (body, title, ...)."""

    key: str
    field: str
    texts: dict[str, str]
    rules: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return f"{self.key} {self.field}"


@dataclass(frozen=True, slots=True)
class Mismatch:
    """One way one language differs from English in one text."""

    unit: str
    language: str
    kind: str
    missing: tuple[str, ...]  # in English, not in this language
    extra: tuple[str, ...]  # in this language, not in English

    def __str__(self) -> str:
        parts = []
        if self.missing:
            parts.append(f"missing {', '.join(self.missing)}")
        if self.extra:
            parts.append(f"extra {', '.join(self.extra)}")
        return f"{self.unit} [{self.language}] {self.kind}: {'; '.join(parts)}"


def _fields(key: str, item: dict[str, object], fields: Sequence[str]) -> Iterator[Unit]:
    listed = item.get("rules") or ()
    rules = tuple(str(rule) for rule in listed) if isinstance(listed, list | tuple) else ()
    for field in fields:
        texts = item.get(field)
        if isinstance(texts, dict):
            yield Unit(key, field, {str(k): str(v or "") for k, v in texts.items()}, rules)


def content_units(content_dir: Path = CONTENT_DIR) -> list[Unit]:
    """Every text of the content files, in reading order."""
    units: list[Unit] = []
    for path in sorted((content_dir / "pages").glob("*.yaml")):
        page = yaml.safe_load(path.read_text(encoding="utf-8"))
        units.extend(_fields(page["slug"], page, ("title", "summary", "quick_summary")))
        for section in page.get("sections", []):
            section_key = f"{page['slug']}/{section['slug']}"
            units.extend(_fields(section_key, section, ("title", "intro")))
            for step in section.get("steps", []):
                units.extend(_fields(f"{section_key}/{step['slug']}", step, ("title", "body")))
    glossary = content_dir / "glossary.yaml"
    if glossary.exists():
        for term in yaml.safe_load(glossary.read_text(encoding="utf-8")).get("terms", []):
            units.extend(_fields(f"glossary/{term['slug']}", term, ("term", "definition")))
    differences = content_dir / "differences.yaml"
    if differences.exists():
        for entry in yaml.safe_load(differences.read_text(encoding="utf-8")).get("entries", []):
            units.extend(_fields(f"differences/{entry['slug']}", entry, ("title", "body")))
    return units


def _sorted(values: Iterable[object]) -> tuple[str, ...]:
    def key(value: object) -> tuple[int, float, str]:
        text = str(value)
        try:
            return (0, float(text), text)
        except ValueError:
            return (1, 0.0, text)

    return tuple(str(v) for v in sorted(values, key=key))


def unit_mismatches(unit: Unit, languages: Sequence[str] = LANGUAGES) -> list[Mismatch]:
    """How each language of ``unit`` differs from English, kind by kind."""
    found: list[Mismatch] = []
    facts = {language: text_facts(unit.texts.get(language, "")) for language in LANGUAGES}
    reference = facts[REFERENCE].kinds()
    for language in languages:
        if not unit.texts.get(language, "").strip():
            found.append(Mismatch(unit.name, language, "text", ("the whole text",), ()))
            continue
        if facts[language].rule_ids:
            found.append(
                Mismatch(
                    unit.name,
                    language,
                    "rule ids in the text",
                    (),
                    _sorted(facts[language].rule_ids),
                )
            )
        if language == REFERENCE:
            continue
        for kind, values in facts[language].kinds().items():
            missing, extra = reference[kind] - values, values - reference[kind]
            if missing or extra:
                found.append(Mismatch(unit.name, language, kind, _sorted(missing), _sorted(extra)))
    return found


def parity_mismatches(
    content_dir: Path = CONTENT_DIR,
    *,
    languages: Sequence[str] = LANGUAGES,
    key_prefix: str = "",
) -> list[Mismatch]:
    """Every mismatch of the content, in reading order."""
    return [
        mismatch
        for unit in content_units(content_dir)
        if unit.key.startswith(key_prefix)
        for mismatch in unit_mismatches(unit, languages)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules.parity",
        description="List where sv, da or fi say other cards, amounts, numerals or links than "
        "English, text by text.",
    )
    parser.add_argument("--language", choices=LANGUAGES, action="append")
    parser.add_argument("--page", default="", help="a page slug, 'glossary' or 'differences'")
    parser.add_argument("--summary", action="store_true", help="counts only")
    parser.add_argument("--content", type=Path, default=CONTENT_DIR)
    args = parser.parse_args(argv)
    languages = tuple(args.language or LANGUAGES)
    mismatches = parity_mismatches(args.content, languages=languages, key_prefix=args.page)
    if args.summary:
        counts = Counter((m.language, m.kind) for m in mismatches)
        for (language, kind), count in sorted(counts.items()):
            print(f"{language}  {kind:<22} {count}")
    else:
        for mismatch in mismatches:
            print(mismatch)
    texts = len({m.unit for m in mismatches})
    print(f"{len(mismatches)} mismatch(es) in {texts} text(s)", file=sys.stderr)
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
