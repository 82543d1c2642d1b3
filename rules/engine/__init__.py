"""The rules of Seven Card Stud, Stud Hi/Lo eight-or-better and Razz: pure Python, no Django."""

from __future__ import annotations

from rules.engine.boards import Board, high_board, low_board, rank_board
from rules.engine.cards import DECK, Card, Rank, Suit, parse_card, parse_cards
from rules.engine.forced import BringInCode, bring_in
from rules.engine.games import Game
from rules.engine.high import Hand, HighCategory, best_high, high_key
from rules.engine.low import LowCategory, best_low, low_key
from rules.engine.order import ActCode, ShowdownCode, ShowdownOrder, first_to_act, showdown_order
from rules.engine.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from rules.engine.reasons import Decision, Reason

__all__ = [
    "DECK",
    "DEFAULT_PROFILE",
    "PROFILES",
    "ActCode",
    "Board",
    "BringInCode",
    "Card",
    "Decision",
    "Game",
    "Hand",
    "HighCategory",
    "LowCategory",
    "Profile",
    "Rank",
    "Reason",
    "ShowdownCode",
    "ShowdownOrder",
    "Suit",
    "best_high",
    "best_low",
    "bring_in",
    "first_to_act",
    "get_profile",
    "high_board",
    "high_key",
    "low_board",
    "low_key",
    "parse_card",
    "parse_cards",
    "rank_board",
    "showdown_order",
]
