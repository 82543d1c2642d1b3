"""The sitemap lists every rules page, section, step and glossary term, with alternates."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.translation import override

from rules.models import GlossaryTerm, Page, Section, Step
from tests.urls import localized

pytestmark = pytest.mark.django_db


def test_the_sitemap_lists_every_rules_url(client: Client) -> None:
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    xml = response.content.decode()
    if "<sitemapindex" in xml:  # a paginated or indexed sitemap: gather the parts
        import re

        parts = re.findall(r"<loc>([^<]+)</loc>", xml)
        xml = "".join(
            client.get(part.replace("http://testserver", "")).content.decode() for part in parts
        )
    objects: list[Page | Section | Step | GlossaryTerm] = [
        *Page.objects.all(),
        *Section.objects.select_related("page"),
        *Step.objects.select_related("section__page"),
        *GlossaryTerm.objects.all(),
    ]
    for language in ("en", "sv", "da", "fi"):
        with override(language):
            urls = [obj.get_absolute_url() for obj in objects]
            urls += [
                localized(f"/{language}/rules/"),
                localized(f"/{language}/rules/glossary/"),
                localized(f"/{language}/rules/differences/"),
            ]
        for url in urls:
            assert f"<loc>http://testserver{url}</loc>" in xml, url
    step = localized("/sv/rules/stud/forced-bets/who-brings-in/")
    assert f'hreflang="sv" href="http://testserver{step}"' in xml
