"""The house rules of the layout, read from the source: the apps' layers imported only downwards
(LAYERS), no import cycles (imports inside functions count too), no app importing the project
package, an engine that needs only the standard library.
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
    assert {"core", "rules", "practice", "embeds", "stud_site"} <= set(PACKAGES)
    assert "rules.engine.cards" in MODULES
    # Both import forms resolve to the module: ``from rules.engine.cards import Card`` and
    # ``from rules.engine import _tables as t`` (a submodule named from its package).
    edges = _graph()["rules.engine.high"]
    assert {"rules.engine.cards", "rules.engine.ranking", "rules.engine._tables"} <= edges


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


#: Calls that import a module named at run time: the import checks here cannot see them.
DYNAMIC_IMPORTS = {"import_module", "__import__", "import_string", "iter_modules"}


def dynamic_imports(source: str) -> list[tuple[int, str]]:
    """(line, call) for each call in ``source`` that imports by a computed name."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in DYNAMIC_IMPORTS:
                found.append((node.lineno, name))
    return sorted(found)


def test_no_module_imports_by_a_computed_name() -> None:
    """Plain imports only: ``import_module(f"rules.engine.{name}")`` reaches the engine's
    private modules, and a list of module names imported by string goes round the layers."""
    offending = [
        f"{name}:{line} calls {call}()"
        for name, path in MODULES.items()
        for line, call in dynamic_imports(path.read_text(encoding="utf-8"))
    ]
    assert offending == []


def test_a_computed_import_is_caught() -> None:
    planted = (
        "import importlib, pkgutil\n"
        "from importlib import import_module\n"
        "kind = getattr(import_module(type(quiz).__module__), 'mistake')\n"
        "for info in pkgutil.iter_modules(engine.__path__):\n"
        "    importlib.import_module(f'rules.engine.{info.name}')\n"
        "from rules import engine\n"
    )
    assert dynamic_imports(planted) == [
        (3, "import_module"),
        (4, "iter_modules"),
        (5, "import_module"),
    ]


def test_the_checks_see_a_planted_cycle_and_a_planted_import(tmp_path: Path) -> None:
    """The graph code finds what it is meant to find (a check that could never fail is none)."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# --- direction ------------------------------------------------------------------------------
# The layers, lowest first. A module may import its own app and the apps of lower layers, never
# an app of its own layer or a higher one. Apps not listed fail test_every_app_has_a_layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules.engine",),  # the rules of the games: pure Python
    ("core",),  # shared Django pieces: cards, words, http, caching, sitemaps
    # the learner record under every app's progress: its models, its store (the progress
    # functions' reads and writes, with the request), events, review scheduler, device codes,
    # the limits per address
    ("learners",),
    ("rules",),  # the rules reference: content, examples, reason sentences
    ("practice", "search"),  # practice quizzes and walkthroughs; search over the rules
    ("tutorials", "embeds", "previews"),  # the course; embeds; link previews
    # the learner's page, Today card and admin tables (they name the course's lessons and
    # start practice sets); the table
    ("learners.page", "table"),
    ("kit",),  # the home-game kit: house rules are limited like the learners' writes
    ("stud_site",),  # the project: settings, URLs, home, errors
)
#: The parts of an app that sit in another layer than the rest of it: modules (or packages)
#: by name, and the part they belong to.
PARTS = {
    "rules.engine": "rules.engine",
    "learners.admin": "learners.page",
    "learners.templatetags": "learners.page",
    "learners.urls": "learners.page",
    "learners.views": "learners.page",
}


def _app_of(module: str) -> str:
    for prefix, part in PARTS.items():
        if module == prefix or module.startswith(f"{prefix}."):
            return part
    return module.split(".")[0]


def _layer_of(app: str) -> int:
    for level, apps in enumerate(LAYERS):
        if app in apps:
            return level
    raise KeyError(app)


def upward_imports(edges: Iterator[tuple[str, str, int]]) -> list[str]:
    """The edges (module, imported module, line) that go sideways or up the layers."""
    found = []
    for source, target, line in edges:
        here, there = _app_of(source), _app_of(target)
        if here != there and _layer_of(there) >= _layer_of(here):
            found.append(f"{source}:{line} imports {target} ({here} -> {there})")
    return found


def _edges() -> Iterator[tuple[str, str, int]]:
    for name, path in MODULES.items():
        for target, line in _imports(name, path):
            if target in MODULES and target != name:
                yield name, target, line


def test_every_app_has_a_layer() -> None:
    assert {_app_of(name) for name in MODULES} <= {app for apps in LAYERS for app in apps}


def test_no_module_imports_sideways_or_up_the_layers() -> None:
    assert upward_imports(_edges()) == []


def test_an_upward_import_is_caught() -> None:
    planted = [
        ("core.cards", "rules.engine.cards", 3),  # down: fine
        ("core.pagecache", "rules.versioning", 7),  # up: core -> rules
        ("search.services", "practice.kinds", 9),  # sideways within a layer
        ("rules.engine.play", "rules.models", 2),  # the engine reaching into its Django app
        ("learners.store", "practice.progress", 5),  # the store above the apps it stores
        ("learners.views", "practice.progress", 6),  # the learner's page: above them, fine
        ("learners.services", "learners.views", 8),  # the record reaching up to its page
    ]
    assert upward_imports(iter(planted)) == [
        "core.pagecache:7 imports rules.versioning (core -> rules)",
        "search.services:9 imports practice.kinds (search -> practice)",
        "rules.engine.play:2 imports rules.models (rules.engine -> rules)",
        "learners.store:5 imports practice.progress (learners -> practice)",
        "learners.services:8 imports learners.views (learners -> learners.page)",
    ]
