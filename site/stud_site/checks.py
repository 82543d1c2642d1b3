"""`manage.py check --deploy`: HTTPS behind a proxy that terminates TLS is one setting,
DJANGO_SECURE_PROXY_SSL_HEADER (README, "Production"). Without it nothing tells Django that a
request came over HTTPS: HSTS, although set, is never sent, links say http://, and
SECURE_SSL_REDIRECT redirects every request to itself. Django's own checks see none of this."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.apps import AppConfig
from django.conf import settings
from django.core.checks import CheckMessage, Tags, register
from django.core.checks import Warning as CheckWarning

HINT = (
    "Behind a TLS-terminating proxy (a load balancer in front of make serve, a platform's "
    "router in front of gunicorn) set DJANGO_SECURE_PROXY_SSL_HEADER=true; set it to false "
    "only when TLS reaches Django itself."
)


@register(Tags.security, deploy=True)
def check_tls_proxy(
    app_configs: Sequence[AppConfig] | None = None,
    databases: Sequence[str] | None = None,
    **kwargs: Any,
) -> list[CheckMessage]:
    if settings.DEBUG:
        return []
    behind_proxy = getattr(settings, "BEHIND_TLS_PROXY", None)
    trusts_header = getattr(settings, "SECURE_PROXY_SSL_HEADER", None) is not None
    found: list[CheckMessage] = []
    if behind_proxy is None and not trusts_header:
        found.append(
            CheckWarning(
                "Django is not told whether a proxy that terminates TLS is in front of it. "
                "Behind one, no request looks like HTTPS: HSTS is never sent and links, "
                "previews and device-code addresses say http://.",
                hint=HINT,
                id="stud_site.W001",
            )
        )
    if trusts_header and settings.SECURE_HSTS_SECONDS == 0:
        found.append(
            CheckWarning(
                "Behind a TLS proxy with HSTS off: a browser may still be sent to the http:// "
                "address, where it can be intercepted.",
                hint="Unset DJANGO_HSTS_SECONDS (a year) or give it a number of seconds.",
                id="stud_site.W002",
            )
        )
    if settings.SECURE_SSL_REDIRECT and behind_proxy is not False and not trusts_header:
        found.append(
            CheckWarning(
                "SECURE_SSL_REDIRECT is on but the proxy's X-Forwarded-Proto is not trusted: "
                "behind a TLS proxy every request is redirected to its own address, endlessly.",
                hint=HINT,
                id="stud_site.W003",
            )
        )
    return found
