"""Split a pot: read a situation from the query string (the whole state lives in the URL),
say what is wrong with it field by field, and settle it with the engine's ``settle``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final

from django.utils.translation import gettext, ngettext

from core import words
from core.rulebooks import house_code, rulebook_known
from rules.engine import MAX_PLAYERS, Card, Game, Settlement, get_profile, parse_card
from rules.engine import settle as engine_settle

__all__ = [
    "DEFAULT_PLAYERS",
    "MAX_CHIPS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PotSplit",
    "SeatEntry",
    "SplitForm",
    "split_form_parse",
    "split_query",
    "split_settle",
]

MIN_PLAYERS: Final = 2
DEFAULT_PLAYERS: Final = 3
#: The most chips one player may put in: more is no home game, and keeps numbers readable.
MAX_CHIPS: Final = 1_000_000
#: The longest card text a seat's field takes (seven cards written out with separators).
_MAX_TEXT: Final = 60
_CARD: Final = re.compile(r"10[shdc]|[2-9tjqka][shdc]", re.IGNORECASE)
_SEPARATORS: Final = re.compile(r"[\s,;]+")


@dataclass(frozen=True, slots=True)
class SeatEntry:
    """One seat as entered: the raw texts (to show back) and, when readable, their values."""

    number: int  # 1-based, as the reader sees it
    cards_text: str = ""
    chips_text: str = ""
    folded: bool = False
    cards: tuple[Card, ...] = ()
    chips: int = 0

    @property
    def blank(self) -> bool:
        return not self.cards_text.strip() and not self.chips_text.strip() and not self.folded


@dataclass(frozen=True, slots=True)
class PotSplit:
    """A readable situation: what ``settle`` is given."""

    game: Game
    profile: str
    hands: tuple[tuple[Card, ...] | None, ...]
    contributions: tuple[int, ...]
    folded: tuple[bool, ...]


@dataclass(slots=True)
class SplitForm:
    """The form as the query string fills it: its values, and a message per field that is
    wrong (field names as in the query: ``game``, ``cards2``, ``chips3``, ``seats``)."""

    game: str
    profile: str
    players: int
    seats: list[SeatEntry]
    errors: dict[str, str] = field(default_factory=dict)
    submitted: bool = False
    #: 400 when the address names what the form never offers (a game, rules, a seat count);
    #: 422 when the entries are readable but impossible.
    status: int = 200
    split: PotSplit | None = None

    @property
    def form_errors(self) -> list[str]:
        """Messages about the whole situation rather than one field."""
        return [message for name, message in self.errors.items() if name == "situation"]


def _seat_count(data: Mapping[str, str], errors: dict[str, str]) -> int:
    text = data.get("players", "").strip()
    highest = max(
        (
            number
            for number in range(1, MAX_PLAYERS + 1)
            if any(data.get(f"{key}{number}", "").strip() for key in ("cards", "chips", "folded"))
        ),
        default=0,
    )
    if not text:  # an address written by hand: as many seats as it fills
        return max(MIN_PLAYERS, highest) if highest else DEFAULT_PLAYERS
    if not (text.isascii() and text.isdigit()) or not MIN_PLAYERS <= int(text) <= MAX_PLAYERS:
        errors["players"] = gettext("Choose from %(low)s to %(high)s players.") % {
            "low": MIN_PLAYERS,
            "high": MAX_PLAYERS,
        }
        return max(DEFAULT_PLAYERS, highest)
    return int(text)


def _read_cards(text: str) -> tuple[Card, ...]:
    """The cards in ``text`` ("As Kd 7c", "as,kd,10c", "AsKd7c"); ``ValueError`` carries the
    reader's message naming the first thing that is not a card."""
    if len(text) > _MAX_TEXT:
        raise ValueError(gettext("That is more text than seven cards need."))
    cards: list[Card] = []
    for chunk in _SEPARATORS.split(text.strip()):
        position = 0
        while position < len(chunk):
            match = _CARD.match(chunk, position)
            if match is None:
                bad = chunk[position : position + 2] if len(chunk) > position + 1 else chunk
                raise ValueError(
                    gettext(
                        "“%(text)s” is not a card: write a rank (A K Q J T 9 8 7 6 5 4 3 2) "
                        "and a suit (s h d c), like As or Td."
                    )
                    % {"text": bad}
                )
            cards.append(parse_card(match.group()))
            position = match.end()
    return tuple(cards)


def _read_chips(text: str) -> int:
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(
            gettext("Enter the chips this player put in as a whole number, like 25.")
            if text
            else gettext("Enter the chips this player put in.")
        )
    chips = int(text)
    if chips > MAX_CHIPS:
        raise ValueError(
            gettext("At most %(amount)s per player.") % {"amount": words.amount(MAX_CHIPS)}
        )
    return chips


def split_form_parse(*, data: Mapping[str, str]) -> SplitForm:
    """The form a query string describes, checked; ``split`` is set when it can be settled.

    A query with no cards, chips or folded marks is a fresh form: no errors, nothing to settle.
    """
    errors: dict[str, str] = {}
    game = data.get("game", "").strip() or str(Game.STUD8)
    if game not in {str(g) for g in Game}:
        errors["game"] = gettext("Choose one of the games in the list.")
        game = str(Game.STUD8)
    profile = data.get("profile", "").strip() or "robert"
    if not rulebook_known(profile):
        code = house_code(profile)
        errors["profile"] = (
            gettext("There are no house rules with the code “%(value)s”.") % {"value": code}
            if code
            else gettext("Choose one of the rulebooks in the list.")
        )
        profile = "robert"
    players = _seat_count(data, errors)
    seats: list[SeatEntry] = []
    for number in range(1, players + 1):
        seats.append(
            SeatEntry(
                number=number,
                cards_text=data.get(f"cards{number}", "")[:200],
                chips_text=data.get(f"chips{number}", "")[:200],
                folded=bool(data.get(f"folded{number}", "")),
            )
        )
    form = SplitForm(game, profile, players, seats, errors)
    form.submitted = any(not seat.blank for seat in seats)
    if errors:
        form.status = 400
        return form
    if not form.submitted or data.get("change"):
        return form  # a fresh form, or one that only changed the number of players
    _check_seats(form)
    if form.errors:
        form.status = 422
        return form
    # A blank seat is an empty one: no cards, no chips, out of every pot.
    form.split = PotSplit(
        game=Game(game),
        profile=profile,
        hands=tuple(None if seat.folded or seat.blank else seat.cards for seat in form.seats),
        contributions=tuple(seat.chips for seat in form.seats),
        folded=tuple(seat.folded or seat.blank for seat in form.seats),
    )
    return form


def _check_seats(form: SplitForm) -> None:
    """Fill ``form.errors`` for each seat's cards and chips, and for the situation as a whole
    (a blank seat is an empty one, and no error)."""
    errors = form.errors
    held: dict[Card, int] = {}  # card -> the seat number holding it
    for index, seat in enumerate(form.seats):
        if seat.blank:
            continue
        cards: tuple[Card, ...] = ()
        chips = 0
        name = f"cards{seat.number}"
        try:
            cards = _read_cards(seat.cards_text)
        except ValueError as error:
            errors[name] = str(error)
        else:
            problem = _cards_problem(seat, cards, held)
            if problem:
                errors[name] = problem
        try:
            chips = _read_chips(seat.chips_text)
        except ValueError as error:
            if not (seat.folded and not seat.chips_text.strip()):
                errors[f"chips{seat.number}"] = str(error)
        else:
            if not seat.folded and chips == 0:
                errors[f"chips{seat.number}"] = gettext(
                    "A player still in the hand has put in at least the ante: enter more than 0, "
                    "or mark the player as folded."
                )
        form.seats[index] = SeatEntry(
            seat.number, seat.cards_text, seat.chips_text, seat.folded, cards, chips
        )
    if all(seat.folded or seat.blank for seat in form.seats):
        errors["situation"] = gettext("Someone must still be in the hand to win the pot.")
    elif not errors and not any(seat.chips for seat in form.seats):
        errors["situation"] = gettext("The pot is empty: enter what each player put in.")


def _cards_problem(seat: SeatEntry, cards: tuple[Card, ...], held: dict[Card, int]) -> str:
    """What is wrong with a seat's readable cards, or "" (and the cards are marked as held)."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            return gettext("You entered the %(card)s twice.") % {"card": words.card_name(card)}
        if card in held:
            return gettext("Seat %(number)s already holds the %(card)s.") % {
                "card": words.card_name(card),
                "number": held[card],
            }
        seen.add(card)
    for card in cards:
        held[card] = seat.number
    if seat.folded:
        return ""  # a folded hand's cards are optional: they only rule out duplicates
    if len(cards) < 5:
        return ngettext(
            "%(count)s card is too few: enter the five to seven cards this player shows.",
            "%(count)s cards are too few: enter the five to seven cards this player shows.",
            len(cards),
        ) % {"count": len(cards)}
    if len(cards) > 7:
        return gettext("A stud hand has at most seven cards; this one has %(count)s.") % {
            "count": len(cards)
        }
    return ""


def split_settle(*, split: PotSplit) -> Settlement:
    """The engine's settlement of the situation (no rake: a home game takes none)."""
    return engine_settle(
        split.game,
        hands=split.hands,
        contributions=split.contributions,
        folded=split.folded,
        profile=get_profile(split.profile),
    )


def split_query(
    *,
    game: str,
    profile: str,
    hands: tuple[tuple[Card, ...] | None, ...],
    contributions: tuple[int, ...],
    folded: tuple[bool, ...],
) -> dict[str, str]:
    """The query string that describes a situation: the address a player shares."""
    query = {"game": game, "profile": profile, "players": str(len(contributions))}
    for index, (hand, chips, out) in enumerate(zip(hands, contributions, folded, strict=True)):
        number = index + 1
        if hand:
            query[f"cards{number}"] = " ".join(str(card) for card in hand)
        query[f"chips{number}"] = str(chips)
        if out:
            query[f"folded{number}"] = "1"
    return query
