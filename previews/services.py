"""Link previews: what a shared page shows in chat apps and social sites.

``preview_meta`` gives a page's canonical URL, Open Graph locale and alternates and the address of
its og:image; ``preview_image`` draws that image, a 1200×630 PNG made from the page's own title
and example cards (a rule text's first ``[As Kd 7c]``, a quiz kind's sample question), readable
as a thumbnail. Images are drawn once per content and language and kept in Django's cache (the
key holds everything drawn, so an edited title draws a new image and nothing stale is served).
"""

from __future__ import annotations

import hashlib
import io
import logging
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.http import Http404, HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.translation import get_language, gettext, pgettext

from rules.engine import Card, Suit, parse_cards

__all__ = ["OG_LOCALES", "Preview", "preview_find", "preview_image", "preview_meta"]

logger = logging.getLogger(__name__)

WIDTH, HEIGHT = 1200, 630
#: Bump to redraw every cached image after changing the drawing.
_DRAWING_VERSION = "2"
OG_LOCALES = {"sv": "sv_SE", "da": "da_DK", "fi": "fi_FI", "en": "en_GB"}
_CARDS_IN_TEXT = re.compile(r"\[([^\[\]]+)\]")
_DEFAULT_CARDS = "As Kh 7d 4c 2s"
_FONT_DIRS = (
    Path("/usr/share/fonts/truetype/dejavu"),
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts"),
)

# Colours of the site (site.css): felt, gold, card faces.
_FELT = (14, 90, 72)
_FELT_DARK = (9, 62, 50)
_GOLD = (201, 162, 39)
_TEXT = (244, 247, 245)
_CARD_FACE = (255, 255, 255)
_CARD_BORDER = (138, 143, 152)
_RED = (179, 0, 27)
_BLACK = (22, 24, 29)


@dataclass(frozen=True, slots=True)
class Preview:
    """What one page's image shows."""

    title: str
    context: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PreviewMeta:
    url: str
    locale: str
    alternates: tuple[str, ...]
    image: str


# --------------------------------------------------------------------------------------------
# Which image a page has


def _image_route(request: HttpRequest) -> tuple[str, str]:
    match = request.resolver_match
    name = match.view_name if match else ""
    kwargs: Mapping[str, Any] = match.kwargs if match else {}
    if name == "rules:page-detail":
        return "page", kwargs["slug"]
    if name == "rules:section-detail":
        return "section", f"{kwargs['page']}/{kwargs['section']}"
    if name == "rules:step-detail":
        return "step", f"{kwargs['page']}/{kwargs['section']}/{kwargs['step']}"
    if name == "rules:term-detail":
        return "term", kwargs["slug"]
    if name in ("practice:kind", "practice:question"):
        return "quiz", kwargs["kind"]
    return "site", "stud-rules"


def preview_meta(request: HttpRequest, *, address: str | None = None) -> PreviewMeta:
    """The Open Graph facts of the page ``request`` asks for (absolute URLs); ``address`` is
    the page's own URL when its path alone is not one (a page chosen by its query string)."""
    language = get_language() or settings.LANGUAGE_CODE
    kind, key = _image_route(request)
    try:
        image = reverse("previews:og-image", kwargs={"kind": kind, "key": key})
    except NoReverseMatch:  # a key no page has (a newline in a 404's path): the site's image
        image = reverse("previews:og-image", kwargs={"kind": "site", "key": "stud-rules"})
    return PreviewMeta(
        url=request.build_absolute_uri(address or request.path),
        locale=OG_LOCALES.get(language, "en_GB"),
        alternates=tuple(code for lang, code in OG_LOCALES.items() if lang != language),
        image=request.build_absolute_uri(image),
    )


# --------------------------------------------------------------------------------------------
# What an image shows


def _cards_in(texts: Iterable[str | None]) -> tuple[Card, ...]:
    """The cards of the first ``[...]`` list in ``texts`` with three or more cards (a hand
    reads better than one card), else of the first list at all."""
    first: tuple[Card, ...] = ()
    for text in texts:
        for match in _CARDS_IN_TEXT.finditer(text or ""):
            try:
                cards = tuple(parse_cards(match.group(1), distinct=False)[:7])
            except ValueError:
                continue
            if len(cards) >= 3:
                return cards
            first = first or cards
    return first


def _cards_of(value: object, found: list[Card], seen: set[int]) -> None:
    if len(found) >= 7 or id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Card):
        if value not in found:
            found.append(value)
    elif isinstance(value, Mapping):
        for item in value.values():
            _cards_of(item, found, seen)
    elif isinstance(value, (list, tuple, frozenset, set)):
        for item in value:
            _cards_of(item, found, seen)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            _cards_of(getattr(value, name, None), found, seen)


def _quiz_preview(slug: str) -> Preview:
    from practice.kinds import KINDS
    from practice.quiz import Level, QuestionId

    quiz = KINDS.get(slug)
    if quiz is None:
        raise Http404(slug)
    cards: list[Card] = []
    try:
        question = quiz.generate(QuestionId(slug, quiz.games[0], "robert", Level.NORMAL, 1))
        _cards_of(question.data, cards, set())
    except Exception:  # a drawing must never fail a preview
        logger.warning("no sample cards for quiz %s", slug, exc_info=True)
    return Preview(str(quiz.title), gettext("Practice"), tuple(cards))


def _texts_of_page(page: Any) -> Iterator[str]:
    yield page.summary
    for section in page.sections.all():
        yield section.intro
        for step in section.steps.all():
            yield step.body


def preview_find(*, kind: str, key: str) -> Preview:
    """What the image of ``kind``/``key`` shows in the active language; ``Http404`` if there
    is no such page."""
    from rules.models import GlossaryTerm, Page, Section, Step

    parts = key.split("/")
    if kind == "quiz":
        return _quiz_preview(key)
    if kind == "site" and key == "stud-rules":
        return Preview(
            gettext("Learn Stud, Stud Hi/Lo and Razz"),
            gettext("Stud rules"),
            tuple(parse_cards(_DEFAULT_CARDS)),
        )
    if kind == "page" and len(parts) == 1:
        page = Page.objects.filter(slug=key).prefetch_related("sections__steps").first()
        if page is None:
            raise Http404(key)
        return Preview(page.title, gettext("Stud rules"), _cards_in(_texts_of_page(page)))
    if kind == "section" and len(parts) == 2:
        section = (
            Section.objects.filter(page__slug=parts[0], slug=parts[1])
            .select_related("page")
            .prefetch_related("steps")
            .first()
        )
        if section is None:
            raise Http404(key)
        texts = [section.intro, *(step.body for step in section.steps.all())]
        return Preview(section.title, section.page.title, _cards_in(texts))
    if kind == "step" and len(parts) == 3:
        step = (
            Step.objects.filter(section__page__slug=parts[0], section__slug=parts[1], slug=parts[2])
            .select_related("section__page")
            .first()
        )
        if step is None:
            raise Http404(key)
        context = f"{step.section.page.title} · {step.section.title}"
        return Preview(step.title, context, _cards_in([step.body, step.section.intro]))
    if kind == "term" and len(parts) == 1:
        term = GlossaryTerm.objects.filter(slug=key).first()
        if term is None:
            raise Http404(key)
        return Preview(term.term, gettext("Glossary"), _cards_in([term.definition]))
    raise Http404(f"{kind}/{key}")


# --------------------------------------------------------------------------------------------
# Drawing


@cache
def _font_path(bold: bool) -> str | None:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for directory in _FONT_DIRS:
        candidate = directory / name
        if candidate.is_file():
            return str(candidate)
    return None


def _font(size: int, *, bold: bool = False) -> Any:
    from PIL import ImageFont

    path = _font_path(bold)
    if path is not None:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size=size)  # Pillow's own font, scalable


def _wrap(draw: Any, text: str, font: Any, width: int) -> list[str]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        candidate = f"{line} {word}".strip()
        if draw.textlength(candidate, font=font) <= width or not line:
            line = candidate
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def _fit_title(draw: Any, title: str, width: int) -> tuple[Any, list[str]]:
    """The largest font (84 down to 48 px) that sets the title in at most three lines."""
    for size in (84, 76, 68, 60, 54, 48):
        font = _font(size, bold=True)
        lines = _wrap(draw, title, font, width)
        if len(lines) <= 3:
            return font, lines
    font = _font(48, bold=True)
    lines = _wrap(draw, title, font, width)[:3]
    lines[-1] = lines[-1].rstrip(".,;:") + "…"
    return font, lines


_SUIT_SYMBOL = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


def _draw_card(draw: Any, card: Card, *, left: int, top: int, width: int, height: int) -> None:
    draw.rounded_rectangle(
        (left + 6, top + 8, left + width + 6, top + height + 8), radius=16, fill=_FELT_DARK
    )
    draw.rounded_rectangle(
        (left, top, left + width, top + height),
        radius=16,
        fill=_CARD_FACE,
        outline=_CARD_BORDER,
        width=3,
    )
    colour = _RED if card.suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK
    rank = "10" if card.rank.symbol == "T" else card.rank.symbol
    rank_font = _font(int(height * 0.30), bold=True)
    suit_font = _font(int(height * 0.42))
    draw.text(
        (left + width / 2, top + height * 0.28), rank, font=rank_font, fill=colour, anchor="mm"
    )
    draw.text(
        (left + width / 2, top + height * 0.68),
        _SUIT_SYMBOL[card.suit],
        font=suit_font,
        fill=colour,
        anchor="mm",
    )


def _draw(preview: Preview) -> bytes:
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (WIDTH, HEIGHT), _FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, HEIGHT - 18, WIDTH, HEIGHT), fill=_GOLD)
    margin = 64
    brand_font = _font(34, bold=True)
    draw.text((margin, 48), "♠♥ " + gettext("Stud rules"), font=brand_font, fill=_GOLD)
    context_font = _font(32)
    context = preview.context
    if context and draw.textlength(context, font=context_font) > WIDTH - 2 * margin:
        context = context[:60].rstrip() + "…"
    top = 112
    if context:
        draw.text((margin, top), context, font=context_font, fill=_TEXT)
        top += 52
    title_font, lines = _fit_title(draw, preview.title, WIDTH - 2 * margin)
    line_height = int(title_font.size * 1.15)
    for line in lines:
        draw.text((margin, top), line, font=title_font, fill=_TEXT)
        top += line_height
    cards = preview.cards or tuple(parse_cards(_DEFAULT_CARDS))
    shown = cards[:7]
    gap = 22
    card_height = max(150, min(230, HEIGHT - 18 - 36 - top - 24))
    # As many cards as there are, all inside the margins (seven at most).
    fit = (WIDTH - 2 * margin - gap * (len(shown) - 1)) // max(1, len(shown))
    card_width = min(int(card_height * 0.7), fit)
    card_height = min(card_height, int(card_width / 0.7))
    left = margin
    card_top = HEIGHT - 18 - 36 - card_height
    for card in shown:
        _draw_card(draw, card, left=left, top=card_top, width=card_width, height=card_height)
        left += card_width + gap
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def preview_image(*, kind: str, key: str) -> bytes:
    """The PNG for ``kind``/``key`` in the active language, drawn once and then cached."""
    preview = preview_find(kind=kind, key=key)
    language = get_language() or settings.LANGUAGE_CODE
    fingerprint = hashlib.sha256(
        repr(
            (
                _DRAWING_VERSION,
                language,
                preview.title,
                preview.context,
                tuple(str(card) for card in preview.cards),
                pgettext("card rank", "ace"),
                gettext("Stud rules"),
            )
        ).encode("utf-8")
    ).hexdigest()[:32]
    cache_key = f"og:image:{fingerprint}"
    store = caches["default"]
    try:
        png: bytes | None = store.get(cache_key)
    except Exception:  # the cache only saves time
        logger.warning("og image cache unavailable", exc_info=True)
        png = None
    if png is None:
        png = _draw(preview)
        try:
            store.set(cache_key, png, None)
        except Exception:
            logger.warning("og image cache unavailable", exc_info=True)
    return png
