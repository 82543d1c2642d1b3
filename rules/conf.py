"""Settings of the rules app that other modules share: the content languages."""

from __future__ import annotations

from django.conf import settings

#: The content languages, in the order of settings.LANGUAGES (one field per language).
LANGUAGES: tuple[str, ...] = tuple(code for code, _name in settings.LANGUAGES)
