"""Text the renderer cannot show is refused by the admin, and stored text never fails a page."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.admin.sites import site
from django.core.cache import cache
from django.test import Client, RequestFactory

from rules import rendering
from rules.models import GlossaryTerm
from tests.urls import localized

pytestmark = pytest.mark.django_db

BROKEN = "See the [next section] for details and {{term:no-such-term}}."


def _admin_form_data(model: type, obj: Any) -> tuple[Any, dict[str, Any]]:
    model_admin = site._registry[model]
    form_class = model_admin.get_form(RequestFactory().get("/"), obj)
    data = {name: getattr(obj, name) for name in form_class.base_fields}
    data["rules"] = "[]"
    return form_class, data


def test_the_admin_form_refuses_text_the_renderer_cannot_show() -> None:
    term = GlossaryTerm.objects.get(slug="bring-in")
    form_class, data = _admin_form_data(GlossaryTerm, term)
    data["definition_sv"] = BROKEN
    form = form_class(data, instance=term)
    assert not form.is_valid()
    message = " ".join(form.errors["definition_sv"])
    assert "bad cards [next section]" in message
    assert "unknown term {{term:no-such-term}}" in message
    assert "definition_en" not in form.errors


def test_the_admin_form_accepts_good_markup() -> None:
    term = GlossaryTerm.objects.get(slug="bring-in")
    form_class, data = _admin_form_data(GlossaryTerm, term)
    data["definition_sv"] = "Med [As Kd] och {{term:ante}}."
    form = form_class(data, instance=term)
    assert form.is_valid(), form.errors


def test_an_admin_post_with_bad_markup_is_not_saved(admin_client: Client) -> None:
    term = GlossaryTerm.objects.get(slug="ante")
    _form_class, data = _admin_form_data(GlossaryTerm, term)
    data["definition_fi"] = "Katso [seuraava osio]."
    response = admin_client.post(f"/admin/rules/glossaryterm/{term.pk}/change/", data)
    assert response.status_code == 200  # the form again, with the error; no redirect
    assert "bad cards [seuraava osio]" in response.content.decode()
    term.refresh_from_db()
    assert "[seuraava osio]" not in term.definition_fi


@pytest.mark.parametrize(
    "path",
    [
        localized("/sv/rules/glossary/bring-in/"),
        "/en/rules/glossary/bring-in/",
        localized("/sv/rules/glossary/"),
        localized("/sv/embed/rules/glossary/bring-in/"),
    ],
)
def test_stored_text_the_renderer_cannot_show_never_fails_the_page(
    client: Client, path: str, caplog: pytest.LogCaptureFixture
) -> None:
    cache.clear()  # the rendered-text caches would otherwise skip the renderer
    rendering._text_render_cached.cache_clear()
    # Written past the admin's checks (an old row, a direct database edit).
    GlossaryTerm.objects.filter(slug="bring-in").update(
        definition_en=BROKEN, definition_sv=BROKEN + " {{bad link}}"
    )
    response = client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert "See the [next section] for details" in html
    assert any("shown as text" in record.getMessage() for record in caplog.records)
