"""The rules reference: index, pages, sections, steps, glossary, differences, worked examples.

Words and slugs in the reader's language (core/urlwords.py):
/sv/regler/stud/tvingade-insatser/vem-lagger-bring-in/ is /en/rules/stud/forced-bets/who-brings-in/.
"""

from __future__ import annotations

from django.urls import path

from core.urlwords import route
from rules import views

app_name = "rules"

urlpatterns = [
    path(route("rules/"), views.rules_index, name="index"),
    path(route("rules/glossary/"), views.glossary, name="glossary"),
    path(route("rules/glossary/<content:slug>/"), views.term_detail, name="term-detail"),
    path(route("rules/differences/"), views.differences, name="differences"),
    path(route("rules/examples/<example:kind>/"), views.example_detail, name="example"),
    path(route("rules/<content:slug>/"), views.page_detail, name="page-detail"),
    path(
        route("rules/<content:page>/<content:section>/"),
        views.section_detail,
        name="section-detail",
    ),
    path(
        route("rules/<content:page>/<content:section>/<content:step>/"),
        views.step_detail,
        name="step-detail",
    ),
]
