"""The learner's own page: /<lang>/my-progress/..."""

from __future__ import annotations

from django.urls import path

from learners import views

app_name = "learners"

urlpatterns = [
    path("my-progress/", views.my_progress, name="mine"),
    path("my-progress/code/", views.code_new, name="code-new"),
    path("my-progress/continue/", views.code_enter, name="code-enter"),
    path("my-progress/continue/<str:code>/", views.code_link, name="code-link"),
    path("my-progress/forget/", views.forget, name="forget"),
    path("my-progress/download/", views.download, name="download"),
    path("my-progress/review/", views.review, name="review"),
]
