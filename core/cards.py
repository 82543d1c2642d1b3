"""Playing cards as pictures and names; the template tags in ``core.templatetags.cards`` use it.

Cards are engine ``Card`` objects or text (``"As"``, ``"As Kd 7c"``); ``??`` (or ``xx``, or
``None`` in a list) is a face-down card. Every card carries a text alternative in the page's
language ("two of clubs", "klövertvå", "klør to", "ristikakkonen"), so colour never carries
meaning alone: the suit symbol is always drawn, and used/unused cards also differ in shape and
in their text alternative.

    {% card "As" %}                           one card
    {% card card used=False compact=True %}   dimmed, with "(not used)" in its name
    {% card None %}                           face down (a hole card)
    {% cards "?? ?? 7c Kd" %}                 a row of cards
    {% cards hand.cards highlight=best.cards label=_("Your hand") %}  used ones highlighted,
                                                                      the others dimmed
    {{ card|card_name }}                      "ace of spades", for sentences

The tags build the HTML in Python (``card_html``, ``cards_html``), memoised per card, state and
language: a page draws hundreds of cards, and a template render per card made rule pages slow.
The output is exactly what ``includes/cards/card.html`` and ``cards.html`` render; those
templates stay as the readable reference, and tests/core/test_cards_render.py keeps the two
identical.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, pgettext

from rules.engine import Card, Rank, Suit, parse_cards

FACE_DOWN_TOKENS = frozenset({"??", "xx", "XX"})

type CardLike = Card | str | None


@dataclass(frozen=True, slots=True)
class CardPicture:
    """What the card template needs to draw one card."""

    label: str
    rank: str = ""
    symbol: str = ""
    suit: str = ""
    face_down: bool = False
    used: bool | None = None
    compact: bool = False

    @property
    def css_class(self) -> str:
        classes = ["card"]
        classes.append("card--back" if self.face_down else f"card--{self.suit}")
        if self.used is True:
            classes.append("card--used")
        elif self.used is False:
            classes.append("card--unused")
        if self.compact:
            classes.append("card--compact")
        return " ".join(classes)


# The face shows "10" rather than the notation's "T"; U+FE0E asks for the text (not emoji) glyph.
_RANK_FACE = {rank: rank.symbol for rank in Rank} | {Rank.TEN: "10"}
_SUIT_SYMBOL = {
    Suit.CLUBS: "\u2663\ufe0e",
    Suit.DIAMONDS: "\u2666\ufe0e",
    Suit.HEARTS: "\u2665\ufe0e",
    Suit.SPADES: "\u2660\ufe0e",
}
_SUIT_CLASS = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def _rank_name(rank: Rank) -> str:
    names = {
        Rank.TWO: pgettext("card rank", "two"),
        Rank.THREE: pgettext("card rank", "three"),
        Rank.FOUR: pgettext("card rank", "four"),
        Rank.FIVE: pgettext("card rank", "five"),
        Rank.SIX: pgettext("card rank", "six"),
        Rank.SEVEN: pgettext("card rank", "seven"),
        Rank.EIGHT: pgettext("card rank", "eight"),
        Rank.NINE: pgettext("card rank", "nine"),
        Rank.TEN: pgettext("card rank", "ten"),
        Rank.JACK: pgettext("card rank", "jack"),
        Rank.QUEEN: pgettext("card rank", "queen"),
        Rank.KING: pgettext("card rank", "king"),
        Rank.ACE: pgettext("card rank", "ace"),
    }
    return names[rank]


def _suit_name(suit: Suit) -> str:
    names = {
        Suit.CLUBS: pgettext("card suit", "clubs"),
        Suit.DIAMONDS: pgettext("card suit", "diamonds"),
        Suit.HEARTS: pgettext("card suit", "hearts"),
        Suit.SPADES: pgettext("card suit", "spades"),
    }
    return names[suit]


def card_name_of(card: Card) -> str:
    """The card's name in the active language: "two of clubs", "klöver två", "ristikakkonen"."""
    return _card_name(card, get_language())


@lru_cache(maxsize=512)
def _card_name(card: Card, language: str | None) -> str:
    # ``language`` is only part of the key: pgettext translates in the active language.
    # Translators: a playing card's name; reorder or join the words as your language names
    # cards (Swedish "%(suit)s%(rank)s", klövertvå; Finnish the same, ristikakkonen).
    pattern = pgettext("card name", "%(rank)s of %(suit)s")
    return pattern % {"rank": _rank_name(card.rank), "suit": _suit_name(card.suit)}


def as_card(value: CardLike) -> Card | None:
    """A Card, or None for a face-down card; text must hold exactly one card."""
    if value is None or isinstance(value, Card):
        return value
    text = str(value).strip()
    if text in FACE_DOWN_TOKENS or text == "":
        return None
    (card,) = _parse_one(text)
    return card


def _parse_one(text: str) -> list[Card]:
    cards = parse_cards(text)
    if len(cards) != 1:
        raise ValueError(f"expected one card, got {text!r}")
    return cards


def _as_cards(value: object) -> list[Card | None]:
    """Cards from text ("As Kd ?? 7c"), an engine hand (anything with ``.cards``) or a list."""
    if value is None:
        return []
    if isinstance(value, str):
        result: list[Card | None] = []
        for token in value.split():
            if token in FACE_DOWN_TOKENS:
                result.append(None)
            else:
                result.extend(parse_cards(token, distinct=False))
        return result
    if isinstance(value, Card):
        return [value]
    cards = getattr(value, "cards", value)
    if not isinstance(cards, Iterable):
        raise ValueError(f"cannot draw {value!r} as cards")
    return [as_card(item) for item in cards]


def card_picture(
    value: CardLike, *, used: bool | None = None, compact: bool = False
) -> CardPicture:
    """Everything needed to draw one card, with its text alternative in the active language."""
    card = as_card(value)
    if card is None:
        return CardPicture(
            label=pgettext("card", "face-down card"), face_down=True, compact=compact
        )
    label = card_name_of(card)
    if used is True:
        label = pgettext("card state", "%(card)s (used)") % {"card": label}
    elif used is False:
        label = pgettext("card state", "%(card)s (not used)") % {"card": label}
    return CardPicture(
        label=label,
        rank=_RANK_FACE[card.rank],
        symbol=_SUIT_SYMBOL[card.suit],
        suit=_SUIT_CLASS[card.suit],
        used=used,
        compact=compact,
    )


def _used_state(used: object) -> bool | None:
    """``used`` as ``card_picture`` reads it: only ``True`` and ``False`` mark a card."""
    return used if used is True or used is False else None


@lru_cache(maxsize=2048)
def _card_html(card: Card | None, used: bool | None, compact: bool, language: str | None) -> str:
    # ``language`` is only part of the key: card_picture translates in the active language.
    picture = card_picture(card, used=used, compact=compact)
    start = (
        f'<span class="{escape(picture.css_class)}" role="img" '
        f'aria-label="{escape(picture.label)}">'
    )
    if picture.face_down:
        return f"{start}</span>"
    return (
        f'{start}<span class="card__rank" aria-hidden="true">{escape(picture.rank)}</span>'
        f'<span class="card__suit" aria-hidden="true">{escape(picture.symbol)}</span></span>'
    )


def card_html(value: CardLike, *, used: object = None, compact: object = False) -> SafeString:
    """One card as HTML in the active language (what ``includes/cards/card.html`` draws)."""
    return mark_safe(_card_html(as_card(value), _used_state(used), bool(compact), get_language()))


def cards_html(
    value: object, *, highlight: object = None, compact: object = False, label: object = ""
) -> SafeString:
    """A row of cards as HTML (what ``includes/cards/cards.html`` draws). With ``highlight``
    (cards, text or a hand), the cards in it are marked used and the others dimmed; face-down
    cards are never marked. ``label`` is escaped unless it is safe, as in a template."""
    row = _as_cards(value)
    used_cards = None if highlight is None else {c for c in _as_cards(highlight) if c}
    language = get_language()
    html = ['<span class="cards cards--compact"' if compact else '<span class="cards"']
    html.append(' role="list"')
    if label:
        html.append(
            f' aria-label="{conditional_escape(label if isinstance(label, str) else str(label))}"'
        )
    html.append(">")
    for item in row:
        used = None if used_cards is None or item is None else item in used_cards
        html.append('<span class="cards__item" role="listitem">')
        html.append(_card_html(item, used, bool(compact), language))
        html.append("</span>")
    html.append("</span>")
    return mark_safe("".join(html))
