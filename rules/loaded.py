"""The ``loaded`` contract that ``loadrules`` and ``loadcourse`` share.

Each object a loader writes keeps in its ``loaded`` field, per field, a fingerprint of the value
last loaded. A field whose value no longer matches its fingerprint was edited in the admin since
then: the load keeps the edit and reports a conflict, or with ``force`` overwrites it and says
so. An object is saved only when something changed, so a second load leaves no history row.

``LoadReport`` counts what a load did, ``LoadedFields`` weighs one object's fields from the files
against its fingerprints and saves it; ``arguments_add``, ``load_failed`` and ``report_write``
are the options both management commands take and what they print. Each loader keeps its own
fingerprint function: the values already stored were made with it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import models

__all__ = ["LoadReport", "LoadedFields", "arguments_add", "load_failed", "report_write"]


@dataclass
class LoadReport:
    """What a load did: counts of objects, every change, and the admin edits it kept
    (``conflicts``) or overwrote (``forced``)."""

    created: int = 0
    updated: int = 0
    unchanged: int = 0
    deleted: int = 0
    conflicts: list[str] = field(default_factory=list)
    forced: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)

    @property
    def changed(self) -> int:
        return self.created + self.updated + self.deleted

    def summary(self) -> str:
        return (
            f"{self.created} created, {self.updated} updated, {self.unchanged} unchanged, "
            f"{self.deleted} deleted, {len(self.conflicts)} conflicts"
        )


@dataclass
class LoadedFields:
    """One object's fields as the files give them, weighed against its ``loaded`` fingerprints;
    ``save`` writes it when anything changed and counts it in the report."""

    obj: models.Model
    _: KW_ONLY
    created: bool
    force: bool
    fingerprint: Callable[[Any], str]
    report: LoadReport
    loaded: dict[str, str] = field(init=False)
    changed: list[str] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        self.loaded = dict(getattr(self.obj, "loaded", None) or {})

    def set(self, name: str, value: Any) -> None:
        """A field without a fingerprint (the files own it): written when it differs."""
        if getattr(self.obj, name) != value:
            setattr(self.obj, name, value)
            self.changed.append(name)

    def merge(
        self,
        name: str,
        new: Any,
        *,
        current: Any,
        forced: str,
        conflict: str,
        blank_untouched: bool = False,
    ) -> None:
        """The field ``name`` (now ``current``) from the files: written unless it was edited in
        the admin since the last load; then kept and ``conflict`` reported, or with ``force``
        written and ``forced`` reported. ``blank_untouched``: a blank field that was never
        loaded counts as not edited."""
        if current == new:
            self.loaded[name] = self.fingerprint(new)
            return
        last = self.loaded.get(name)
        untouched = (
            self.created
            or (blank_untouched and last is None and not current)
            or last == self.fingerprint(current)
        )
        if not (untouched or self.force):
            self.report.conflicts.append(conflict)
            return
        if not untouched:
            self.report.forced.append(forced)
        setattr(self.obj, name, new)
        self.loaded[name] = self.fingerprint(new)
        self.changed.append(name)

    def save(self, label: str, clean: Callable[[], None]) -> None:
        """Save the object when it is new or changed (``clean`` first: the admin's checks),
        else store only fingerprints that changed, without a save (so no history row)."""
        obj, report = self.obj, self.report
        if self.created or self.changed:
            obj.loaded = self.loaded  # type: ignore[attr-defined]
            clean()
            obj.save()
            if self.created:
                report.created += 1
                report.changes.append(f"created {label}")
            else:
                report.updated += 1
                report.changes.append(f"updated {label}: {', '.join(self.changed)}")
            return
        report.unchanged += 1
        if obj.loaded != self.loaded:  # type: ignore[attr-defined]
            type(obj)._default_manager.filter(pk=obj.pk).update(loaded=self.loaded)
            obj.loaded = self.loaded  # type: ignore[attr-defined]


def arguments_add(
    parser: CommandParser, *, content: Path, content_help: str, force_help: str
) -> None:
    """A load command's options: ``--content`` (the folder) and ``--force``."""
    parser.add_argument("--content", type=Path, default=content, help=content_help)
    parser.add_argument("--force", action="store_true", help=force_help)


def load_failed(what: str, problems: list[str]) -> CommandError:
    """The command's error when the files have problems (nothing was loaded)."""
    lines = "\n".join(f"  {problem}" for problem in problems)
    return CommandError(f"{what} has {len(problems)} problem(s); nothing was loaded:\n{lines}")


def report_write(command: BaseCommand, name: str, report: LoadReport, verbosity: int) -> None:
    """What a load command prints: the changes (verbosity 2), every admin edit overwritten or
    kept, and the summary."""
    if verbosity >= 2:
        for change in report.changes:
            command.stdout.write(f"  {change}")
    for line in report.forced:
        command.stdout.write(command.style.WARNING(f"  overwrote an admin edit: {line}"))
    for conflict in report.conflicts:
        command.stdout.write(command.style.WARNING(f"  conflict: {conflict}"))
    style = command.style.WARNING if report.conflicts else command.style.SUCCESS
    command.stdout.write(style(f"{name}: {report.summary()}"))
    if report.conflicts:
        command.stdout.write("  (run with --force to overwrite the admin edits with the files)")
