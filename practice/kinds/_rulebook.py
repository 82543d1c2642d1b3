"""A question whose answer depends on the rulebook names it (rules review E7): a learner who
plays by another rulebook must not be marked wrong by one the question never mentioned."""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext

from core import words
from practice.quiz import Question

__all__ = ["PROFILE_DEPENDENT_CODES", "name_rulebook"]

#: Reason codes whose answer differs between the rule profiles (rules-facts section 13).
PROFILE_DEPENDENT_CODES: Final = frozenset(
    {
        "tie_broken_by_position",  # R-ACT-4
        "tie_broken_by_high_card",  # R-ACT-4
        "odd_chip_highest_card",  # R-POT-6
        "odd_chip_lowest_card",  # R-POT-6
        "odd_chip_high_card_five",  # R-POT-6
        "open_pair_option",  # R-BET-2
        "open_pair_big_made",  # R-BET-2
        "open_pair_not_in_profile",  # R-BET-4
        "raises_left",  # R-BET-5
        "cap_reached",  # R-BET-5
        "heads_up_uncapped",  # R-BET-6
        "heads_up_still_capped",  # R-BET-6
        "side_pot_shows_before_all_in",  # R-SHOW-1 (RR, WSOP-LA) vs TDA 16
    }
)


def name_rulebook(question: Question, prompt: str) -> str:
    """``prompt``, preceded by the rulebook when the answer depends on it."""
    if any(reason.code in PROFILE_DEPENDENT_CODES for reason in question.reasons):
        return gettext("Under %(profile)s: %(question)s") % {
            "profile": words.profile_title(question.qid.profile),
            "question": prompt,
        }
    return prompt
