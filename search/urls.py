"""Search URLs: /<lang>/search/."""

from __future__ import annotations

from django.urls import path

from search import views

app_name = "search"

urlpatterns = [
    path("search/", views.search, name="search"),
]
