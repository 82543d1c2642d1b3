"""Embed URLs: each mirrors a canonical page under /<lang>/embed/ with the same arguments."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from embeds import views

app_name = "embeds"

urlpatterns = [
    path(route("embed/rules/glossary/<content:slug>/"), views.term_embed, name="term"),
    path(route("embed/rules/<content:slug>/"), views.page_embed, name="page"),
    path(
        route("embed/rules/<content:page>/<content:section>/"), views.section_embed, name="section"
    ),
    path(
        route("embed/rules/<content:page>/<content:section>/<content:step>/"),
        views.step_embed,
        name="step",
    ),
    path(route("embed/practice/<kind:kind>/"), views.kind_embed, name="kind"),
    path(
        route("embed/practice/<kind:kind>/<str:game>/<str:profile>/<level:level>/<str:seed>/"),
        views.question_embed,
        name="question",
    ),
    path(route("embed-code/"), views.embed_code, name="code"),
]
