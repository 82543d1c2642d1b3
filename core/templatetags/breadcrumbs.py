"""``{% breadcrumbs url label url label ... current=label %}``: a page's breadcrumb trail.

One markup for every page (the ``nav`` landmark with its name, the ordered list, the page itself
marked ``aria-current``): pairs of address and label lead from the top down, and ``current`` is
the page itself, as plain text, or as a link when ``current_url`` is given. Labels are escaped.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def breadcrumbs(*trail: object, current: object = "", current_url: str = "") -> SafeString:
    if len(trail) % 2:
        raise template.TemplateSyntaxError(
            f"breadcrumbs takes pairs of address and label, not {len(trail)} values"
        )
    pairs = zip(trail[::2], trail[1::2], strict=True)
    links = format_html_join("", '<li><a href="{}">{}</a></li>', pairs)
    here = (
        format_html('<li><a href="{}" aria-current="page">{}</a></li>', current_url, current)
        if current_url
        else format_html('<li aria-current="page">{}</li>', current)
        if current
        else ""
    )
    return format_html(
        '<nav class="breadcrumbs" aria-label="{}"><ol>{}{}</ol></nav>',
        _("Breadcrumbs"),
        links,
        here,
    )
