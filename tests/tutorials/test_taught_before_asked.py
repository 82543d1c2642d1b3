"""Teach, then ask (issue 28 item 2): no step asks what the learner has not been shown.

The walks: each path's lessons in its order, and each course's lessons in order after the lessons
of the courses it builds on (their rules count as taught, as the course page says).

What a lesson part *teaches*: an idea card (``kind: idea``) teaches its ``teaches`` as soon as it
is shown, so from the next part on; a quiz step's reveal (the idea shown with the verdict)
teaches the step's rules (``part_rules``: its ``teaches``, else its rule step's rules)
from the next part on. A check teaches nothing (its "Why" is not a lesson).

What a part *asks*: the rule ids the reasons of its dealt questions cite (deals 0 to 2, as
"Another one like this" gives them) for a step, and of its questions (attempts 0 to 2, as "Try
three new questions" gives them) for the check.

The test: every rule a step asks was taught by an earlier part of the walk (an earlier step's
reveal or an idea card before it), except the step's own rules: a step is "predict, then
reveal", its question on the idea its own reveal then explains (the point of the step, and of
ux.md's praise for it). Anything else its question needs (lesson 1 step 1's "tick the best
five-card hand" needs the hand rankings, R-RANK-1, while the step is about the seven cards) must
come first; the same step's reveal does not count as taught before it asks. Every rule the check
asks was taught by the lesson's own steps and cards or earlier ones.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from rules.models import Step
from tests.browser.quiz_answers import answer_form
from tests.learners.helpers import client_request, learner_with
from tests.urls import localized
from tutorials.course import Course, Lesson, content_from_files
from tutorials.progress import SEEN, course_progress_load
from tutorials.queries import course_step_keys, lesson_key, steps_get
from tutorials.questions import check_questions, part_question, part_rules

CONTENT = content_from_files()
DEALS = range(3)


def _walks() -> dict[str, list[tuple[Course, Lesson]]]:
    walks: dict[str, list[tuple[Course, Lesson]]] = {}
    for path in CONTENT.paths.values():
        pairs = [key.split("/") for key in path.lessons]
        walks[f"path:{path.slug}"] = [
            (CONTENT.courses[c], next(x for x in CONTENT.courses[c].lessons if x.slug == s))
            for c, s in pairs
        ]
    for course in CONTENT.courses.values():
        walk = [
            (CONTENT.courses[b], lesson)
            for b in course.builds_on
            for lesson in CONTENT.courses[b].lessons
        ]
        walks[f"course:{course.slug}"] = walk + [(course, lesson) for lesson in course.lessons]
    return walks


WALKS = _walks()


@pytest.fixture
def steps(db: None) -> dict[str, Step]:
    keys: set[str] = set()
    for course in CONTENT.courses.values():
        keys |= course_step_keys(course)
    return steps_get(keys)


def _not_taught(walk: list[tuple[Course, Lesson]], steps: dict[str, Step]) -> list[str]:
    """Each part of the walk that asks a rule not taught before it, with the rules."""
    taught: set[str] = set()
    found = []
    for course, lesson in walk:
        where = f"{course.slug}/{lesson.slug}"
        for index, part in enumerate(lesson.parts):
            own = part_rules(part, steps)
            if part.kind == "idea":
                taught |= own
                continue
            asked: set[str] = set()
            for deal in DEALS:
                _quiz, question = part_question(
                    course=course, lesson=lesson, index=index, deal=deal, steps=steps
                )
                asked |= {reason.rule for reason in question.reasons}
            missing = asked - own - taught
            if missing:
                found.append(f"{where} step {index + 1} ({part.slug}): {sorted(missing)}")
            taught |= own
        asked = set()
        for attempt in DEALS:
            for _quiz, question in check_questions(
                course=course, lesson=lesson, attempt=attempt, steps=steps
            ):
                asked |= {reason.rule for reason in question.reasons}
        if asked - taught:
            found.append(f"{where} check: {sorted(asked - taught)}")
    return found


@pytest.mark.parametrize("walk", WALKS, ids=list(WALKS))
def test_every_rule_a_step_or_check_asks_was_taught_before(
    walk: str, steps: dict[str, Step]
) -> None:
    missing = _not_taught(WALKS[walk], steps)
    assert not missing, "\n".join(missing)


def test_lesson_1_step_1_asks_the_best_hand_after_an_idea_card_on_the_rankings() -> None:
    lesson = CONTENT.courses["stud"].lessons[0]
    first, second = lesson.parts[0], lesson.parts[1]
    assert first.kind == "idea"
    assert "R-RANK-1" in first.teaches
    assert second.kind == "best-high"


# The idea card on the page -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "title"),
    [("en", "Which hand beats which"), ("sv", "Vilken hand slår vilken"), ("fi", "Mikä käsi")],
)
@pytest.mark.django_db
def test_the_idea_card_is_one_screen_with_its_cards_and_a_continue_link(
    client: Client, language: str, title: str
) -> None:
    url = localized(f"/{language}/learn/stud/the-game/")
    html = client.get(url).content.decode()
    card = html[html.index('id="part"') : html.index("</section>")]
    assert title in card
    assert card.count('class="card') >= 10  # the two example hands, drawn as cards
    assert "<form" not in card  # it asks nothing
    onward = re.search(r'<a class="button button--primary" href="([^"]+)"', card)
    assert onward is not None
    assert onward.group(1) == f"{url}?step=2#part"  # a link: it works without JavaScript
    # The step after the card opens (the card asks nothing) and asks the best hand.
    html = client.get(onward.group(1)).content.decode()
    assert localized(f"/{language}/learn/stud/the-game/step/2/") in html and "<form" in html


@pytest.mark.django_db
def test_answering_the_step_after_a_card_counts_the_card_as_seen_not_as_an_answer(
    client: Client,
) -> None:
    course, lesson = CONTENT.courses["stud"], CONTENT.courses["stud"].lessons[0]
    steps = steps_get(course_step_keys(course))
    url = "/en/learn/stud/the-game/"
    assert client.post(f"{url}step/1/", {"lesson-deal": "0"}).status_code == 404  # a card
    _quiz, question = part_question(course=course, lesson=lesson, index=1, deal=0, steps=steps)
    data = {**answer_form(question, right=True), "lesson-deal": ["0"]}
    # A step beyond the card and the next step is not open yet: the one to take is shown.
    assert client.post(f"{url}step/4/", data).status_code == 409
    assert client.post(f"{url}step/2/", data).status_code == 200
    progress = course_progress_load(client_request(client))
    assert dict(progress.parts)["stud/the-game"] == SEEN + "1"


@pytest.mark.django_db
def test_a_card_after_the_last_step_leads_to_the_check(client: Client) -> None:
    """best-board-acts-first ends with a card: its "Continue" opens the check."""
    course = CONTENT.courses["stud"]
    lesson = next(x for x in course.lessons if x.slug == "best-board-acts-first")
    assert lesson.parts[-1].is_idea
    key = lesson_key(course, lesson)
    learner_with(client, course={"d": [], "p": {key: "-11"}})
    url = "/en/learn/stud/best-board-acts-first/"
    html = client.get(url).content.decode()
    assert f'href="{url}?check=1#check"' in html and lesson.parts[-1].title["en"] in html
    html = client.get(f"{url}?check=1").content.decode()
    assert 'id="check"' in html and "Question 1 of 3" in html
