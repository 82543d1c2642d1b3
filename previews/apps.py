"""Link previews: the Open Graph tags of every page and the og:image drawn for it."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PreviewsConfig(AppConfig):
    name = "previews"
    verbose_name = _("Link previews")
