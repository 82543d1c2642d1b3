"""The kit's URLs in the reader's language: /en/split-a-pot/, /sv/dela-en-pott/, /en/house/K7Q2XM/,
/fi/talon-saannot/K7Q2XM/, ..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from kit import house_views, sheet_views, views

app_name = "kit"

urlpatterns = [
    path(route("split-a-pot/"), views.split, name="split"),
    # The same tool in a frame for other sites (beside the site's other embeds).
    path(route("embed/split-a-pot/"), views.split_embed, name="split-embed"),
    # A club's house rules: made by a form, then at a short address of their own.
    path(route("house/"), house_views.house_new, name="house-new"),
    path(route("house/<str:code>/"), house_views.house_detail, name="house"),
    # A game's rules on one printable page, and as a PDF (under ?profile=, house rules too).
    path(route("rule-sheet/<str:game>/"), sheet_views.sheet, name="sheet"),
    path(route("rule-sheet/<str:game>/pdf/"), sheet_views.sheet_pdf_view, name="sheet-pdf"),
]
