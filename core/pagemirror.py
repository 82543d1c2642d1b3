"""Cached pages written out as files, for nginx to serve as it serves static files.

A page in Django's page cache (``core.pagecache``) still costs nginx a proxy-cache lookup on
every request: a key, a shared-memory search, a file whose stored headers are parsed again.
Measured with wrk on this project's 2-core machine that is about 0.75 times the requests per
second of a static file through the same nginx; the same page as a plain file is as fast as
the stylesheet. So with ``settings.PAGE_MIRROR_ROOT`` set (``make serve`` sets it), each page
the cache holds is also written out, once per content version, as ``index.html`` with its
``.gz`` and ``.br`` twins, and nginx's ``try_files`` answers from them (sendfile, its
``gzip_static``/``brotli_static`` picking the encoding) before it asks Django.

Layout: ``ROOT/<generation>/<scheme>/<host>/<two|four>/<path>/index.html``. The generation
is drawn from the build (``code_fingerprint``) and the content version; ``ROOT/current`` is a
symlink to the generation being served, moved only by the keeper (``manage.py pagemirror``,
which ``make serve`` runs beside gunicorn and nginx). The keeper reads the content version
four times a second, as every server sees it, so a content change reaches nginx within about
a second and a half (its poll, plus the second nginx keeps an open file), on every server;
pages rendered from the old content land in the old generation's folder, never in the new.

A file keeps Django's answer exactly: the same bytes, and the same headers because nginx adds
``shared_headers()`` to the files it serves (``nginx_config()`` writes those lines into its
configuration) and a page is written only if Django's answer carried exactly those. Its
modification time is the page's ``stamp``, so nginx's ETag (``"<mtime>-<size>"``) is the one
Django gives the page. Only plain GET requests are answered from files (no query, no htmx),
and only pages of the page cache are written: their number is bounded by the content.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import secrets
import shutil
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponseBase
from django.utils.csp import build_policy

from core.pagecache import ENCODINGS, Entry, code_fingerprint

__all__ = [
    "generation",
    "keep",
    "mirror_path",
    "mirror_response",
    "nginx_config",
    "publish",
    "shared_headers",
]

logger = logging.getLogger(__name__)

#: How often the keeper reads the content version (seconds).
POLL_SECONDS = 0.25
#: Generations other than the current one are deleted once untouched this long (seconds).
SWEEP_AFTER_SECONDS = 30

# Paths and hosts that are safe as folder names and that nginx spells the same way ($uri,
# $http_host): no empty, "." or ".." segment, nothing a shell or nginx would read specially.
_SAFE_PATH = re.compile(r"/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*/)+")
_SAFE_HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")
# Headers each file gets from nginx itself rather than from shared_headers().
_PER_FILE = frozenset(
    ("content-type", "content-length", "content-encoding", "etag", "vary", "content-language")
)
_FILES = (("br", "index.html.br"), ("gzip", "index.html.gz"), ("", "index.html"))


def generation(version: object) -> str:
    """The folder of one build's pages at one content version."""
    return hashlib.sha256(f"{code_fingerprint()}|{version}".encode()).hexdigest()[:16]


def shared_headers(*, secure: bool) -> dict[str, str]:
    """The headers Django's middleware gives every page shared by everyone (no nonce), besides
    the per-file ones: what nginx adds to the files it serves. ``secure``: the request came
    over HTTPS (HSTS is sent only then)."""
    headers = {
        "Cache-Control": f"public, max-age=0, s-maxage={settings.PAGE_CACHE_SHARED_MAX_AGE}",
        "X-Frame-Options": settings.X_FRAME_OPTIONS,
    }
    if settings.SECURE_CSP:
        policy: Any = settings.SECURE_CSP
        headers["Content-Security-Policy"] = build_policy(policy)
    if settings.SECURE_CSP_REPORT_ONLY:
        headers["Content-Security-Policy-Report-Only"] = build_policy(
            settings.SECURE_CSP_REPORT_ONLY
        )
    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        headers["X-Content-Type-Options"] = "nosniff"
    referrer = settings.SECURE_REFERRER_POLICY
    if referrer:
        if not isinstance(referrer, str):
            referrer = ",".join(referrer)
        headers["Referrer-Policy"] = referrer
    if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        headers["Cross-Origin-Opener-Policy"] = settings.SECURE_CROSS_ORIGIN_OPENER_POLICY
    if secure and settings.SECURE_HSTS_SECONDS:
        value = f"max-age={settings.SECURE_HSTS_SECONDS}"
        if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
            value += "; includeSubDomains"
        if settings.SECURE_HSTS_PRELOAD:
            value += "; preload"
        headers["Strict-Transport-Security"] = value
    return headers


def _nginx_quoted(value: str) -> str:
    if any(char in value for char in '"$\\\n\r'):
        raise ValueError(f"cannot write {value!r} into nginx's configuration")
    return f'"{value}"'


def nginx_config(indent: str = "            ") -> dict[str, str]:
    """What nginx.conf needs to serve the files as Django would: the ``add_header`` lines
    (``shared_headers()``, HSTS through ``$page_hsts``, no ``Last-Modified``: the file's time is
    a stand-in) and the HSTS value nginx sends when the request came over HTTPS."""
    lines = [
        f"add_header {name} {_nginx_quoted(value)};"
        for name, value in shared_headers(secure=False).items()
    ]
    lines += ["add_header Strict-Transport-Security $page_hsts;", 'add_header Last-Modified "";']
    hsts = shared_headers(secure=True).get("Strict-Transport-Security", "")
    return {
        "MIRROR_HEADERS": "\n".join(indent + line for line in lines),
        "MIRROR_HSTS": _nginx_quoted(hsts),
    }


def mirror_path(request: HttpRequest) -> Path | None:
    """Where the request's page goes under the generation folder, or None when nginx would
    never look for it there (not a plain GET, an unsafe name)."""
    if request.method not in ("GET", "HEAD") or request.META.get("QUERY_STRING"):
        return None
    if "HX-Request" in request.headers or request.scheme not in ("http", "https"):
        return None
    path, host = request.path, request.get_host()
    if not _SAFE_PATH.fullmatch(path) or not _SAFE_HOST.fullmatch(host):
        return None
    colours = "four" if request.COOKIES.get(settings.CARD_COLOURS_COOKIE) == "four" else "two"
    return Path(request.scheme, host, colours, path.strip("/"))


def _headers_match(request: HttpRequest, response: HttpResponseBase) -> bool:
    """Whether nginx would send the headers Django sent with this page."""
    language = request.path.split("/")[1]
    if response.get("Content-Type") != "text/html; charset=utf-8":
        return False
    if response.get("Content-Language") != language:
        return False
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",")}
    if vary != {"cookie", "accept-encoding"}:
        return False
    others = {name.lower(): value for name, value in response.items()}
    for name in _PER_FILE:
        others.pop(name, None)
    shared = shared_headers(secure=request.is_secure())
    expected = {name.lower(): value for name, value in shared.items()}
    return others == expected


def publish(folder: Path, entry: Entry) -> bool:
    """Write a page's three files into ``folder`` (atomically each, the plain one last, since
    nginx looks for it); False if it was there already."""
    target = folder / "index.html"
    if target.exists():
        return False
    folder.mkdir(parents=True, exist_ok=True)
    stamp = entry["stamp"]
    for encoding, name in _FILES:
        temporary = folder / f".{name}.{os.getpid()}.{secrets.token_hex(4)}"
        try:
            temporary.write_bytes(entry["bodies"][encoding])
            os.utime(temporary, (stamp, stamp))
            os.replace(temporary, folder / name)
        finally:
            temporary.unlink(missing_ok=True)  # left only if something failed
    return True


def mirror_response(request: HttpRequest, response: HttpResponseBase) -> None:
    """After the whole middleware stack: write the page out if the page cache answered it
    and nginx may serve it as a file. Never fails the response."""
    recorded = getattr(request, "page_mirror", None)
    root = settings.PAGE_MIRROR_ROOT
    if not recorded or not root or response.status_code != 200 or response.cookies:
        return
    entry, version = recorded
    relative = mirror_path(request)
    if relative is None or not _headers_match(request, response):
        return
    if not set(ENCODINGS) <= set(entry["bodies"]):
        return
    try:
        publish(Path(root) / generation(version) / relative, entry)
    except OSError:
        logger.warning("could not write %s to the page mirror", request.path, exc_info=True)


def _point(root: Path, name: str) -> None:
    """Move ``root/current`` to the generation ``name`` in one step (rename over it)."""
    (root / name).mkdir(parents=True, exist_ok=True)
    link = root / f".current.{os.getpid()}"
    link.unlink(missing_ok=True)
    link.symlink_to(name)
    os.replace(link, root / "current")


def _sweep(root: Path, current: str) -> None:
    """Delete the generations no longer served, once nothing has been written to them for a
    while (a slow render may still be writing its page into one)."""
    cutoff = time.time() - SWEEP_AFTER_SECONDS
    for child in root.iterdir():
        if child.name in (current, "current") or child.name.startswith(".") or child.is_symlink():
            continue
        try:
            if child.is_dir() and child.stat().st_mtime < cutoff:
                shutil.rmtree(child, ignore_errors=True)
        except OSError:
            continue


def keep(
    root: Path,
    *,
    stop: threading.Event,
    poll: float = POLL_SECONDS,
    on_change: Callable[[str], object] | None = None,
) -> None:
    """Keep ``root/current`` on the current generation until ``stop`` is set."""
    from rules.versioning import content_version

    root.mkdir(parents=True, exist_ok=True)
    shown = ""
    swept = 0.0
    while not stop.is_set():
        try:
            close_old_connections()
            name = generation(content_version())
            if name != shown:
                _point(root, name)
                if shown:
                    logger.info("page mirror: generation %s (content changed)", name)
                shown = name
                if on_change is not None:
                    on_change(name)
            if time.monotonic() - swept > 5:
                _sweep(root, shown)
                swept = time.monotonic()
        except Exception:  # keep watching: a database hiccup must not stop the keeper
            logger.exception("page mirror keeper")
        stop.wait(poll)
