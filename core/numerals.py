"""Small counts in words, in the reader's language: "three players", "kolmelle pelaajalle".

House style in all four languages: a count from zero to ten in running prose is spelled out;
larger counts, amounts, seat numbers, ranks and scores ("7 of 10") keep their digits.

A sentence passes ``counts(players=8, ...)`` to its catalogue string. Beside the digits
(``%(players)s``) it offers every word form of each count, and each language's translation
takes the form its grammar needs:

- ``%(players_words)s``: the plain numeral ("three", "tre", "kolme"); Swedish and Danish
  "en"/"én" for one, the common gender;
- ``%(players_neuter)s``: Swedish "ett", Danish "ét" before a neuter noun ("ett kort");
  the plain numeral elsewhere;
- ``%(players_genitive)s``, ``_partitive``, ``_elative``, ``_illative``, ``_allative``,
  ``_adessive``, ``_inessive``: the Finnish case forms ("kahdeksalle pelaajalle",
  "kahdesta kortista"); the plain numeral in the other languages.

Above ten every form is the digits ("11 pelaajalle": the noun carries the case). Plural
selection (``ngettext``) stays on the integer.
"""

from __future__ import annotations

from django.utils.translation import get_language

__all__ = ["NUMBER_FORMS", "counts", "number_words"]

#: The word forms a catalogue string may ask for, beside the digits.
NUMBER_FORMS = (
    "words",
    "neuter",
    "genitive",
    "partitive",
    "elative",
    "illative",
    "allative",
    "adessive",
    "inessive",
)

_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "en": {
        "words": (
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
        ),
    },
    "sv": {
        "words": ("noll", "en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio"),
        "neuter": ("noll", "ett", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio"),
    },
    "da": {
        "words": ("nul", "én", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti"),
        "neuter": ("nul", "ét", "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti"),
    },
    "fi": {
        "words": (
            "nolla",
            "yksi",
            "kaksi",
            "kolme",
            "neljä",
            "viisi",
            "kuusi",
            "seitsemän",
            "kahdeksan",
            "yhdeksän",
            "kymmenen",
        ),
        "genitive": (
            "nollan",
            "yhden",
            "kahden",
            "kolmen",
            "neljän",
            "viiden",
            "kuuden",
            "seitsemän",
            "kahdeksan",
            "yhdeksän",
            "kymmenen",
        ),
        "partitive": (
            "nollaa",
            "yhtä",
            "kahta",
            "kolmea",
            "neljää",
            "viittä",
            "kuutta",
            "seitsemää",
            "kahdeksaa",
            "yhdeksää",
            "kymmentä",
        ),
        "elative": (
            "nollasta",
            "yhdestä",
            "kahdesta",
            "kolmesta",
            "neljästä",
            "viidestä",
            "kuudesta",
            "seitsemästä",
            "kahdeksasta",
            "yhdeksästä",
            "kymmenestä",
        ),
        "illative": (
            "nollaan",
            "yhteen",
            "kahteen",
            "kolmeen",
            "neljään",
            "viiteen",
            "kuuteen",
            "seitsemään",
            "kahdeksaan",
            "yhdeksään",
            "kymmeneen",
        ),
        "allative": (
            "nollalle",
            "yhdelle",
            "kahdelle",
            "kolmelle",
            "neljälle",
            "viidelle",
            "kuudelle",
            "seitsemälle",
            "kahdeksalle",
            "yhdeksälle",
            "kymmenelle",
        ),
        "adessive": (
            "nollalla",
            "yhdellä",
            "kahdella",
            "kolmella",
            "neljällä",
            "viidellä",
            "kuudella",
            "seitsemällä",
            "kahdeksalla",
            "yhdeksällä",
            "kymmenellä",
        ),
        "inessive": (
            "nollassa",
            "yhdessä",
            "kahdessa",
            "kolmessa",
            "neljässä",
            "viidessä",
            "kuudessa",
            "seitsemässä",
            "kahdeksassa",
            "yhdeksässä",
            "kymmenessä",
        ),
    },
}


def number_words(value: int, form: str = "words", *, language: str | None = None) -> str:
    """The count in words in the active language (or ``language``), in ``form``; digits
    above ten. A form a language does not inflect gives its plain numeral."""
    if form not in NUMBER_FORMS:
        raise ValueError(f"unknown number form {form!r}; expected one of {NUMBER_FORMS}")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"a count must be a whole number, not {value!r}")
    if not 0 <= value <= 10:
        return str(value)
    code = (language or get_language() or "en").split("-")[0].lower()
    table = _WORDS.get(code, _WORDS["en"])
    return table.get(form, table["words"])[value]


def counts(**values: int) -> dict[str, object]:
    """``{"players": 8, "players_words": "eight", "players_allative": ...}``: each count as
    digits and in every word form, for a catalogue string's placeholders."""
    forms: dict[str, object] = {}
    for name, value in values.items():
        forms[name] = value
        for form in NUMBER_FORMS:
            forms[f"{name}_{form}"] = number_words(value, form)
    return forms
