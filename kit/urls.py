"""The kit's URLs in the reader's language: /en/split-a-pot/, /sv/dela-en-pott/, ..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from kit import views

app_name = "kit"

urlpatterns = [
    path(route("split-a-pot/"), views.split, name="split"),
    # The same tool in a frame for other sites (beside the site's other embeds).
    path(route("embed/split-a-pot/"), views.split_embed, name="split-embed"),
]
