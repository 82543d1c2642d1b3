"""The rules reference: thin views over ``services`` and ``examples``."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from core.http import HtmxHttpRequest, bad_request
from core.pagecache import cache_shared_page
from rules import services
from rules.examples import EXAMPLE_KINDS
from rules.forms import ExampleQueryForm, SeedForm, query_error
from rules.versioning import content_version

# Rule pages are the same for everyone: served whole from the cache until the content changes.
cached = cache_shared_page(version=content_version)


@require_GET
@cached
def rules_index(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rules/rules_index.html", services.index_context())


@require_GET
@cached
def page_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    query = SeedForm(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    seed = query.cleaned_data["seed"]
    context = services.page_context(slug=slug, seed=seed, base_url=request.path)
    return render(request, "rules/page_detail.html", context)


@require_GET
@cached
def section_detail(request: HtmxHttpRequest, page: str, section: str) -> HttpResponse:
    query = SeedForm(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    seed = query.cleaned_data["seed"]
    context = services.section_context(page=page, section=section, seed=seed, base_url=request.path)
    return render(request, "rules/section_detail.html", context)


@require_GET
@cached
def step_detail(request: HtmxHttpRequest, page: str, section: str, step: str) -> HttpResponse:
    query = SeedForm(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    seed = query.cleaned_data["seed"]
    context = services.step_context(
        page=page, section=section, step=step, seed=seed, base_url=request.path
    )
    return render(request, "rules/step_detail.html", context)


@require_GET
@cached
def glossary(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rules/glossary_list.html", services.glossary_context())


@require_GET
@cached
def term_detail(request: HtmxHttpRequest, slug: str) -> HttpResponse:
    return render(request, "rules/term_detail.html", services.term_context(slug=slug))


@require_GET
@cached
def differences(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "rules/differences_list.html", services.differences_context())


@require_GET
def example_detail(request: HtmxHttpRequest, kind: str) -> HttpResponse:
    """One worked example; the HTMX "deal another" swaps in its ``example`` partial."""
    if kind not in EXAMPLE_KINDS:
        raise Http404(kind)
    query = ExampleQueryForm(request.GET)
    if not query.is_valid():
        return bad_request(request, query_error(query))
    seed, game, level = (query.cleaned_data[name] for name in ("seed", "game", "level"))
    base_url = request.path
    if request.htmx and request.htmx.current_url_abs_path:
        base_url = services.example_base_url(request.htmx.current_url_abs_path, fallback=base_url)
    box = services.example_box(kind=kind, game=game, seed=seed, base_url=base_url, level=level)
    if box is None:
        raise Http404(kind)
    template = "rules/example_detail.html"
    if request.htmx:
        template += "#example"
    # "Show the answer" asks again with ``reveal=1``: only then is the answer in the HTML.
    revealed = request.GET.get("reveal") == "1"
    response = render(request, template, {"box": box, "revealed": revealed})
    patch_vary_headers(response, ("HX-Request", "HX-Current-URL"))
    return response
