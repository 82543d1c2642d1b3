"""Practice URLs: /<lang>/practice/..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from practice import views

app_name = "practice"

urlpatterns = [
    path(route("practice/"), views.hub, name="hub"),
    path(route("practice/next/"), views.next_question, name="next"),
    path(route("practice/set/"), views.set_start, name="set-start"),
    path(route("practice/set/summary/"), views.set_summary, name="set-summary"),
    path(route("practice/set/retry/"), views.set_retry, name="set-retry"),
    path(route("practice/reset/"), views.reset, name="reset"),
    # Before the kinds' patterns, which would otherwise take "walkthrough" for a kind.
    path(route("practice/walkthrough/"), views.walkthrough_start, name="walkthrough"),
    path(
        route("practice/walkthrough/<str:game>/<str:profile>/<str:seed>/<str:step>/"),
        views.walkthrough_step,
        name="walkthrough-step",
    ),
    path(route("practice/<kind:kind>/"), views.kind_start, name="kind"),
    path(
        route("practice/<kind:kind>/<str:game>/<str:profile>/<level:level>/<str:seed>/"),
        views.question,
        name="question",
    ),
]
