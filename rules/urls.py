"""The rules reference: index, pages, sections, steps, glossary, differences, worked examples.

English slugs in every language: /sv/rules/stud/forced-bets/who-brings-in/.
"""

from __future__ import annotations

from django.urls import path

from rules import views

app_name = "rules"

urlpatterns = [
    path("rules/", views.rules_index, name="index"),
    path("rules/glossary/", views.glossary, name="glossary"),
    path("rules/glossary/<slug:slug>/", views.term_detail, name="term-detail"),
    path("rules/differences/", views.differences, name="differences"),
    path("rules/examples/<slug:kind>/", views.example_detail, name="example"),
    path("rules/<slug:slug>/", views.page_detail, name="page-detail"),
    path("rules/<slug:page>/<slug:section>/", views.section_detail, name="section-detail"),
    path("rules/<slug:page>/<slug:section>/<slug:step>/", views.step_detail, name="step-detail"),
]
