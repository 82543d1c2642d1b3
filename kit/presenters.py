"""What the split-a-pot page shows: the form with its messages, the deck the card picker
offers, and the engine's settlement as pots, shares, odd chips and the reasons in words."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext

from core import words
from core.rulebooks import rulebook_names
from kit.services import MAX_PLAYERS, MIN_PLAYERS, SplitForm
from practice.kinds.split_pot import pot_view, settlement_players
from rules.engine import Card, Game, Rank, Settlement, Suit
from rules.explain import explain_reasons

__all__ = ["EXAMPLE", "split_context"]

#: A worked example (rules-facts Q39): a flush and an eight-low against the same low, the low
#: half quartered, and the odd chip placed by the rulebook; a third player folded.
EXAMPLE: Final = {
    "game": "stud8",
    "profile": "robert",
    "players": "3",
    "cards1": "Ah 2h 4h 6h 8h Kc Qd",
    "chips1": "5",
    "cards2": "Ac 2d 4s 6d 8c Ks Js",
    "chips2": "5",
    "chips3": "1",
    "folded3": "1",
}

#: Query keys that are no part of the situation: a button's, and an embed's colour theme.
_NOT_SHARED: Final = frozenset({"change", "theme"})
_SUITS: Final = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_DECK: Final = tuple(
    tuple(Card(rank, suit) for rank in sorted(Rank, reverse=True)) for suit in _SUITS
)


def _seat_rows(form: SplitForm) -> list[dict[str, Any]]:
    return [
        {
            "number": seat.number,
            "cards_text": seat.cards_text,
            "chips_text": seat.chips_text,
            "folded": seat.folded,
            "cards": seat.cards,
            "cards_error": form.errors.get(f"cards{seat.number}", ""),
            "chips_error": form.errors.get(f"chips{seat.number}", ""),
            "label": words.seat_label(seat.number - 1),
        }
        for seat in form.seats
    ]


def _result(form: SplitForm, settlement: Settlement) -> dict[str, Any]:
    assert form.split is not None
    game = str(form.split.game)
    pots = []
    for pot in settlement.pots:
        title = (
            gettext("Main pot")
            if pot.is_main
            else gettext("Side pot %(number)s") % {"number": pot.index}
        )
        pots.append(
            {
                "title": title,
                "amount": words.amount(pot.amount),
                "explanations": explain_reasons(pot.reasons, game=game),
            }
        )
    players = settlement_players(form.split.hands, form.split.contributions, settlement)
    return {
        # The practice quiz's answer partial reads a question: the same shape, no quiz.
        "question": {
            "data": {"players": players, "pots": tuple(map(pot_view, settlement.pots))},
            "qid": {"game": game},
        },
        "pots": pots,
        "total": words.amount(sum(settlement.contributions)),
        "rows": [
            {
                "label": words.seat_label(seat),
                "put_in": words.amount(settlement.contributions[seat]),
                "gets": words.amount(settlement.payouts[seat]),
                "net": words.signed_amount(settlement.net[seat]),
            }
            for seat, entry in enumerate(form.seats)
            if not entry.blank
        ],
    }


def split_context(
    form: SplitForm, settlement: Settlement | None, *, query: dict[str, str], embedded: bool
) -> dict[str, Any]:
    """Everything ``kit/split.html`` shows; ``query`` is the request's, for the addresses that
    share this very situation."""
    action = reverse("kit:split-embed" if embedded else "kit:split")
    kept = {key: value for key, value in query.items() if key not in _NOT_SHARED and value}
    page_url = reverse("kit:split") + (f"?{urlencode(kept)}" if kept else "")
    return {
        "form": form,
        "seats": _seat_rows(form),
        "games": [(str(game), words.game_name(game)) for game in Game],
        "profiles": [(name, words.profile_title(name)) for name in rulebook_names(form.profile)],
        "player_counts": list(range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        "game_label": words.game_name(form.game),
        "profile_label": words.profile_title(form.profile),
        "deck": _DECK,
        # What the reader types, marked as such (and not read as card codes in running text).
        "card_example": format_html("<kbd>{}</kbd>", "As Kd Td 7c 2h"),
        "action": action,
        "example_url": f"{action}?{urlencode(EXAMPLE)}",
        "result": _result(form, settlement) if settlement is not None else None,
        "settlement": settlement,
        "embedded": embedded,
        "page_url": page_url,
        "embed_code_url": f"{reverse('embeds:code')}?{urlencode({'url': page_url})}",
    }
