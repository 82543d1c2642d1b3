"""Site-wide views: the language redirect, home, preferences, robots.txt and error pages."""

from __future__ import annotations

from django.conf import settings
from django.contrib.sitemaps import views as sitemap_views
from django.core.exceptions import DisallowedHost
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseRedirect,
)
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, get_language_from_request, ngettext, override
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from core.http import HtmxHttpRequest, same_origin_post
from core.middleware import BAD_HOST_PAGE
from core.pagecache import cache_shared_page
from learners.services import today_for
from learners.store import has_progress_cookie
from rules.versioning import content_version
from stud_site.sitemaps import language_sitemaps
from tutorials.course import courses, paths
from tutorials.presenters import path_url

CARD_COLOUR_CHOICES = frozenset({"two", "four"})
_ONE_YEAR = 60 * 60 * 24 * 365


@require_safe
def root_redirect(request: HtmxHttpRequest) -> HttpResponse:
    """``/``: send the reader to the home page in their browser's language (English if none)."""
    language = get_language_from_request(request)
    with override(language):
        url = reverse("home")
    response = HttpResponseRedirect(url)
    patch_vary_headers(response, ["Accept-Language", "Cookie"])
    return response


def _home_goals() -> list[dict[str, str]]:
    """The home page's chooser: what a visitor wants to do, each leading to the one place that
    does it (a path to a goal, the full stud course, the practice hub)."""
    goals = []
    by_game = {str(path.game): path for path in reversed(paths().values())}  # each game's first
    for game, title in (("stud8", _("Play Stud Hi/Lo on Friday")), ("razz", _("Learn Razz"))):
        if (path := by_game.get(game)) is not None:
            count = len(path.lessons)
            note = ngettext(
                "%(count)s short lesson, then a hand at the practice table",
                "%(count)s short lessons, then a hand at the practice table",
                count,
            )
            goals.append({"title": title, "note": note % {"count": count}, "url": path_url(path)})
    if (stud := courses().get("stud")) is not None:
        count = len(stud.lessons)
        note = ngettext(
            "The whole course: %(count)s lesson", "The whole course: %(count)s lessons", count
        )
        goals.append(
            {
                "title": _("Learn Seven Card Stud properly"),
                "note": note % {"count": count},
                "url": reverse("tutorials:course", kwargs={"course": stud.slug}),
            }
        )
    goals.append(
        {
            "title": _("Practise"),
            "note": _("Quick questions on the rules, and hands at the practice table"),
            "url": reverse("practice:hub"),
        }
    )
    return goals


def _home(request: HttpRequest, *, returning: bool = False) -> HttpResponse:
    return render(request, "stud_site/home.html", {"goals": _home_goals(), "returning": returning})


_home_for_everyone = cache_shared_page(version=content_version)(_home)


@require_safe
def home(request: HtmxHttpRequest) -> HttpResponseBase:
    """Home: the same page for every visitor without progress (cached whole, public); a learner
    (the learner cookie, or a session that may hold the lesson opened before a first answer)
    gets it with "Continue" and the Today card, private and never stored."""
    if not has_progress_cookie(request):
        response = _home_for_everyone(request)
        # Never a file for nginx: the page mirror answers without looking at cookies, and a
        # learner's home must come from here.
        request.__dict__.pop("page_mirror", None)
        return response
    response = _home(request, returning=today_for(request) is not None)
    patch_vary_headers(response, ["Cookie"])
    patch_cache_control(response, private=True, no_cache=True)
    return response


@same_origin_post
@require_POST
def card_colours(request: HtmxHttpRequest) -> HttpResponseBase:
    """Remember the two- or four-colour deck in a cookie and go back to the page.

    The form sits on cached pages shared by everyone, so it carries no CSRF token; the
    Origin check stands in for it (the worst a forged post could do is change the deck)."""
    choice = request.POST.get("colours", "")
    if choice not in CARD_COLOUR_CHOICES:
        return error_400(request, None)
    next_url = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = reverse("home")
    response = HttpResponseRedirect(next_url)
    response.set_cookie(
        settings.CARD_COLOURS_COOKIE,
        choice,
        max_age=_ONE_YEAR,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    return response


@require_safe
def robots_txt(request: HttpRequest) -> HttpResponse:
    sitemap_url = request.build_absolute_uri(reverse("sitemap"))
    lines = ["User-agent: *"]
    if settings.ADMIN_PATH == "admin/":  # a path of one's own (DJANGO_ADMIN_PATH) stays unsaid
        lines.append("Disallow: /admin/")
    # "Deal another example" links (?seed=N+1, without end) and embed themes: the same page.
    lines += ["Disallow: /*?seed=", "Disallow: /*&seed=", "Disallow: /*?theme="]
    # The practice table: every move is a link to a new hand state (endless, and noindex).
    for code, _name in settings.LANGUAGES:
        with override(code):
            lines.append(f"Disallow: {reverse('table:start')}")
    lines += [f"Sitemap: {sitemap_url}", ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_safe
@cache_shared_page(version=content_version)
def sitemap_index(request: HttpRequest) -> HttpResponse:
    """``/sitemap.xml``: one sitemap per language."""
    urls = [
        request.build_absolute_uri(reverse("sitemap-language", args=(code,)))
        for code, _name in settings.LANGUAGES
    ]
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        *(f"<sitemap><loc>{url}</loc></sitemap>" for url in urls),
        "</sitemapindex>",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="application/xml; charset=utf-8")


@require_safe
@cache_shared_page(version=content_version)
def sitemap_language(request: HttpRequest, code: str) -> HttpResponse:
    """``/sitemap-<code>.xml``: every page in one language, with its alternates."""
    if code not in dict(settings.LANGUAGES):
        raise Http404(code)
    response = sitemap_views.sitemap(request, sitemaps=language_sitemaps(code))
    response.render()
    return response


# Error pages, in the reader's language (LocaleMiddleware has already chosen it).


def error_400(request: HttpRequest, exception: Exception | None) -> HttpResponseBase:
    if isinstance(exception, DisallowedHost):
        # The page's links would ask for the host again: a plain page, as for a 500.
        return HttpResponse(BAD_HOST_PAGE, status=400)
    return render(request, "400.html", status=400)


def permission_denied(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    return render(request, "403.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None) -> HttpResponse:
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponseBase:
    """A plain page without context processors: whatever failed must not fail again here."""
    template = loader.get_template("500.html")
    body = template.render({"LANGUAGE_CODE": get_language() or settings.LANGUAGE_CODE})
    return HttpResponse(body, status=500)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A form was sent without a valid security token (usually an old page or no cookies)."""
    return render(request, "403_csrf.html", status=403)
