"""Embed views (framable by any site, no cookies), the embed-code page and the oEmbed endpoint.

Embed views never touch the session or the CSRF cookie: browsers block third-party cookies
in iframes, so an embedded quiz answers statelessly (``csrf_exempt``: the answer changes
nothing on the server, and progress is not recorded) and the pages render no CSRF token.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any
from urllib.parse import urlencode

from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBadRequest,
    HttpResponseBase,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers, patch_vary_headers
from django.utils.translation import gettext as _
from django.utils.translation import override
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods

from core.http import HtmxHttpRequest, bad_request
from core.pagecache import cache_shared_page
from embeds.forms import EmbedCodeForm
from embeds.framing import allow_framing
from embeds.services import (
    RANKING_PAGES,
    THEMES,
    embed_html,
    embeddable_from_path,
    embeddable_from_url,
    resize_script_url,
)
from practice import presenters
from practice.quiz import AnswerError, QuizError
from practice.services import question_answer, question_get, question_new, quiz_prefs_set
from rules import services as rules_services
from rules.forms import SeedForm, query_error
from rules.versioning import content_version

type View = Callable[..., HttpResponseBase]

# Embedded rule content is the same for everyone: cached whole until the content changes.
cached = cache_shared_page(version=content_version)

#: How long oEmbed consumers may cache an answer (seconds).
OEMBED_CACHE_AGE = 24 * 60 * 60


def _error(request: HttpRequest, *, status: int, message: str = "") -> HttpResponse:
    """An error inside the frame, in the minimal layout (the site's error pages set cookies
    and refuse framing)."""
    if not message:
        context = {"status": status, "message": message, "theme": _theme(request)}
        return render(request, "embeds/embed_error.html", context, status=status)
    return bad_request(
        request,
        message,
        status=status,
        page_template="embeds/embed_error.html",
        context={"theme": _theme(request)},
    )


def _embed(view: View) -> View:
    """An embed view: framable by any site; a missing item is a 404 inside the frame; the
    answer varies with the card-colour cookie."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        try:
            response = view(request, *args, **kwargs)
        except Http404:
            response = _error(request, status=404)
        # The card-colour cookie changes every embed (embed_base.html).
        patch_vary_headers(response, ["Cookie"])
        return response

    return allow_framing(wrapped)


def _theme(request: HttpRequest) -> str:
    theme = request.GET.get("theme", "")
    return theme if theme in THEMES else ""


def _with_theme(request: HttpRequest, path: str) -> str:
    """``path`` keeping the embed's theme, for links that stay inside the frame."""
    theme = _theme(request)
    return f"{path}?theme={theme}" if theme else path


def _render(
    request: HttpRequest, template: str, context: dict[str, Any], *, canonical: str
) -> HttpResponse:
    context = {
        **context,
        "embedded": True,
        "theme": _theme(request),
        "canonical_url": canonical,
        "canonical_abs": request.build_absolute_uri(canonical),
    }
    return render(request, template, context)


@_embed
@cached
@require_GET
def step_embed(request: HttpRequest, page: str, section: str, step: str) -> HttpResponse:
    query = SeedForm(request.GET)
    if not query.is_valid():
        return _error(request, status=400, message=query_error(query))
    seed = query.cleaned_data["seed"]
    canonical = reverse("rules:step-detail", args=(page, section, step))
    context = rules_services.step_context(
        page=page, section=section, step=step, seed=seed, base_url=canonical
    )
    return _render(request, "embeds/step_embed.html", context, canonical=canonical)


@_embed
@cached
@require_GET
def section_embed(request: HttpRequest, page: str, section: str) -> HttpResponse:
    query = SeedForm(request.GET)
    if not query.is_valid():
        return _error(request, status=400, message=query_error(query))
    seed = query.cleaned_data["seed"]
    canonical = reverse("rules:section-detail", args=(page, section))
    context = rules_services.section_context(
        page=page, section=section, seed=seed, base_url=canonical
    )
    return _render(request, "embeds/section_embed.html", context, canonical=canonical)


@_embed
@cached
@require_GET
def term_embed(request: HttpRequest, slug: str) -> HttpResponse:
    canonical = reverse("rules:term-detail", args=(slug,))
    context = rules_services.term_context(slug=slug)
    return _render(request, "embeds/term_embed.html", context, canonical=canonical)


@_embed
@cached
@require_GET
def page_embed(request: HttpRequest, slug: str) -> HttpResponse:
    """A whole rules page: only the hand-ranking pages are embeddable."""
    if slug not in RANKING_PAGES:
        raise Http404(slug)
    query = SeedForm(request.GET)
    if not query.is_valid():
        return _error(request, status=400, message=query_error(query))
    seed = query.cleaned_data["seed"]
    canonical = reverse("rules:page-detail", args=(slug,))
    context = rules_services.page_context(slug=slug, seed=seed, base_url=canonical)
    return _render(request, "embeds/page_embed.html", context, canonical=canonical)


@_embed
@require_GET
def kind_embed(request: HttpRequest, kind: str) -> HttpResponseBase:
    """A new question of ``kind`` (``?game=&profile=&level=`` choose it) on every visit."""
    try:
        # A throwaway mapping: the embed has no session, the learner's choices are the query's.
        prefs = quiz_prefs_set(
            {},
            game=request.GET.get("game"),
            profile=request.GET.get("profile"),
            level=request.GET.get("level"),
        )
        qid = question_new(kind=kind, prefs=prefs)
    except QuizError as error:
        if error.not_found:
            raise Http404(kind) from None
        return _error(request, status=400, message=presenters.quiz_error_message(error))
    path = reverse("embeds:question", kwargs=qid.url_kwargs())
    response = HttpResponseRedirect(_with_theme(request, path))
    add_never_cache_headers(response)  # a new question on every visit: no cache may keep it
    return response


@_embed
@csrf_exempt
@require_http_methods(["GET", "POST"])
def question_embed(
    request: HtmxHttpRequest, kind: str, game: str, profile: str, level: str, seed: str
) -> HttpResponse:
    """A question (GET) and its feedback (POST), playable inside the frame; answers are
    checked statelessly and nothing is recorded."""
    try:
        quiz, q = question_get(kind=kind, game=game, profile=profile, level=level, seed=seed)
    except QuizError as error:
        if error.not_found:
            raise Http404(kind) from None
        return _error(request, status=400, message=presenters.quiz_error_message(error))
    canonical = reverse("practice:question", kwargs=q.qid.url_kwargs())
    context: dict[str, Any] = {
        "quiz": quiz,
        "question": q,
        "view": presenters.question_view(quiz, q),
        "answer_url": request.get_full_path(),
    }
    if request.method == "POST":
        try:
            result = question_answer(quiz=quiz, question=q, data=dict(request.POST.lists()))
        except AnswerError:
            message = _("That answer could not be read. Please choose again.")
            return _error(request, status=400, message=message)
        following = question_new(
            kind=quiz.slug,
            prefs={"game": game, "profile": profile, "level": level},
        )
        next_path = reverse("embeds:question", kwargs=following.url_kwargs())
        context.update(
            result=result,
            feedback=presenters.feedback_view(quiz, q, result),
            next_url=_with_theme(request, next_path),
        )
        if request.htmx:
            return _render(
                request, "embeds/question_embed.html#feedback", context, canonical=canonical
            )
    return _render(request, "embeds/question_embed.html", context, canonical=canonical)


@require_GET
def embed_code(request: HtmxHttpRequest) -> HttpResponse:
    """The code to embed an item, with its options and a live preview (a GET form; with HTMX
    the result swaps in place)."""
    raw = request.GET.get("url", "")
    if raw.startswith("/"):
        item = embeddable_from_path(raw)
    else:
        item = embeddable_from_url(raw, host=request.get_host())
    if item is None:
        raise Http404(raw)
    form = EmbedCodeForm(request.GET, item=item)
    if not form.is_valid():
        return render(request, "400.html", {"message": form.errors.as_text()}, status=400)
    chosen = item.with_options(**form.options())
    if chosen is None:
        message = _("This item does not exist with those options.")
        return render(request, "400.html", {"message": message}, status=400)
    src = request.build_absolute_uri(chosen.embed_path())
    snippet = embed_html(src=src, title=chosen.title, width=chosen.width, height=chosen.height)
    script = request.build_absolute_uri(resize_script_url())
    context = {
        "item": item,
        "chosen": chosen,
        "form": form,
        "snippet": f'{snippet}\n<script src="{script}" async></script>',
        "canonical_abs": request.build_absolute_uri(chosen.canonical_path()),
        # Without its ?url= this address is a 404: the canonical link and og:url keep it.
        "page_address": f"{request.path}?{urlencode({'url': item.canonical_path()})}",
    }
    template = "embeds/embed_code.html"
    if request.htmx and not request.htmx.boosted:
        template += "#result"
    response = render(request, template, context)
    # The same URL answers a fragment to htmx (hx-push-url) and the page otherwise.
    patch_vary_headers(response, ["HX-Request"])
    return response


def _dimension(request: HttpRequest, name: str) -> int | None:
    raw = request.GET.get(name)
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or int(raw) < 1:
        raise ValueError(name)
    return int(raw)


@require_GET
def oembed(request: HttpRequest) -> HttpResponse:
    """oEmbed 1.0 (https://oembed.com): a ``rich`` answer with an iframe for any embeddable
    page of this site, in its language. 404 for other addresses, 501 for formats but JSON."""
    if request.GET.get("format", "json") != "json":
        return HttpResponse(status=501)
    try:
        maxwidth = _dimension(request, "maxwidth")
        maxheight = _dimension(request, "maxheight")
    except ValueError as error:
        return HttpResponseBadRequest(f"{error}: expected a positive whole number")
    url = request.GET.get("url", "")
    if not url:
        return HttpResponseBadRequest("url: missing")
    item = embeddable_from_url(url, host=request.get_host())
    if item is None:
        raise Http404(url)
    width = min(item.width, maxwidth or item.width)
    height = min(item.height, maxheight or item.height)
    src = request.build_absolute_uri(item.embed_path())
    with override(item.language):
        provider_name = _("Stud rules")
        provider_url = request.build_absolute_uri(reverse("home"))
    response = JsonResponse(
        {
            "version": "1.0",
            "type": "rich",
            "html": embed_html(src=src, title=item.title, width=width, height=height),
            "width": width,
            "height": height,
            "title": item.title,
            "provider_name": provider_name,
            "provider_url": provider_url,
            "cache_age": OEMBED_CACHE_AGE,
        }
    )
    # Public data: let oEmbed consumers that run in the browser read it too.
    response["Access-Control-Allow-Origin"] = "*"
    return response
