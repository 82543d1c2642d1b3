"""Question ids: reproducible, validated; bad ids and junk answers get a 4xx page, never a 500."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import QuestionId, QuizError
from tests.urls import localized


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_same_id_same_question(kind: str) -> None:
    quiz = KINDS[kind]
    game = quiz.default_game()
    qid = question_id_parse(kind=kind, game=str(game), profile="robert", level="normal", seed=7)
    assert quiz.generate(qid) == quiz.generate(qid)


@pytest.mark.parametrize(
    ("parts", "not_found"),
    [
        ({"kind": "no-such-quiz"}, True),
        ({"game": "holdem"}, False),
        ({"profile": "home-game"}, False),
        ({"level": "impossible"}, False),
        ({"seed": "abc"}, False),
        ({"seed": "-1"}, False),
        ({"seed": str(2**40)}, False),
    ],
)
def test_bad_parts_raise_quiz_error(parts: dict[str, str], not_found: bool) -> None:
    raw = {"kind": "bring-in", "game": "stud", "profile": "robert", "level": "normal", "seed": "1"}
    with pytest.raises(QuizError) as error:
        question_id_parse(**(raw | parts))
    assert error.value.not_found is not_found


@pytest.mark.parametrize(
    "path",
    [
        "/en/practice/bring-in/holdem/robert/normal/1/",
        localized("/sv/practice/bring-in/stud/nobody/normal/1/"),
        localized("/da/practice/bring-in/stud/robert/extreme/1/"),
        localized("/fi/practice/bring-in/stud/robert/normal/banana/"),
        "/en/practice/bring-in/stud/robert/normal/99999999999999/",
        "/en/practice/rank-lows/stud/robert/normal/1/",
    ],
)
def test_tampered_ids_get_a_400_page(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 400
    assert b"<html" in response.content


def test_unknown_kind_is_404(client: Client) -> None:
    assert client.get("/en/practice/no-such-quiz/stud/robert/normal/1/").status_code == 404
    assert client.get("/en/practice/no-such-quiz/").status_code == 404


def test_400_page_is_in_the_readers_language(client: Client) -> None:
    response = client.get(localized("/sv/practice/bring-in/holdem/robert/normal/1/"))
    assert response.status_code == 400
    assert b'lang="sv"' in response.content


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize(
    "junk",
    [
        {},
        {"seat": "x"},
        {"seat": "99"},
        {"best": "7"},
        {"place0": "0", "place1": "0"},
        {"cards": "Zz"},
    ],
)
def test_junk_answers_get_a_422(client: Client, kind: str, junk: dict[str, str]) -> None:
    quiz = KINDS[kind]
    url = f"/en/practice/{kind}/{quiz.default_game()}/robert/normal/3/"
    response = client.post(url, junk)
    assert response.status_code == 422


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/sv/practice/bring-in/holdem/robert/normal/1/", "holdem"),
        ("/fi/practice/bring-in/stud/robert/extreme/1/", "extreme"),
        ("/da/practice/bring-in/stud/robert/normal/banana/", "banana"),
    ],
)
def test_the_400_page_says_what_is_wrong_in_the_readers_language(
    client: Client, path: str, expected: str
) -> None:
    from django.utils.translation import override

    from practice.presenters import quiz_error_message

    language = path.split("/")[1]
    parts = path.strip("/").split("/")[2:]
    with pytest.raises(QuizError) as error:
        question_id_parse(
            kind=parts[0], game=parts[1], profile=parts[2], level=parts[3], seed=parts[4]
        )
    with override(language):
        message = quiz_error_message(error.value)
    response = client.get(localized(path))
    assert response.status_code == 400
    assert expected in message
    assert message in response.content.decode()


def test_an_htmx_answer_that_cannot_be_read_gets_the_message_fragment(client: Client) -> None:
    response = client.post(
        "/en/practice/bring-in/stud/robert/normal/3/",
        {"seat": "nine"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 422
    assert b"<html" not in response.content
    assert b"feedback--error" in response.content


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_id_in_a_wide_range_generates_a_question(kind: str) -> None:
    """No id may crash the generator (bet-sizing/razz/tda/hard/154 once did: a deck ran out of
    partners for the open-pair card)."""
    from practice.quiz import Level

    quiz = KINDS[kind]
    for game in quiz.games:
        for level in Level:
            for profile in ("robert", "tda"):
                for seed in range(200):
                    qid = QuestionId(kind, game, profile, level, seed)
                    assert quiz.generate(qid).qid == qid, f"seed {seed}"
