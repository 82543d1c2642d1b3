"""The card tags build their HTML in Python: byte for byte what the card templates render."""

from __future__ import annotations

import itertools

import pytest
from django.template import Context, Template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_lazy, override

from core.cards import CardLike, card_html, card_picture, cards_html
from rules.engine import DECK, parse_cards

CARDS = [*DECK, None]  # None: face down


def template_card(value: CardLike, *, used: bool | None = None, compact: bool = False) -> str:
    """The card as includes/cards/card.html draws it (the reference for the Python version)."""
    return render_to_string(
        "includes/cards/card.html", {"card": card_picture(value, used=used, compact=compact)}
    )


def template_cards(
    value: object, *, highlight: object = None, compact: object = False, label: object = ""
) -> str:
    """The row as includes/cards/cards.html draws it, from the pictures the tag used to pass."""
    used_cards = None if highlight is None else set(parse_cards(str(highlight)))
    row = [None if token == "??" else parse_cards(token)[0] for token in str(value).split()]
    pictures = [
        card_picture(
            card,
            used=None if used_cards is None or card is None else card in used_cards,
            compact=bool(compact),
        )
        for card in row
    ]
    context = {"cards": pictures, "label": label, "compact": compact}
    return render_to_string("includes/cards/cards.html", context)


def test_every_card_in_every_state_matches_the_template(language: str) -> None:
    with override(language):
        for card, used, compact in itertools.product(CARDS, (None, True, False), (False, True)):
            assert card_html(card, used=used, compact=compact) == template_card(
                card, used=used, compact=compact
            ), (card, used, compact)


@pytest.mark.parametrize(
    ("row", "options"),
    [
        ("As Kd ?? 7c", {}),
        ("As Kd ?? 7c", {"highlight": "As 7c"}),
        ("Ah 2c 3d 4s 5h", {"highlight": "", "compact": True}),
        ("?? ?? Ah Kd 7c 7s ??", {"label": "Your hand"}),
        ("Td 9d", {"label": 'Hand <b>"1"</b> & more', "compact": True}),
        ("Td 9d", {"label": mark_safe("<em>safe</em>")}),
        ("", {"label": "empty"}),
    ],
)
def test_rows_match_the_template(language: str, row: str, options: dict[str, object]) -> None:
    with override(language):
        assert cards_html(row, **options) == template_cards(row, **options)


def test_lazy_labels_are_translated_as_in_a_template() -> None:
    with override("sv"):
        html = cards_html("As", label=gettext_lazy("Upcards"))
        assert html == template_cards("As", label=gettext_lazy("Upcards"))
    assert 'role="list" aria-label="Öppna kort"' in html


def test_the_tags_render_the_same_html(language: str) -> None:
    source = (
        '{% load cards %}{% card "Th" %}{% card None %}{% card "Kd" used=False compact=True %}'
        '{% cards "As Kd ?? 7c" highlight="As 7c" compact=True label=_("Upcards") %}'
    )
    with override(language):
        html = Template(source).render(Context())
        expected = (
            template_card("Th")
            + template_card(None)
            + template_card("Kd", used=False, compact=True)
            + template_cards(
                "As Kd ?? 7c", highlight="As 7c", compact=True, label=gettext("Upcards")
            )
        )
    assert html == expected


def test_the_memo_follows_the_active_language() -> None:
    with override("en"):
        english = card_html("2c")
    with override("fi"):
        finnish = card_html("2c")
    with override("en"):
        assert card_html("2c") == english
    assert 'aria-label="two of clubs"' in english
    assert 'aria-label="ristikakkonen"' in finnish
