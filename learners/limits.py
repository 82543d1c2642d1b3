"""Limits per client address (wrong device codes, new learner records), counted in the
database: every gunicorn worker and every server sees one count, where a local-memory cache
would give each worker a count of its own (10 tries a worker, not 10 in all). Each try is
counted before it is checked, in one atomic UPDATE, so tries sent at once cannot all slip
under the limit. An IPv6 client is counted by its /64, the block one home or phone gets."""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from core.http import client_ip
from learners.models import Tally

__all__ = ["address_of", "tally_add", "tally_prune"]


def address_of(request: HttpRequest) -> str:
    """The client's address as the limits count it (an IPv6 address by its /64)."""
    address = client_ip(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:45]
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)


def tally_add(name: str, request: HttpRequest, *, seconds: int, delta: int = 1) -> int:
    """Count ``delta`` more of ``name`` from the request's address in a window of ``seconds``
    (started by the first one); returns the count with this one."""
    key = f"{name}:{address_of(request)}"
    now = timezone.now()
    window = Tally.objects.filter(key=key, until__gt=now)
    with transaction.atomic():
        if not window.update(count=F("count") + delta):
            Tally.objects.filter(key=key, until__lte=now).delete()  # a window that ended
            try:
                with transaction.atomic():
                    Tally.objects.create(
                        key=key, count=delta, until=now + timedelta(seconds=seconds)
                    )
            except IntegrityError:  # another worker opened the window just now
                window.update(count=F("count") + delta)
        return window.values_list("count", flat=True).first() or 0


def tally_prune() -> None:
    """Delete the counts whose window has ended."""
    Tally.objects.filter(until__lte=timezone.now()).delete()
