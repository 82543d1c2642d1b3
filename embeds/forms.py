"""The embed-code page's options: language, colours, and a quiz's game, rule profile and level."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from core import words
from embeds.services import Embeddable
from practice.kinds import KINDS
from practice.quiz import Level
from rules.engine import PROFILES


class EmbedCodeForm(forms.Form):
    """Options missing from the query take the item's own values, so the bare
    ``?url=`` shows the code for the item as it is."""

    url = forms.CharField(widget=forms.HiddenInput)
    language = forms.ChoiceField(label=_("Language of the embed"), choices=settings.LANGUAGES)
    theme = forms.ChoiceField(
        label=_("Colours"),
        required=False,
        choices=[
            ("", _("As the reader's device is set")),
            ("light", _("Light")),
            ("dark", _("Dark")),
        ],
    )

    def __init__(self, data: Mapping[str, str], *, item: Embeddable, **kwargs: Any) -> None:
        defaults = {"language": item.language, "theme": item.options.get("theme", "")}
        quiz = KINDS.get(item.quiz_kind)
        if quiz is not None:
            current = {**item.options, **item.kwargs}
            defaults |= {
                "game": current.get("game", str(quiz.default_game())),
                "profile": current.get("profile", "robert"),
                "level": current.get("level", str(Level.NORMAL)),
            }
        given = {key: value for key, value in data.items() if value}
        super().__init__({**defaults, **given}, **kwargs)
        if quiz is not None:
            self.fields["game"] = forms.ChoiceField(
                label=_("Game"),
                choices=[(str(game), words.game_name(game)) for game in quiz.games],
            )
            if quiz.uses_profile:
                self.fields["profile"] = forms.ChoiceField(
                    label=_("Rules"),
                    choices=[(name, words.profile_title(name)) for name in PROFILES],
                )
            self.fields["level"] = forms.ChoiceField(
                label=_("Level"), choices=[(str(level), level.label) for level in Level]
            )

    def options(self) -> dict[str, str]:
        """The chosen options, as ``Embeddable.with_options`` takes them."""
        names = ("language", "theme", "game", "profile", "level")
        return {name: self.cleaned_data[name] for name in names if name in self.cleaned_data}
