"""Stylesheets kept as several source files and served as one: a staticfiles finder.

``settings.STATIC_BUNDLES`` maps a static name (``"practice/practice.css"``) to a folder of
``*.css`` files; the name is served as those files joined in file-name order (so ``01-...``,
``02-...`` set the cascade's order), each part headed by a comment naming its source. The
bundle is written to ``settings.STATIC_BUNDLES_ROOT`` whenever it is looked up, and only when
its text changed, so the development server always serves the sources as they are, and
``collectstatic`` hashes and compresses it like any other file. A page keeps one stylesheet
request however many files the source is split into: no ``@import`` chain, no build tool.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal, overload

from django.conf import settings
from django.contrib.staticfiles.finders import BaseFinder
from django.core.checks import CheckMessage, Error
from django.core.files.storage import FileSystemStorage


def bundle_parts(folder: Path) -> list[Path]:
    """The source files of a bundle, in the order they are joined."""
    return sorted(path for path in folder.glob("*.css") if path.is_file())


def bundle_text(folder: Path) -> str:
    """The bundle: each part under a comment naming it, relative to the checkout."""
    base = Path(settings.BASE_DIR)
    chunks = []
    for part in bundle_parts(folder):
        name = part.relative_to(base) if part.is_relative_to(base) else part.name
        chunks.append(f"/* {name} */\n{part.read_text(encoding='utf-8').rstrip()}\n")
    return "\n".join(chunks)


class BundleFinder(BaseFinder):
    """Finds each name of ``settings.STATIC_BUNDLES``, written fresh from its sources."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.bundles = {
            name: Path(folder) for name, folder in getattr(settings, "STATIC_BUNDLES", {}).items()
        }
        self.root = Path(settings.STATIC_BUNDLES_ROOT)
        self.storage = FileSystemStorage(location=self.root)

    def check(self, **kwargs: Any) -> list[CheckMessage]:
        return [
            Error(f"STATIC_BUNDLES[{name!r}]: {folder} holds no .css file", id="core.E001")
            for name, folder in self.bundles.items()
            if not bundle_parts(folder)
        ]

    def build(self, name: str) -> Path:
        """Writes the bundle ``name`` when its sources changed; returns its path."""
        target = self.root / name
        text = bundle_text(self.bundles[name]).encode("utf-8")
        if target.is_file() and target.read_bytes() == text:
            return target
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside it and renamed: a test worker or a request never reads half a file.
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".", suffix=".tmp")
        with os.fdopen(handle, "wb") as file:
            file.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
        return target

    @overload
    def find(self, path: str, find_all: Literal[False] = False) -> str | None: ...
    @overload
    def find(self, path: str, find_all: Literal[True]) -> list[str]: ...
    def find(self, path: str, find_all: bool = False) -> str | list[str] | None:
        if path not in self.bundles:
            return [] if find_all else None
        found = str(self.build(path))
        return [found] if find_all else found

    def list(self, ignore_patterns: Iterable[str] | None) -> Iterator[tuple[str, Any]]:
        for name in self.bundles:
            self.build(name)
            yield name, self.storage
