"""The rules reference: pages, sections, steps, glossary terms and rulebook differences.

Text fields are translated by django-modeltranslation (see ``translation.py``); every model
keeps its change history: ``translation.py`` registers it with django-simple-history after the
translated fields exist, so the history records every language. ``loaded`` holds, per text field
and language, a fingerprint of what ``loadrules`` last wrote, so an edit made in the admin since
then is never overwritten silently.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


RULE_ID = re.compile(r"^R-[A-Z]+-\d+$")


def validate_rule_ids(value: object) -> None:
    """A list of rule ids as ``loadrules`` takes them (R-BRING-2): anything else (a number, a
    string, objects) would break the pages that link the rules."""
    if not isinstance(value, list) or not all(
        isinstance(rule, str) and RULE_ID.fullmatch(rule) for rule in value
    ):
        raise ValidationError(
            _('Rule ids are a list such as ["R-BRING-2", "R-BRING-3"].'), code="rule_ids"
        )


class RuleIdsModel(models.Model):
    """A model with ``rules``, a JSON list of rule ids: read back as a list of strings whatever
    an edit stored (a number, a string, objects), so a slip in the admin breaks no page."""

    class Meta:
        abstract = True

    @classmethod
    def from_db(
        cls, db: str | None, field_names: Any, values: Any, *, fetch_mode: Any = None
    ) -> Any:
        instance = super().from_db(db, field_names, values, fetch_mode=fetch_mode)
        rules = instance.__dict__.get("rules")
        if rules is not None and not (
            isinstance(rules, list) and all(isinstance(rule, str) for rule in rules)
        ):
            kept = rules if isinstance(rules, list) else []
            instance.rules = [rule for rule in kept if isinstance(rule, str)]  # type: ignore[attr-defined]
        return instance


class GameChoice(models.TextChoices):
    STUD = "stud", _("Seven Card Stud")
    STUD8 = "stud8", _("Stud Hi/Lo")
    RAZZ = "razz", _("Razz")


class Page(models.Model):
    """A rules page: one per game (all following one template) or a page common to all games."""

    class Kind(models.TextChoices):
        GAME = "game", _("Game page")
        COMMON = "common", _("Common page")

    if TYPE_CHECKING:
        sections: RelatedManager[Section]
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        title_sv: str
        title_da: str
        title_fi: str
        title_en: str
        summary_sv: str
        summary_da: str
        summary_fi: str
        summary_en: str
        quick_summary_sv: str
        quick_summary_da: str
        quick_summary_fi: str
        quick_summary_en: str
        history: Any

    slug = models.SlugField(_("slug"), unique=True)
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    game = models.CharField(_("game"), max_length=10, choices=GameChoice.choices, blank=True)
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    summary = models.TextField(_("summary"))
    # "In 30 seconds": a game page's few bullet lines right under its title, for a reader who
    # came from a search and wants the short answer first (empty on the common pages).
    quick_summary = models.TextField(_("in 30 seconds"), blank=True)
    brief = models.TextField(_("writer's brief"), blank=True)
    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("page")
        verbose_name_plural = _("pages")

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        return reverse("rules:page-detail", kwargs={"slug": self.slug})

    def clean(self) -> None:
        if self.kind == self.Kind.GAME and not self.game:
            raise ValidationError({"game": _("A game page names its game.")})


class Section(models.Model):
    """A section of a page, such as "Forced bets"."""

    page = models.ForeignKey(Page, models.CASCADE, related_name="sections", verbose_name=_("page"))
    if TYPE_CHECKING:
        steps: RelatedManager[Step]
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        title_sv: str
        title_da: str
        title_fi: str
        title_en: str
        intro_sv: str
        intro_da: str
        intro_fi: str
        intro_en: str
        history: Any

    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(_("title"), max_length=200)
    intro = models.TextField(_("introduction"))
    brief = models.TextField(_("writer's brief"), blank=True)
    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("page__order", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["page", "slug"], name="rules_section_unique_slug"),
        )
        verbose_name = _("section")
        verbose_name_plural = _("sections")

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        return reverse(
            "rules:section-detail", kwargs={"page": self.page.slug, "section": self.slug}
        )

    @property
    def key(self) -> str:
        return f"{self.page.slug}/{self.slug}"


class Step(RuleIdsModel):
    """One step of a section: a short text that teaches the rules listed in ``rules``."""

    if TYPE_CHECKING:
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        title_sv: str
        title_da: str
        title_fi: str
        title_en: str
        body_sv: str
        body_da: str
        body_fi: str
        body_en: str
        history: Any

    class ExampleKind(models.TextChoices):
        BRING_IN = "bring_in", _("Who brings in")
        FIRST_TO_ACT = "first_to_act", _("Who acts first")
        BEST_HIGH = "best_high", _("Best high hand")
        BEST_LOW = "best_low", _("Best low hand")
        SPLIT_POT = "split_pot", _("Splitting the pot")
        SHOWDOWN_ORDER = "showdown_order", _("Who shows first")
        BET_SIZES = "bet_sizes", _("Bet sizes")
        COMMUNITY_CARD = "community_card", _("Community card")
        DEAL = "deal", _("The deal")

    section = models.ForeignKey(
        Section, models.CASCADE, related_name="steps", verbose_name=_("section")
    )
    slug = models.SlugField(_("slug"))
    order = models.PositiveIntegerField(_("order"), default=0)
    rules = models.JSONField(
        _("rule ids"), default=list, blank=True, validators=[validate_rule_ids]
    )
    example_kind = models.CharField(
        _("worked example"), max_length=20, choices=ExampleKind.choices, blank=True
    )
    example_game = models.CharField(
        _("game of the example"), max_length=10, choices=GameChoice.choices, blank=True
    )
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("text"))
    brief = models.TextField(_("writer's brief"), blank=True)
    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("section__page__order", "section__order", "order", "slug")
        constraints = (
            models.UniqueConstraint(fields=["section", "slug"], name="rules_step_unique_slug"),
        )
        verbose_name = _("step")
        verbose_name_plural = _("steps")

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        return reverse(
            "rules:step-detail",
            kwargs={
                "page": self.section.page.slug,
                "section": self.section.slug,
                "step": self.slug,
            },
        )

    @property
    def key(self) -> str:
        return f"{self.section.page.slug}/{self.section.slug}/{self.slug}"

    def clean(self) -> None:
        if bool(self.example_kind) != bool(self.example_game):
            blank = "example_game" if self.example_kind else "example_kind"
            raise ValidationError({blank: _("A worked example needs both its kind and its game.")})


class GlossaryTerm(RuleIdsModel):
    """A poker word with its definition, in each language."""

    if TYPE_CHECKING:
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        term_sv: str
        term_da: str
        term_fi: str
        term_en: str
        definition_sv: str
        definition_da: str
        definition_fi: str
        definition_en: str
        history: Any

    slug = models.SlugField(_("slug"), unique=True)
    order = models.PositiveIntegerField(_("order"), default=0)
    rules = models.JSONField(
        _("rule ids"), default=list, blank=True, validators=[validate_rule_ids]
    )
    term = models.CharField(_("term"), max_length=200)
    definition = models.TextField(_("definition"))
    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("glossary term")
        verbose_name_plural = _("glossary terms")

    def __str__(self) -> str:
        return self.term or self.slug

    def get_absolute_url(self) -> str:
        return reverse("rules:term-detail", kwargs={"slug": self.slug})


class Difference(RuleIdsModel):
    """Where rulebooks differ, or where a source page gets a rule wrong."""

    if TYPE_CHECKING:
        # Added at run time, unseen by mypy: modeltranslation's column per language
        # (translation.py; text wherever the loaders or the admin saved it) and the history.
        title_sv: str
        title_da: str
        title_fi: str
        title_en: str
        body_sv: str
        body_da: str
        body_fi: str
        body_en: str
        history: Any

    class Kind(models.TextChoices):
        PROFILE = "profile", _("Rulebooks differ")
        SOURCE_ERROR = "source_error", _("A common mistake")

    slug = models.SlugField(_("slug"), unique=True)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    order = models.PositiveIntegerField(_("order"), default=0)
    rules = models.JSONField(
        _("rule ids"), default=list, blank=True, validators=[validate_rule_ids]
    )
    title = models.CharField(_("title"), max_length=200)
    body = models.TextField(_("text"))
    brief = models.TextField(_("writer's brief"), blank=True)
    loaded = models.JSONField(default=dict, blank=True, editable=False)

    class Meta:
        ordering = ("order", "slug")
        verbose_name = _("rulebook difference")
        verbose_name_plural = _("rulebook differences")

    def __str__(self) -> str:
        return self.title or self.slug

    def get_absolute_url(self) -> str:
        return reverse("rules:differences") + f"#{self.slug}"


class ContentVersion(models.Model):
    """One row: a number that grows with every change to the content (``rules.versioning``).
    It lives in the database so that every process of every server sees the same number."""

    version = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("content version")
        verbose_name_plural = _("content versions")

    def __str__(self) -> str:
        return str(self.version)
