"""The course pages in the sitemap, in every language with hreflang alternates (collected by
``stud_site.sitemaps``)."""

from __future__ import annotations

from django.urls import reverse

from core.sitemaps import I18nSitemap
from tutorials.course import courses, paths


class CourseSitemap(I18nSitemap):
    """The course index and each course's page."""

    priority = 0.8
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["", *courses()]

    def location(self, item: str) -> str:
        if not item:
            return reverse("tutorials:index")
        return reverse("tutorials:course", kwargs={"course": item})


class LessonSitemap(I18nSitemap):
    """Every lesson."""

    priority = 0.7
    changefreq = "monthly"

    def items(self) -> list[tuple[str, str]]:
        return [
            (course.slug, lesson.slug) for course in courses().values() for lesson in course.lessons
        ]

    def location(self, item: tuple[str, str]) -> str:
        return reverse("tutorials:lesson", kwargs={"course": item[0], "lesson": item[1]})


class PathSitemap(I18nSitemap):
    """The short paths to a goal."""

    priority = 0.8
    changefreq = "monthly"

    def items(self) -> list[str]:
        return list(paths())

    def location(self, item: str) -> str:
        return reverse("tutorials:path", kwargs={"path": item})


SITEMAPS: dict[str, type[I18nSitemap]] = {
    "course": CourseSitemap,
    "lessons": LessonSitemap,
    "paths": PathSitemap,
}
