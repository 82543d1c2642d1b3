"""Form data answering a course question right or wrong: the practice tests' answers for every
quiz kind (checked by the kind itself)."""

from __future__ import annotations

from practice.quiz import Question, QuizKind
from tests.browser.quiz_answers import answer_form


def form_for(quiz: QuizKind, question: Question, *, right: bool) -> dict[str, list[str]]:
    return answer_form(question, right=right)
