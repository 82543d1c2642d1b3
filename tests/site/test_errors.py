"""Error pages: the right status, in the reader's language, never a stack trace."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.urls import localized

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.site.urls")]

NOT_FOUND = {
    "en": "We could not find that page",
    "sv": "Vi kunde inte hitta den sidan",
    "da": "Vi kunne ikke finde den side",
    "fi": "Emme löytäneet sivua",
}
BAD_REQUEST = {
    "en": "Something in that request was not right",
    "sv": "Något i begäran stämde inte",
    "da": "Noget i forespørgslen var ikke i orden",
    "fi": "Pyynnössä oli jotain vialla",
}
FORBIDDEN = {
    "en": "You cannot open this page",
    "sv": "Du kan inte öppna den här sidan",
    "da": "Du kan ikke åbne denne side",
    "fi": "Et voi avata tätä sivua",
}
SERVER_ERROR = {
    "en": "Something went wrong on our side",
    "sv": "Något gick fel hos oss",
    "da": "Noget gik galt hos os",
    "fi": "Jotain meni vikaan meidän päässämme",
}
CSRF_FAILED = {
    "en": "The form could not be sent",
    "sv": "Formuläret kunde inte skickas",
    "da": "Formularen kunne ikke sendes",
    "fi": "Lomaketta ei voitu lähettää",
}


def test_404_in_the_language_of_the_url(client: Client, language: str) -> None:
    response = client.get(localized(f"/{language}/no-such-page/"))
    html = response.content.decode()
    assert response.status_code == 404
    assert f'<html lang="{language}">' in html
    assert NOT_FOUND[language] in html
    assert 'name="robots" content="noindex"' in html


def test_404_page_has_no_hreflang_alternates_but_a_language_switcher(client: Client) -> None:
    html = client.get(localized("/sv/no-such-page/")).content.decode()
    assert 'rel="alternate"' not in html
    # The page has no translation, so the switcher offers each language's home page.
    assert 'href="/fi/" hreflang="fi" lang="fi"' in html


def test_404_without_a_language_prefix_follows_accept_language(client: Client) -> None:
    response = client.get("/no-such-page/", headers={"accept-language": "da"})
    assert response.status_code == 404
    assert NOT_FOUND["da"] in response.content.decode()


def test_400_in_each_language(client: Client, language: str) -> None:
    response = client.get(localized(f"/{language}/test/400/"))
    assert response.status_code == 400
    assert BAD_REQUEST[language] in response.content.decode()


def test_403_in_each_language(client: Client, language: str) -> None:
    response = client.get(localized(f"/{language}/test/403/"))
    assert response.status_code == 403
    assert FORBIDDEN[language] in response.content.decode()


def test_500_in_each_language_without_details(language: str) -> None:
    client = Client(raise_request_exception=False)
    response = client.get(localized(f"/{language}/test/500/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert f'<html lang="{language}">' in html
    assert SERVER_ERROR[language] in html
    assert "secret details" not in html
    assert "Traceback" not in html


@pytest.mark.parametrize(
    ("path", "headers"),
    [
        ("practice/set/", {}),
        # Forms on shared pages (the colour form, a question's answer) carry no token: the
        # browser's Origin decides.
        ("preferences/card-colours/", {"Origin": "https://evil.example"}),
        ("practice/best-high/stud/robert/normal/5/", {"Origin": "https://evil.example"}),
    ],
)
def test_csrf_failure_in_each_language(language: str, path: str, headers: dict[str, str]) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(localized(f"/{language}/{path}"), {"colours": "four"}, headers=headers)
    html = response.content.decode()
    assert response.status_code == 403
    assert CSRF_FAILED[language] in html
    assert f'<html lang="{language}">' in html
