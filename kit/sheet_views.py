"""A game's rule sheet: the page (which prints on one A4 sheet) and the same page as a PDF,
under a rulebook or house rules (``?profile=``)."""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import urlencode

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_GET

from core import words
from core.http import HtmxHttpRequest, bad_request
from core.rulebooks import house_code, rulebook_known
from kit.sheet import sheet_context, sheet_pdf
from rules.engine import Game, get_profile

__all__ = ["sheet", "sheet_pdf_view"]


def _context(request: HtmxHttpRequest, game: str) -> dict[str, object] | HttpResponse:
    if game not in {str(g) for g in Game}:
        raise Http404(game)
    name = request.GET.get("profile") or "robert"
    if not rulebook_known(name):
        code = house_code(name)
        if code:
            message = gettext("There are no house rules with the code “%(value)s”.")
            return bad_request(request, message % {"value": code}, status=404)
        return bad_request(request, gettext("Choose one of the rulebooks in the list."))
    query = f"?{urlencode({'profile': name})}" if name != "robert" else ""
    context = sheet_context(game=Game(game), profile=get_profile(name))
    context["pdf_url"] = reverse("kit:sheet-pdf", kwargs={"game": game}) + query
    context["others"] = [
        {"label": words.game_name(other), "url": reverse("kit:sheet", args=[other]) + query}
        for other in Game
        if other != game
    ]
    context["rules_url"] = request.build_absolute_uri(
        reverse("rules:page-detail", kwargs={"slug": game})
    )
    return context


@require_GET
def sheet(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """The sheet as a page (its print stylesheet makes it one A4 sheet)."""
    context = _context(request, game)
    if isinstance(context, HttpResponse):
        return context
    return render(request, "kit/sheet.html", context)


@lru_cache(maxsize=48)
def _pdf(language: str, game: str, profile: str, html: str, base_url: str) -> bytes:
    """A rendered PDF, kept: the same page gives the same file (house rules never change)."""
    return sheet_pdf(html, base_url=base_url)


@require_GET
def sheet_pdf_view(request: HtmxHttpRequest, game: str) -> HttpResponse:
    """The same sheet as a one-page A4 PDF."""
    context = _context(request, game)
    if isinstance(context, HttpResponse):
        return context
    html = render_to_string("kit/sheet_pdf.html", context, request=request)
    pdf = _pdf(
        get_language() or "en",
        game,
        str(context["profile_name"]),
        html,
        request.build_absolute_uri("/"),
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{game}-{get_language()}.pdf"'
    return response
