"""The house rules form: a rulebook as the base, and the house's answer to each question the
rulebooks differ on (prefilled with the base's), checked field by field, then by the engine."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, gettext_lazy

from core import words
from kit.house import house_profile, house_values
from kit.models import MAX_RAISES, MAX_STAKE, HouseRules
from rules.engine import PROFILES, CommunityOpener, HeadsUpCap, OddChipRule, OutOfCards
from rules.presenters import profile_value_text

__all__ = ["FIELD_LABELS", "HouseRulesForm", "house_initial"]

#: The questions by the words of the differences page (and the structure's own).
FIELD_LABELS = {
    "open_pair_big_bet": gettext_lazy("Open pair on fourth street allows the big bet (stud high)"),
    "max_raises": gettext_lazy("Raises after the bet or completion"),
    "heads_up_cap": gettext_lazy("Raising heads-up"),
    "odd_chip": gettext_lazy("Odd chip among tied hands"),
    "out_of_cards": gettext_lazy("Running out of cards"),
    "community_opener": gettext_lazy("First to act with a community card"),
    "all_in_hands_face_up": gettext_lazy("All-in: every hand is turned face up at once"),
}
DEFAULT_STRUCTURE = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}


class _ValueChoice(forms.TypedChoiceField):
    """A choice among an engine enum's values (or yes/no), labelled in the reader's words."""

    def __init__(self, values: tuple[Any, ...], **kwargs: Any) -> None:
        super().__init__(
            choices=lambda: [(str(v), profile_value_text(v)) for v in values],
            coerce=lambda text: next(v for v in values if str(v) == text),
            **kwargs,
        )


def _stake(label: Any, *, minimum: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=minimum,
        max_value=MAX_STAKE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),  # width in CSS (no size)
    )


class HouseRulesForm(forms.Form):
    base = forms.ChoiceField(
        label=gettext_lazy("Start from"),
        choices=lambda: [(name, words.profile_title(name)) for name in PROFILES],
    )
    open_pair_big_bet = _ValueChoice((True, False), label=FIELD_LABELS["open_pair_big_bet"])
    max_raises = _ValueChoice(tuple(range(1, MAX_RAISES + 1)), label=FIELD_LABELS["max_raises"])
    heads_up_cap = _ValueChoice(tuple(HeadsUpCap), label=FIELD_LABELS["heads_up_cap"])
    ante = _stake(gettext_lazy("Ante"), minimum=0)
    bring_in = _stake(gettext_lazy("Bring-in"), minimum=1)
    small_bet = _stake(gettext_lazy("Completion and small bet"), minimum=1)
    big_bet = _stake(gettext_lazy("Big bet"), minimum=1)
    odd_chip = _ValueChoice(tuple(OddChipRule), label=FIELD_LABELS["odd_chip"])
    out_of_cards = _ValueChoice(tuple(OutOfCards), label=FIELD_LABELS["out_of_cards"])
    community_opener = _ValueChoice(tuple(CommunityOpener), label=FIELD_LABELS["community_opener"])
    all_in_hands_face_up = _ValueChoice((True, False), label=FIELD_LABELS["all_in_hands_face_up"])

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        bring, small, big = (data.get(n) for n in ("bring_in", "small_bet", "big_bet"))
        if bring is not None and small is not None and bring >= small:
            self.add_error("bring_in", gettext("The bring-in must be smaller than the completion."))
        if small is not None and big is not None and big < small:
            self.add_error("big_bet", gettext("The big bet must be at least the completion."))
        if not self.errors:
            try:  # the engine's own checks of the profile and the structure
                house_profile(HouseRules(code="AAAAAA", **self.values()))
            except ValueError:
                raise forms.ValidationError(gettext("These rules cannot be played.")) from None
        return data

    def values(self) -> dict[str, Any]:
        """The model's fields from the cleaned data."""
        data = self.cleaned_data
        return {
            name: str(data[name]) if not isinstance(data[name], bool | int) else data[name]
            for name in ("base", *house_values(PROFILES["robert"]), *DEFAULT_STRUCTURE)
        }


def house_initial(base: str) -> dict[str, Any]:
    """The form's starting values: the rulebook ``base`` answers everything, with a small
    home-game structure."""
    profile = PROFILES.get(base) or PROFILES["robert"]
    initial = {"base": profile.name, **DEFAULT_STRUCTURE}
    initial.update({name: str(value) for name, value in house_values(profile).items()})
    return initial
