"""Search URLs: /<lang>/search/."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from search import views

app_name = "search"

urlpatterns = [
    path(route("search/"), views.search, name="search"),
]
