"""The link-preview image of a page, drawn once and then served from the cache."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from previews.services import preview_image


@require_GET
def og_image(request: HttpRequest, kind: str, key: str) -> HttpResponse:
    """A page's link-preview image (1200×630 PNG), drawn once and then served from the cache."""
    png = preview_image(kind=kind, key=key)
    response = HttpResponse(png, content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
