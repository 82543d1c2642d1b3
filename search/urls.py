"""Search URLs: /<lang>/search/ and the link-preview images /<lang>/og/..."""

from __future__ import annotations

from django.urls import path

from search import views

app_name = "search"

urlpatterns = [
    path("search/", views.search, name="search"),
    path("og/<slug:kind>/<path:key>.png", views.og_image, name="og-image"),
]
