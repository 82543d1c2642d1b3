"""Practice URLs: /<lang>/practice/..."""

from __future__ import annotations

from django.urls import path

from tutorials import views

app_name = "tutorials"

urlpatterns = [
    path("practice/", views.hub, name="hub"),
    path("practice/next/", views.next_question, name="next"),
    path("practice/set/", views.set_start, name="set-start"),
    path("practice/reset/", views.reset, name="reset"),
    # Before the kinds' patterns, which would otherwise take "walkthrough" for a kind.
    path("practice/walkthrough/", views.walkthrough_start, name="walkthrough"),
    path(
        "practice/walkthrough/<str:game>/<str:profile>/<str:seed>/<str:step>/",
        views.walkthrough_step,
        name="walkthrough-step",
    ),
    path("practice/<slug:kind>/", views.kind_start, name="kind"),
    path(
        "practice/<slug:kind>/<str:game>/<str:profile>/<str:level>/<str:seed>/",
        views.question,
        name="question",
    ),
]
