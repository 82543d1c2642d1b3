from __future__ import annotations

from django.apps import AppConfig


class KitConfig(AppConfig):
    name = "kit"
    verbose_name = "Home-game kit"
