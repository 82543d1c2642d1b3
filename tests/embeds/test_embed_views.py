"""Embed views: every item type in every language, in the minimal layout; the embedded quiz
answers without cookies or CSRF token."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from practice.kinds import KINDS
from practice.services import question_get
from tests.embeds.helpers import QUESTION, canonical_paths, embed_path
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _lang(html: str) -> str:
    match = re.search(r'<html lang="([a-z]+)"', html)
    assert match, html[:200]
    return match.group(1)


def test_every_item_type_renders_in_every_language(client: Client, language: str) -> None:
    for kind, canonical in canonical_paths(language).items():
        if kind == "quiz kind":
            continue  # a redirect to a new question: test_kind_embed_starts_a_new_question
        response = client.get(embed_path(canonical))
        assert response.status_code == 200, (kind, canonical)
        html = response.content.decode()
        assert _lang(html) == language, kind
        assert "<h1" in html, kind
        # The minimal layout: no site header, navigation or footer; a link back to the page.
        assert "site-header" not in html and "site-nav" not in html and "site-footer" not in html
        assert re.search(
            rf'<a href="{re.escape(canonical)}" target="_blank" rel="noopener">', html
        ), kind
        # Links inside leave the frame; the CSRF token and the "Embed" link are not there.
        assert '<base target="_blank">' in html
        assert "csrfmiddlewaretoken" not in html and "X-CSRFToken" not in html
        assert "embed-code/" not in html


def test_rule_embeds_show_card_pictures(client: Client) -> None:
    html = client.get(embed_path(canonical_paths("en")["page"])).content.decode()
    assert 'class="card card--' in html


@pytest.mark.parametrize("slug", sorted(KINDS))
def test_every_quiz_kind_renders_in_every_language(
    client: Client, language: str, slug: str
) -> None:
    quiz = KINDS[slug]
    kwargs = {**QUESTION, "kind": slug, "game": str(quiz.default_game())}
    with override(language):
        url = reverse("embeds:question", kwargs=kwargs)
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content.decode()
    assert _lang(html) == language
    assert f'hx-post="{url}"' in html and 'target="_self"' in html


def test_kind_embed_starts_a_new_question_inside_the_embed(client: Client) -> None:
    response = client.get(localized("/fi/embed/practice/bring-in/?game=razz&level=easy&theme=dark"))
    assert response.status_code == 302
    assert re.fullmatch(
        r"/fi/upotus/harjoittelu/kuka-laittaa-bring-inin/razz/robert/helppo/\d+/\?theme=dark",
        response["Location"],
    )


def _answer(language: str = "en") -> tuple[str, str]:
    _quiz, question = question_get(**QUESTION)
    with override(language):
        url = reverse("embeds:question", kwargs=QUESTION)
    return url, str(question.answer)


def test_embedded_quiz_answers_without_cookies_or_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    url, answer = _answer("sv")
    response = client.post(url, {"seat": answer}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "feedback--right" in html
    assert "<html" not in html, "HTMX gets the feedback fragment"
    # "Next question" stays inside the embed, in the same language and set-up.
    assert re.search(
        r'href="/sv/inbaddad/traning/vem-lagger-bring-in/stud/robert/medel/\d+/" target="_self"',
        html,
    )
    assert not response.cookies
    assert "Set-Cookie" not in response.headers


def test_embedded_quiz_answers_without_javascript() -> None:
    client = Client(enforce_csrf_checks=True)
    url, answer = _answer()
    wrong = str((int(answer) + 1) % 3)
    response = client.post(url + "?theme=dark", {"seat": wrong})
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and 'data-theme="dark"' in html
    assert "feedback--wrong" in html
    assert re.search(
        r'href="/en/embed/practice/bring-in/stud/robert/normal/\d+/\?theme=dark"', html
    )
    assert not response.cookies


def test_embedded_quiz_records_no_progress(client: Client) -> None:
    url, answer = _answer()
    client.post(url, {"seat": answer})
    assert not client.session.items()


def test_junk_answer_is_a_400_inside_the_frame(client: Client) -> None:
    url, _answer_seat = _answer()
    response = client.post(url, {"seat": "junk"})
    assert response.status_code == 400
    assert "embed__main" in response.content.decode()
    assert "X-Frame-Options" not in response.headers


def test_unknown_items_are_404_inside_the_frame(client: Client, language: str) -> None:
    for url in (
        localized(f"/{language}/embed/rules/glossary/no-such-term/"),
        localized(f"/{language}/embed/rules/stud/no-such-section/"),
        localized(f"/{language}/embed/rules/stud/no-such-section/no-step/"),
        localized(f"/{language}/embed/rules/stud/"),  # a game page is not embedded whole
        localized(f"/{language}/embed/practice/no-such-kind/stud/robert/normal/1/"),
    ):
        response = client.get(url)
        assert response.status_code == 404, url
        html = response.content.decode()
        assert "embed__main" in html and _lang(html) == language
        assert "X-Frame-Options" not in response.headers


def test_bad_quiz_ids_and_seeds_are_400(client: Client) -> None:
    assert client.get("/en/embed/practice/bring-in/stud/nobody/normal/1/").status_code == 400
    step = canonical_paths("en")["step"]
    assert client.get(embed_path(step) + "?seed=-1").status_code == 400


def test_theme_is_applied(client: Client) -> None:
    html = client.get(embed_path(canonical_paths("da")["term"]) + "?theme=light").content.decode()
    assert '<html lang="da" data-theme="light">' in html
    assert '<meta name="color-scheme" content="light">' in html
    html = client.get(embed_path(canonical_paths("da")["term"]) + "?theme=bogus").content.decode()
    assert "data-theme" not in html


def test_an_unreadable_embedded_answer_by_htmx_gets_the_message_fragment(client: Client) -> None:
    response = client.post(
        "/en/embed/practice/bring-in/stud/robert/normal/3/",
        {"seat": "nine"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 400
    assert b"<html" not in response.content
    assert b"feedback--error" in response.content
