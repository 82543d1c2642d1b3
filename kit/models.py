"""A club's house rules: a rulebook as the base and the house's answers where rulebooks differ,
kept under a short code (no account). A set never changes once made: a change is a new code."""

from __future__ import annotations

from typing import Any

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from rules.engine import PROFILES, CommunityOpener, HeadsUpCap, OddChipRule, OutOfCards

#: The most raises a house may allow, and the largest chip amount of its structure.
MAX_RAISES = 9
MAX_STAKE = 100_000


def _choices(values: Any) -> list[tuple[str, str]]:
    return [(str(value), str(value)) for value in values]


class HouseRules(models.Model):
    """One set of house rules; the engine's ``Profile`` for it is ``kit.house.house_profile``."""

    code = models.CharField(max_length=6, unique=True, editable=False)
    base = models.CharField(max_length=12, choices=_choices(PROFILES))
    open_pair_big_bet = models.BooleanField()
    max_raises = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_RAISES)]
    )
    heads_up_cap = models.CharField(max_length=40, choices=_choices(HeadsUpCap))
    ante = models.PositiveIntegerField(validators=[MaxValueValidator(MAX_STAKE)])
    bring_in = models.PositiveIntegerField(validators=[MaxValueValidator(MAX_STAKE)])
    #: The completion (the small bet) and the big bet.
    small_bet = models.PositiveIntegerField(validators=[MaxValueValidator(MAX_STAKE)])
    big_bet = models.PositiveIntegerField(validators=[MaxValueValidator(MAX_STAKE)])
    odd_chip = models.CharField(max_length=40, choices=_choices(OddChipRule))
    out_of_cards = models.CharField(max_length=20, choices=_choices(OutOfCards))
    community_opener = models.CharField(max_length=40, choices=_choices(CommunityOpener))
    all_in_hands_face_up = models.BooleanField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = "house rules"
        verbose_name_plural = "house rules"

    def __str__(self) -> str:
        return self.code

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._state.adding:
            raise ValueError("house rules never change once made: make a new set")
        super().save(*args, **kwargs)
