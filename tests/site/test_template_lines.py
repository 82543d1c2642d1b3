"""Template lines a reviewer can read in a diff: none over LIMIT (200) characters. Break a long line
where the newline is not output: inside an HTML start tag between attributes, at a space in text
(the browser collapses it with the indent that follows), or between tags where the output already
has whitespace; text built of translation tags can be named first (`{% translate "…" as name %}`)
on a line of its own."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
LIMIT = 200
# The card templates are the byte-for-byte reference of the HTML core/cards.py builds
# (tests/core/test_cards_render.py): a newline anywhere in them would be output, so each stays
# one line.
ONE_LINE_BY_DESIGN = {
    "core/templates/includes/cards/card.html",
    "core/templates/includes/cards/cards.html",
}


def _templates() -> list[Path]:
    return sorted(
        path
        for path in ROOT.glob("*/templates/**/*.html")
        if not {".venv", "staticfiles"} & set(path.relative_to(ROOT).parts)
    )


def _longest(path: Path) -> int:
    return max(len(line) for line in path.read_text(encoding="utf-8").split("\n"))


def test_the_templates_are_found() -> None:
    assert len(_templates()) > 80


def test_no_template_line_is_longer_than_the_limit() -> None:
    too_long = {
        str(path.relative_to(ROOT)): _longest(path)
        for path in _templates()
        if _longest(path) > LIMIT and str(path.relative_to(ROOT)) not in ONE_LINE_BY_DESIGN
    }
    assert too_long == {}
