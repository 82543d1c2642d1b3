"""The practice table: a start page, and a hand whose whole state lives in its URL."""

from __future__ import annotations

import secrets

from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from core.http import HtmxHttpRequest, bad_request
from embeds.framing import allow_framing
from rules.engine import Action
from table import presenters
from table.play import (
    MAX_SEED,
    Setup,
    Stop,
    TableError,
    parse_move,
    parse_setup,
    replay,
)
from table.progress import hand_played

TEMPLATE = "table/hand.html"


def _setup_from(request: HtmxHttpRequest, game: str, profile: str, seed: str | int) -> Setup:
    return parse_setup(
        game=game,
        profile=profile,
        seed=seed,
        opponents=request.GET.get("opponents", "4"),
        coach=request.GET.get("coach", "on"),
    )


@require_GET
def start(request: HtmxHttpRequest) -> HttpResponse:
    """Choose a game, rules, opponents and the coach; then deal a new hand (a fresh seed)."""
    game = request.GET.get("game")
    if game:
        try:
            setup = _setup_from(
                request,
                game,
                request.GET.get("profile") or "robert",
                secrets.randbelow(MAX_SEED + 1),
            )
        except TableError as error:
            return bad_request(request, presenters.error_message(error))
        return HttpResponseRedirect(presenters.hand_url(setup))
    return render(request, "table/start.html", presenters.start_view())


@require_GET
def hand(request: HtmxHttpRequest, game: str, profile: str, seed: str) -> HttpResponse:
    """The hand the URL names, played up to the learner's next decision."""
    return _hand(request, game, profile, seed, embed=False)


@allow_framing
@require_GET
def hand_embed(request: HtmxHttpRequest, game: str, profile: str, seed: str) -> HttpResponse:
    """The same hand inside another site's frame: playable, recording nothing (a framed page
    gets no cookies)."""
    response = _hand(request, game, profile, seed, embed=True)
    patch_vary_headers(response, ["Cookie"])  # the card colours (embed_base.html)
    return response


def _hand(
    request: HtmxHttpRequest, game: str, profile: str, seed: str, *, embed: bool
) -> HttpResponse:
    moves: tuple[Action, ...] = ()
    asked = 0
    try:
        setup = _setup_from(request, game, profile, seed)
        raw_moves = request.GET.get("moves", "")
        moves = tuple(parse_move(token) for token in raw_moves.split(".")) if raw_moves else ()
        raw_asked = request.GET.get("asked", "0")
        if not (raw_asked.isascii() and raw_asked.isdigit() and len(raw_asked) <= 3):
            raise TableError(f"bad asked {raw_asked!r}", field="asked", value=raw_asked)
        asked = int(raw_asked)
        table = replay(setup, moves, asked)
    except TableError as error:
        context: dict[str, object] = {"embedded": embed}
        if error.field == "illegal":
            context.update(presenters.illegal_view(error, setup, moves, asked, embed=embed))
        message = presenters.error_message(error)
        values = {"message": message, "status": 400, **context}
        if request.htmx:  # swapped in place of the table, with the way back
            return render(request, "table/error.html#table", values, status=400)
        if embed:
            return render(request, "table/error_embed.html", values, status=400)
        return bad_request(request, message, page_template="table/error.html", context=context)
    if table.stop is Stop.OVER and not embed:
        # The hand's name, the same in every language: reloading it counts nothing.
        played = ".".join(str(move) for move in moves).replace(" ", "")
        hand_played(
            request,
            str(setup.game),
            f"{setup.game}:{setup.profile}:{setup.seed}:{setup.opponents}:{played}",
        )
    context = presenters.table_view(table, dict(request.GET.lists()), embed=embed)
    # htmx swaps just the table; restoring history after a cache miss needs the whole page.
    fragment = request.htmx and not (request.htmx.boosted or request.htmx.history_restore_request)
    page = "table/hand_embed.html" if embed else TEMPLATE
    template = f"{TEMPLATE}#table" if fragment else page
    if embed:
        context.update(
            theme="",
            canonical_url=context["page_url"],
            canonical_abs=request.build_absolute_uri(str(context["page_url"])),
        )
    response = render(request, template, context)
    patch_vary_headers(response, ["HX-Request"])
    return response
