"""Quiz views: unreadable answers get a 422 that says what is wrong in the reader's language,
a GET never changes the learner's state, drills stay in their skill, a set of ten ends with
its summary, and learners never see rule ids."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from practice.kinds import KINDS
from practice.progress import MIXED, quiz_progress_load
from practice.services import PREFS_KEY
from tests.browser.quiz_answers import answer_form
from tests.browser.quiz_flow import question_for, question_path
from tests.learners.helpers import client_request
from tests.urls import localized

pytestmark = pytest.mark.django_db

RULE_ID = re.compile(r"R-[A-Z]+-[0-9]+")
#: Rank the lows, three hands (A, B, C): hand B chosen for two places.
RANK_LOWS = "/{language}/practice/rank-lows/razz/robert/normal/9/"


def _visible_text(html: str) -> str:
    """The page as a reader sees it: no tags, attribute values or scripts."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "Hand B is chosen twice."),
        ("sv", "Hand B är vald två gånger."),
        ("da", "Hånd B er valgt to gange."),
        ("fi", "Käsi B on valittu kahdesti."),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_a_hand_chosen_twice_gets_a_422_saying_so(
    client: Client, language: str, message: str, htmx: bool
) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(
        localized(RANK_LOWS.format(language=language)),
        {"place0": "1", "place1": "1", "place2": "0"},
        headers=headers,
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    # htmx gets the fragment for #feedback; without it the whole page, the form still live.
    assert (b"<html" in response.content) is not htmx
    if not htmx:
        assert b'type="submit"' in response.content
    assert quiz_progress_load(client_request(client)).answered == 0


def test_a_missing_place_names_it(client: Client) -> None:
    response = client.post(RANK_LOWS.format(language="en"), {"place0": "1", "place1": "0"})
    assert response.status_code == 422
    assert "Choose a hand for place 3." in response.content.decode()


@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("en", "The shares must add up to the ${total} pot."),
        ("sv", "Andelarna måste tillsammans bli pottens {total} dollar."),
        ("fi", "Osuuksien summan on oltava potin koko, {total} $."),
    ],
)
def test_split_pot_shares_that_do_not_add_up_get_a_422(
    client: Client, language: str, message: str
) -> None:
    question = question_for("split-pot", "stud8", "normal", 5)
    form = answer_form(question, right=True)
    seat = question.data["live"][0]
    form[f"share{seat}"] = [str(int(form[f"share{seat}"][0]) + 1)]
    response = client.post(question_path(question, language), form)
    assert response.status_code == 422
    assert message.format(total=question.data["total"]) in response.content.decode()


def test_nothing_ticked_asks_for_an_answer(client: Client) -> None:
    question = question_for("legal-action", "stud", "normal", 3)
    response = client.post(question_path(question, "da"), {}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "Sæt kryds ved mindst ét svar." in response.content.decode()


def test_a_walkthrough_prediction_without_a_size_gets_a_422(client: Client) -> None:
    from practice.walkthrough import walkthrough_get

    walk = walkthrough_get(game="stud", profile="robert", seed=4)
    step = walk.steps[0]
    url = localized(f"/sv/practice/walkthrough/stud/robert/4/{step.number}/")
    response = client.post(url, {"seat": str(step.answer["seat"])}, headers={"HX-Request": "true"})
    assert response.status_code == 422
    assert "Välj hur stora satsningarna är." in response.content.decode()


def test_a_get_to_the_old_new_set_address_starts_no_set(client: Client) -> None:
    question = question_for("bring-in", "stud", "normal", 7)
    client.post(question_path(question), answer_form(question, right=True))
    before = quiz_progress_load(client_request(client))
    assert before.set_answered == 1
    response = client.get("/en/practice/next/?new_set=1&game=razz")
    assert response.status_code == 302
    after = quiz_progress_load(client_request(client))
    assert after.set_answered == 1
    assert after.set_mode == before.set_mode == "bring-in"
    assert PREFS_KEY not in client.session


def test_a_get_with_options_changes_no_preferences(client: Client) -> None:
    response = client.get("/en/practice/bring-in/?game=razz&level=hard&profile=tda")
    assert response.status_code == 302
    assert "/practice/bring-in/razz/tda/hard/" in response["Location"]
    assert PREFS_KEY not in client.session
    assert client.get("/en/practice/bring-in/?game=holdem").status_code == 400


def test_preferences_are_saved_by_post(client: Client) -> None:
    response = client.post("/en/practice/bring-in/", {"game": "razz", "level": "easy"})
    assert response.status_code == 302
    assert "/practice/bring-in/razz/robert/easy/" in response["Location"]
    assert client.session[PREFS_KEY]["game"] == "razz"


def test_a_mixed_review_starts_by_post(client: Client) -> None:
    assert client.get("/en/practice/set/").status_code == 405
    response = client.post("/en/practice/set/", {"game": "stud8"})
    assert response.status_code == 302
    assert "/stud8/" in response["Location"]
    progress = quiz_progress_load(client_request(client))
    assert progress.set_mode == MIXED
    assert client.session[PREFS_KEY]["game"] == "stud8"


def test_starting_a_set_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)
    assert client.post("/en/practice/set/", {"game": "stud"}).status_code == 403


@pytest.mark.parametrize(
    "path", ["/en/practice/bring-in/", "/en/practice/bring-in/stud/robert/normal/7/"]
)
def test_the_question_pages_forms_need_the_csrf_token(path: str) -> None:
    """A question page is an ordinary page: its forms (the answer, new settings) carry the
    learner's CSRF token, the site's one scheme; without it a POST is refused."""
    client = Client(enforce_csrf_checks=True)
    data = {"game": "razz", "seat": "1"}
    for headers in ({}, {"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "same-origin"}):
        refused = client.post(path, data, headers=headers)
        assert refused.status_code == 403, headers
        assert PREFS_KEY not in client.session
        assert "progress" not in str(dict(client.session))
    page = client.get("/en/practice/bring-in/stud/robert/normal/7/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode())
    assert token is not None
    own = client.post(path, {**data, "csrfmiddlewaretoken": token.group(1)})
    assert own.status_code in (200, 302)
    # the preference (session) or the answer (learner record) was recorded
    assert client.session.keys() or client.cookies.get("learner")


def test_a_question_page_shows_the_learners_own_progress(client: Client) -> None:
    """The learner's count, score and token are in the page itself (no second request), so it
    is never public."""
    question = question_for("bring-in", "stud", "normal", 7)
    client.post(question_path(question), answer_form(question, right=True))
    page = client.get(question_path(question_for("bring-in", "stud", "normal", 8)))
    html = page.content.decode()
    assert "public" not in page.get("Cache-Control", "")
    assert "csrfmiddlewaretoken" in html and "X-CSRFToken" in html
    assert "Drill “Pick the bring-in”: question 2 of 10" in html
    assert "<dd>1 / 1</dd>" in html
    assert "/practice/progress/" not in html
    stranger = Client().get(question_path(question_for("bring-in", "stud", "normal", 8)))
    assert "question 1 of 10" in stranger.content.decode()


def _progress(client: Client, kind: str) -> str:
    """The progress a question page of ``kind`` shows this learner."""
    path = question_path(question_for(kind, "stud", "normal", 99))
    html = client.get(path).content.decode()
    return html[html.index('<section id="quiz-progress"') :]


def test_the_hub_and_the_question_page_post_their_forms(client: Client) -> None:
    hub = client.get("/en/practice/").content.decode()
    assert 'method="post" action="/en/practice/set/"' in hub
    page = client.get(question_path(question_for("bring-in", "stud", "normal", 7))).content
    assert b'method="post" action="/en/practice/bring-in/"' in page


def test_next_stays_in_a_drilled_skill_and_mixes_in_a_mixed_review(client: Client) -> None:
    question = question_for("best-high", "stud", "normal", 7)
    response = client.post(question_path(question), answer_form(question, right=False))
    page = response.content.decode()
    assert "Drill “Best high hand”: question 1 of 10" in page
    assert "/en/practice/next/?kind=best-high" in page
    for _ in range(5):
        assert "/practice/best-high/" in client.get("/en/practice/next/?kind=best-high")["Location"]
    client.post("/en/practice/set/", {"game": "stud"})
    assert "Mixed review: question 1 of 10" in _progress(client, "bring-in")
    kinds = {
        client.get("/en/practice/next/?kind=bring-in&game=stud")["Location"].split("/")[3]
        for _ in range(12)
    }
    assert len(kinds) > 1  # spaced repetition picks among the skills


def test_the_counter_names_the_question_being_asked(client: Client) -> None:
    first = question_for("bring-in", "stud", "normal", 7)
    assert "question 1 of 10" in _progress(client, "bring-in")
    client.post(question_path(first), answer_form(first, right=True))
    page = _progress(client, "bring-in")
    assert "question 2 of 10" in page
    assert "Question 0" not in page


def test_the_tenth_answer_ends_the_set_on_its_own_summary_page(client: Client) -> None:
    for seed in range(10):
        question = question_for("first-to-act", "stud", "normal", seed)
        response = client.post(question_path(question), answer_form(question, right=seed != 3))
    page = response.content.decode()
    # No eleventh question: the only way on is the set's summary.
    assert "Next question" not in page
    assert 'href="/en/practice/set/summary/"' in page
    summary = client.get("/en/practice/set/summary/").content.decode()
    assert "Set complete!" in summary
    assert "You answered 9 of 10 questions right." in summary
    assert 'best-board-acts-first/"' in summary  # the page that teaches the skill missed
    assert 'href="/en/practice/first-to-act/stud/robert/normal/3/"' in summary  # the one missed
    assert "Try the ones I missed" in summary
    assert "Start the next set" in summary


def test_the_summary_counts_the_missed_questions_in_words(client: Client) -> None:
    for seed in range(10):
        question = question_for("first-to-act", "stud", "normal", seed)
        client.post(question_path(question), answer_form(question, right=seed not in (2, 3, 4)))
    summary = client.get("/en/practice/set/summary/").content.decode()
    # a small count in running text is a word (core.numerals), the score line keeps its digits
    assert "The three questions you missed" in summary
    assert "You answered 7 of 10 questions right." in summary


def test_try_the_ones_i_missed_replays_exactly_the_missed_questions(client: Client) -> None:
    for seed in range(10):
        question = question_for("bring-in", "stud", "normal", seed)
        client.post(question_path(question), answer_form(question, right=seed not in {2, 5, 8}))
    path = client.post("/en/practice/set/retry/")["Location"]
    seen: list[int] = []
    while path != "/en/practice/set/summary/":
        seen.append(int(path.rstrip("/").rsplit("/", 1)[1]))
        label = f"The ones you missed: question {len(seen)} of 3"
        assert label in client.get(path).content.decode()  # the question page itself says so
        question = question_for("bring-in", "stud", "normal", seen[-1])
        page = client.post(path, answer_form(question, right=True)).content.decode()
        assert label in page
        found = re.search(r'class="feedback__next"><a [^>]*href="([^"]+)"', page)
        assert found is not None
        path = found[1]
    assert seen == [2, 5, 8]
    # Trying again counts no second time: the set stays 7 of 10, with no eleventh question.
    summary = client.get(path).content.decode()
    assert "You answered 7 of 10 questions right." in summary


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_rule_id_in_quiz_feedback(client: Client, kind: str) -> None:
    question = question_for(kind, str(KINDS[kind].default_game()), "hard", 7)
    for right in (True, False):
        response = client.post(
            question_path(question, "sv"),
            answer_form(question, right=right),
            headers={"HX-Request": "true"},
        )
        assert response.status_code == 200
        assert RULE_ID.findall(_visible_text(response.content.decode())) == []
        page = client.post(question_path(question, "en"), answer_form(question, right=right))
        assert RULE_ID.findall(_visible_text(page.content.decode())) == []
        assert "Link to this exact question" not in page.content.decode()


def test_no_rule_id_on_walkthrough_pages(client: Client) -> None:
    from practice.walkthrough import walkthrough_get

    walk = walkthrough_get(game="stud8", profile="robert", seed=4)
    for step in walk.steps:
        url = f"/en/practice/walkthrough/stud8/robert/4/{step.number}/"
        pages = [client.get(url).content.decode()]
        if step.predicts:
            data = {
                name: sorted(str(v) for v in value) if isinstance(value, frozenset) else str(value)
                for name, value in step.answer.items()
            }
            pages.append(client.post(url, data).content.decode())
        for page in pages:
            assert RULE_ID.findall(_visible_text(page)) == [], step
            assert "Rule R-" not in page
            assert "Link to this exact step" not in page
