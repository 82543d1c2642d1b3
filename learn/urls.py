"""Course URLs: /<lang>/learn/..."""

from __future__ import annotations

from django.urls import path

from learn import testout, views

app_name = "learn"

urlpatterns = [
    path("learn/", views.course_index, name="index"),
    path("learn/paths/<slug:path>/", views.path_detail, name="path"),
    path("learn/paths/<slug:path>/test-out/", testout.test_out, name="test-out"),
    path("learn/<slug:course>/", views.course_detail, name="course"),
    path("learn/<slug:course>/<slug:lesson>/", views.lesson_detail, name="lesson"),
    path("learn/<slug:course>/<slug:lesson>/check/", views.lesson_answer, name="answer"),
    path("learn/<slug:course>/<slug:lesson>/step/<int:number>/", views.part_answer, name="part"),
    path("learn/<slug:course>/<slug:lesson>/again/", views.lesson_retry, name="retry"),
    path("learn/<slug:course>/<slug:lesson>/read/", views.lesson_read, name="read"),
]
