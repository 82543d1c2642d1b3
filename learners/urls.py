"""The learner's own page: /<lang>/my-progress/..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from learners import views

app_name = "learners"

urlpatterns = [
    path(route("my-progress/"), views.my_progress, name="mine"),
    path(route("my-progress/code/"), views.code_new, name="code-new"),
    path(route("my-progress/continue/"), views.code_enter, name="code-enter"),
    path(route("my-progress/continue/<str:code>/"), views.code_link, name="code-link"),
    path(route("my-progress/forget/"), views.forget, name="forget"),
    path(route("my-progress/download/"), views.download, name="download"),
    path(route("my-progress/review/"), views.review, name="review"),
]
