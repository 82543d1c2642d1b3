"""The tutorials app: the course (its paths, lessons and test-outs), at /learn/."""

from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutorialsConfig(AppConfig):
    name = "tutorials"
    verbose_name = _("Course")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from practice.lessons import lesson_finder_register
        from rules.versioning import content_version_bump
        from tutorials import models
        from tutorials.course import course_cache_clear
        from tutorials.links import kind_lesson_url

        # The practice set's summary links each skill to revisit to its lesson.
        lesson_finder_register(kind_lesson_url)

        def changed(**kwargs: object) -> None:
            # This process forgets its copy now; the others when they see the new version.
            course_cache_clear()
            content_version_bump()

        for model in (models.Course, models.Unit, models.Lesson, models.LessonPart, models.Path):
            name = model.__name__
            post_save.connect(changed, sender=model, weak=False, dispatch_uid=f"tutorials-{name}")
            post_delete.connect(
                changed, sender=model, weak=False, dispatch_uid=f"tutorials-del-{name}"
            )
