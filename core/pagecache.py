"""Whole pages from Django's cache, for views whose answer is the same for everyone.

``@cache_shared_page(version=...)`` wraps a GET view whose page depends only on the URL, the
card-colour cookie and the content, whose version ``version()`` returns
(``rules.versioning.content_version``: any content change gives a new number on every
server). A page is kept in the ``pages`` cache (bounded: see settings.CACHES) under a key of
that version, the build (``build_id``: a hash of the code's files, so two checkouts of one
commit share their pages and a deploy never serves pages drawn by the old code), the
language, scheme, host, path and deck. Only a page without a query string is kept: ``?seed=``
and ``?theme=`` variants are rendered each time (nginx's proxy cache, bounded in bytes, may
keep them briefly), so a crawler cannot fill the cache with them.

A page is kept only when it is the same for everyone: a 200 that sets no cookie, reads no
session and renders no CSRF token (templates see ``request.page_cacheable`` and leave the
token out). It is kept gzipped and brotli-compressed (a fifth of its size), each answer in
the encoding the client accepts (plain for the rare client that takes neither). Answers
carry a strong ETag drawn from the page (304 for ``If-None-Match``), ``Vary: Cookie,
Accept-Encoding`` and ``Cache-Control: public, max-age=0, s-maxage=N``: browsers revalidate,
shared caches may keep the page N seconds (``settings.PAGE_CACHE_SHARED_MAX_AGE``).
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import re
from collections.abc import Callable
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypedDict

import brotli
from django.apps import apps
from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

__all__ = [
    "PAGE_CACHE_SECONDS",
    "accepted_encoding",
    "build_folders",
    "build_id",
    "cache_shared_page",
]

logger = logging.getLogger(__name__)

#: How long a page stays in the cache (a new content version or build replaces it sooner).
PAGE_CACHE_SECONDS = 60 * 60
#: A page larger than this (compressed) is served but not kept.
MAX_KEPT_BYTES = 256 * 1024
#: Headers the cache sets itself (or that belong to one answer only).
_KEPT_OUT = frozenset(
    (
        *("content-length", "content-encoding", "etag", "set-cookie", "cache-control", "vary"),
        *("expires", "last-modified", "date", "content-security-policy", "x-frame-options"),
    )
)
#: The project's checkout (the build's files are named relative to it).
_PROJECT = Path(__file__).resolve().parents[1]
#: Folders in the build's folders that shape no page: static files (pages name them through
#: the manifest, hashed whole), bytecode.
_NOT_BUILD = frozenset(("static", "__pycache__"))
#: Files outside those folders that shape pages: the pinned dependencies (Django's and the
#: libraries' templates and tags).
_BUILD_FILES = ("requirements/base.txt",)


class Entry(TypedDict):
    """A page as the cache keeps it."""

    headers: list[tuple[str, str]]
    vary: list[str]
    gzip: bytes
    br: bytes
    #: A hash of the plain body: the ETag, with the encoding.
    digest: str


type View = Callable[..., HttpResponseBase]


def build_folders() -> list[Path]:
    """The folders whose files shape a page, relative to the checkout: every app of the
    project's own in ``INSTALLED_APPS`` (so a new app needs no list kept; its ``content/``
    too, e.g. ``core/content/urls.yaml``, the URL words), the template folders and the
    catalogues."""
    folders = {Path(app.path) for app in apps.get_app_configs()}
    templates: list[dict[str, Any]] = settings.TEMPLATES
    folders.update(Path(folder) for engine in templates for folder in engine.get("DIRS", ()))
    folders.update(Path(folder) for folder in settings.LOCALE_PATHS)
    found = set()
    for folder in folders:
        path = folder.resolve()
        if path.is_relative_to(_PROJECT) and not {"site-packages", "dist-packages"} & set(
            path.parts
        ):
            found.add(path.relative_to(_PROJECT))
    return sorted(found)


@cache
def build_id() -> str:
    """The build, part of every page key (and of the rendered rule texts' keys): a hash of
    the contents (never the times) of every file in ``build_folders()`` outside static files,
    of the pinned dependencies and of the static files' manifest, so any change to what draws
    a page gives a new id, and two checkouts of one commit share one. ``settings.BUILD_ID``
    (``DJANGO_BUILD_ID``, say a commit id) is hashed with them: it can tell two builds apart,
    never hide a change."""
    base = Path(settings.BASE_DIR)
    digest = hashlib.sha256(f"{settings.BUILD_ID}\0".encode())
    files = [base / name for name in _BUILD_FILES]
    for folder in build_folders():
        files.extend(
            path
            for path in (base / folder).rglob("*")
            if not _NOT_BUILD & set(path.relative_to(base / folder).parts[:-1])
            and path.suffix != ".pyc"
        )
    for path in sorted(set(files)):
        if path.is_file():
            digest.update(f"{path.relative_to(base)}\0".encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.is_file():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


_QUALITY = re.compile(r"^\s*q\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$", re.IGNORECASE)


def accepted_encoding(header: str) -> str:
    """The best encoding an ``Accept-Encoding`` header allows: "br", "gzip" or "" (none).
    A token whose weight is 0 is refused; a weight that is not a number (``q=.``) makes the
    token count as not sent."""
    accepted: set[str] = set()
    for part in header.split(","):
        name, *params = part.split(";")
        weight = 1.0
        for param in params:
            if param.strip().lower().startswith("q"):
                match = _QUALITY.match(param)
                weight = float(match.group(1)) if match else 0.0
        if weight > 0:
            accepted.add(name.strip().lower())
    if "br" in accepted:
        return "br"
    if accepted & {"gzip", "*"}:
        return "gzip"
    return ""


def _key(request: HttpRequest, version: object) -> str:
    deck = request.COOKIES.get(settings.CARD_COLOURS_COOKIE) == "four"
    host = request.get_host().lower()
    raw = f"{build_id()}|{version}|{get_language()}|{request.scheme}|{host}|{request.path}|{deck}"
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


def _shareable(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether the answer is the same for everyone (a 200 that touched nothing personal)."""
    session = getattr(request, "session", None)
    cache_control = set(re.split(r"[\s,=]+", response.get("Cache-Control", "")))
    return (
        response.status_code == 200
        and isinstance(response, HttpResponse)
        and not response.streaming
        and not response.cookies
        and not response.has_header("Content-Encoding")
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not (session is not None and session.accessed)
        and not {"private", "no-store"} & cache_control
    )


def _entry(response: HttpResponse) -> Entry:
    body = response.content
    return {
        "headers": [(k, v) for k, v in response.items() if k.lower() not in _KEPT_OUT],
        "vary": [v.strip() for v in response.get("Vary", "").split(",") if v.strip()],
        # gzip 6 and brotli 5: within 5 % of their best sizes here, at a fifth of the time.
        "gzip": gzip.compress(body, compresslevel=6, mtime=0),
        "br": bytes(brotli.compress(body, quality=5)),
        "digest": hashlib.sha256(body).hexdigest()[:20],
    }


def _answer(request: HttpRequest, entry: Entry) -> HttpResponseBase:
    encoding = accepted_encoding(request.headers.get("Accept-Encoding", ""))
    body = entry[encoding] if encoding else gzip.decompress(entry["gzip"])  # type: ignore[literal-required]
    response = HttpResponse(body)
    for name, value in entry["headers"]:
        response[name] = value
    if encoding:
        response["Content-Encoding"] = encoding
    etag = f'"{entry["digest"]}{"-" + encoding if encoding else ""}"'
    response["ETag"] = etag
    patch_vary_headers(response, [*entry["vary"], "Cookie", "Accept-Encoding"])
    patch_cache_control(response, public=True, max_age=0, s_maxage=_shared_age())
    return get_conditional_response(request, etag=etag, response=response) or response


def _shared_age() -> int:
    return int(settings.PAGE_CACHE_SHARED_MAX_AGE)


def cache_shared_page(*, version: Callable[[], object]) -> Callable[[View], View]:
    """Serve the view's page whole from the cache (see the module's docstring)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD"):
                return view(request, *args, **kwargs)
            request.page_cacheable = True  # type: ignore[attr-defined]
            store, key, entry = caches["pages"], "", None
            if not request.GET:
                try:
                    key = _key(request, version())
                    entry = store.get(key)
                except Exception:  # the cache only saves time: never fail the page for it
                    logger.warning("page cache unavailable", exc_info=True)
            if entry is None:
                response = view(request, *args, **kwargs)
                if not _shareable(request, response):
                    return response
                if not key:  # a query variant: shared briefly by nginx at most, never kept
                    patch_vary_headers(response, ["Cookie"])
                    patch_cache_control(response, public=True, max_age=0, s_maxage=_shared_age())
                    return response
                assert isinstance(response, HttpResponse)
                entry = _entry(response)
                if len(entry["gzip"]) + len(entry["br"]) <= MAX_KEPT_BYTES:
                    try:
                        store.set(key, entry, PAGE_CACHE_SECONDS)
                    except Exception:
                        logger.warning("page cache unavailable", exc_info=True)
            return _answer(request, entry)

        return wrapped

    return decorator
