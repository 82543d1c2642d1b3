"""Rendered rule texts are cached, and never stale: an edit shows on the next render."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import caches
from django.core.signals import request_finished, request_started
from django.db import close_old_connections, connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.safestring import SafeString
from django.utils.translation import override
from pytest_django import DjangoCaptureOnCommitCallbacks

from rules import rendering
from rules.models import GlossaryTerm, Page, Step
from rules.rendering import content_index, text_render
from rules.versioning import content_version_bump
from tests.urls import localized

pytestmark = pytest.mark.django_db


def _forget_rendered_texts() -> None:
    """Empty both tiers, so the next render starts from the markup."""
    rendering._text_render_cached.cache_clear()
    caches["default"].clear()


@pytest.fixture
def request_scope() -> Iterator[None]:
    """What a request does around the view: the content index is read once inside it.

    Like Django's test client, keep ``close_old_connections`` out of it: inside the test's
    transaction it would close the connection (PostgreSQL sees autocommit off)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        request_started.send(sender=None)
        yield
        request_finished.send(sender=None)
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


def _texts() -> list[str]:
    step = Step.objects.filter(body_en__contains="[").first()
    term = GlossaryTerm.objects.filter(definition_en__contains="{{").first()
    assert step and term
    return [step.body, term.definition, Page.objects.get(slug="stud").summary]


def test_a_cached_text_is_the_fresh_render(language: str) -> None:
    with override(language):
        texts = _texts()
        _forget_rendered_texts()
        fresh = [text_render(text) for text in texts]
        memo_hits = [text_render(text) for text in texts]
        rendering._text_render_cached.cache_clear()  # the next ones come from Django's cache
        cache_hits = [text_render(text) for text in texts]
    assert memo_hits == fresh
    assert cache_hits == fresh
    assert all(isinstance(html, SafeString) for html in fresh + memo_hits + cache_hits)
    assert any('class="cards' in html for html in fresh)


def test_cached_texts_stay_escaped() -> None:
    text = "<script>alert(1)</script> & **bold** [As Kd]"
    _forget_rendered_texts()
    fresh = text_render(text)
    rendering._text_render_cached.cache_clear()
    cached = text_render(text)
    assert cached == fresh
    assert isinstance(cached, SafeString)
    assert "<script>" not in cached
    assert cached.startswith("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; <strong>bold</strong>")


def test_a_link_to_a_missing_target_points_nowhere_rather_than_failing() -> None:
    with override("en"):
        assert text_render("See {{page:no-such-page|this}}.") == '<p>See <a href="#">this</a>.</p>'


def test_an_edited_text_shows_on_the_next_request(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    step = Step.objects.select_related("section__page").first()
    assert step
    with override("en"):
        url = step.get_absolute_url()
    assert "Freshly edited" not in client.get(url).content.decode()

    step.body_en = "Freshly edited with [Ah Kh]."
    with django_capture_on_commit_callbacks(execute=True):  # the admin's commit
        step.save()
    html = client.get(url).content.decode()
    assert "Freshly edited with" in html
    assert 'aria-label="ace of hearts"' in html


def test_a_renamed_linked_title_shows_on_the_next_request(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    html = client.get("/en/rules/glossary/").content.decode()
    assert 'href="/en/rules/low-hands/"' in html
    assert "Reading the lows" not in html

    # queryset.update() sends no signal, as when another server saves the change: only the
    # content fingerprint, read by every request, notices it in the texts; whole cached pages
    # go when that server's save bumps the content version, which every server reads.
    Page.objects.filter(slug="low-hands").update(title_en="Reading the lows")
    with django_capture_on_commit_callbacks(execute=True):
        content_version_bump()
    html = client.get("/en/rules/glossary/").content.decode()
    assert 'href="/en/rules/low-hands/">Reading the lows</a>' in html
    sv = client.get(localized("/sv/rules/glossary/")).content.decode()
    assert "Reading the lows" not in sv  # other languages keep their own title


def test_a_rename_saved_during_a_request_shows_in_the_same_request(request_scope: None) -> None:
    page = Page.objects.get(slug="low-hands")
    with override("en"):
        before = text_render("{{page:low-hands}}")
        page.title_en = "Lows, renamed"
        page.save()
        after = text_render("{{page:low-hands}}")
    assert "Lows, renamed" not in before
    assert after == '<p><a href="/en/rules/low-hands/">Lows, renamed</a></p>'


def test_the_content_index_is_read_once_per_request(client: Client) -> None:
    client.get("/en/rules/stud/")
    caches["pages"].clear()  # not the whole page from the cache: render it
    content_index.cache_clear()  # nor the index kept at this content version
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/en/rules/stud/")
    assert response.status_code == 200
    assert sum("UNION ALL" in query["sql"] for query in queries.captured_queries) == 1


def test_the_content_index_is_kept_while_the_content_version_stands(
    client: Client, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    """A quiz answer links the rules it cites: it must not read the whole index each time."""
    client.get("/en/rules/stud/")
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as queries:
        assert client.get("/en/rules/stud/").status_code == 200
    assert sum("UNION ALL" in query["sql"] for query in queries.captured_queries) == 0
    page = Page.objects.get(slug="stud")
    page.title_en = "Stud, renamed"
    with django_capture_on_commit_callbacks(execute=True):
        page.save()  # a new content version
    caches["pages"].clear()
    with CaptureQueriesContext(connection) as queries:
        assert "Stud, renamed" in client.get("/en/rules/").content.decode()
    assert sum("UNION ALL" in query["sql"] for query in queries.captured_queries) == 1


def test_an_unreachable_cache_does_not_fail_the_text(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def unreachable(*args: object, **kwargs: object) -> None:
        raise ConnectionError("redis is down")

    text = "Cache down, still [As] here."
    _forget_rendered_texts()
    monkeypatch.setattr(caches["default"], "get", unreachable)
    monkeypatch.setattr(caches["default"], "set", unreachable)
    html = text_render(text)
    assert html.startswith('<p>Cache down, still <span class="cards cards--compact"')
    assert "rule text cache unavailable" in caplog.text


def test_a_new_build_renders_texts_afresh(
    monkeypatch: pytest.MonkeyPatch, request_scope: None
) -> None:
    """Rendered texts are kept under the one build id (core.pagecache.build_id), so a deploy
    that changes the renderer, a catalogue or the URL words never serves the old HTML."""
    rendered: list[str] = []
    render = rendering._text_render_uncached

    def recording(text: str, index: Any) -> str:
        rendered.append(text)
        return render(text, index)

    monkeypatch.setattr(rendering, "_text_render_uncached", recording)
    _forget_rendered_texts()
    for build in ("build-one", "build-one", "build-two"):
        monkeypatch.setattr(rendering, "build_id", lambda build=build: build)
        rendering._text_render_cached.cache_clear()  # from Django's cache, shared by servers
        text_render("The bring-in is *forced*.")
    assert len(rendered) == 2
