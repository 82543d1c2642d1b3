"""Shared steps of the learner tests: answer a question, move a learner's time back, call the
progress functions as the client's next request."""

from __future__ import annotations

import secrets
from datetime import date, timedelta

from django.http import HttpRequest
from django.test import Client, RequestFactory
from django.utils import timezone

from learners.models import Learner, LearnerDay, LearnerKey, LessonDone
from learners.store import COOKIE, digest
from tests.browser.quiz_answers import answer_form
from tests.browser.quiz_flow import question_for, question_path


def answer(client: Client, kind: str = "bring-in", seed: int = 7, *, right: bool = True) -> str:
    """Answer a question (the whole page, as without JavaScript); returns the page."""
    question = question_for(kind, "stud", "normal", seed)
    response = client.post(question_path(question), answer_form(question, right=right))
    assert response.status_code == 200
    return response.content.decode()


def move_back(learner: Learner, days: int) -> None:
    """As if everything the learner did happened ``days`` days earlier (time moved on)."""
    shift = timedelta(days=days)
    Learner.objects.filter(pk=learner.pk).update(
        seen=learner.seen - shift, created=learner.created - shift
    )
    for row in LearnerDay.objects.filter(learner=learner).order_by("day"):
        LearnerDay.objects.filter(pk=row.pk).update(day=row.day - shift)
    LessonDone.objects.filter(learner=learner).update(day=date.today() - shift)
    learner.refresh_from_db()
    review = learner.data.get("review", {})
    for skill, (box, due) in review.items():
        review[skill] = [box, (date.fromisoformat(due) - shift).isoformat()]
    Learner.objects.filter(pk=learner.pk).update(data=learner.data)


def only_learner() -> Learner:
    learners = list(Learner.objects.all())
    assert len(learners) == 1, learners
    return learners[0]


def client_request(client: Client) -> HttpRequest:
    """A request as the client's next one would be (its cookies, the learner's among them, and
    its session), for reading and changing its progress as a view does. A record it makes is
    not the client's: let the client answer first."""
    request = RequestFactory().get("/")
    request.COOKIES = {name: morsel.value for name, morsel in client.cookies.items()}
    request.session = client.session
    return request


def learner_with(client: Client, **data: object) -> Learner:
    """A learner record holding ``data`` (by its keys: ``course={...}``), whose cookie the
    client now sends."""
    token = secrets.token_urlsafe(32)
    learner = Learner.objects.create(seen=timezone.now(), data=data)
    LearnerKey.objects.create(digest=digest(token), learner=learner)
    client.cookies[COOKIE] = token
    return learner
