"""One item of each embeddable kind, as canonical and embed paths in a given language."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import override

from embeds.services import RANKING_PAGES
from rules.models import GlossaryTerm, Page, Section, Step

QUESTION: dict[str, Any] = {
    "kind": "bring-in",
    "game": "stud",
    "profile": "robert",
    "level": "normal",
    "seed": 7,
}


def canonical_paths(language: str) -> dict[str, str]:
    """kind -> a canonical page of that kind in ``language``."""
    step = Step.objects.select_related("section__page").exclude(example_kind="").first()
    section = Section.objects.select_related("page").first()
    term = GlossaryTerm.objects.first()
    page = Page.objects.filter(slug__in=RANKING_PAGES).first()
    assert step and section and term and page, "the rules content is not loaded"
    with override(language):
        return {
            "step": step.get_absolute_url(),
            "section": section.get_absolute_url(),
            "term": term.get_absolute_url(),
            "page": page.get_absolute_url(),
            "quiz": reverse("practice:question", kwargs=QUESTION),
            "quiz kind": reverse("practice:kind", kwargs={"kind": "bring-in"}),
        }


def embed_path(canonical: str) -> str:
    """The embed URL of a canonical path (``/sv/regler/...`` -> ``/sv/inbaddad/regler/...``):
    the embed view of the same name with the same arguments."""
    from django.urls import resolve
    from django.utils.translation import get_language_from_path

    language = get_language_from_path(canonical)
    with override(language):
        match = resolve(canonical)
        name = {"practice:question": "embeds:question", "practice:kind": "embeds:kind"}.get(
            match.view_name, "embeds:" + (match.url_name or "").removesuffix("-detail")
        )
        return reverse(name, kwargs=match.kwargs)
