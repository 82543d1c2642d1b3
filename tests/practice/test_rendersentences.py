"""manage.py rendersentences: the sentences the builders produce, for a native reader."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command


@pytest.mark.parametrize("language", ["sv", "da", "fi", "en"])
def test_every_kind_of_generated_sentence_is_printed_filled_in(language: str) -> None:
    out = StringIO()
    call_command("rendersentences", language, "--seeds", "2", stdout=out)
    lines = out.getvalue().splitlines()
    places = {line[1:].split("]", 1)[0] for line in lines}
    assert {place.split()[0] for place in places} == {"quiz", "example", "walkthrough"}
    assert len(places) > 20  # kinds, examples, steps
    assert not [line for line in lines if "%(" in line or "%s" in line]


def test_finnish_output_is_finnish() -> None:
    out = StringIO()
    call_command("rendersentences", "fi", "--seeds", "2", stdout=out)
    text = out.getvalue()
    assert "Paikka 1" in text and "Seat 1" not in text
