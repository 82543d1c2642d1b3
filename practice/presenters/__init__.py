"""What the practice templates show, one module per feature: ``quiz`` and ``walkthrough``."""

from __future__ import annotations

from practice.presenters.quiz import (
    answer_error_message,
    explain,
    feedback_view,
    question_view,
    quiz_error_message,
    step_url,
)

__all__ = [
    "answer_error_message",
    "explain",
    "feedback_view",
    "question_view",
    "quiz_error_message",
    "step_url",
]
