"""The spot-the-mistake bank as a data file (issue 22): loaded and checked once at import, its
texts in four languages, and a broken file refused with the statement and field named."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from django.utils.translation import override

from practice.kinds.spot_mistake_bank import BANK, BANK_FILE, LANGUAGES, load_bank


def test_the_bank_is_the_yaml_file_with_four_languages() -> None:
    raw = yaml.safe_load(BANK_FILE.read_text(encoding="utf-8"))["statements"]
    assert len(raw) == len(BANK) >= 50
    for statement in BANK:
        for texts in (statement.text, statement.correction):
            assert set(texts) == set(LANGUAGES) and all(texts.values())


def test_texts_follow_the_active_language() -> None:
    statement = next(s for s in BANK if s.key == "max-eight-players")
    with override("sv"):
        assert str(statement.text).startswith("Högst åtta")
    with override("en"):
        assert str(statement.text).startswith("At most eight")


def _write(tmp_path: Path, statements: list[dict[str, object]]) -> Path:
    path = tmp_path / "bank.yaml"
    path.write_text(yaml.safe_dump({"statements": statements}), encoding="utf-8")
    return path


def _good() -> dict[str, object]:
    text = {language: f"text {language}" for language in LANGUAGES}
    return {
        "key": "k",
        "text": text,
        "truth": True,
        "correction": text,
        "rules": ["R-DECK-1"],
        "games": ["stud"],
        "level": "easy",
        "step": "stud/overview/goal",
    }


def test_a_good_file_loads(tmp_path: Path) -> None:
    assert load_bank(_write(tmp_path, [_good()]))[0].key == "k"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"text": {"en": "only English"}}, "text needs exactly"),
        ({"truth": {"robert": True}}, "truth for every profile"),
        ({"rules": []}, "needs rule ids"),
        ({"step": "not a path"}, "not a page/section/step path"),
        ({"level": "expert"}, "expert"),
    ],
)
def test_a_broken_file_is_refused(tmp_path: Path, change: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_bank(_write(tmp_path, [{**_good(), **change}]))


def test_keys_are_unique(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="keys used twice"):
        load_bank(_write(tmp_path, [_good(), _good()]))
