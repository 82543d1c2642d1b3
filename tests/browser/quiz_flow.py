"""What the quiz browser tests share: the question a page shows, rebuilt from its id as the
server does, and its address."""

from __future__ import annotations

import re

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import Question
from tests.urls import localized

#: The end of a set of ten (its summary screen), as a page's address ends.
SUMMARY = re.compile(r"/practice/set/summary/$")


def question_for(kind: str, game: str, level: str, seed: int, profile: str = "robert") -> Question:
    """The question a page shows, rebuilt from its id as the server does."""
    qid = question_id_parse(kind=kind, game=game, profile=profile, level=level, seed=seed)
    return KINDS[kind].generate(qid)


def question_path(question: Question, language: str = "en") -> str:
    qid = question.qid
    return localized(
        localized(
            f"/{language}/practice/{qid.kind}/{qid.game}/{qid.profile}/{qid.level}/{qid.seed}/"
        )
    )


def form_headers(page: object, base: str) -> dict[str, str]:
    """Headers for an answer posted straight to the server from this browser, as its form would
    send it: htmx, the site's Origin and the CSRF token of the browser's cookie (a page with a
    form is opened first if the browser has none yet)."""
    context = page.context  # type: ignore[attr-defined]
    token = next((c["value"] for c in context.cookies(base) if c["name"] == "csrftoken"), None)
    if token is None:
        page.goto(base + "/en/practice/")  # type: ignore[attr-defined]
        token = next(c["value"] for c in context.cookies(base) if c["name"] == "csrftoken")
    return {
        "Content-Type": "application/x-www-form-urlencoded",
        "HX-Request": "true",
        "Origin": base,
        "X-CSRFToken": token,
    }
