"""Embed URLs: each mirrors a canonical page under /<lang>/embed/ with the same arguments."""

from __future__ import annotations

from django.urls import path

from embeds import views

app_name = "embeds"

urlpatterns = [
    path("embed/rules/glossary/<slug:slug>/", views.term_embed, name="term"),
    path("embed/rules/<slug:slug>/", views.page_embed, name="page"),
    path("embed/rules/<slug:page>/<slug:section>/", views.section_embed, name="section"),
    path("embed/rules/<slug:page>/<slug:section>/<slug:step>/", views.step_embed, name="step"),
    path("embed/practice/<slug:kind>/", views.kind_embed, name="kind"),
    path(
        "embed/practice/<slug:kind>/<str:game>/<str:profile>/<str:level>/<str:seed>/",
        views.question_embed,
        name="question",
    ),
    path("embed-code/", views.embed_code, name="code"),
]
