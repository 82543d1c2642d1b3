"""Course URLs: /<lang>/learn/..."""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from tutorials import testout, views

app_name = "tutorials"

urlpatterns = [
    path(route("learn/"), views.course_index, name="index"),
    path(route("learn/paths/<content:path>/"), views.path_detail, name="path"),
    path(route("learn/paths/<content:path>/test-out/"), testout.test_out, name="test-out"),
    path(route("learn/<content:course>/"), views.course_detail, name="course"),
    path(route("learn/<content:course>/<content:lesson>/"), views.lesson_detail, name="lesson"),
    path(
        route("learn/<content:course>/<content:lesson>/check/"), views.lesson_answer, name="answer"
    ),
    path(
        route("learn/<content:course>/<content:lesson>/step/<int:number>/"),
        views.part_answer,
        name="part",
    ),
    path(route("learn/<content:course>/<content:lesson>/again/"), views.lesson_retry, name="retry"),
    path(route("learn/<content:course>/<content:lesson>/read/"), views.lesson_read, name="read"),
]
