"""Form data answering a check question right or wrong (for the kinds the tests' lessons use)."""

from __future__ import annotations

from tutorials.quiz import Question, QuizKind


def form_for(quiz: QuizKind, question: Question, *, right: bool) -> dict[str, str]:
    if quiz.slug == "bring-in":
        seats = len(question.data["doors"])
        seat = question.answer if right else (question.answer + 1) % seats
        return {"seat": str(seat)}
    if quiz.slug == "spot-mistake":
        verdict = question.answer if right else not question.answer
        return {"verdict": "true" if verdict else "false"}
    raise AssertionError(f"no answer builder for {quiz.slug}")
