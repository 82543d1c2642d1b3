"""The rules of Seven Card Stud, Stud Hi/Lo eight-or-better and Razz: pure Python, no Django."""

from __future__ import annotations

from rules.engine.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from rules.engine.games import Game
from rules.engine.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from rules.engine.reasons import Decision, Reason

__all__ = [
    "DECK",
    "DEFAULT_PROFILE",
    "PROFILES",
    "Card",
    "Decision",
    "Game",
    "Profile",
    "Rank",
    "Reason",
    "Suit",
    "get_profile",
    "parse_card",
    "parse_cards",
]
