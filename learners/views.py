"""The learner's page: today, continue on another device, download, forget; due reviews."""

from __future__ import annotations

import json
from typing import Any

import segno
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from learners import services
from practice.kinds import KINDS
from practice.progress import progress_start_set
from practice.services import question_new, quiz_prefs_get


def _page(request: HttpRequest, status: int = 200, **extra: Any) -> HttpResponse:
    context = {
        "today": services.today_for(request),
        "code_minutes": services.CODE_MINUTES,
        **extra,
    }
    return render(request, "learners/mine.html", context, status=status)


@never_cache
@require_GET
def my_progress(request: HttpRequest) -> HttpResponse:
    return _page(request)


def _qr(url: str) -> str:
    """The link as an inline SVG QR code (dark on light, with its quiet zone)."""
    svg = segno.make(url, error="m").svg_inline(scale=5, dark="#1a1a1a", light="#ffffff")
    return str(svg)


@never_cache
@require_POST
def code_new(request: HttpRequest) -> HttpResponse:
    """A code (and its link, and a QR code of the link) for another device."""
    try:
        device = services.code_create(request)
    except services.CodeError as error:
        return _page(
            request,
            status=429,
            code_error=_(
                "Many people on your network started just now. Wait a few minutes and try again."
            )
            if error.reason == "busy"
            else _("You have asked for several codes already. Use one, or wait a few minutes."),
        )
    link = request.build_absolute_uri(reverse("learners:code-link", kwargs={"code": device.code}))
    minutes = max(1, round((device.expires - timezone.now()).total_seconds() / 60))
    return _page(
        request,
        code=f"{device.code[:4]}-{device.code[4:]}",
        code_link=link,
        # segno writes the SVG itself from the link (no learner input): safe to inline.
        code_qr=mark_safe(_qr(link)),
        code_left=minutes,
    )


@never_cache
@require_GET
def code_link(request: HttpRequest, code: str) -> HttpResponse:
    """The link in the QR code: asks before attaching (a GET changes nothing, so link
    previews cannot use the code up)."""
    return render(
        request,
        "learners/continue.html",
        {"code": services.code_normalise(code)[:8]},
    )


@never_cache
@require_POST
def code_enter(request: HttpRequest) -> HttpResponse:
    try:
        services.code_use(request, request.POST.get("code", ""))
    except services.CodeError as error:
        message = (
            _("Too many wrong codes. Wait a few minutes and try again.")
            if error.reason == "limit"
            else _(
                "That code is not valid. It may be mistyped, used or too old: ask for a new one."
            )
        )
        return _page(request, status=429 if error.reason == "limit" else 400, enter_error=message)
    messages.success(request, _("Done: this browser now continues with your progress."))
    return HttpResponseRedirect(reverse("learners:mine"))


@never_cache
@require_POST
def forget(request: HttpRequest) -> HttpResponse:
    """Delete the record for every browser holding a key to it, once the learner has ticked
    the box that says so (a form without JavaScript: one click forgets nothing)."""
    if request.POST.get("confirm") != "yes":
        return _page(
            request, status=400, forget_error=_("Tick the box first: forgetting cannot be undone.")
        )
    services.learner_forget(request)
    messages.success(
        request, _("Your progress is deleted, in this browser and in every other one.")
    )
    return HttpResponseRedirect(reverse("learners:mine"))


@never_cache
@require_GET
def download(request: HttpRequest) -> HttpResponse:
    data = services.learner_export(request) or {"progress": None}
    response = HttpResponse(
        json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True),
        content_type="application/json; charset=utf-8",
    )
    response["Content-Disposition"] = 'attachment; filename="stud-progress.json"'
    return response


@never_cache
@require_POST
def review(request: HttpRequest) -> HttpResponse:
    """Start a review set with the most overdue skill (the practice's spaced repetition then
    keeps the weakest skills coming); with nothing due, the practice page."""
    today = services.today_for(request)
    due = [skill for skill in (today.due if today else ()) if skill in KINDS]
    if not due:
        return HttpResponseRedirect(reverse("practice:hub"))
    progress_start_set(request)
    qid = question_new(kind=due[0], prefs=quiz_prefs_get(request.session))
    return HttpResponseRedirect(reverse("practice:question", kwargs=qid.url_kwargs()))
