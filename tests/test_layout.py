"""The house rules of the layout, read from the source: no import cycles (imports inside functions
count too), no app importing the project package, an engine that needs only the standard library.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Top-level packages of the project and the folder each lives in (site/ is on sys.path).
PACKAGES = {
    path.name: path
    for base in (ROOT, ROOT / "site")
    for path in base.iterdir()
    if (path / "__init__.py").is_file() and path.name not in {"tests", "benchmarks"}
}
APPS = sorted(name for name in PACKAGES if name != "stud_site")


def _module_name(path: Path) -> str:
    base = ROOT / "site" if path.is_relative_to(ROOT / "site") else ROOT
    parts = list(path.relative_to(base).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES.values():
        for path in package.rglob("*.py"):
            if "migrations" not in path.parts:
                found[_module_name(path)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``name`` imports, at any depth of the file (functions included), with the
    line; ``from package import name`` counts as importing ``package.name`` when that is a
    module."""
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".")
                if not is_package:
                    base = base[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:
                candidate = f"{target}.{alias.name}"
                yield (candidate if candidate in MODULES else target), node.lineno


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        edges = graph.setdefault(name, set())
        for target, _line in _imports(name, path):
            if target in MODULES and target != name:
                edges.add(target)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_tree_is_read() -> None:
    assert {"core", "rules", "tutorials", "embeds", "stud_site"} <= set(PACKAGES)
    assert "rules.engine.cards" in MODULES
    assert "rules.engine" in _graph()["rules.engine.high"] or _graph()["rules.engine.high"]


def test_no_import_cycles() -> None:
    cycles = _cycles(_graph())
    assert cycles == [], "import cycles (imports inside functions count): " + "; ".join(
        " <-> ".join(cycle) for cycle in cycles
    )


@pytest.mark.parametrize("app", APPS)
def test_no_app_imports_the_project_package(app: str) -> None:
    offending = [
        f"{name}:{line} imports {target}"
        for name, path in MODULES.items()
        if name.split(".")[0] == app
        for target, line in _imports(name, path)
        if target.split(".")[0] == "stud_site"
    ]
    assert offending == []


def test_the_engine_imports_only_the_standard_library_and_itself() -> None:
    offending = [
        f"{name}:{line} imports {target}"
        for name, path in MODULES.items()
        if name.startswith("rules.engine")
        for target, line in _imports(name, path)
        if target.split(".")[0] not in sys.stdlib_module_names
        and not target.startswith("rules.engine")
        and target != "__future__"
    ]
    assert offending == []


def test_apps_use_only_the_engines_public_names() -> None:
    """Apps import ``rules.engine``, never its modules: the engine's ``__all__`` is its API."""
    offending = [
        f"{name}:{line} imports {target}"
        for name, path in MODULES.items()
        if not name.startswith("rules.engine")
        for target, line in _imports(name, path)
        if target.startswith("rules.engine.")
    ]
    assert offending == []


def test_the_checks_see_a_planted_cycle_and_a_planted_import(tmp_path: Path) -> None:
    """The graph code finds what it is meant to find (a check that could never fail is none)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
