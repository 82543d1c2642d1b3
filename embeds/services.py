"""Which pages other sites may embed, their embed URLs, and the HTML code that embeds them.

Every embed view mirrors a canonical view with the same URL arguments under ``/<lang>/embed/``
(``/sv/rules/stud/forced-bets/who-brings-in/`` -> ``/sv/embed/rules/stud/forced-bets/
who-brings-in/``), so one table maps each to the other.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final
from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import get_language_from_path, gettext, override

from core.urlwords import legacy_path
from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import QuizError
from rules.models import GlossaryTerm, Page, Section, Step

__all__ = [
    "DEFAULT_WIDTH",
    "RANKING_PAGES",
    "THEMES",
    "Embeddable",
    "embed_html",
    "embeddable_from_match",
    "embeddable_from_path",
    "embeddable_from_url",
    "embeddable_view_names",
    "resize_script_url",
]


@dataclass(frozen=True, slots=True)
class _Route:
    embed: str  # the embed view's URL name
    kind: str  # "step", "section", "term", "page" or "quiz"
    height: int  # the iframe's default height in CSS pixels


#: canonical URL name -> its embed view. The embed URL takes the same arguments.
_ROUTES: Final[dict[str, _Route]] = {
    "rules:step-detail": _Route("embeds:step", "step", 480),
    "rules:section-detail": _Route("embeds:section", "section", 720),
    "rules:term-detail": _Route("embeds:term", "term", 360),
    "rules:page-detail": _Route("embeds:page", "page", 900),
    "practice:question": _Route("embeds:question", "quiz", 640),
    "practice:kind": _Route("embeds:kind", "quiz", 640),
    # The kit's tool keeps its own embed view (``kit`` sits above this app's layer).
    "kit:split": _Route("kit:split-embed", "tool", 1100),
}
_CANONICAL: Final[dict[str, str]] = {route.embed: name for name, route in _ROUTES.items()}

#: The rules pages that may be embedded whole: the hand-ranking tables.
RANKING_PAGES: Final = ("hand-rankings", "low-hands")
DEFAULT_WIDTH: Final = 640
THEMES: Final = ("light", "dark")
#: Query options an embed URL keeps: the colour theme, and a quiz's choices for a new question.
_QUIZ_OPTIONS: Final = ("game", "profile", "level")
#: The split-a-pot tool's whole situation is its query: game, rules, players, each seat's entries.
_TOOL_OPTION: Final = re.compile(r"game|profile|players|(?:cards|chips|folded)[1-8]")


@dataclass(frozen=True, slots=True)
class Embeddable:
    """A page of the site that other sites may embed, in one language."""

    view_name: str  # the canonical view, "rules:step-detail"
    kwargs: Mapping[str, str]
    kind: str
    title: str
    language: str
    height: int
    options: Mapping[str, str]  # kept query options: theme, and game/profile/level for quizzes

    @property
    def width(self) -> int:
        return DEFAULT_WIDTH

    @property
    def quiz_kind(self) -> str:
        return self.kwargs.get("kind", "") if self.kind == "quiz" else ""

    def canonical_path(self) -> str:
        with override(self.language):
            return reverse(self.view_name, kwargs=dict(self.kwargs))

    def embed_path(self) -> str:
        with override(self.language):
            path = reverse(_ROUTES[self.view_name].embed, kwargs=dict(self.kwargs))
        return f"{path}?{urlencode(self.options)}" if self.options else path

    def with_options(
        self,
        *,
        language: str | None = None,
        theme: str = "",
        game: str = "",
        profile: str = "",
        level: str = "",
    ) -> Embeddable | None:
        """The same item in another language, theme or quiz set-up (None if it does not exist
        there: a quiz not played in that game, say)."""
        chosen = {"game": game, "profile": profile, "level": level}
        chosen = {key: value for key, value in chosen.items() if value}
        kwargs = dict(self.kwargs)
        options = {key: value for key, value in self.options.items() if key != "theme"}
        if self.view_name == "practice:question":
            kwargs.update(chosen)  # another question id
        elif self.view_name == "practice:kind":
            options.update(chosen)  # the choices for each new question
        if theme:
            options["theme"] = theme
        moved = replace(self, kwargs=kwargs, language=language or self.language, options=options)
        return _checked(moved)


def embeddable_view_names() -> frozenset[str]:
    """URL names of the pages that have an embed: canonical pages and the embeds themselves."""
    return frozenset(_ROUTES) | frozenset(_CANONICAL)


def embeddable_from_path(path: str, *, query: Mapping[str, str] | None = None) -> Embeddable | None:
    """The embeddable item at ``path`` (a canonical or an embed URL path with its language
    prefix), or None when that address is no embeddable page of this site."""
    if "?" in path:  # the tool's situation travels in the query
        path, _sep, rest = path.partition("?")
        query = query or dict(parse_qsl(rest))
    language = get_language_from_path(path)
    if language is None:
        return None
    # An old address (English words under another language) names the same item.
    path = legacy_path(path) or path
    with override(language):
        try:
            match = resolve(path)
        except Resolver404:
            return None
    return embeddable_from_match(match.view_name, match.kwargs, language, query=query)


def embeddable_from_match(
    view_name: str,
    kwargs: Mapping[str, object],
    language: str,
    *,
    query: Mapping[str, str] | None = None,
) -> Embeddable | None:
    """The embeddable item of a resolved address (the page's own ``request.resolver_match``
    needs no second resolve), or None when that view has no embed."""
    view_name = _CANONICAL.get(view_name, view_name)
    route = _ROUTES.get(view_name)
    if route is None:
        return None
    query = query or {}
    options = {}
    if view_name == "practice:kind":
        options = {key: query[key] for key in _QUIZ_OPTIONS if query.get(key)}
    elif view_name == "kit:split":
        options = {key: value for key, value in query.items() if _TOOL_OPTION.fullmatch(key)}
    if query.get("theme") in THEMES:
        options["theme"] = query["theme"]
    item = Embeddable(
        view_name=view_name,
        kwargs={key: str(value) for key, value in kwargs.items()},
        kind=route.kind,
        title="",
        language=language,
        height=route.height,
        options=options,
    )
    return _checked(item)


def embeddable_from_url(url: str, *, host: str) -> Embeddable | None:
    """The embeddable item at an absolute ``http(s)://`` URL on ``host``, else None (another
    site's address, a relative one, or no embeddable page)."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:  # "http://[" and other malformed addresses
        return None
    if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.lower():
        return None
    return embeddable_from_path(parts.path or "/", query=dict(parse_qsl(parts.query)))


def _checked(item: Embeddable) -> Embeddable | None:
    """``item`` with its title in its language, or None if the content does not exist."""
    with override(item.language):
        title = _title(item.view_name, item.kwargs, item.options)
    return None if title is None else replace(item, title=title)


def _title(view_name: str, kwargs: Mapping[str, str], options: Mapping[str, str]) -> str | None:
    if view_name == "rules:step-detail":
        step = Step.objects.filter(
            slug=kwargs["step"],
            section__slug=kwargs["section"],
            section__page__slug=kwargs["page"],
        ).first()
        return None if step is None else step.title
    if view_name == "rules:section-detail":
        section = Section.objects.filter(slug=kwargs["section"], page__slug=kwargs["page"]).first()
        return None if section is None else section.title
    if view_name == "rules:term-detail":
        term = GlossaryTerm.objects.filter(slug=kwargs["slug"]).first()
        return None if term is None else term.term
    if view_name == "rules:page-detail":
        if kwargs["slug"] not in RANKING_PAGES:
            return None
        page = Page.objects.filter(slug=kwargs["slug"]).first()
        return None if page is None else page.title
    if view_name == "practice:question":
        try:
            qid = question_id_parse(**kwargs)
        except QuizError:
            return None
        return str(KINDS[qid.kind].title)
    if view_name == "practice:kind":
        quiz = KINDS.get(kwargs["kind"])
        if quiz is None:
            return None
        game = options.get("game")
        if game and game not in {str(g) for g in quiz.games}:
            return None
        try:
            question_id_parse(
                kind=quiz.slug,
                game=game or str(quiz.default_game()),
                profile=options.get("profile", "robert"),
                level=options.get("level", "normal"),
                seed=0,
            )
        except QuizError:
            return None
        return str(quiz.title)
    if view_name == "kit:split":
        return gettext("Split a pot")
    return None


def embed_html(*, src: str, title: str, width: int, height: int) -> SafeString:
    """The ``<iframe>`` that embeds ``src``; the style attribute belongs to the host page."""
    return format_html(
        '<iframe src="{}" title="{}" width="{}" height="{}" loading="lazy" '
        'style="border:0;max-width:100%"></iframe>',
        src,
        title,
        width,
        height,
    )


def resize_script_url() -> str:
    """The host-page resize script at its plain (unhashed) address, which stays the same when
    the file changes, so pasted embed codes keep working."""
    return f"{settings.STATIC_URL}js/embed-resize.js"
