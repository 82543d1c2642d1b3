"""The learner record: one row per anonymous learner, no personal data.

A browser holds a random key in a long-lived HttpOnly cookie; the database keeps only the key's
SHA-256 (``LearnerKey``), so a copy of the database opens no one's record. A learner may have
several keys (one per browser that continued with a code). ``data`` holds the progress of each
part of the site under its own key (``quiz_progress``, ``course``, ``walkthrough``, ``hands``,
``review``: skill -> [box, due date], ``moments``: milestones not shown yet, ``reached``:
milestones once reached). ``LearnerDay`` counts the steps and answers of each day in the
learner's time zone (the day streak, the daily goal, and the admin's daily active learners);
``LessonDone`` the day each lesson was done (the admin's completions per lesson).
"""

from __future__ import annotations

from typing import Any, ClassVar

from django.db import models
from django.utils.translation import gettext_lazy as _


def _empty() -> dict[str, Any]:
    return {}


class Learner(models.Model):
    created = models.DateTimeField(auto_now_add=True)
    #: The last time the learner recorded anything (records unused for long are removed).
    seen = models.DateTimeField(db_index=True)
    #: The browser's IANA time zone ("Europe/Helsinki"); days are counted in it.
    timezone = models.CharField(max_length=64, default="UTC")
    data = models.JSONField(default=_empty)

    class Meta:
        verbose_name = _("learner")
        verbose_name_plural = _("learners")

    def __str__(self) -> str:
        return f"#{self.pk}"


class LearnerKey(models.Model):
    digest = models.CharField(max_length=64, primary_key=True)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="keys")
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.digest[:8]


class LearnerDay(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="days")
    day = models.DateField(db_index=True)
    steps = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("daily activity")
        verbose_name_plural = _("daily active learners")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["learner", "day"], name="learner_day_once"),
        ]

    def __str__(self) -> str:
        return f"{self.day}: {self.steps}"


class LessonDone(models.Model):
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="lessons")
    lesson = models.CharField(max_length=120, db_index=True)
    day = models.DateField()

    class Meta:
        verbose_name = _("lesson completion")
        verbose_name_plural = _("completions per lesson")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["learner", "lesson"], name="lesson_done_once"),
        ]

    def __str__(self) -> str:
        return self.lesson


class DeviceCode(models.Model):
    """A short code that lets another browser continue with the record: single use, valid a
    few minutes."""

    code = models.CharField(max_length=8, primary_key=True)
    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="codes")
    expires = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return self.code


class Tally(models.Model):
    """How many times one address did something limited in a window (``learners.limits``):
    kept in the database, so every worker and every server counts the same tries."""

    #: What was done and from where: "code-tries:203.0.113.7", "records:2001:db8:1::/64".
    key = models.CharField(max_length=120, primary_key=True)
    count = models.IntegerField(default=0)
    #: The end of the window; then the count starts again (prunelearners deletes old rows).
    until = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
