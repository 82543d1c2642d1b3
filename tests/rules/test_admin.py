"""The admin shows every language of a text together, with history, and loads nothing from a CDN."""

from __future__ import annotations

import pytest
from django.test import Client

from rules.models import Difference, GlossaryTerm, Page, Section, Step

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Page, Section, Step, GlossaryTerm, Difference])
def test_the_change_page_has_all_four_languages(admin_client: Client, model: type) -> None:
    obj = model.objects.first()
    opts = model._meta
    response = admin_client.get(f"/admin/rules/{opts.model_name}/{obj.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    field = "title" if model is not GlossaryTerm else "term"
    for language in ("sv", "da", "fi", "en"):
        assert f'name="{field}_{language}"' in html
    assert "jquery-ui" not in html.lower() and "//ajax.googleapis" not in html
    history = admin_client.get(f"/admin/rules/{opts.model_name}/{obj.pk}/history/")
    assert history.status_code == 200


def test_a_page_edits_its_sections_inline(admin_client: Client) -> None:
    page = Page.objects.get(slug="stud")
    html = admin_client.get(f"/admin/rules/page/{page.pk}/change/").content.decode()
    assert 'name="sections-0-title_fi"' in html
