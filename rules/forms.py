"""Query strings of the rules pages, read through Django forms: ``?seed=``, ``?game=``, ``?level=``.

Errors are sentences in the reader's language (``query_error``), shown on the 400 page.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext, gettext_lazy

from rules.engine import Game
from rules.examples import MAX_SEED

__all__ = ["DEFAULT_SEED", "ExampleQueryForm", "SeedForm", "query_error"]

DEFAULT_SEED = 1


def _seed_message() -> str:
    return gettext("The seed must be a whole number from 0 to %(max)s.") % {"max": MAX_SEED}


class SeedForm(forms.Form):
    """``?seed=N``: which worked examples a page deals (ASCII digits only, one URL per deal)."""

    seed = forms.CharField(required=False, strip=False)

    def clean_seed(self) -> int:
        raw: str = self.cleaned_data.get("seed") or ""
        if raw == "":
            return DEFAULT_SEED
        # str.isdigit() accepts other scripts' digits ("٣"): only ASCII makes one URL per seed.
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 10 or int(raw) > MAX_SEED:
            raise forms.ValidationError(_seed_message())
        return int(raw)


class ExampleQueryForm(SeedForm):
    """The query of a worked example on its own: seed, game and the heading level it sits at."""

    game = forms.ChoiceField(
        required=False,
        choices=[(str(game), str(game)) for game in Game],
        error_messages={
            "invalid_choice": gettext_lazy("Unknown game: choose stud, stud8 or razz.")
        },
    )
    level = forms.ChoiceField(
        required=False,
        choices=[(str(level), str(level)) for level in range(2, 7)],
        error_messages={"invalid_choice": gettext_lazy("The heading level must be 2 to 6.")},
    )

    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or str(Game.STUD)

    def clean_level(self) -> int:
        return int(self.cleaned_data.get("level") or 2)


def query_error(form: forms.Form) -> str:
    """The first error of an invalid query form, as a sentence for the 400 page."""
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return gettext("Something in that request was not right")
