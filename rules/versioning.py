"""The content version: a number that changes whenever the rule content changes, so that
every cached page (``core.pagecache``) keyed by it is dropped at once, on every server.

The number lives in the database (``ContentVersion``), where every process of every server
sees it. With a shared cache (Redis) it is also kept there, so a cached page costs no database
query; with the per-process local-memory cache each read goes to the database (one indexed
row), because another gunicorn worker's bump would never reach this worker's memory.

``content_version_bump()`` runs after ``post_save``/``post_delete`` of every rules model and at
the end of ``loadrules``; inside a transaction it waits for the commit (so no page rendered
from the old content is cached under the new number) and runs once per transaction.
"""

from __future__ import annotations

import contextlib
import logging

from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import DatabaseError, transaction
from django.db.models import F

from rules.models import ContentVersion

__all__ = ["content_version", "content_version_bump"]

logger = logging.getLogger(__name__)

CACHE_KEY = "rules:content-version"
_ROW = 1


def _shared_cache() -> bool:
    """Whether the default cache is seen by every process (not per-process memory)."""
    return not isinstance(caches["default"], LocMemCache)


def _stored() -> int:
    try:
        version = ContentVersion.objects.filter(pk=_ROW).values_list("version", flat=True).first()
    except DatabaseError:  # no table yet (before migrate): nothing is cached for long anyway
        logger.warning("content version unavailable", exc_info=True)
        return 0
    return version or 0


def content_version() -> int:
    """The current content version, as every server sees it."""
    if not _shared_cache():
        return _stored()
    cache = caches["default"]
    try:
        version = cache.get(CACHE_KEY)
    except Exception:  # an unreachable cache must not fail pages
        logger.warning("cache unavailable for the content version", exc_info=True)
        return _stored()
    if version is None:
        version = _stored()
        try:
            # add, not set: a bump that got in first keeps its (newer) number.
            cache.add(CACHE_KEY, version, timeout=None)
        except Exception:
            logger.warning("cache unavailable for the content version", exc_info=True)
    return int(version)


def _bump_now() -> None:
    updated = ContentVersion.objects.filter(pk=_ROW).update(version=F("version") + 1)
    if not updated:
        ContentVersion.objects.get_or_create(pk=_ROW, defaults={"version": 1})
    if _shared_cache():
        try:
            caches["default"].set(CACHE_KEY, _stored(), timeout=None)
        except Exception:
            # Readers would keep the old number: drop it so they read the database.
            logger.exception("could not publish the content version")
            with contextlib.suppress(Exception):
                caches["default"].delete(CACHE_KEY)


def content_version_bump() -> None:
    """A new content version, after the current transaction commits (now, outside one)."""
    connection = transaction.get_connection()
    if connection.in_atomic_block and any(
        func is _bump_now for _sids, func, _robust in connection.run_on_commit
    ):
        return  # already due when this transaction commits
    transaction.on_commit(_bump_now)
