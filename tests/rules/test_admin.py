"""The admin shows every language of a text together, with history, and loads nothing from a CDN;
it refuses a bad game, kind or rule id beside its field, and a bad row breaks no page."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from rules.models import Difference, GlossaryTerm, Page, Section, Step
from rules.versioning import content_version_bump
from tests.admin_forms import refused

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("model", [Page, Section, Step, GlossaryTerm, Difference])
def test_the_change_page_has_all_four_languages(
    admin_client: Client, model: type[Page | Section | Step | GlossaryTerm | Difference]
) -> None:
    obj = model.objects.first()
    assert obj is not None
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


def _step() -> Step:
    """A step with a worked example."""
    step = Step.objects.filter(section__page__slug="stud", example_kind="bring_in").first()
    assert step is not None
    return step


def _page() -> Page:
    return Page.objects.get(slug="stud")


#: The rule pages of that step, home and the sitemap.
def _pages(step: Step) -> list[str]:
    section = f"/en/rules/stud/{step.section.slug}/"
    return [
        "/en/",
        "/en/rules/",
        "/en/rules/stud/",
        section,
        f"{section}{step.slug}/",
        "/sitemap-en.xml",
    ]


CHOICE = "Select a valid choice. {} is not one of the available choices."
RULE_IDS = 'Rule ids are a list such as ["R-BRING-2", "R-BRING-3"].'

#: (the object, the field, the bad value as the form sends it, the message beside the field).
BAD_VALUES: dict[str, tuple[Callable[[], Any], str, str, str]] = {
    "step rule ids": (_step, "rules", '["bring-in"]', RULE_IDS),
    "step rule ids not a list": (_step, "rules", "5", RULE_IDS),
    "step example kind": (_step, "example_kind", "nope", CHOICE.format("nope")),
    "step example game": (_step, "example_game", "chess", CHOICE.format("chess")),
    "step example without game": (
        _step,
        "example_game",
        "",
        "A worked example needs both its kind and its game.",
    ),
    "page kind": (_page, "kind", "nope", CHOICE.format("nope")),
    "page game": (_page, "game", "chess", CHOICE.format("chess")),
    "game page without game": (_page, "game", "", "A game page names its game."),
    "term rule ids": (
        lambda: GlossaryTerm.objects.get(slug="bring-in"),
        "rules",
        '[{"id": "R-BRING-1"}]',
        RULE_IDS,
    ),
    "difference kind": (lambda: Difference.objects.first(), "kind", "nope", CHOICE.format("nope")),
}


@pytest.mark.parametrize("case", sorted(BAD_VALUES))
def test_a_bad_value_is_refused_beside_its_field_and_every_page_stays_up(
    admin_client: Client, case: str
) -> None:
    get, name, bad, message = BAD_VALUES[case]
    obj = get()
    url = f"/admin/rules/{obj._meta.model_name}/{obj.pk}/change/"
    before = getattr(obj, name)
    assert message in refused(admin_client, url, name, bad)
    obj.refresh_from_db()
    assert getattr(obj, name) == before
    pages = _pages(_step())
    assert {page: admin_client.get(page).status_code for page in pages} == dict.fromkeys(pages, 200)


@pytest.mark.parametrize("values", [{"example_kind": "nope"}, {"example_game": "chess"}])
def test_a_bad_example_saved_past_the_admin_leaves_the_step_without_it(
    client: Client, caplog: pytest.LogCaptureFixture, values: dict[str, str]
) -> None:
    step = _step()
    Step.objects.filter(pk=step.pk).update(**values)  # no clean(): as a script would
    content_version_bump()
    pages = _pages(step)
    with caplog.at_level(logging.ERROR, logger="rules.services"):
        statuses = {page: client.get(page).status_code for page in pages}
    assert statuses == dict.fromkeys(pages, 200)
    assert f"step {step.pk}: its worked example left out" in caplog.text
    html = client.get(pages[-2]).content.decode()
    assert step.title_en.split()[0] in html  # the step itself is there
