"""Practice table URLs, translated: /en/table/..., /sv/bord/..., /da/bord/..., /fi/poyta/..."""

from __future__ import annotations

from django.urls import path
from django.utils.translation import pgettext_lazy

from table import views

app_name = "table"

urlpatterns = [
    # Translators: the practice table's address (lower-case ASCII, no spaces); keep the "/".
    path(pgettext_lazy("URL", "table/"), views.start, name="start"),
    # Translators: keep the parts in <...> exactly; translate only the first word ("table").
    path(
        pgettext_lazy("URL", "table/<str:game>/<str:profile>/<str:seed>/"),
        views.hand,
        name="hand",
    ),
    # The same hand in a frame for other sites (beside the site's other embeds).
    path("embed/table/<str:game>/<str:profile>/<str:seed>/", views.hand_embed, name="embed"),
]
