"""Course URLs: /<lang>/learn/..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from learn import views

app_name = "learn"

urlpatterns = [
    path(route("learn/"), views.course_index, name="index"),
    path(route("learn/<slug:course>/"), views.course_detail, name="course"),
    path(route("learn/<slug:course>/<slug:lesson>/"), views.lesson_detail, name="lesson"),
    path(route("learn/<slug:course>/<slug:lesson>/check/"), views.lesson_answer, name="answer"),
    path(route("learn/<slug:course>/<slug:lesson>/again/"), views.lesson_retry, name="retry"),
    path(route("learn/<slug:course>/<slug:lesson>/read/"), views.lesson_read, name="read"),
]
