"""core.numerals: small counts in words, per language and (in Finnish) per case."""

from __future__ import annotations

import pytest
from django.utils.translation import override

from core.numerals import NUMBER_FORMS, counts, number_words


@pytest.mark.parametrize(
    ("language", "value", "form", "expected"),
    [
        ("en", 0, "words", "zero"),
        ("en", 1, "words", "one"),
        ("en", 8, "words", "eight"),
        ("en", 10, "allative", "ten"),  # English does not inflect: the plain numeral
        ("sv", 1, "words", "en"),  # en höjning
        ("sv", 1, "neuter", "ett"),  # ett kort
        ("sv", 3, "neuter", "tre"),
        ("sv", 7, "words", "sju"),
        ("da", 1, "words", "én"),  # én forhøjelse
        ("da", 1, "neuter", "ét"),  # ét kort
        ("da", 7, "words", "syv"),
        ("da", 9, "elative", "ni"),
        ("fi", 1, "words", "yksi"),
        ("fi", 3, "words", "kolme"),
        ("fi", 1, "neuter", "yksi"),  # Finnish has no gender: the plain numeral
        ("fi", 1, "genitive", "yhden"),  # yhden kortin
        ("fi", 2, "partitive", "kahta"),
        ("fi", 2, "elative", "kahdesta"),  # kahdesta kortista
        ("fi", 5, "illative", "viiteen"),
        ("fi", 3, "allative", "kolmelle"),  # kolmelle pelaajalle
        ("fi", 8, "allative", "kahdeksalle"),
        ("fi", 6, "adessive", "kuudella"),
        ("fi", 7, "inessive", "seitsemässä"),
        ("fi", 10, "partitive", "kymmentä"),
    ],
)
def test_a_small_count_in_words(language: str, value: int, form: str, expected: str) -> None:
    with override(language):
        assert number_words(value, form) == expected
    assert number_words(value, form, language=language) == expected


@pytest.mark.parametrize("language", ["en", "sv", "da", "fi"])
def test_above_ten_every_form_is_digits(language: str) -> None:
    with override(language):
        assert {number_words(11, form) for form in NUMBER_FORMS} == {"11"}
        assert number_words(48) == "48"


def test_every_finnish_case_has_eleven_distinct_words() -> None:
    for form in NUMBER_FORMS:
        spelled = [number_words(value, form, language="fi") for value in range(11)]
        assert all(spelled), form
        # within a case no two counts share a word (a slip in the table would)
        assert len(set(spelled)) == 11, (form, spelled)


def test_counts_gives_digits_and_every_form() -> None:
    with override("fi"):
        forms = counts(players=8, stub=13)
    assert forms["players"] == 8
    assert forms["players_words"] == "kahdeksan"
    assert forms["players_allative"] == "kahdeksalle"
    assert forms["stub_words"] == forms["stub_elative"] == "13"
    assert set(forms) == {"players", "stub"} | {
        f"{name}_{form}" for name in ("players", "stub") for form in NUMBER_FORMS
    }


@pytest.mark.parametrize("bad", [-1, 2.5, "3", True, None])
def test_not_a_count_is_refused_or_left_as_digits(bad: object) -> None:
    if bad == -1:
        assert number_words(-1) == "-1"
        return
    with pytest.raises(ValueError, match="whole number"):
        number_words(bad)  # type: ignore[arg-type]


def test_an_unknown_form_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'ablative'"):
        number_words(3, "ablative")
