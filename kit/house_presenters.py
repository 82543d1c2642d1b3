"""What a house rules page shows: each choice with its answer and who rules so (the rulebooks'
citations as the differences page prints them, or "house rule"), the structure, and the ways
to play under the rules: the quizzes, the table and the split-a-pot tool."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from core import words
from kit.forms import FIELD_LABELS, HouseRulesForm
from kit.house import house_choices
from practice.kinds import KINDS
from rules.engine import Game, Profile
from rules.presenters import profile_value_text
from rules.sentences.citations import cite_text, fallback_note

__all__ = ["house_context", "house_form_context", "structure_rows"]

#: The form's questions in three groups.
_GROUPS: Final = (
    (gettext_lazy("Betting"), ("open_pair_big_bet", "max_raises", "heads_up_cap")),
    (gettext_lazy("Ante, bring-in and bets"), ("ante", "bring_in", "small_bet", "big_bet")),
    (
        gettext_lazy("Odd chips, the deck and the showdown"),
        ("odd_chip", "out_of_cards", "community_opener", "all_in_hands_face_up"),
    ),
)


def house_form_context(form: HouseRulesForm) -> dict[str, Any]:
    """Everything ``kit/house_form.html`` shows: the form, its questions grouped."""
    return {
        "form": form,
        "groups": [
            {"legend": legend, "fields": [form[name] for name in names], "amounts": "ante" in names}
            for legend, names in _GROUPS
        ],
    }


def structure_rows(profile: Profile) -> list[dict[str, str]]:
    """The structure's four amounts, labelled."""
    stakes = profile.stakes
    assert stakes is not None
    return [
        {"label": gettext("Ante"), "value": words.amount(stakes.ante)},
        {"label": gettext("Bring-in"), "value": words.amount(stakes.bring_in)},
        {"label": gettext("Completion and small bet"), "value": words.amount(stakes.small_bet)},
        {"label": gettext("Big bet"), "value": words.amount(stakes.big_bet)},
    ]


def _rows(profile: Profile) -> list[dict[str, Any]]:
    rows = []
    for choice in house_choices(profile):
        if choice.house_rule:
            source = ""
        elif choice.not_addressed:
            source = fallback_note()
        else:
            source = "; ".join(cite_text(cite) for cite in choice.citations)
        rows.append(
            {
                "field": choice.field,
                "label": FIELD_LABELS[choice.field],
                "value": profile_value_text(choice.value),
                "source": source,
                "house_rule": choice.house_rule,
            }
        )
    return rows


def house_context(profile: Profile, *, base: str, code: str) -> dict[str, Any]:
    """Everything ``kit/house_detail.html`` shows."""
    name = profile.name
    return {
        "code": code,
        "profile": profile,
        "profile_name": name,
        "title": words.profile_title(name),
        "base_title": words.profile_title(base),
        "rows": _rows(profile),
        "structure": structure_rows(profile),
        "games": [(str(game), words.game_name(game)) for game in Game],
        "quizzes": [
            {"slug": quiz.slug, "title": quiz.title, "url": reverse("practice:kind", args=[slug])}
            for slug, quiz in KINDS.items()
            if quiz.uses_profile
        ],
        "split_url": f"{reverse('kit:split')}?{urlencode({'profile': name})}",
        "sheets": [
            {
                "label": words.game_name(game),
                "url": f"{reverse('kit:sheet', args=[game])}?{urlencode({'profile': name})}",
            }
            for game in Game
        ],
        "page_url": reverse("kit:house", kwargs={"code": code}),
        "new_url": f"{reverse('kit:house-new')}?{urlencode({'base': base})}",
    }
