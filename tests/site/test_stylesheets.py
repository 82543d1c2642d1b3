"""The stylesheets' house rules, read from the source (stylelint checks more in make lint; these
run with the suite): cascade layers decide what wins, never !important, and no rule set stands
outside a layer (an unlayered rule would beat every layer whatever its specificity)."""

from __future__ import annotations

from pathlib import Path

import pytest
import tinycss2
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
SHEETS = sorted(
    path
    for pattern in ("*/static/**/*.css", "*/styles/*.css")
    for path in ROOT.glob(pattern)
    if not {".venv", "staticfiles", "node_modules"} & set(path.relative_to(ROOT).parts)
)
ORDER = "@layer base, components, states, overrides;"


def _rules(path: Path) -> list[tinycss2.ast.Node]:
    return [
        node
        for node in tinycss2.parse_stylesheet(
            path.read_text(), skip_comments=True, skip_whitespace=True
        )
        if node.type != "error"
    ]


def test_the_sheets_are_found() -> None:
    names = {str(path.relative_to(ROOT)) for path in SHEETS}
    assert {"site/static/css/site.css", "practice/styles/11-marks.css"} <= names
    assert len(SHEETS) > 15


@pytest.mark.parametrize("path", SHEETS, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_declaration_is_important(path: Path) -> None:
    important = []

    def walk(nodes: list[tinycss2.ast.Node]) -> None:
        for node in nodes:
            content = getattr(node, "content", None)
            if content is None:
                continue
            for declaration in tinycss2.parse_blocks_contents(content, skip_comments=True):
                if declaration.type == "declaration" and declaration.important:
                    important.append(declaration.name)
                elif declaration.type in ("qualified-rule", "at-rule"):
                    walk([declaration])

    walk(_rules(path))
    assert important == []


@pytest.mark.parametrize("path", SHEETS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_rule_set_is_in_a_layer(path: Path) -> None:
    rules = _rules(path)
    if path.parent.name != "styles" or path.name.startswith("01-"):
        # A served sheet opens with the order (a bundle's part only where the bundle opens).
        assert tinycss2.serialize([rules[0]]).strip() == ORDER
    outside = [
        tinycss2.serialize(rule.prelude).strip() or rule.at_keyword
        for rule in rules
        if not (rule.type == "at-rule" and rule.lower_at_keyword in {"layer", "page"})
        if not (rule.type == "at-rule" and rule.lower_at_keyword in {"layer", "page"})
    ]
    assert outside == []


def test_the_check_sees_an_important_declaration(tmp_path: Path) -> None:
    sheet = tmp_path / "x.css"
    sheet.write_text(f"{ORDER}\n@layer components {{ .a {{ color: red !important; }} }}\n")
    with pytest.raises(AssertionError):
        test_no_declaration_is_important(sheet)
    sheet.write_text(f"{ORDER}\n.a {{ color: red; }}\n")
    with pytest.raises(AssertionError):
        test_every_rule_set_is_in_a_layer(sheet)
