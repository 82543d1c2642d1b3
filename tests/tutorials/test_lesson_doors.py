"""Every lesson form answered through its own HTML, and the doors a learner opens by accident: a
progress lost (forgotten in another tab, expired, an old tab), an answer of another question's
shape, the "Why" of a true/false step."""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from practice.quiz import Question
from tests.browser.quiz_answers import answer_form
from tests.learners.helpers import client_request, learner_with
from tests.urls import localized
from tutorials.course import Course, Lesson, courses, lesson_find
from tutorials.progress import course_progress_load, parts_reachable
from tutorials.queries import course_step_keys, lesson_key, steps_get
from tutorials.questions import check_questions, part_question

pytestmark = pytest.mark.django_db

LOST = (
    "Your progress in this lesson was not found (perhaps forgotten in another tab, or expired), "
    "so the lesson starts again from here."
)


class _QuizForm(HTMLParser):
    """The controls of a page's answer form (``form.quiz__form``): hidden fields with their
    values, and the names of the controls a learner answers with."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.action = ""
        self.hidden: dict[str, str] = {}
        self.answer_names: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form" and "quiz__form" in found.get("class", "").split():
            self.inside, self.action = True, found["action"]
        elif self.inside and tag in ("input", "select", "textarea") and found.get("name"):
            if found.get("type") == "hidden":
                self.hidden[found["name"]] = found.get("value", "")
            elif found["name"] != "csrfmiddlewaretoken":
                self.answer_names.add(found["name"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False


def _quiz_form(html: str) -> _QuizForm:
    form = _QuizForm()
    form.feed(html)
    assert form.action, "no answer form on the page"
    return form


def _progress(client: Client, data: dict[str, object]) -> None:
    """Give the test client a learner record with this course progress."""
    learner_with(client, course=data)


def _lessons() -> Iterator[tuple[Course, Lesson]]:
    for course in courses().values():
        yield from ((course, lesson) for lesson in course.lessons)


def _part(course: Course, lesson: Lesson, index: int, deal: int = 0) -> Question:
    steps = steps_get(course_step_keys(course))
    _quiz, question = part_question(
        course=course, lesson=lesson, index=index, deal=deal, steps=steps
    )
    return question


def _found(course: str, lesson: str) -> tuple[Course, Lesson]:
    found = lesson_find(course, lesson)
    assert found is not None
    return found


def _answer_through_the_form(client: Client, page: str, question: Question) -> tuple[int, str]:
    """Post the right answer as the page's own form sends it (the page's fragment, as htmx
    swaps it): its hidden fields as rendered, with the answer's controls filled in."""
    form = _quiz_form(client.get(page, HTTP_HX_REQUEST="true").content.decode())
    answer = answer_form(question, right=True)
    clash = set(form.hidden) & (form.answer_names | set(answer))
    assert not clash, (page, clash)
    response = client.post(form.action, {**form.hidden, **answer}, HTTP_HX_REQUEST="true")
    return response.status_code, response.content.decode()


def test_every_step_and_check_of_every_course_is_answered_through_its_own_form() -> None:
    """The lesson's hidden fields never share a name with a question's answer fields (a hidden
    ``deal`` once made "running out of cards" refuse every answer, in every language)."""
    answered = 0
    for course, lesson in _lessons():
        key = lesson_key(course, lesson)
        url = f"/en/learn/{course.slug}/{lesson.slug}/"
        for index in range(len(lesson.parts)):
            if lesson.parts[index].is_idea:  # an idea card asks nothing
                continue
            client = Client()
            _progress(client, {"d": [], "p": {key: "1" * index}})
            status, html = _answer_through_the_form(
                client, f"{url}?step={index + 1}", _part(course, lesson, index)
            )
            assert (status, "Right!" in html) == (200, True), (url, index + 1, status)
            answered += 1
        steps = steps_get(course_step_keys(course))
        questions = check_questions(course=course, lesson=lesson, attempt=0, steps=steps)
        if questions:
            client = Client()
            _progress(client, {"d": [], "p": {key: "1" * len(lesson.parts)}})
            status, html = _answer_through_the_form(client, f"{url}?check=1", questions[0][1])
            assert (status, "Right!" in html) == (200, True), (url, "check", status)
            answered += 1
    assert answered > 40


@pytest.mark.parametrize("language", ["sv", "en"])
def test_running_out_of_cards_opens_in_the_readers_language(client: Client, language: str) -> None:
    course, lesson = _found("stud", "running-out-of-cards")
    page = localized(f"/{language}/learn/stud/running-out-of-cards/")
    status, html = _answer_through_the_form(client, page, _part(course, lesson, 0))
    with translation.override(language):
        right = gettext("Right!")
    assert status == 200
    assert right in html


def _lost_message(language: str) -> str:
    with translation.override(language):
        message = gettext(LOST)
    assert language == "en" or message != LOST
    return message


def _section(html: str, name: str) -> str:
    start = html.index(f'<section id="{name}"')
    return html[start : html.index("</section>", start)]


@pytest.mark.parametrize(("language", "htmx"), [("fi", True), ("sv", False), ("en", True)])
def test_a_step_the_progress_does_not_reach_starts_the_lesson_again_with_a_word(
    client: Client, language: str, htmx: bool
) -> None:
    """Step 4 answered with no progress (forgotten in another tab, an expired session): never
    the 500 it was, but the lesson's first part (an idea card, then step 2, its first question)
    with a message in the reader's language, nothing counted."""
    course, lesson = _found("stud", "the-game")
    assert lesson.parts[0].is_idea and not lesson.parts[3].is_idea
    data = {**answer_form(_part(course, lesson, 3), right=True), "lesson-deal": "0"}
    url = localized(f"/{language}/learn/stud/the-game/step/4/")
    response = client.post(url, data, headers={"HX-Request": "true"} if htmx else None)
    html = response.content.decode()
    assert response.status_code == 409
    part = _section(html, "part")
    assert _lost_message(language) in part
    assert 'role="alert"' in part
    lesson_url = localized(f"/{language}/learn/stud/the-game/")
    assert f'href="{lesson_url}?step=2#part"' in part  # the card's way on to the step to take
    assert "feedback--right" not in part and "feedback--wrong" not in part
    assert ("<html" in html) is not htmx
    assert course_progress_load(client_request(client)).parts_answered("stud/the-game") == 0


def test_no_step_of_any_lesson_answers_500_to_a_lost_progress(client: Client) -> None:
    """The last step of every lesson of more than one, answered with no progress (six of
    eighteen answered 500, the rest the first step with another question's feedback)."""
    client.raise_request_exception = False
    for course, lesson in _lessons():
        questions = [i for i, part in enumerate(lesson.parts) if not part.is_idea]
        index = questions[-1] if questions else 0
        if parts_reachable(lesson, 0) >= index:
            continue  # the last step is the first (after any idea cards): always open
        data = {**answer_form(_part(course, lesson, index), right=True), "lesson-deal": "0"}
        url = f"/en/learn/{course.slug}/{lesson.slug}/step/{index + 1}/"
        response = client.post(url, data, HTTP_HX_REQUEST="true")
        assert response.status_code == 409, (url, response.status_code)
        assert LOST in response.content.decode()


@pytest.mark.parametrize("language", ["da", "en"])
def test_a_check_answered_before_its_steps_goes_back_to_them_with_a_word(
    client: Client, language: str
) -> None:
    base = f"/{language}/learn/stud/who-brings-in/"
    response = client.post(
        localized(f"{base}check/"), {"lesson-index": "0", "seat": "1"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 409
    part = _section(response.content.decode(), "part")
    assert _lost_message(language) in part
    assert f'action="{localized(f"{base}step/1/")}#part"' in part


def test_a_check_question_out_of_turn_shows_the_one_to_answer_with_a_word(client: Client) -> None:
    _progress(client, {"d": [], "p": {"stud/who-brings-in": "11"}})
    response = client.post(
        "/en/learn/stud/who-brings-in/check/", {"lesson-index": "2", "seat": "1"}
    )
    assert response.status_code == 409
    check = _section(response.content.decode(), "check")
    assert LOST in check
    assert "Question 1 of 3" in check


def test_an_answer_of_another_questions_shape_is_never_a_500() -> None:
    """Each kind's answer form posted to a step of each other kind (it was an AssertionError
    when the step shown was not the one answered): a 422 when it cannot be read, else marked."""
    forms: dict[str, dict[str, list[str]]] = {}
    steps: dict[str, tuple[Course, Lesson, int]] = {}
    for course, lesson in _lessons():
        for index in range(len(lesson.parts)):
            if lesson.parts[index].is_idea:  # an idea card asks nothing
                continue
            question = _part(course, lesson, index)
            forms.setdefault(question.qid.kind, answer_form(question, right=True))
            steps.setdefault(question.qid.kind, (course, lesson, index))
    statuses: dict[int, int] = {}
    for kind, (course, lesson, index) in steps.items():
        url = f"/en/learn/{course.slug}/{lesson.slug}/step/{index + 1}/"
        for other, form in forms.items():
            if other == kind:
                continue
            client = Client(raise_request_exception=False)
            _progress(client, {"d": [], "p": {lesson_key(course, lesson): "1" * index}})
            response = client.post(url, {**form, "lesson-deal": "0"}, HTTP_HX_REQUEST="true")
            assert response.status_code in (200, 422), (url, other, response.status_code)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
    assert statuses[422] > len(forms)


@pytest.mark.parametrize("language", ["sv", "en"])
def test_an_answer_of_another_questions_shape_is_a_422_that_says_what_is_wrong(
    client: Client, language: str
) -> None:
    with translation.override(language):
        choose = gettext("Choose an answer first.")
    response = client.post(
        localized(f"/{language}/learn/stud/who-brings-in/step/1/"),
        {"cards": ["As"], "lesson-deal": "0"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 422
    part = _section(response.content.decode(), "part")
    assert choose in part and 'role="alert"' in part
    assert 'name="verdict"' in part  # the question, to answer again


@pytest.mark.parametrize("language", ["fi", "en"])
def test_a_true_or_false_steps_why_ends_on_the_rule_it_names(client: Client, language: str) -> None:
    """ "The rule that settles it is explained here:" is followed by its link, never left
    hanging on its colon."""
    course, lesson = _found("stud", "who-brings-in")
    question = _part(course, lesson, 0)
    assert question.qid.kind == "spot-mistake"
    data = {**answer_form(question, right=True), "lesson-deal": "0"}
    url = localized(f"/{language}/learn/stud/who-brings-in/step/1/")
    html = _section(client.post(url, data).content.decode(), "part")
    with translation.override(language):
        lead = gettext("The rule that settles it is explained here:")
    start = html.index(lead)
    line = html[start : html.index("</li>", start)]
    assert '<a href="/' in line, line
