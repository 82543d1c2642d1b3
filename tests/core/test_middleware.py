"""No view takes files: large multipart bodies are refused unread, file parts are never kept."""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence

import pytest
from django.test import Client

from core.middleware import MULTIPART_MAX_BYTES
from practice.quiz import Question, QuizKind, Result
from practice.services import question_answer
from tests.urls import localized

pytestmark = pytest.mark.django_db

QUESTION = "practice/best-high/stud/robert/normal/5/"


def _upload(size: int) -> io.BytesIO:
    upload = io.BytesIO(b"\0" * size)
    upload.name = "big.bin"
    return upload


@pytest.mark.parametrize(
    "path",
    [
        localized(f"/sv/embed/{QUESTION}"),
        f"/sv/{QUESTION}",
        localized("/sv/preferences/card-colours/"),
    ],
)
def test_a_file_upload_is_refused_in_the_readers_language(client: Client, path: str) -> None:
    response = client.post(path, {"cards": _upload(MULTIPART_MAX_BYTES + 1)})
    assert response.status_code == 413
    assert "filer" in response.content.decode().lower()  # "... tar inte emot filer ..."


def test_a_small_file_part_is_dropped_unread(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}

    def spy(*, quiz: QuizKind, question: Question, data: Mapping[str, Sequence[str]]) -> Result:
        seen["data"] = data
        return question_answer(quiz=quiz, question=question, data=data)

    monkeypatch.setattr("embeds.views.question_answer", spy)
    response = client.post(f"/en/embed/{QUESTION}", {"cards": _upload(100), "other": "x"})
    assert response.status_code in (200, 400)
    assert seen["data"] == {"other": ["x"]}  # the file part never reached the view


def test_ordinary_form_posts_still_work(client: Client) -> None:
    response = client.post(f"/en/embed/{QUESTION}", {"cards": "As"})
    assert response.status_code in (200, 400)  # read and judged, not refused
