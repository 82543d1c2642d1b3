from __future__ import annotations

from django.apps import AppConfig


class KitConfig(AppConfig):
    name = "kit"
    verbose_name = "Home-game kit"

    def ready(self) -> None:
        # House rules by their name ("house-K7Q2XM") wherever a rulebook's name is taken.
        from kit.house import house_profile_find  # the models load after the apps
        from rules.engine import profile_source_add

        profile_source_add(house_profile_find)
