"""Whole pages from the cache, compressed once, with ETags and the right Vary.

``@cache_page(version=...)`` wraps a GET view whose answer depends only on the URL (scheme,
host, language, path, query: a page's absolute links use them), the card-colour cookie, the
HTMX request header when ``vary_htmx`` is set, and the content, whose version ``version()``
returns (``rules.versioning.content_version``: any content change gives a new number, so
every server drops its pages at once). The key also holds
a fingerprint of the code, templates and catalogues of this build, so a deploy never serves
pages drawn by the old code from a shared cache.

A page is stored only when it is the same for everyone: a 200 that sets no cookie, reads no
session and renders no CSRF token (templates see ``request.page_cacheable`` and leave the token
out). Its CSP nonce is taken off the ``<script src>``/``<link>`` tags that carry it (they are
allowed by ``'self'`` anyway), so a stored page holds no per-request secret; a page with a
nonce anywhere else is not stored. The body is kept plain, gzipped and brotli-compressed, and
each answer picks the encoding the client accepts, so neither Django nor nginx compresses a
cached page again.

Answers carry a strong ETag (a 304 for ``If-None-Match``), ``Vary: Cookie, Accept-Encoding``
(plus ``HX-Request``) and ``Cache-Control: public, max-age=0, s-maxage=N``: browsers
revalidate every time (cheap: a 304), shared caches (a CDN, nginx) may keep the page N seconds
(``settings.PAGE_CACHE_SHARED_MAX_AGE``). The ETag is written as nginx writes its own for a
file, ``"<mtime>-<size>"`` in hex, with a stand-in modification time drawn from the page's
hash (``stamp``): the copies ``core.pagemirror`` writes for nginx carry that time, so a page
has one ETag whether Django or nginx answers, on every server.

``@shared_page()`` is for views whose GET answer is the same for everyone but not worth
keeping (a quiz question: one URL per seed, almost never asked twice): nothing is stored,
but the answer is prepared the same way (no nonce, no cookie, public for ``s-maxage``, an
ETag), so nginx's micro-cache and a CDN may keep it briefly.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import re
from collections.abc import Callable, Collection
from functools import cache, wraps
from pathlib import Path
from typing import Any, TypedDict

import brotli
from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.csp import LazyNonce
from django.utils.translation import get_language

__all__ = [
    "ENCODINGS",
    "PAGE_CACHE_SECONDS",
    "Entry",
    "cache_page",
    "code_fingerprint",
    "entry_etag",
    "shared_page",
]

logger = logging.getLogger(__name__)

#: How long a page stays in the cache (a new content version or build replaces it sooner).
PAGE_CACHE_SECONDS = 24 * 60 * 60
#: Query parameters a cached page may have; any other parameter bypasses the cache.
DEFAULT_QUERY = ("seed", "theme")

_KEPT_OUT = frozenset(
    name.lower()
    for name in (
        "Content-Length",
        "Content-Encoding",
        "ETag",
        "Set-Cookie",
        "Cache-Control",
        "Expires",
        "Last-Modified",
        "Date",
        "Vary",
        "Content-Security-Policy",
        "Content-Security-Policy-Report-Only",
        "X-Frame-Options",
    )
)


#: The encodings a page is kept in: "" (none), gzip, brotli.
ENCODINGS = ("", "gzip", "br")


class Entry(TypedDict):
    """A page as the cache keeps it (and ``core.pagemirror`` writes it out)."""

    status: int
    headers: list[tuple[str, str]]
    vary: list[str]
    #: The body in each encoding prepared so far ("" is the plain body, always there).
    bodies: dict[str, bytes]
    #: A stand-in modification time (seconds) drawn from the plain body: part of the ETag.
    stamp: int


type View = Callable[..., HttpResponseBase]


@cache
def code_fingerprint() -> str:
    """Changes with any Python file, template or compiled catalogue of the project, and with
    the static files manifest: part of every page key."""
    base = Path(settings.BASE_DIR)
    digest = hashlib.sha256()
    for folder in ("core", "rules", "tutorials", "learn", "search", "embeds", "site", "locale"):
        for path in sorted((base / folder).rglob("*")):
            if path.suffix in (".py", ".html", ".mo") and "/content/" not in str(path):
                stat = path.stat()
                digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}\n".encode())
    manifest = Path(settings.STATIC_ROOT) / "staticfiles.json"
    if manifest.is_file():
        digest.update(manifest.read_bytes())
    return digest.hexdigest()[:16]


def _accepted(request: HttpRequest) -> str:
    """The best encoding the client accepts: "br", "gzip" or "" (none)."""
    accepted: set[str] = set()
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _semicolon, params = part.strip().lower().partition(";")
        quality = re.search(r"q=([0-9.]+)", params)
        if quality is None or float(quality.group(1) or 0) > 0:
            accepted.add(name.strip())
    if "br" in accepted:
        return "br"
    if "gzip" in accepted or "*" in accepted:
        return "gzip"
    return ""


def _key(request: HttpRequest, version: object, *, vary_htmx: bool) -> str:
    colours = request.COOKIES.get(settings.CARD_COLOURS_COOKIE) == "four"
    htmx = vary_htmx and request.headers.get("HX-Request") == "true"
    query = sorted(request.GET.lists())
    raw = (
        f"{code_fingerprint()}|{version}|{get_language()}|{request.scheme}|{request.get_host()}|"
        f"{request.path}|{query!r}|{colours}|{htmx}"
    )
    return "page:" + hashlib.sha256(raw.encode()).hexdigest()


def _strip_nonce(request: HttpRequest, body: bytes) -> bytes | None:
    """``body`` without its CSP nonce; None if the nonce is used where ``'self'`` is not
    enough (an inline script or style), so the page cannot be shared."""
    lazy_nonce = getattr(request, "_csp_nonce", None)
    if not lazy_nonce:  # never generated: the page carries no nonce
        return body
    nonce = str(lazy_nonce).encode()
    attribute = b' nonce="' + nonce + b'"'

    def without(match: re.Match[bytes]) -> bytes:
        tag = match.group(0)
        if tag.startswith(b"<link") or (tag.startswith(b"<script") and b" src=" in tag):
            return tag.replace(attribute, b"")
        return tag

    stripped = re.sub(rb"<(?:script|link)\b[^>]*>", without, body)
    return None if nonce in stripped else stripped


def _storable(request: HttpRequest, response: HttpResponseBase) -> bytes | None:
    """The body to store, or None when the page is not the same for everyone."""
    if (
        response.status_code != 200
        or not isinstance(response, HttpResponse)
        or response.streaming
        or response.cookies
        or response.has_header("Content-Encoding")
        or request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
    ):
        return None
    session = getattr(request, "session", None)
    if session is not None and session.accessed:
        return None
    if "private" in response.get("Cache-Control", "") or "no-store" in response.get(
        "Cache-Control", ""
    ):
        return None
    return _strip_nonce(request, response.content)


def _compress(body: bytes, encoding: str) -> bytes:
    # gzip 6 and brotli 5: within 5 % of their best sizes here, at a fifth of the time (the
    # compression is part of every cold render).
    if encoding == "gzip":
        return gzip.compress(body, compresslevel=6, mtime=0)
    if encoding == "br":
        return bytes(brotli.compress(body, quality=5))
    return body


def _entry(response: HttpResponse, body: bytes, encodings: Collection[str] = ENCODINGS) -> Entry:
    headers = [(k, v) for k, v in response.items() if k.lower() not in _KEPT_OUT]
    vary = [v.strip() for v in response.get("Vary", "").split(",") if v.strip()]
    return {
        "status": response.status_code,
        "headers": headers,
        "vary": vary,
        "bodies": {encoding: _compress(body, encoding) for encoding in {"", *encodings}},
        "stamp": int.from_bytes(hashlib.sha256(body).digest()[:4], "big"),
    }


def entry_etag(entry: Entry, encoding: str) -> str:
    """The ETag of the page in one encoding: ``"<stamp>-<size>"`` in hex, as nginx writes the
    ETag of a file modified at ``stamp`` (``core.pagemirror`` sets that time on its files)."""
    return f'"{entry["stamp"]:x}-{len(entry["bodies"][encoding]):x}"'


def _answer(request: HttpRequest, entry: Entry, *, vary_htmx: bool) -> HttpResponseBase:
    encoding = _accepted(request)
    if encoding not in entry["bodies"]:
        entry["bodies"][encoding] = _compress(entry["bodies"][""], encoding)
    response = HttpResponse(entry["bodies"][encoding], status=entry["status"])
    for name, value in entry["headers"]:
        response[name] = value
    if encoding:
        response["Content-Encoding"] = encoding
    etag = entry_etag(entry, encoding)
    response["ETag"] = etag
    vary = [*entry["vary"], "Cookie", "Accept-Encoding"]
    if vary_htmx:
        vary.append("HX-Request")
    patch_vary_headers(response, vary)
    patch_cache_control(
        response, public=True, max_age=0, s_maxage=settings.PAGE_CACHE_SHARED_MAX_AGE
    )
    return get_conditional_response(request, etag=etag, response=response) or response


def _shared_entry(
    request: HttpRequest,
    response: HttpResponseBase,
    *,
    vary_htmx: bool,
    encodings: Collection[str] = ENCODINGS,
) -> Entry | None:
    """The view's answer as a page for everyone, or None when it is personal (it then goes out
    as it is, varied on ``HX-Request`` where the view answers htmx with a fragment)."""
    body = _storable(request, response)
    if body is None:
        if vary_htmx:
            patch_vary_headers(response, ["HX-Request"])
        return None
    assert isinstance(response, HttpResponse)
    if hasattr(request, "_csp_nonce"):
        # The shared page carries no nonce, so the policy names none either.
        request._csp_nonce = LazyNonce()
    return _entry(response, body, encodings)


def cache_page(
    *,
    version: Callable[[], object],
    vary_htmx: bool = False,
    query: Collection[str] = DEFAULT_QUERY,
) -> Callable[[View], View]:
    """Serve the view's page whole from the cache (see the module's docstring)."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD") or not set(request.GET) <= set(query):
                return view(request, *args, **kwargs)
            request.page_cacheable = True  # type: ignore[attr-defined]
            store = caches["default"]
            current = None
            try:
                current = version()
                key = _key(request, current, vary_htmx=vary_htmx)
                entry: Entry | None = store.get(key)
            except Exception:  # the cache only saves time: never fail the page for it
                logger.warning("page cache unavailable", exc_info=True)
                key, entry = "", None
            if entry is None:
                response = view(request, *args, **kwargs)
                entry = _shared_entry(request, response, vary_htmx=vary_htmx)
                if entry is None:
                    return response
                if key:
                    try:
                        store.set(key, entry, PAGE_CACHE_SECONDS)
                    except Exception:
                        logger.warning("page cache unavailable", exc_info=True)
            if key and not vary_htmx:
                # core.pagemirror may write it out for nginx once the response is complete.
                request.page_mirror = (entry, current)  # type: ignore[attr-defined]
            return _answer(request, entry, vary_htmx=vary_htmx)

        return wrapped

    return decorator


def shared_page() -> Callable[[View], View]:
    """Answer the view's GET as a page shared by everyone, without keeping it: see the
    module's docstring. A page that turns out personal (it set a cookie, read the session,
    rendered a CSRF token or a nonce where ``'self'`` is not enough) goes out as it is."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method not in ("GET", "HEAD") or request.GET:
                return view(request, *args, **kwargs)
            request.page_cacheable = True  # type: ignore[attr-defined]
            response = view(request, *args, **kwargs)
            # Compressed only in the encoding asked for: the entry is not kept.
            entry = _shared_entry(request, response, vary_htmx=False, encodings=())
            if entry is None:
                return response
            return _answer(request, entry, vary_htmx=False)

        return wrapped

    return decorator
