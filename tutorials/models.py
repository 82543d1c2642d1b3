"""The course as content: courses, units, lessons and their short steps, and paths to a goal.

The texts live in ``tutorials/content/*.yaml`` with all four languages side by side, like the rule
content; ``manage.py loadcourse`` loads them here (idempotently, keeping what the admin edited
since: ``loaded`` holds a fingerprint of each field as last loaded), where the admin edits them
with history. Every field is checked where it is saved (``tutorials.validators``: the fields'
validators and ``clean``), so an editor's slip is refused beside its field.
Texts are translated by django-modeltranslation (``translation.py``), which also
registers the history after the translated fields exist. The views read the course through
``tutorials.course``, never these models directly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from practice.quiz import Level
from rules.models import GameChoice
from tutorials import validators

LANGUAGES = ("sv", "da", "fi", "en")


def _texts_clean(obj: models.Model, names: tuple[str, ...], *, optional: bool = False) -> None:
    """Each text in every language (an optional one: in all or none), as the course needs."""
    errors: dict[str, Any] = {}
    for name in names:
        texts = {code: getattr(obj, f"{name}_{code}", None) for code in LANGUAGES}
        if optional and not any(texts.values()):
            continue
        for code, text in texts.items():
            if not (text or "").strip():
                errors[f"{name}_{code}"] = _("Write this text in every language.")
    if errors:
        raise ValidationError(errors)


class LoadedModel(models.Model):
    """``loaded``: per field, a fingerprint of the value ``loadcourse`` last wrote, so an edit
    made in the admin since then is never overwritten silently (empty: made in the admin)."""

    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        abstract = True


if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


class Course(LoadedModel):
    """One game's course, such as "Seven Card Stud"; its title is the game's name."""

    if TYPE_CHECKING:
        units: RelatedManager[Unit]

    slug = models.SlugField(_("slug"), unique=True)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    order = models.PositiveIntegerField(_("order"), default=0)
    #: Slugs of the courses whose lessons come before this one's.
    builds_on = models.JSONField(
        _("builds on"), default=list, blank=True, validators=[validators.validate_slugs]
    )

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("course")
        verbose_name_plural = _("courses")

    def __str__(self) -> str:
        return self.slug


class Unit(LoadedModel):
    """A group of lessons in a course; without its own title it shows its rule section's."""

    course = models.ForeignKey(
        Course, models.CASCADE, related_name="units", verbose_name=_("course")
    )
    if TYPE_CHECKING:
        lessons: RelatedManager[Lesson]

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    #: The rule section ("page/section") whose title the unit shows unless it has its own.
    section = models.CharField(
        _("rule section"),
        max_length=200,
        blank=True,
        validators=[validators.validate_rule_section_exists],
    )
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

    def clean(self) -> None:
        _texts_clean(self, ("title",), optional=True)


class Lesson(LoadedModel):
    """A lesson: a few short steps, each with a question, then a check."""

    unit = models.ForeignKey(Unit, models.CASCADE, related_name="lessons", verbose_name=_("unit"))
    if TYPE_CHECKING:
        parts: RelatedManager[LessonPart]

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    #: The rule steps ("page/section/step") the lesson covers: the check asks about their rules.
    steps = models.JSONField(
        _("rule steps"),
        default=list,
        validators=[validators.validate_rule_steps, validators.validate_rule_steps_exist],
    )
    #: The check's sources: ``[{"kind": ..., "game": ..., "level": ...}, ...]``.
    checks = models.JSONField(
        _("check questions"),
        default=list,
        blank=True,
        validators=[validators.validate_check_sources],
    )

    class Meta:
        ordering = ("unit__course__order", "unit__order", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["unit", "slug"], name="learn_lesson_unique_slug"),
        )
        verbose_name = _("lesson")
        verbose_name_plural = _("lessons")

    def __str__(self) -> str:
        return self.title or self.slug

    def clean(self) -> None:
        _texts_clean(self, ("title",))


class LessonPart(LoadedModel):
    """One step of a lesson: one idea in a few words and a question dealt by a quiz kind,
    answered before the explanation shows."""

    lesson = models.ForeignKey(
        Lesson, models.CASCADE, related_name="parts", verbose_name=_("lesson")
    )
    if TYPE_CHECKING:
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        title_sv: str
        title_da: str
        title_fi: str
        title_en: str
        text_sv: str
        text_da: str
        text_fi: str
        text_en: str
        history: Any

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    #: The rule step ("page/section/step") behind "Read the full rule".
    rule = models.CharField(
        _("rule step"), max_length=200, validators=[validators.validate_rule_step_exists]
    )
    #: A quiz kind, or "idea": an idea card, which asks nothing and teaches ``teaches``.
    kind = models.CharField(
        _("quiz kind"), max_length=40, validators=[validators.validate_part_kind]
    )
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    level = models.CharField(
        _("level"),
        max_length=10,
        default=Level.NORMAL.value,
        choices=[(level.value, level.label) for level in Level],
    )
    #: An idea card's title (a step with a question has none).
    title = models.CharField(_("title"), max_length=200, blank=True)
    #: Rule ids the dealt question must cite (at least one); empty: the rule step's own.
    teaches = models.JSONField(
        _("rule ids"),
        default=list,
        blank=True,
        validators=[validators.validate_rule_ids, validators.validate_rule_ids_exist],
    )
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

    def clean(self) -> None:
        _texts_clean(self, ("text",))
        if self.kind == validators.IDEA:
            _texts_clean(self, ("title",))
            if not self.teaches:
                raise ValidationError({"teaches": _("Name the rule ids the idea card teaches.")})
        try:
            validators.validate_kind_game(self.kind, self.game)
        except ValidationError as error:
            raise ValidationError({"kind": error}) from error


class Path(LoadedModel):
    """A short path to a goal ("Play Stud Hi/Lo at a home game"): lessons taken from the
    courses, only those the goal needs."""

    slug = models.SlugField(_("slug"), unique=True)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices)
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"))
    #: The lessons in order, as "course/lesson".
    lessons = models.JSONField(
        _("lessons"), default=list, validators=[validators.validate_lesson_keys]
    )

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("path")
        verbose_name_plural = _("paths")

    def __str__(self) -> str:
        return self.title or self.slug

    def clean(self) -> None:
        _texts_clean(self, ("title", "summary"))
        if isinstance(self.lessons, list):
            known = {
                f"{course}/{lesson}"
                for course, lesson in Lesson.objects.values_list("unit__course__slug", "slug")
            }
            missing = [key for key in self.lessons if key not in known]
            if missing:
                raise ValidationError(
                    {
                        "lessons": ValidationError(
                            _("There is no lesson “%(value)s”."),
                            code="not_found",
                            params={"value": ", ".join(map(str, missing))},
                        )
                    }
                )
