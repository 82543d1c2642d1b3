"""Page chrome rendered once per process: ``{% chrome "includes/site_nav.html" %}``.

The header's links (main navigation, the phone menu's links, the search box) are the same on
every page of a language, apart from which link, if any, is the page itself
(``aria-current``). Rendering them with Django's templates took about a fifth of a quiz
question's time, on every request. ``{% chrome %}`` renders such an include once per template,
language and current link, and keeps the HTML; nothing in it may depend on anything else of
the request. The template sees ``current_path``: the request's path when it is one of the
links the chrome can point to, else "".

What is kept is bounded by construction (templates x languages x their links, a few dozen
strings) and depends only on code: the templates, the URL patterns and the catalogues, which
change only with a new process. A test that changes settings clears it.
"""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

register = template.Library()

# The pages the chrome links to (view name, kwargs): the only paths that change its HTML.
LINKED: tuple[tuple[str, dict[str, str]], ...] = (
    ("home", {}),
    ("tutorials:index", {}),
    ("practice:hub", {}),
    ("rules:page-detail", {"slug": "stud"}),
    ("rules:page-detail", {"slug": "stud8"}),
    ("rules:page-detail", {"slug": "razz"}),
    ("rules:glossary", {}),
    ("search:search", {}),
)

_rendered: dict[tuple[str, str, str], SafeString] = {}
_linked: dict[str, frozenset[str]] = {}


def _linked_paths(language: str) -> frozenset[str]:
    paths = _linked.get(language)
    if paths is None:
        found = set()
        for name, kwargs in LINKED:
            try:
                found.add(reverse(name, kwargs=kwargs))
            except NoReverseMatch:
                continue
        paths = _linked[language] = frozenset(found)
    return paths


@register.simple_tag(takes_context=True)
def chrome(context: template.Context, name: str) -> SafeString:
    """The include ``name`` for this language, rendered once (see the module's docstring)."""
    language = get_language() or ""
    request: HttpRequest | None = context.get("request")
    path = request.path if request is not None else ""
    current = path if path in _linked_paths(language) else ""
    key = (name, language, current)
    html = _rendered.get(key)
    if html is None:
        html = _rendered[key] = mark_safe(render_to_string(name, {"current_path": current}))
    return html


def forget(**_kwargs: object) -> None:
    """Drop everything kept (a test changed settings: languages, URLs or templates)."""
    _rendered.clear()
    _linked.clear()


setting_changed.connect(forget, dispatch_uid="core.templatetags.chrome.forget")


@register.simple_tag(takes_context=True)
def language_switcher(context: template.Context) -> SafeString:
    """The language switcher, rendered once a request: the header shows it on wide screens and
    the phone menu again (both the same HTML)."""
    request: HttpRequest | None = context.get("request")
    language = get_language()
    known: tuple[str, SafeString] | None = getattr(request, "_language_switcher", None)
    if known is not None and known[0] == language:
        return known[1]
    with context.push(oob=False):
        html = context.template.engine.get_template(  # type: ignore[union-attr]
            "includes/language_switcher.html"
        ).render(context)
    if request is not None:
        request._language_switcher = (language, html)  # type: ignore[attr-defined]
    return html
