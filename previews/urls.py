"""Link-preview images: /<lang>/og/<kind>/<key>.png."""

from __future__ import annotations

from django.urls import path

from previews import views

app_name = "previews"

urlpatterns = [
    path("og/<slug:kind>/<path:key>.png", views.og_image, name="og-image"),
]
