"""What the course templates show: one function per page or fragment, so the views stay thin.

Every value a template needs is built here from ``tutorials.course`` (the content),
``tutorials.queries``, ``tutorials.questions`` (checks, steps' questions), ``tutorials.progress``
and the practice app's presenters (questions and feedback).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext as _

from core import words
from practice import presenters as quiz_presenters
from practice.quiz import Result
from rules.models import Step
from tutorials.course import Course, Lesson, Path, courses, paths
from tutorials.progress import (
    CourseProgress,
    course_progress_load,
    parts_reachable,
    progress_continue,
)
from tutorials.queries import (
    CHECK_SIZE,
    PASS_MARK,
    course_step_keys,
    lesson_key,
    lesson_minutes,
    lesson_title,
    path_lessons,
    steps_get,
    text_in_language,
)
from tutorials.questions import check_questions, part_question

__all__ = [
    "check_context",
    "continue_item",
    "course_detail_context",
    "course_index_context",
    "first_item",
    "lesson_context",
    "lesson_item_for",
    "lesson_url",
    "part_context",
    "path_context",
    "path_items",
]


def lesson_url(course: Course, lesson: Lesson) -> str:
    return reverse("tutorials:lesson", kwargs={"course": course.slug, "lesson": lesson.slug})


def path_url(path: Path) -> str:
    return reverse("tutorials:path", kwargs={"path": path.slug})


def _lesson_item(
    course: Course, lesson: Lesson, steps: dict[str, Step], progress: CourseProgress
) -> dict[str, Any]:
    key = lesson_key(course, lesson)
    return {
        "lesson": lesson,
        "course": course,
        "key": key,
        "title": lesson_title(lesson),
        "url": lesson_url(course, lesson),
        "minutes": lesson_minutes(lesson, steps),
        "done": key in progress.done,
    }


def _course_summary(course: Course, progress: CourseProgress) -> dict[str, Any]:
    keys = [lesson_key(course, lesson) for lesson in course.lessons]
    done = sum(1 for key in keys if key in progress.done)
    return {
        "course": course,
        "title": words.game_name(course.game),
        "url": reverse("tutorials:course", kwargs={"course": course.slug}),
        "done": done,
        "total": len(keys),
        "percent": round(100 * done / len(keys)) if keys else 0,
        "first_url": lesson_url(course, course.lessons[0]),
    }


def _path_summary(path: Path, progress: CourseProgress) -> dict[str, Any]:
    lessons = path_lessons(path.slug)
    keys = [lesson_key(course, lesson) for course, lesson in lessons]
    done = sum(1 for key in keys if key in progress.done)
    return {
        "path": path,
        "title": text_in_language(path.title),
        "summary": text_in_language(path.summary),
        "url": path_url(path),
        "done": done,
        "total": len(keys),
        "complete": done == len(keys),
    }


def path_items(game: str | None = None) -> list[dict[str, Any]]:
    """``{"title", "summary", "url", "game"}`` of each path (of one game), for links from other
    pages (home, a game's rules page)."""
    return [
        {
            "title": text_in_language(path.title),
            "summary": text_in_language(path.summary),
            "url": path_url(path),
            "game": str(path.game),
            "count": len(path.lessons),
        }
        for path in paths().values()
        if game is None or str(path.game) == game
    ]


def continue_item(progress: CourseProgress) -> dict[str, Any] | None:
    found = progress_continue(progress)
    if found is None or not progress.started:
        return None
    course, lesson = found
    return {"title": lesson_title(lesson), "url": lesson_url(course, lesson)}


def lesson_item_for(found: tuple[Course, Lesson] | None) -> dict[str, Any] | None:
    """``{"title", "url"}`` of a lesson, for links from other pages."""
    if found is None:
        return None
    course, lesson = found
    return {"title": lesson_title(lesson), "url": lesson_url(course, lesson)}


def first_item() -> dict[str, Any]:
    course = next(iter(courses().values()))
    lesson = course.lessons[0]
    return {"title": lesson_title(lesson), "url": lesson_url(course, lesson)}


# Pages -------------------------------------------------------------------------------------


def course_index_context(request: HttpRequest) -> dict[str, Any]:
    progress = course_progress_load(request)
    return {
        "courses": [_course_summary(course, progress) for course in courses().values()],
        "paths": [_path_summary(path, progress) for path in paths().values()],
        "continue": continue_item(progress),
    }


def course_detail_context(request: HttpRequest, course: Course, language: str) -> dict[str, Any]:
    progress = course_progress_load(request)
    steps = steps_get(course_step_keys(course))
    units: list[dict[str, Any]] = []
    items: list[dict[str, Any]] = []
    for unit in course.units:
        title = unit.title.get(language) or unit.title.get("en", "")
        if not title and unit.section:
            page, section = unit.section.split("/")
            first = next(
                (
                    s
                    for s in steps.values()
                    if s.section.page.slug == page and s.section.slug == section
                ),
                None,
            )
            title = first.section.title if first else unit.slug
        lessons = [_lesson_item(course, lesson, steps, progress) for lesson in unit.lessons]
        for item in lessons:
            items.append(item)
            item["position"] = len(items)
        units.append({"unit": unit, "title": title, "lessons": lessons})
    next_found = progress_continue(progress)
    summary = _course_summary(course, progress)
    next_lesson = None
    if next_found is not None and next_found[0].slug == course.slug:
        next_lesson = _lesson_item(course, next_found[1], steps, progress)
    elif summary["done"] < summary["total"]:
        next_lesson = next(item for item in items if not item["done"])
    return {
        **summary,
        "units": units,
        "next_lesson": next_lesson,
        "started": summary["done"] > 0 or progress.last.startswith(f"{course.slug}/"),
        "builds_on": [_course_summary(courses()[name], progress) for name in course.builds_on],
        "paths": [
            _path_summary(path, progress) for path in paths().values() if path.game == course.game
        ],
    }


def path_context(request: HttpRequest, path: Path) -> dict[str, Any]:
    progress = course_progress_load(request)
    items = []
    for course, lesson in path_lessons(path.slug):
        steps = steps_get(lesson.steps)
        items.append(_lesson_item(course, lesson, steps, progress))
    for position, item in enumerate(items, start=1):
        item["position"] = position
    summary = _path_summary(path, progress)
    return {
        **summary,
        "lessons": items,
        "next_lesson": next((item for item in items if not item["done"]), None),
        "started": summary["done"] > 0,
        "game_title": words.game_name(path.game),
        "course_url": reverse("tutorials:course", kwargs={"course": str(path.game)})
        if str(path.game) in courses()
        else None,
        "test_out_url": reverse("tutorials:test-out", kwargs={"path": path.slug}),
        # The end of a path sits the learner at the practice table, in the path's game.
        "table_url": reverse("table:start") + f"?game={path.game}",
    }


def check_context(
    request: HttpRequest,
    course: Course,
    lesson: Lesson,
    steps: dict[str, Step],
    *,
    answered: tuple[int, Result] | None = None,
) -> dict[str, Any]:
    """The check: the question to answer now, or the one just answered with its feedback,
    or the result of the attempt."""
    key = lesson_key(course, lesson)
    progress = course_progress_load(request)
    state = progress.check(key)
    questions = check_questions(course=course, lesson=lesson, attempt=state.attempt, steps=steps)
    kwargs = {"course": course.slug, "lesson": lesson.slug}
    context: dict[str, Any] = {
        "check": state,
        "check_size": CHECK_SIZE,
        "pass_mark": PASS_MARK,
        "has_check": bool(questions),
        "done": key in progress.done,
        "answer_url": reverse("tutorials:answer", kwargs=kwargs),
        "retry_url": reverse("tutorials:retry", kwargs=kwargs),
        "read_url": reverse("tutorials:read", kwargs=kwargs),
        "lesson_url": lesson_url(course, lesson),
    }
    context["onward"] = _onward(course, lesson, steps, progress)
    index = answered[0] if answered else state.answered
    if questions and index < len(questions):
        quiz, question = questions[index]
        context.update(
            quiz=quiz,
            question=question,
            view=quiz_presenters.question_view(quiz, question),
            index=index,
            number=index + 1,
        )
        if answered:
            result = answered[1]
            context.update(
                result=result, feedback=quiz_presenters.feedback_view(quiz, question, result)
            )
    return context


def part_context(
    request: HttpRequest,
    course: Course,
    lesson: Lesson,
    steps: dict[str, Step],
    *,
    index: int,
    deal: int,
    answered: Result | None = None,
) -> dict[str, Any]:
    """One step of a lesson: its idea, the question it deals, and after the answer the
    explanation with "Read the full rule", "Another one like this" and the way on."""
    part = lesson.parts[index]
    url = lesson_url(course, lesson)
    progress = course_progress_load(request)
    key = lesson_key(course, lesson)
    last = index + 1 == len(lesson.parts)
    if part.is_idea:
        # An idea card: one screen, asking nothing; "Continue" is a link to the next step.
        return {
            "part": part,
            "part_index": index,
            "part_number": index + 1,
            "part_total": len(lesson.parts),
            "idea_title": text_in_language(part.title),
            "part_text": text_in_language(part.text),
            "continue_url": f"{url}?step={index + 2}#part" if not last else f"{url}?check=1#check",
            "parts_answered": progress.parts_answered(key),
        }
    quiz, question = part_question(
        course=course, lesson=lesson, index=index, deal=deal, steps=steps
    )
    context: dict[str, Any] = {
        "part": part,
        "part_index": index,
        "part_number": index + 1,
        "part_total": len(lesson.parts),
        "part_text": text_in_language(part.text),
        "deal": deal,
        "quiz": quiz,
        "question": question,
        "view": quiz_presenters.question_view(quiz, question),
        "profile_label": words.profile_title(question.qid.profile) if quiz.uses_profile else "",
        "part_url": reverse(
            "tutorials:part",
            kwargs={"course": course.slug, "lesson": lesson.slug, "number": index + 1},
        ),
        "another_url": f"{url}?step={index + 1}&deal={deal + 1}#part",
        "rule_url": quiz_presenters.step_url(part.rule),
        "continue_url": f"{url}?step={index + 2}#part" if not last else f"{url}?check=1#check",
        "continue_label": _("Next step") if not last else _("Check yourself"),
        "parts_answered": progress.parts_answered(key),
    }
    if not lesson.checks and last:
        context["continue_label"] = _("Finish the lesson")
    if answered is not None:
        context.update(
            result=answered, feedback=quiz_presenters.feedback_view(quiz, question, answered)
        )
    return context


def _pager(course: Course, lesson: Lesson, steps: dict[str, Step], progress: Any) -> dict[str, Any]:
    """Previous and next lesson: along the path the learner follows when the lesson is on it,
    else along the course."""
    key = lesson_key(course, lesson)
    path = paths().get(progress.path)
    if path is not None and key in path.lessons:
        sequence = path_lessons(path.slug)
        summary = _path_summary(path, progress)
        path_item = {
            "title": summary["title"],
            "url": summary["url"],
            "complete": summary["complete"],
        }
    else:
        sequence = [(course, item) for item in course.lessons]
        path_item = None
    keys = [lesson_key(*pair) for pair in sequence]
    index = keys.index(key)

    def item(pair: tuple[Course, Lesson] | None) -> dict[str, Any] | None:
        return None if pair is None else _lesson_item(pair[0], pair[1], steps, progress)

    next_course = None
    if index + 1 == len(sequence) and path_item is None:
        later = [c for c in courses().values() if course.slug in c.builds_on]
        if later:
            next_course = _course_summary(later[0], progress)
    return {
        "previous": item(sequence[index - 1] if index > 0 else None),
        "next": item(sequence[index + 1] if index + 1 < len(sequence) else None),
        "next_course": next_course,
        "path": path_item,
        "position": index + 1,
        "total": len(sequence),
    }


def _onward(
    course: Course, lesson: Lesson, steps: dict[str, Step], progress: Any
) -> dict[str, Any] | None:
    """Where a finished lesson leads: the next lesson (on the learner's path, else in the
    course), the path's page once the path is complete, or the next course."""
    pager = _pager(course, lesson, steps, progress)
    if pager["next"]:
        return {
            "url": pager["next"]["url"],
            "label": _("Next lesson"),
            "title": pager["next"]["title"],
        }
    if pager["path"]:
        path = pager["path"]
        label = _("Path complete") if path["complete"] else path["title"]
        return {"url": path["url"], "label": label, "title": ""}
    if pager["next_course"]:
        item = pager["next_course"]
        return {"url": item["url"], "label": _("Next course"), "title": item["title"]}
    return None


def lesson_context(
    request: HttpRequest,
    course: Course,
    lesson: Lesson,
    *,
    step: int | None,
    deal: int,
    answered: Result | None = None,
    check: bool = False,
) -> dict[str, Any]:
    """A lesson page: the step the learner is at (or ``step``), or the check once every step
    is answered (``check``: the check whenever the steps are done)."""
    steps = steps_get(course_step_keys(course))
    progress = course_progress_load(request)
    key = lesson_key(course, lesson)
    unit = next(unit for unit in course.units if lesson in unit.lessons)
    answered_parts = progress.parts_answered(key)
    reachable = parts_reachable(lesson, answered_parts)
    if check and reachable >= len(lesson.parts):
        index = None  # the check, once the steps are answered and any cards after them seen
    elif step is None:
        index = answered_parts if answered_parts < len(lesson.parts) else None
    elif answered is not None:
        # The step whose question was answered, wherever the progress stands: its feedback
        # belongs to that question alone.
        index = step - 1
    else:
        index = min(step, reachable + 1, len(lesson.parts)) - 1 if lesson.parts else None
    pager = _pager(course, lesson, steps, progress)
    context: dict[str, Any] = {
        "course": course,
        "course_title": words.game_name(course.game),
        "course_url": reverse("tutorials:course", kwargs={"course": course.slug}),
        "unit": unit,
        "lesson": lesson,
        "title": lesson_title(lesson),
        "minutes": lesson_minutes(lesson, steps),
        "parts": [
            {
                "number": number,
                "done": number <= answered_parts,
                "current": index is not None and number == index + 1,
                "url": f"{lesson_url(course, lesson)}?step={number}#part",
            }
            for number in range(1, len(lesson.parts) + 1)
        ],
        "parts_done": reachable >= len(lesson.parts),
        "show_check": index is None,
        # By the lesson's address: a page answering a step's POST is at the step's, no GET's.
        "check_url": f"{lesson_url(course, lesson)}?check=1#check",
        "rules": [
            {"title": steps[name].title, "url": quiz_presenters.step_url(name)}
            for name in dict.fromkeys(lesson.steps)
            if name in steps
        ],
        **pager,
    }
    if index is not None:
        context.update(
            part_context(request, course, lesson, steps, index=index, deal=deal, answered=answered)
        )
    else:
        context.update(check_context(request, course, lesson, steps))
    return context
