"""URLs in the reader's language: route words and slugs from ``core/content/urls.yaml``.

Code, templates and the database keep one English id for every page (``who-brings-in``); only
the URL is translated, at the edge: ``route("rules/glossary/")`` is a route whose words follow
the active language (``regler/ordlista/`` in Swedish), and the path converters below turn the
English id into the reader's slug in ``reverse()`` and back in ``resolve()``. A word the
vocabulary lacks reads the same in every language; a translated word's English spelling does
not resolve under another language (``core.middleware`` answers it with a 301 to the new
address). A slug that was renamed is kept under ``former:`` in the vocabulary, and its old
address answers 301 with the new one too.

>>> local_word("words", "rules", "fi")
'saannot'
>>> english_word("words", "saannot", "fi")
'rules'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any, cast

import yaml
from django.conf import settings
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
)
from django.urls import NoReverseMatch, Resolver404, register_converter, resolve, reverse
from django.utils.functional import lazy
from django.utils.translation import get_language, get_language_from_path, override

__all__ = [
    "VOCABULARY",
    "english_word",
    "legacy_path",
    "local_word",
    "moved_permanently",
    "route",
]

VOCABULARY = Path(__file__).resolve().parent / "content" / "urls.yaml"
SECTIONS = ("words", "levels", "kinds", "examples", "content")
#: The vocabulary's section of renamed slugs: section -> English word -> language -> old slugs.
FORMER = "former"
_SLUG = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


@cache
def _vocabulary() -> Mapping[str, Mapping[str, Mapping[str, str]]]:
    """section -> English word -> language -> the word in that language (validated once), and
    under ``FORMER`` language -> a renamed slug -> the slugs now in its place."""
    data = yaml.safe_load(VOCABULARY.read_text(encoding="utf-8")) or {}
    former = data.pop(FORMER, None) or {}
    for section, entries in data.items():
        if section not in SECTIONS:
            raise ValueError(f"{VOCABULARY.name}: unknown section {section!r}")
        seen: dict[tuple[str, str], str] = {}
        for english, words in entries.items():
            for language, word in words.items():
                if not _SLUG.fullmatch(word):
                    raise ValueError(f"{VOCABULARY.name}: {section}.{english}.{language}: {word!r}")
                other = seen.setdefault((language, word), english)
                if other != english:
                    raise ValueError(
                        f"{VOCABULARY.name}: {section}: {other!r} and {english!r} are both "
                        f"{word!r} in {language}"
                    )
    data[FORMER] = _renamed(data, former)
    return data


def _renamed(
    data: Mapping[str, Mapping[str, Mapping[str, str]]], former: Mapping[str, Any]
) -> dict[str, dict[str, frozenset[str]]]:
    """The ``former`` slugs by language: an old slug must stand for a word the section has in
    that language, and no page of the language may use it now."""
    in_use = {
        (language, word)
        for entries in data.values()
        for words in entries.values()
        for language, word in words.items()
    }
    renamed: dict[str, dict[str, set[str]]] = {}
    for section, entries in former.items():
        for english, languages in entries.items():
            for language, olds in languages.items():
                where = f"{VOCABULARY.name}: {FORMER}.{section}.{english}.{language}"
                new = data.get(section, {}).get(english, {}).get(language)
                if new is None:
                    raise ValueError(f"{where}: no {section}.{english}.{language} to rename")
                for old in [olds] if isinstance(olds, str) else olds:
                    if not _SLUG.fullmatch(old) or (language, old) in in_use:
                        raise ValueError(f"{where}: {old!r} is no free slug")
                    renamed.setdefault(language, {}).setdefault(old, set()).add(new)
    return {
        language: {old: frozenset(new) for old, new in olds.items()}
        for language, olds in renamed.items()
    }


@cache
def _english(section: str, language: str) -> Mapping[str, str]:
    return {
        words[language]: english
        for english, words in _vocabulary().get(section, {}).items()
        if language in words
    }


def local_word(section: str, english: str, language: str | None) -> str:
    """``english`` as the reader of ``language`` sees it in a URL."""
    words = _vocabulary().get(section, {}).get(english, {})
    return words.get(language or "", english)


def english_word(section: str, word: str, language: str | None) -> str | None:
    """The English id a URL word of ``language`` stands for; ``None`` if it stands for none."""
    english = _english(section, language or "").get(word)
    if english is not None:
        return english
    # An English word without a translation in this language reads the same in every language.
    words = _vocabulary().get(section, {}).get(word)
    if words is None or language == "en" or language not in words:
        return word
    return None


def _route(english: str) -> str:
    language = get_language()
    return "".join(
        part if part.startswith("<") or not part.strip("/") else local_word("words", part, language)
        for part in re.split(r"(<[^>]+>|/)", english)
    )


_lazy_route = lazy(_route, str)


def route(english: str) -> str:
    """A URL route whose literal words follow the active language (``rules/<slug>/``)."""
    return _lazy_route(english)


class _WordConverter:
    """A path part that is an English id inside the site and the reader's word in the URL."""

    regex = "[^/]+"
    section = "content"

    def to_python(self, value: str) -> str:
        english = english_word(self.section, value, get_language())
        if english is None:
            raise ValueError(value)
        return english

    def to_url(self, value: str) -> str:
        return local_word(self.section, str(value), get_language())


class ContentSlug(_WordConverter):
    section = "content"


class KindSlug(_WordConverter):
    section = "kinds"


class LevelWord(_WordConverter):
    section = "levels"


class ExampleSlug(_WordConverter):
    section = "examples"


# ``<content:…>`` rule pages, sections, steps and glossary terms; ``<kind:…>`` quiz kinds;
# ``<level:…>`` quiz levels; ``<example:…>`` worked examples. Registered on import: every
# urls.py that uses them imports ``route`` from here first.
register_converter(ContentSlug, "content")
register_converter(KindSlug, "kind")
register_converter(LevelWord, "level")
register_converter(ExampleSlug, "example")


def legacy_path(path: str) -> str | None:
    """The address that replaced ``path`` when ``path`` is an old one (English words and slugs
    under another language's prefix, as every page was before URLs were translated, or a slug
    renamed since: ``former`` in the vocabulary), else None.

    >>> legacy_path("/fi/rules/glossary/")
    '/fi/saannot/sanasto/'
    >>> legacy_path("/sv/kurs/stud/vem-tar-bring-in/")
    '/sv/kurs/stud/vem-lagger-bring-in/'
    """
    language = get_language_from_path(path)
    if language is None or language == settings.LANGUAGE_CODE:
        return None
    return _english_page_in(
        f"/{settings.LANGUAGE_CODE}/{path.removeprefix(f'/{language}/')}", language, path
    ) or _renamed_page(path, language)


def _renamed_page(path: str, language: str) -> str | None:
    """``path`` with its renamed slugs in their new spelling, if that is a page of ``language``."""
    former = cast(Mapping[str, Mapping[str, frozenset[str]]], _vocabulary()[FORMER])
    renamed = former.get(language, {})
    parts = path.split("/")
    if not any(part in renamed for part in parts):
        return None
    choices = [sorted(renamed.get(part, ())) or [part] for part in parts]
    with override(language):
        for candidate in product(*choices):
            new = "/".join(candidate)
            try:
                resolve(new)
            except Resolver404:
                continue
            return new
    return None


def _english_page_in(english_path: str, language: str, path: str) -> str | None:
    """The page at ``english_path`` (an English address) at its address in ``language``."""
    with override(settings.LANGUAGE_CODE):
        try:
            match = resolve(english_path)
        except Resolver404:
            return None
    with override(language):
        try:
            new = reverse(match.view_name, args=match.args, kwargs=match.kwargs)
        except NoReverseMatch:
            return None
    return new if new != path else None


def moved_permanently(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[..., Any]:
    """Middleware: a page not found at an old address answers 301 with its new one; an address
    without a language prefix (the x-default of hreflang) 302 to the page in the reader's
    language, as Django's LocaleMiddleware does for pages whose words are the same in all."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if response.status_code != 404 or request.method not in ("GET", "HEAD"):
            return response
        path = request.path_info
        query = request.META.get("QUERY_STRING", "")
        if get_language_from_path(path) is None:
            new = _english_page_in(f"/{settings.LANGUAGE_CODE}{path}", get_language(), path)
            redirect: type[HttpResponse] = HttpResponseRedirect
        else:
            new, redirect = legacy_path(path), HttpResponsePermanentRedirect
        if new is None:
            return response
        return redirect(f"{new}?{query}" if query else new)

    return middleware
