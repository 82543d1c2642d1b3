"""Per-view exceptions to the site's framing policy.

Every page refuses to be framed (``X-Frame-Options: DENY`` and CSP ``frame-ancestors 'none'``,
both from settings). Embed views are the one exception: wrap them in :func:`allow_framing`::

    from embeds.framing import allow_framing

    @allow_framing
    @require_GET
    def step_embed(request, ...): ...

It is Django's own ``@xframe_options_exempt`` and ``@csp_override`` with the site's policy
(``SECURE_CSP``, read when the view is decorated) but ``frame-ancestors``: the rest of the
Content-Security-Policy (nonces, no inline code) still applies to them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast, overload

from django.conf import settings
from django.http import HttpResponseBase
from django.views.decorators.clickjacking import xframe_options_exempt
from django.views.decorators.csp import csp_override

type View = Callable[..., HttpResponseBase]

__all__ = ["allow_framing", "policy_with"]


def policy_with(**directives: Sequence[str]) -> dict[str, list[str]]:
    """The site's CSP (``SECURE_CSP``) with some directives replaced.

    Keyword names use underscores for hyphens: ``policy_with(frame_ancestors=["*"])``.
    """
    configured = cast(dict[str, Sequence[str]], settings.SECURE_CSP)
    policy = {name: list(values) for name, values in configured.items()}
    for name, values in directives.items():
        policy[name.replace("_", "-")] = list(values)
    return policy


@overload
def allow_framing(view: View, /) -> View: ...
@overload
def allow_framing(*, ancestors: Sequence[str] = ...) -> Callable[[View], View]: ...
def allow_framing(
    view: View | None = None, /, *, ancestors: Sequence[str] = ("*",)
) -> View | Callable[[View], View]:
    """Let other sites frame this view: drop X-Frame-Options and set CSP ``frame-ancestors``.

    Use bare (``@allow_framing``: any site may frame it) or with the allowed ancestors
    (``@allow_framing(ancestors=["https://example.org"])``).
    """

    def decorator(view_func: View) -> View:
        policy = policy_with(frame_ancestors=ancestors)
        return csp_override(policy)(xframe_options_exempt(view_func))

    if view is not None:
        return decorator(view)
    return decorator
