"""The review ledger: which translated texts a native reader has read, by id and text hash.

Every catalogue entry of a language and every text of that language in the content files
(``*/content/**/*.yaml``) is an *item* with a stable id and a hash of its text. The ledger file
``locale/<lang>/review-ledger.tsv`` records the hash each item had when a native reader last
read it; an item whose hash differs (new or edited text) is *unreviewed*, and
``tests/test_review_ledger.py`` lists it. ``manage.py reviewledger <lang> --list`` prints the
unreviewed items for a reader; ``--accept`` records them once read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polib
import yaml
from django.conf import settings

__all__ = [
    "LANGUAGES",
    "LedgerItem",
    "ledger_items",
    "ledger_path",
    "ledger_read",
    "ledger_unreviewed",
    "ledger_write",
]

#: The languages a native reader reviews (English is the source language).
LANGUAGES = ("sv", "da", "fi")
_SKIP_DIRS = {".venv", "node_modules", ".git", "staticfiles"}


@dataclass(frozen=True, slots=True)
class LedgerItem:
    """One text to review: where it lives, the English beside it, and the text itself."""

    id: str
    english: str
    text: str

    @property
    def hash(self) -> str:
        return hashlib.sha1(self.text.encode()).hexdigest()[:12]


def _root() -> Path:
    return Path(settings.BASE_DIR)


def ledger_path(lang: str, *, root: Path | None = None) -> Path:
    return (root or _root()) / "locale" / lang / "review-ledger.tsv"


def _catalogue_items(lang: str, root: Path) -> Iterator[LedgerItem]:
    path = root / "locale" / lang / "LC_MESSAGES" / "django.po"
    for entry in polib.pofile(str(path)):
        if entry.obsolete:
            continue
        key = f"{entry.msgctxt or ''}\x04{entry.msgid}\x00{entry.msgid_plural or ''}"
        ident = "po:" + hashlib.sha1(key.encode()).hexdigest()[:12]
        if entry.msgid_plural:
            text = json.dumps(
                [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)], ensure_ascii=False
            )
            english = f"{entry.msgid} | {entry.msgid_plural}"
        else:
            text, english = entry.msgstr, entry.msgid
        if entry.msgctxt:
            english = f"[{entry.msgctxt}] {english}"
        yield LedgerItem(ident, english, text)


def _walk(node: Any, path: str, lang: str) -> Iterator[tuple[str, str, str]]:
    """(yaml path, english, text) for every four-language text under ``node``."""
    if isinstance(node, dict):
        # A text in four languages, or a URL word whose English is its key (core/urlwords.py).
        if isinstance(node.get(lang), str) and ("en" in node or set(LANGUAGES) <= set(node)):
            yield path, str(node.get("en", path.rpartition(".")[2])), node[lang]
            return
        for key, value in node.items():
            yield from _walk(value, f"{path}.{key}" if path else str(key), lang)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            label = value.get("slug") if isinstance(value, dict) else None
            yield from _walk(value, f"{path}[{label or index}]", lang)


def _content_files(root: Path) -> Iterator[Path]:
    for path in sorted(root.glob("*/content/**/*.yaml")):
        if not _SKIP_DIRS.intersection(path.relative_to(root).parts):
            yield path


def _content_items(lang: str, root: Path) -> Iterator[LedgerItem]:
    for path in _content_files(root):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        relative = path.relative_to(root).as_posix()
        for where, english, text in _walk(data, "", lang):
            yield LedgerItem(f"content:{relative}:{where}", english, text)


def ledger_items(lang: str, *, root: Path | None = None) -> list[LedgerItem]:
    """Every catalogue entry and content text of ``lang``, in file order."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown review language {lang!r}: expected one of {LANGUAGES}")
    base = root or _root()
    return [*_catalogue_items(lang, base), *_content_items(lang, base)]


def ledger_read(lang: str, *, root: Path | None = None) -> dict[str, str]:
    """The ledger's id -> hash of the text a reader read."""
    path = ledger_path(lang, root=root)
    if not path.exists():
        return {}
    rows = (line.split("\t") for line in path.read_text(encoding="utf-8").splitlines())
    return {row[0]: row[1] for row in rows if len(row) >= 2 and not row[0].startswith("#")}


def ledger_unreviewed(lang: str, *, root: Path | None = None) -> list[LedgerItem]:
    """The items whose text is not the one recorded as read (new or edited since)."""
    read = ledger_read(lang, root=root)
    return [item for item in ledger_items(lang, root=root) if read.get(item.id) != item.hash]


def ledger_write(lang: str, items: list[LedgerItem], *, root: Path | None = None) -> Path:
    """Record ``items`` as read, keeping what was read before and dropping ids that are gone."""
    current = {item.id for item in ledger_items(lang, root=root)}
    rows = {key: value for key, value in ledger_read(lang, root=root).items() if key in current}
    rows.update({item.id: item.hash for item in items})
    path = ledger_path(lang, root=root)
    header = "# id\ttext hash (sha1, 12): texts a native reader has read; see core/ledger.py\n"
    path.write_text(
        header + "".join(f"{k}\t{v}\n" for k, v in sorted(rows.items())), encoding="utf-8"
    )
    return path
