"""Placeholder: the quiz engineer fills these in (the hub is `tutorials:hub`)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver

app_name = "tutorials"

urlpatterns: list[URLPattern | URLResolver] = []
