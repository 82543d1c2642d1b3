"""The course pages in the sitemap, in every language with hreflang alternates (collected by
``stud_site.sitemaps``)."""

from __future__ import annotations

from django.urls import reverse

from core.sitemaps import I18nSitemap
from learn.course import COURSES


class CourseSitemap(I18nSitemap):
    """The course index and each course's page."""

    priority = 0.8
    changefreq = "weekly"

    def items(self) -> list[str]:
        return ["", *COURSES]

    def location(self, item: str) -> str:
        if not item:
            return reverse("learn:index")
        return reverse("learn:course", kwargs={"course": item})


class LessonSitemap(I18nSitemap):
    """Every lesson."""

    priority = 0.7
    changefreq = "monthly"

    def items(self) -> list[tuple[str, str]]:
        return [
            (course.slug, lesson.slug) for course in COURSES.values() for lesson in course.lessons
        ]

    def location(self, item: tuple[str, str]) -> str:
        return reverse("learn:lesson", kwargs={"course": item[0], "lesson": item[1]})


SITEMAPS: dict[str, type[I18nSitemap]] = {"course": CourseSitemap, "lessons": LessonSitemap}
