"""A 405 is a page in the reader's language with the way back, never an empty body: the
language links of a page answering a POST, a reload or a shared link reach POST-only
addresses (found by the learner's walk through make serve)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

pytestmark = pytest.mark.django_db

HEADING = {
    "en": "This page cannot be opened this way",
    "sv": "Sidan kan inte öppnas på det här sättet",
    "da": "Siden kan ikke åbnes på denne måde",
    "fi": "Sivua ei voi avata tällä tavalla",
}


@pytest.mark.parametrize("language", list(HEADING))
@pytest.mark.parametrize("name", ["learners:code-new", "learners:forget"])
def test_a_get_to_a_post_only_address_is_a_page_in_the_readers_language(
    client: Client, language: str, name: str
) -> None:
    with translation.override(language):
        url = reverse(name)
    answer = client.get(url)
    assert answer.status_code == 405
    assert answer["Allow"] == "POST"
    html = answer.content.decode()
    assert f"<h1>{HEADING[language]}</h1>" in html
    assert f'<html lang="{language}"' in html
    assert 'name="robots" content="noindex"' in html
