"""Practice table URLs in the reader's language: /en/table/..., /sv/bord/..., /fi/poyta/..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from table import views

app_name = "table"

urlpatterns = [
    path(route("table/"), views.start, name="start"),
    path(route("table/<str:game>/<str:profile>/<str:seed>/"), views.hand, name="hand"),
    # The same hand in a frame for other sites (beside the site's other embeds).
    path(route("embed/table/<str:game>/<str:profile>/<str:seed>/"), views.hand_embed, name="embed"),
]
