"""Split a pot: one GET form whose whole state is its query string, settled by the engine."""

from __future__ import annotations

import logging

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from core.http import HtmxHttpRequest
from embeds.framing import allow_framing
from kit.presenters import split_context
from kit.services import split_form_parse, split_settle

logger = logging.getLogger(__name__)


@require_GET
def split(request: HtmxHttpRequest) -> HttpResponse:
    """The tool: the form, and the engine's split of what it holds."""
    return _split(request, embedded=False)


@allow_framing
@require_GET
def split_embed(request: HtmxHttpRequest) -> HttpResponse:
    """The same tool inside another site's frame (no cookies are set or read but the card
    colours)."""
    response = _split(request, embedded=True)
    patch_vary_headers(response, ["Cookie"])  # the card colours (embed_base.html)
    return response


def _split(request: HtmxHttpRequest, *, embedded: bool) -> HttpResponse:
    query = request.GET.dict()
    form = split_form_parse(data=query)
    settlement = None
    if form.split is not None:
        try:
            settlement = split_settle(split=form.split)
        except ValueError:  # the form's checks should leave nothing the engine refuses
            logger.exception("split-a-pot: the engine refused a checked situation")
            form.errors["situation"] = gettext("These entries cannot be settled.")
            form.status = 422
    context = split_context(form, settlement, query=query, embedded=embedded)
    if embedded:
        theme = request.GET.get("theme", "")
        context["theme"] = theme if theme in ("light", "dark") else ""
        context["canonical_url"] = context["page_url"]
        context["canonical_abs"] = request.build_absolute_uri(context["page_url"])
    template = "kit/split_embed.html" if embedded else "kit/split.html"
    return render(request, template, context, status=form.status)
