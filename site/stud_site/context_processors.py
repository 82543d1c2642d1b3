"""Template context for every page: the language switcher, hreflang alternates, card colours."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.urls import NoReverseMatch, Resolver404, ResolverMatch, resolve, reverse
from django.utils.functional import SimpleLazyObject
from django.utils.translation import get_language, override


@dataclass(frozen=True, slots=True)
class LanguageLink:
    """One language of the current page: its code, its name in itself, and the page's URL."""

    code: str
    name: str
    url: str
    current: bool
    same_page: bool


def site(request: HttpRequest) -> dict[str, object]:
    return {
        "language_links": SimpleLazyObject(lambda: language_links(request)),
        "alternate_links": SimpleLazyObject(lambda: alternate_links(request)),
        "four_colour_deck": four_colour_deck(request),
    }


def language_links(request: HttpRequest) -> list[LanguageLink]:
    """The current page in every language; a page that has no translation links to that
    language's home page instead (for example on a 404 page). Worked out once a request (the
    switcher and the alternates both need it)."""
    current, here = get_language(), request.get_full_path()
    known: tuple[str, str, list[LanguageLink]] | None = getattr(request, "_language_links", None)
    if known is not None and known[:2] == (current, here):
        return known[2]
    match = request.resolver_match  # the page's view, resolved once already
    query = request.META.get("QUERY_STRING", "")
    posted = request.method == "POST"
    if posted:  # its address takes no GET: the page the form was on, else each home page
        match, query = _form_page(request)
    links = []
    for code, name in settings.LANGUAGES:
        url = here
        if (code != current or posted) and match is not None:
            with override(code):
                try:
                    url = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
                    url += f"?{query}" if query else ""
                except NoReverseMatch:
                    url = here
        same_page = url != here or (code == current and not posted)
        if not same_page:
            with override(code):
                url = reverse("home")
        links.append(LanguageLink(code, name, url, code == current, same_page))
    request._language_links = (current, here, links)  # type: ignore[attr-defined]
    return links


def _form_page(request: HttpRequest) -> tuple[ResolverMatch | None, str]:
    """The page of this site a POST came from (its ``Referer``), resolved, and its query."""
    referer = urlsplit(request.headers.get("Referer", ""))
    if not referer.path or referer.netloc != request.get_host():
        return None, ""
    try:
        return resolve(referer.path), referer.query
    except Resolver404:
        return None, ""


def alternate_links(request: HttpRequest) -> list[dict[str, str]]:
    """``<link rel="alternate" hreflang>`` targets (absolute URLs) plus x-default.

    x-default is the address without a language prefix, which redirects by the browser's
    language (as in sitemap.xml). Empty when the page does not exist in the other languages."""
    links = language_links(request)
    if not all(link.same_page for link in links) or request.resolver_match is None:
        return []
    alternates = [
        {"hreflang": link.code, "href": request.build_absolute_uri(link.url)} for link in links
    ]
    default = next(link.url for link in links if link.code == settings.LANGUAGE_CODE)
    prefix = f"/{settings.LANGUAGE_CODE}/"
    if default.startswith(prefix):
        default = "/" + default.removeprefix(prefix)
    return [*alternates, {"hreflang": "x-default", "href": request.build_absolute_uri(default)}]


def four_colour_deck(request: HttpRequest) -> bool:
    """Whether the reader chose the four-colour deck (clubs green, diamonds blue)."""
    return request.COOKIES.get(settings.CARD_COLOURS_COOKIE) == "four"
