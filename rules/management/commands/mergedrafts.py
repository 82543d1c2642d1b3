"""``manage.py mergedrafts``: fold outline.yaml and drafts/<lang>.yaml into the side-by-side files.

Used once, when the writers' drafts landed; afterwards the side-by-side files in
rules/content/ are the source of truth and are edited directly (or through the admin and
``dumprules``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from django.core.management.base import BaseCommand, CommandError, CommandParser

from rules.services import CONTENT_DIR, LANGUAGES, _write


def _get(tree: Any, path: list[str]) -> Any:
    for key in path:
        if not isinstance(tree, dict):
            return None
        tree = tree.get(key)
    return tree


class Command(BaseCommand):
    help = "Merge rules/content/outline.yaml and drafts/<lang>.yaml into the content files."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--content", type=Path, default=CONTENT_DIR)

    def handle(self, *args: Any, **options: Any) -> None:
        directory: Path = options["content"]
        outline_path = directory / "outline.yaml"
        if not outline_path.is_file():
            raise CommandError(f"{outline_path} not found: the drafts were already merged")
        outline = yaml.safe_load(outline_path.read_text(encoding="utf-8"))
        drafts: dict[str, Any] = {}
        for language in LANGUAGES:
            path = directory / "drafts" / f"{language}.yaml"
            if not path.is_file():
                raise CommandError(f"{path} not found")
            drafts[language] = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        missing: list[str] = []

        def texts(path: list[str], names: list[str]) -> dict[str, dict[str, str]]:
            result: dict[str, dict[str, str]] = {}
            for name in names:
                result[name] = {}
                for language in LANGUAGES:
                    value = _get(drafts[language], [*path, name])
                    if not isinstance(value, str) or not value.strip():
                        missing.append(f"drafts/{language}.yaml: {'.'.join([*path, name])}")
                        value = ""
                    result[name][language] = value.strip()
            return result

        pages_dir = directory / "pages"
        for order, page in enumerate(outline["pages"], start=1):
            slug = page["slug"]
            data: dict[str, Any] = {"slug": slug, "kind": page["kind"]}
            if page.get("game"):
                data["game"] = page["game"]
            data["order"] = order
            data["brief"] = page.get("brief", "")
            data.update(texts(["pages", slug], ["title", "summary"]))
            data["sections"] = []
            for section in page["sections"]:
                keys = ["pages", slug, "sections", section["slug"]]
                section_data: dict[str, Any] = {"slug": section["slug"]}
                section_data["brief"] = section.get("brief", "")
                section_data.update(texts(keys, ["title", "intro"]))
                section_data["steps"] = []
                for step in section["steps"]:
                    step_data: dict[str, Any] = {"slug": step["slug"], "rules": step["rules"]}
                    if step.get("example"):
                        step_data["example"] = step["example"]
                    step_data["brief"] = step.get("brief", "")
                    step_data.update(texts([*keys, "steps", step["slug"]], ["title", "body"]))
                    section_data["steps"].append(step_data)
                data["sections"].append(section_data)
            _write(pages_dir / f"{slug}.yaml", data)
        terms = []
        for term in outline["glossary"]:
            entry = {"slug": term["slug"], "rules": term["rules"]}
            entry.update(texts(["glossary", term["slug"]], ["term", "definition"]))
            terms.append(entry)
        _write(directory / "glossary.yaml", {"terms": terms})
        entries = []
        for difference in outline["differences"]:
            entry = {"slug": difference["slug"], "kind": difference["kind"]}
            entry["rules"] = difference["rules"]
            entry["brief"] = difference.get("brief", "")
            entry.update(texts(["differences", difference["slug"]], ["title", "body"]))
            entries.append(entry)
        _write(directory / "differences.yaml", {"entries": entries})
        for line in missing:
            self.stdout.write(self.style.WARNING(f"missing: {line}"))
        self.stdout.write(
            self.style.SUCCESS(
                f"mergedrafts: wrote {len(outline['pages'])} pages, "
                f"{len(terms)} terms, {len(entries)} differences; "
                f"{len(missing)} texts missing"
            )
        )
