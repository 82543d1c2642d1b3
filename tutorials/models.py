"""The course as content: courses, units, lessons and their short steps, and paths to a goal.

The texts live in ``tutorials/content/*.yaml`` with all four languages side by side, like the rule
content; ``manage.py loadcourse`` loads them here (idempotently), where the admin edits them
with history. Texts are translated by django-modeltranslation (``translation.py``), which also
registers the history after the translated fields exist. The views read the course through
``tutorials.course``, never these models directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.models import GameChoice

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


class Course(models.Model):
    """One game's course, such as "Seven Card Stud"; its title is the game's name."""

    if TYPE_CHECKING:
        units: RelatedManager[Unit]

    slug = models.SlugField(_("slug"), unique=True)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    order = models.PositiveIntegerField(_("order"), default=0)
    #: Slugs of the courses whose lessons come before this one's.
    builds_on = models.JSONField(_("builds on"), default=list, blank=True)

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("course")
        verbose_name_plural = _("courses")

    def __str__(self) -> str:
        return self.slug


class Unit(models.Model):
    """A group of lessons in a course; without its own title it shows its rule section's."""

    course = models.ForeignKey(
        Course, models.CASCADE, related_name="units", verbose_name=_("course")
    )
    if TYPE_CHECKING:
        lessons: RelatedManager[Lesson]

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    #: The rule section ("page/section") whose title the unit shows unless it has its own.
    section = models.CharField(_("rule section"), max_length=200, blank=True)
    title = models.CharField(_("title"), max_length=200, blank=True)

    class Meta:
        ordering = ("course__order", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["course", "slug"], name="learn_unit_unique_slug"),
        )
        verbose_name = _("unit")
        verbose_name_plural = _("units")

    def __str__(self) -> str:
        return self.title or self.slug


class Lesson(models.Model):
    """A lesson: a few short steps, each with a question, then a check."""

    unit = models.ForeignKey(Unit, models.CASCADE, related_name="lessons", verbose_name=_("unit"))
    if TYPE_CHECKING:
        parts: RelatedManager[LessonPart]

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    #: The rule steps ("page/section/step") the lesson covers: the check asks about their rules.
    steps = models.JSONField(_("rule steps"), default=list)
    #: The check's sources: ``[{"kind": ..., "game": ..., "level": ...}, ...]``.
    checks = models.JSONField(_("check questions"), default=list, blank=True)

    class Meta:
        ordering = ("unit__course__order", "unit__order", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["unit", "slug"], name="learn_lesson_unique_slug"),
        )
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return self.title or self.slug


class LessonPart(models.Model):
    """One step of a lesson: one idea in a few words and a question dealt by a quiz kind,
    answered before the explanation shows."""

    lesson = models.ForeignKey(
        Lesson, models.CASCADE, related_name="parts", verbose_name=_("lesson")
    )
    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    #: The rule step ("page/section/step") behind "Read the full rule".
    rule = models.CharField(_("rule step"), max_length=200)
    kind = models.CharField(_("quiz kind"), max_length=40)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    level = models.CharField(_("level"), max_length=10, default="normal")
    #: Rule ids the dealt question must cite (at least one); empty: the rule step's own.
    teaches = models.JSONField(_("rule ids"), default=list, blank=True)
    text = models.TextField(_("text"))

    class Meta:
        ordering = ("lesson", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["lesson", "slug"], name="learn_part_unique_slug"),
        )
        verbose_name = _("lesson step")
        verbose_name_plural = _("lesson steps")

    def __str__(self) -> str:
        return self.slug


class Path(models.Model):
    """A short path to a goal ("Play Stud Hi/Lo at a home game"): lessons taken from the
    courses, only those the goal needs."""

    slug = models.SlugField(_("slug"), unique=True)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"))
    #: The lessons in order, as "course/lesson".
    lessons = models.JSONField(_("lessons"), default=list)

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("path")
        verbose_name_plural = _("paths")

    def __str__(self) -> str:
        return self.title or self.slug
