"""Keep the search index in step with the rule content.

Any save or delete of a rules model schedules one rebuild for when its transaction commits, so a
``loadrules`` run (one transaction, hundreds of saves) or an admin save (one transaction) costs
one rebuild, and a rolled-back change costs none. After ``migrate`` an empty index over existing
content is built, so adding this app to a site that already has its content needs no extra step.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.models.signals import post_delete, post_migrate, post_save

logger = logging.getLogger(__name__)


def _rebuild_after_commit() -> None:
    from search.index import search_index_rebuild

    search_index_rebuild()


def index_schedule(*, using: str = DEFAULT_DB_ALIAS) -> None:
    """Rebuild the index when the current transaction commits (now, outside a transaction);
    at most once per transaction."""
    connection = connections[using]
    if connection.in_atomic_block and any(
        entry[1] is _rebuild_after_commit for entry in connection.run_on_commit
    ):
        return
    # robust: a failed rebuild is logged, and never turns a committed admin save into an error.
    transaction.on_commit(_rebuild_after_commit, using=using, robust=True)


def _content_changed(sender: type, using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    if kwargs.get("raw"):
        return  # loaddata: the fixture's own rows, rebuilt once by post_migrate or the command
    index_schedule(using=using)


def _after_migrate(using: str = DEFAULT_DB_ALIAS, **kwargs: Any) -> None:
    from rules.models import Step
    from search.models import SearchEntry

    try:
        if not SearchEntry.objects.using(using).exists() and Step.objects.using(using).exists():
            from search.index import search_index_rebuild

            search_index_rebuild()
    except Exception:  # a partial migrate (search's tables not there yet) must not fail
        logger.warning("search index not built after migrate", exc_info=True)


def connect() -> None:
    from rules.models import Difference, GlossaryTerm, Page, Section, Step

    for model in (Page, Section, Step, GlossaryTerm, Difference):
        name = model.__name__
        post_save.connect(_content_changed, sender=model, dispatch_uid=f"search-save-{name}")
        post_delete.connect(_content_changed, sender=model, dispatch_uid=f"search-del-{name}")
    post_migrate.connect(_after_migrate, dispatch_uid="search-after-migrate")
