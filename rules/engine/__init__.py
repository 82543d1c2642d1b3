"""The rules of Seven Card Stud, Stud Hi/Lo eight-or-better and Razz: pure Python, no Django."""

from __future__ import annotations

from rules.engine.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from rules.engine.games import Game
from rules.engine.high import Hand, HighCategory, best_high, high_key
from rules.engine.low import LowCategory, best_low, low_key
from rules.engine.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from rules.engine.reasons import Decision, Reason

__all__ = [
    "DECK",
    "DEFAULT_PROFILE",
    "PROFILES",
    "Card",
    "Decision",
    "Game",
    "Hand",
    "HighCategory",
    "LowCategory",
    "Profile",
    "Rank",
    "Reason",
    "Suit",
    "best_high",
    "best_low",
    "get_profile",
    "high_key",
    "low_key",
    "parse_card",
    "parse_cards",
]
