"""A learner's walk through make serve (nginx + gunicorn, production settings, hashed static
files) in sv, da, fi and en.

- Every page of the sitemaps answers 200, and each x-default alternate redirects (302).
- Every lesson step and check of every course: each step answered wrong (by htmx) and then
  right (a whole page), each check with a wrong answer and passed (a course's first lesson
  failed first, then "Try three new questions" and passed); the course page then shows every
  lesson done. Each path by a new learner: its test-out to the result, which must mark the
  units answered right known, then from "Continue" along each lesson's way on to "Path
  complete".
- A question of every quiz kind wrong and right, a set of ten to its summary and "Try the ones I
  missed" back to it; a walkthrough from its start form to the hand's end; a hand at the
  practice table, every coach question wrong and right, to its settlement.
- "My progress": a code, a wrong code (refused) and the right one in a second browser, which
  then downloads the same record; "Forget" there, and a lesson tab open in the first browser
  then answers (a lost lesson state: a message, never a 5xx).
- The links a page answering a POST derives from its own address (the language switcher's,
  relative ones) open, as after answering without JavaScript.

Every form is read from the served HTML (action, method, hidden fields, CSRF token, the
cookies the pages set) and must offer the choices the engine's answer needs; the verdict must
say right or wrong as the engine does (tests/stack/walk.py). Every status must be the one the
page means, never a 5xx. The walk collects all it finds and fails once, listing each finding
(language, status, URL, what); it prints pages, forms and answers per language.

Then a browser sample: Chromium loads such pages in two languages, answers a lesson step, a
quiz question and a coach question by htmx, and must log no console error (CSP violations
included)."""

from __future__ import annotations

import json
import re
import time
import traceback
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from tests.stack import walk
from tests.stack.conftest import Stack
from tests.stack.walk import Learner, Page, Record, address, links_to, view_of

pytestmark = pytest.mark.stack

#: The walk's budget on this 2-core machine (all four languages), in processor seconds of
#: gunicorn and the walk together: 90 s of wall clock on two cores, less the time spent
#: waiting between requests. Measured at 83 s (about 140 s of wall clock while other work kept
#: the load average at 8); asserted in processor time so that other work cannot fail it.
BUDGET_CPU_SECONDS = 120
#: Threads for the sitemaps' plain GETs (make serve runs 3 gunicorn workers here).
GET_THREADS = 3
#: The hands walked through and played: fixed seeds, so every run walks the same hands.
HAND_SEEDS = {"sv": 11, "da": 22, "fi": 33, "en": 44}
HAND_GAMES = {"sv": "stud", "da": "stud8", "fi": "razz", "en": "stud8"}
#: The quiz question of each kind (its dealt address with this seed).
QUIZ_SEED = "4242"
#: A quiz question (the browser sample answers it).
QUIZ = {"kind": "bring-in", "game": "stud", "profile": "robert", "level": "normal"}


@pytest.fixture(scope="module")
def walked(site_stack: Stack) -> Record:
    """The whole walk, once for the tests of this module: the sitemaps (a few threads), then
    the four languages side by side (a learner each, one request at a time)."""
    record = Record()
    database = Path(site_stack.env["DATABASE_URL"].removeprefix("sqlite:///"))
    port = site_stack.server.port
    server_cpu, own_cpu = walk.server_cpu_seconds(site_stack.serve_dir), time.process_time()
    with walk.timed(record, "-"), walk.engine_content(database):
        sitemap_walk(port, record)
        with ThreadPoolExecutor(len(walk.LANGUAGES)) as pool:
            walks = [pool.submit(language_walk, port, code, record) for code in walk.LANGUAGES]
            for done in walks:
                done.result()
    record.cpu = (
        walk.server_cpu_seconds(site_stack.serve_dir) - server_cpu,
        time.process_time() - own_cpu,
    )
    print("\n" + record.summary())
    return record


def test_every_door_opens_in_every_language(walked: Record) -> None:
    assert not walked.problems, walked.report()
    for code in walk.LANGUAGES:
        tally = walked.tallies[code]
        # What a whole walk asks: far fewer means a part of it stopped early.
        assert tally.pages > 700 and tally.forms > 250 and tally.answers > 250, walked.summary()


def test_the_walk_fits_its_budget(walked: Record) -> None:
    """The processor time the walk costs, gunicorn's and its own (BUDGET_CPU_SECONDS)."""
    server, own = walked.cpu
    assert server + own < BUDGET_CPU_SECONDS, walked.summary()


# The sitemaps -------------------------------------------------------------------------------


def sitemap_walk(port: int, record: Record) -> None:
    """/sitemap.xml, its parts and every page they list answer 200, each with all four
    languages and x-default as alternates; each x-default alternate answers 302."""
    index = Learner(port, "-", record)
    top = index.get("/sitemap.xml", what="the sitemap index")
    parts = [walk.local(url) for url in re.findall(r"<loc>([^<]+)</loc>", top.text)]
    if len(parts) != len(walk.LANGUAGES):
        index.problem("/sitemap.xml", top.status, f"{len(parts)} parts, not one a language")
    pages: list[tuple[str, str]] = []
    defaults: set[str] = set()
    for part in parts:
        listed = index.get(part, what="a sitemap part")
        code = next((c for c in walk.LANGUAGES if part.endswith(f"-{c}.xml")), "-")
        for entry in re.findall(r"<url>.*?</url>", listed.text, re.S):
            loc = walk.local(re.findall(r"<loc>([^<]+)</loc>", entry)[0])
            pages.append((code, loc))
            alternates = dict(re.findall(r'hreflang="([^"]+)" href="([^"]+)"', entry))
            if set(alternates) != {*walk.LANGUAGES, "x-default"}:
                index.problem(loc, 200, f"sitemap alternates {sorted(alternates)}, not all four")
            if "x-default" in alternates:
                defaults.add(walk.local(alternates["x-default"]))
    learners = {code: Learner(port, code, record) for code in (*walk.LANGUAGES, "-")}

    def visit(item: tuple[str, str]) -> None:
        code, url = item
        learners[code].get(url, what="a page of the sitemap", follow=False)

    def visit_default(url: str) -> None:
        learners["-"].get(url, what="an x-default alternate", expect=302, follow=False)

    with ThreadPoolExecutor(GET_THREADS) as pool:
        list(pool.map(visit, pages))
        list(pool.map(visit_default, sorted(defaults)))


# A language's walk ----------------------------------------------------------------------------


def language_walk(port: int, language: str, record: Record) -> None:
    """One language's walk: seven flows by six learners, each a record of its own (with the
    browser sample, 26 records from 127.0.0.1, under learners.store.NEW_RECORDS)."""
    with walk.timed(record, language):
        student = Learner(port, language, record)
        others: list[Learner] = []

        def another() -> Learner:
            others.append(Learner(port, language, record))
            return others[-1]

        flows: list[Callable[[], object]] = [
            lambda: home_and_documented_errors(student),
            lambda: course_walk(student),
            lambda: path_walks(another, language),
            lambda: practice_walk(another()),
            lambda: walkthrough_walk(another()),
            lambda: table_walk(another()),
            lambda: progress_walk(student, another()),
        ]
        for flow in flows:
            try:
                flow()
            except Exception as error:  # the walk's own bug: said as such, and the rest walked
                where = traceback.extract_tb(error.__traceback__)[-1]
                student.problem(
                    f"/{language}/", 0, f"the walk broke: {error!r} ({where.name}:{where.lineno})"
                )
        for learner in (student, *others):
            learner.follow_derived_links()


def home_and_documented_errors(learner: Learner) -> None:
    """Home, its search box (a page, and search as you type), the card colours; and the
    errors the site documents: 404 for no page, 400 for a bad quiz address, 302 for /."""
    code = learner.language
    home = learner.get(f"/{code}/", what="home")
    search = home.form(css="search-box")
    learner.submit(home, search, {"q": ["bring-in"]}, what="the search box")
    if search is not None:  # as you type: the box's own hx-get with its hx-vals
        learner.get(f"{search.action}?q=bring&panel=1", what="search as you type", htmx=True)
    colours = home.form(css="card-colours")
    learner.submit(home, colours, submit="colours", what="the card colours")
    learner.get("/", what="the bare address", expect=302, follow=False)
    for url, status in (
        (f"/{code}/no-such-page/", 404),
        (f"/{code}/rules/a%0ab/", 404),  # a newline in a segment
        (f"/{code}/rules/%C3%28/", 404),  # not UTF-8
        (address(code, "practice:kind", kind="bring-in") + "x/", 404),
        (address(code, "practice:question", **{**QUIZ, "seed": "99999999999"}), 400),
        (address(code, "table:hand", game="stud", profile="robert", seed="x"), 400),
    ):
        learner.get(url, what="a documented error page", expect=status)


def wrong_then_right(
    learner: Learner,
    page: Page,
    form: walk.Form | None,
    wrong: walk.Data,
    right: walk.Data,
    *,
    what: str,
) -> Page:
    """Answer ``form`` wrong by htmx (the page stays as it is), then right without it (a
    whole page, returned); each verdict must say so."""
    learner.verdict(learner.submit(page, form, wrong, what=what, htmx=True), False, what=what)
    answered = learner.submit(page, form, right, what=what)
    learner.verdict(answered, True, what=what)
    return answered


# The course ---------------------------------------------------------------------------------


def course_walk(learner: Learner) -> None:
    """Every course, every lesson in its order (thoroughly); the course page then shows
    every lesson done."""
    code = learner.language
    index = learner.get(address(code, "tutorials:index"), what="the course index")
    for course_url in links_to(code, index, "tutorials:course"):
        course = learner.get(course_url, what="a course")
        for lesson_url in links_to(code, course, "tutorials:lesson"):
            lesson_walk(learner, lesson_url, thorough=True)
        again = learner.get(course_url, what="a course, every lesson done")
        done = re.search(r'<progress[^>]*max="(\d+)" value="(\d+)"', again.text)
        if done is None or done.group(1) != done.group(2):
            shown = done.group(0) if done else "no progress bar"
            learner.problem(course_url, again.status, f"not every lesson done: {shown}")


def lesson_walk(learner: Learner, url: str, *, thorough: bool) -> Page:
    """A lesson from its first step to "Lesson complete"; returns the last page.

    Thoroughly: each step wrong (htmx) and then right (a whole page); the check wrong,
    right, right (the course's first lesson: failed with wrong, right, wrong, then "Try three
    new questions" and passed). Otherwise every answer right."""
    from tutorials import queries
    from tutorials import questions as course_questions

    code = learner.language
    page = learner.get(url, what="a lesson")
    found = walk.lesson_of(code, url)
    if not page.ok or found is None:
        learner.problem(url, page.status, "no lesson to walk")
        return page
    course, lesson = found
    args = view_of(code, url)[1]
    for number in range(1, len(lesson.parts) + 1):
        if lesson.parts[number - 1].is_idea:  # an idea card: read, then "Continue" (a link)
            onward = page.link(css="button--primary")
            if onward is None:
                learner.problem(page.url, page.status, f"idea card {number}: no Continue")
                return page
            page = learner.get(onward.href, what=f"after idea card {number}")
            continue
        form = page.form(css="quiz__form")
        question = walk.step_question(code, form) if form is not None else None
        what = f"lesson step {number}"
        if form is None or question is None:
            learner.problem(page.url, page.status, f"{what}: no question")
            return page
        answer = walk.answer(question, right=True)
        if thorough:
            wrong = walk.answer(question, right=False)
            answered = wrong_then_right(learner, page, form, wrong, answer, what=what)
        else:
            answered = learner.submit(page, form, answer, what=what)
            learner.verdict(answered, True, what=what)
        onward = answered.link(css="button--primary")
        if not answered.ok or onward is None:
            learner.problem(answered.url, answered.status, f"{what}: no way on")
            return answered
        page = learner.get(onward.href, what=f"after {what}")
    if not lesson.checks:
        if not lesson.parts:
            read = page.form(action=address(code, "tutorials:read", **args))
            page = learner.submit(page, read, what="I've read this")
        if "lesson-check__verdict--done" not in page.text:
            learner.problem(page.url, page.status, "every step taken: no 'Lesson complete'")
        return page
    steps = queries.steps_get(queries.course_step_keys(course))
    rounds = [(True, True, True)]
    if thorough:  # wrong once and right; the first lesson of a course is also failed first
        first = found[1] == course.lessons[0]
        rounds = [(False, True, False), (True, True, True)] if first else [(False, True, True)]
    for attempt, marks in enumerate(rounds):
        questions = course_questions.check_questions(
            course=course, lesson=lesson, attempt=attempt, steps=steps
        )
        for number, right in enumerate(marks):
            what = f"check question {number + 1} (attempt {attempt + 1})"
            form = page.form(action=address(code, "tutorials:answer", **args))
            if form is None or form.hidden("lesson-index", "index") != str(number):
                learner.problem(page.url, page.status, f"{what}: not asked")
                return page
            answered = learner.submit(
                page,
                form,
                walk.answer(questions[number][1], right=right),
                what=what,
                htmx=number % 2 == 0,
            )
            learner.verdict(answered, right, what=what)
            onward = answered.link(css="button--primary")
            if number + 1 == len(marks):
                page = answered
            elif answered.ok and onward is not None:
                page = learner.get(onward.href, what=f"after {what}")
            else:
                learner.problem(answered.url, answered.status, f"{what}: no way on")
                return answered
        passed = "lesson-check__verdict--done" in page.text
        if passed != (sum(marks) >= queries.PASS_MARK):
            learner.problem(url, page.status, f"a check answered {marks}: passed is {passed}")
        if not passed:
            retry = page.form(action=address(code, "tutorials:retry", **args))
            page = learner.submit(page, retry, what="try three new questions")
    return page


# Paths and test-outs --------------------------------------------------------------------------


def path_walks(another: Callable[[], Learner], language: str) -> None:
    """Each path by a learner of its own, from the path page: the test-out (right, wrong,
    right, ...) to its result, which lists the lessons of the units answered right as known
    and the path shows them done; then from "Continue" along each lesson's way on to "Path
    complete"; "Take the test again" starts over."""
    guide = another()
    index = guide.get(address(language, "tutorials:index"), what="the course index")
    for path_url in links_to(language, index, "tutorials:path"):
        learner = another()
        result = take_test_out(learner, path_url)
        page = learner.get(path_url, what="a path after its test-out")
        lessons = links_to(language, page, "tutorials:lesson")
        start = page.link(css="button--primary")
        if start is None or not lessons:
            learner.problem(path_url, page.status, "a path without its lessons")
            continue
        url = start.href
        for _lesson in lessons:
            last = lesson_walk(learner, url, thorough=False)
            onward = last.link(css="button--primary")
            if onward is None:
                learner.problem(last.url, last.status, "a path's lesson done: no way on")
                break
            url = onward.href
            if view_of(language, url)[0] != "tutorials:lesson":
                break
        end = learner.get(path_url, what="a path, walked")
        if "path-complete" not in end.text:
            learner.problem(path_url, end.status, "every lesson walked: no 'Path complete'")
        if result is not None:
            restart = result.form(field="restart")
            learner.submit(result, restart, submit="restart", what="take the test again")


def take_test_out(learner: Learner, path_url: str) -> Page | None:
    """A path's test-out to its result (returned), which must list the lessons of the units
    answered right, and the path must show them done."""
    from tutorials import placement

    language = learner.language
    path_page = learner.get(path_url, what="a path")
    test_urls = links_to(language, path_page, "tutorials:test-out")
    if not test_urls:
        learner.problem(path_url, path_page.status, "no test-out on the path page")
        return None
    questions = placement.test_out_questions(view_of(language, path_url)[1]["path"])
    page = learner.get(test_urls[0], what="the test-out")
    for number, item in enumerate(questions):
        what = f"test-out question {number + 1}"
        form = page.form(css="quiz__form", field="index")
        if form is None or form.hidden("index") != str(number):
            learner.problem(page.url, page.status, f"{what}: not asked")
            return None
        right = number % 2 == 0
        answered = learner.submit(page, form, walk.answer(item.question, right=right), what=what)
        learner.verdict(answered, right, what=what)
        onward = answered.link(css="button--primary")
        if onward is None:
            learner.problem(answered.url, answered.status, f"{what}: no way on")
            return None
        page = learner.get(onward.href, what=f"after {what}")
    known = sum(len(item.lessons) for item in questions[::2])
    listed = page.text.count('<li><span aria-hidden="true">✓</span>')
    if listed != known:
        learner.problem(page.url, page.status, f"the result lists {listed} lessons, not {known}")
    path = learner.get(path_url, what="the path after its test-out")
    done = re.search(r'id="path-progress" max="\d+" value="(\d+)"', path.text)
    if done is None or done.group(1) != str(known):
        shown = done.group(1) if done else "no progress"
        learner.problem(path_url, path.status, f"{known} lessons known; the path shows {shown}")
    return page


# Practice -------------------------------------------------------------------------------------


def practice_walk(learner: Learner) -> None:
    """A question of every kind (wrong by htmx, then right), then a mixed set of ten to its
    summary, and "Try the ones I missed" back to the summary."""
    code = learner.language
    hub = learner.get(address(code, "practice:hub"), what="the practice hub")
    for kind_url in links_to(code, hub, "practice:kind"):
        dealt = learner.get(kind_url, what="a quiz kind", expect=302, follow=False)
        location = dealt.answer.header("Location") if dealt.answer else ""
        if view_of(code, location)[0] != "practice:question":
            learner.problem(kind_url, dealt.status, f"a quiz kind deals {location!r}")
            continue
        url = re.sub(r"/\d+/$", f"/{QUIZ_SEED}/", walk.local(location))
        page = learner.get(url, what="a quiz question")
        question = walk.quiz_question(code, url)
        form = page.form(css="quiz__form")
        wrong, right = walk.answer(question, right=False), walk.answer(question, right=True)
        wrong_then_right(learner, page, form, wrong, right, what="a quiz answer")
    summary = "practice:set-summary"
    on: Page | None = learner.submit(hub, hub.form(css="hub__start"), what="start a set of ten")
    for number in range(1, 11):
        missed = number % 3 == 1  # 1, 4, 7 and 10
        if on is not None:
            what = f"set question {number}"
            on = _answer_and_go_on(learner, on, not missed, what, htmx=number % 2 == 0)
    if on is None or view_of(code, on.url)[0] != summary:
        if on is not None:
            learner.problem(on.url, on.status, "ten answers, and no set summary")
        return
    retry = on.form(action=address(code, "practice:set-retry"))
    on = learner.submit(on, retry, what="try the ones I missed")
    for number in range(1, 5):
        on = _answer_and_go_on(learner, on, True, f"missed question {number}, again")
        if on is None or view_of(code, on.url)[0] == summary:
            return
    learner.problem(on.url, on.status, "the missed questions end on no summary")


def _answer_and_go_on(
    learner: Learner, page: Page, right: bool, what: str, *, htmx: bool = False
) -> Page | None:
    """Answer the quiz question on ``page`` and follow its way on ("Next", the summary)."""
    question = walk.quiz_question(learner.language, page.url)
    form = page.form(css="quiz__form")
    if question is None or form is None:
        learner.problem(page.url, page.status, f"{what}: no question")
        return None
    answered = learner.submit(page, form, walk.answer(question, right=right), what=what, htmx=htmx)
    learner.verdict(answered, right, what=what)
    onward = answered.link(css="button--primary")
    if onward is None:
        learner.problem(answered.url, answered.status, f"{what}: no way on")
        return None
    return learner.get(onward.href, what=f"after {what}")


# The walkthrough and the table ----------------------------------------------------------------


def walkthrough_walk(learner: Learner) -> None:
    """The walkthrough's start form deals a hand; then a hand of a fixed seed from step 1 to
    its end, each prediction wrong (htmx) and then right."""
    from practice.walkthrough import walkthrough_get

    code = learner.language
    start = learner.get(address(code, "practice:walkthrough"), what="the walkthrough")
    options = start.form(css="options-form")
    dealt = learner.submit(start, options, {"game": [HAND_GAMES[code]]}, what="deal a hand")
    name, args = view_of(code, dealt.url)
    if name != "practice:walkthrough-step" or args["game"] != HAND_GAMES[code]:
        learner.problem(dealt.url, dealt.status, "the walkthrough dealt no hand of that game")
        return
    args.update(seed=str(HAND_SEEDS[code]), step="1")
    hand = walkthrough_get(game=args["game"], profile=args["profile"], seed=args["seed"])
    url = address(code, "practice:walkthrough-step", **args)
    for step in hand.steps:
        what = f"walkthrough step {step.number}"
        page = learner.get(url, what=what)
        if step.predicts:
            form = page.form(css="quiz__form")
            if form is None:
                learner.problem(url, page.status, f"{what}: no prediction to make")
                return
            right = walk.prediction(step.answer)
            wrong = walk.wrong_prediction(right, form)
            page = wrong_then_right(learner, page, form, wrong, right, what=what)
        if step.number == hand.total:
            break
        onward = page.link(css="button--primary")
        if onward is None:
            learner.problem(url, page.status, f"{what}: no way on")
            return
        url = onward.href
    again = address(code, "practice:walkthrough") + "?game="
    if page.link(href=again) is None:
        learner.problem(url, page.status, "the walkthrough's end: no 'Deal another hand'")


def table_walk(learner: Learner) -> None:
    """The table's start form deals a hand; then a hand of a fixed seed played to its
    settlement: every coach question wrong (htmx) and then right, the learner checking or
    calling."""
    from table.play import Stop, parse_move, parse_setup, replay

    code = learner.language
    start = learner.get(address(code, "table:start"), what="the practice table")
    form = next((f for f in start.forms if "game" in f.names()), None)
    dealt = learner.submit(start, form, {"game": [HAND_GAMES[code]]}, what="deal a hand")
    name, args = view_of(code, dealt.url)
    if name != "table:hand" or args["game"] != HAND_GAMES[code]:
        learner.problem(dealt.url, dealt.status, "the table dealt no hand of that game")
        return
    args["seed"] = str(HAND_SEEDS[code])
    page = learner.get(address(code, "table:hand", **args) + "?opponents=4&coach=on", what="a hand")
    for _turn in range(80):
        values = walk.query(page.url)
        setup = parse_setup(
            game=args["game"],
            profile=args["profile"],
            seed=args["seed"],
            opponents=values.get("opponents", "4"),
            coach=values.get("coach", "on"),
        )
        moves = tuple(parse_move(m) for m in values.get("moves", "").split(".") if m)
        table = replay(setup, moves, int(values.get("asked", "0")))
        if not page.ok:
            return
        if table.stop is Stop.OVER:
            if 'id="settlement"' not in page.text or page.link(id="deal-again") is None:
                learner.problem(page.url, page.status, "the hand is over: no settlement")
            return
        if table.stop is Stop.COACH and table.moment is not None:
            what = f"coach question {table.moment.number}"
            coach = page.form(css="quiz__form")
            if coach is None:
                learner.problem(page.url, page.status, f"{what}: no form")
                return
            right = walk.prediction(table.moment.answer)
            wrong = walk.wrong_prediction(right, coach)
            answered = wrong_then_right(learner, page, coach, wrong, right, what=what)
            onward = answered.link(id="coach-continue")
        else:
            onward = _check_or_call(page)
        if onward is None:
            learner.problem(page.url, page.status, "the hand stops with no way on")
            return
        page = learner.get(onward.href, what="the hand goes on")
    learner.problem(page.url, page.status, "the hand never ended")


def _check_or_call(page: Page) -> walk.Link | None:
    """The learner's move: check, else call, else anything but a fold."""
    offered = {link.attrs["data-move"]: link for link in page.links if "data-move" in link.attrs}
    for kind in ("check", "call"):
        for move, link in sorted(offered.items()):
            if move.startswith(kind):
                return link
    return next((link for move, link in offered.items() if move != "fold"), None)


# My progress: a device code -------------------------------------------------------------------


def progress_walk(student: Learner, phone: Learner) -> None:
    """The student (who walked the course) gets a code; a second browser enters a wrong code
    (refused, 400) and then the right one, and downloads the same lessons; "Forget" there, and
    the student's lesson tab then answers a step (a lost lesson state: a message, no 5xx)."""
    code = student.language
    mine_url = address(code, "learners:mine")
    mine = student.get(mine_url, what="my progress")
    before = _lessons_done(student)
    given = student.submit(
        mine, mine.form(action=address(code, "learners:code-new")), what="get a code"
    )
    found = re.search(r'class="device-code"[^>]*><strong>([A-Z0-9-]+)</strong>', given.text)
    if found is None:
        student.problem(given.url, given.status, "asked for a code: none shown")
        return
    link = re.search(r'<a href="([^"]+)">[^<]*</a></p>\s*<div class="device-qr"', given.text)
    if link is None:
        student.problem(given.url, given.status, "a code without its link")
    else:
        phone.get(walk.local(link.group(1)), what="the code's link")
    page = phone.get(mine_url, what="my progress on a second device")
    enter = page.form(action=address(code, "learners:code-enter"))
    refused = phone.submit(page, enter, {"code": ["0000-0000"]}, what="a wrong code", expect=400)
    if refused.ok and 'id="code-error"' not in refused.text:
        phone.problem(refused.url, refused.status, "a wrong code: no message")
    used = phone.submit(page, enter, {"code": [found.group(1)]}, what="the right code")
    if view_of(code, used.url)[0] != "learners:mine" or len(used.chain) < 2:
        phone.problem(used.url, used.status, "the right code did not lead to my progress")
    after = _lessons_done(phone)
    if after != before or len(before) < 20:
        phone.problem(mine_url, used.status, f"the second device has {after}, not {before}")
    # A lesson tab open at step 2, then "Forget" on the other device: the tab's answer finds
    # no lesson state.
    tab_url = address(code, "tutorials:lesson", course="stud", lesson="hand-rankings")
    tab = student.get(tab_url + "?step=2", what="a lesson tab")
    mine = phone.get(mine_url, what="my progress")
    forget = mine.form(action=address(code, "learners:forget"))
    phone.submit(mine, forget, forget.ticked() if forget else {}, what="forget")
    if _lessons_done(phone):
        phone.problem(mine_url, 200, "forgotten, yet the download still holds lessons")
    step = tab.form(css="quiz__form")
    question = walk.step_question(code, step) if step is not None else None
    if step is None or question is None:
        student.problem(tab.url, tab.status, "a lesson tab without its step")
        return
    what = "a step answered after 'Forget' on another device (a lost lesson state)"
    stale = student.submit(
        tab,
        step,
        walk.answer(question, right=True),
        what=what,
        htmx=True,
        expect=(200, 400, 409, 422),
    )
    if stale.ok and "feedback" not in stale.text:
        student.problem(stale.url, stale.status, f"{what}: no message")


def _lessons_done(learner: Learner) -> list[str]:
    """The lessons done, as "Download my progress" gives them."""
    download = learner.get(address(learner.language, "learners:download"), what="download")
    try:
        record = json.loads(download.text)
        return sorted(item["lesson"] for item in record.get("lessons_done") or [])
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        learner.problem(download.url, download.status, f"the download is no record: {error!r}")
        return []


# The browser sample -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Debian's Chromium, launched as the browser tests launch it."""
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM_ARGS, chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=list(CHROMIUM_ARGS)
        )
        yield browser
        browser.close()


@pytest.mark.parametrize("language", ["sv", "fi"])
def test_a_browser_sample_logs_no_console_error(
    site_stack: Stack, chromium: Any, language: str
) -> None:
    """Pages of the walk in Chromium, with a lesson step, a quiz question and a coach
    question answered by htmx (swapped in place): no console error, no CSP violation."""
    from playwright.sync_api import expect

    from table.play import replay
    from tests.browser.quiz_answers import fill

    base = site_stack.server.base
    context = chromium.new_context(locale=language, reduced_motion="reduce")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []

    def console(message: Any) -> None:
        if message.type == "error":
            errors.append(f"{page.url}: {message.text}")

    def by_htmx(submit: Any, sent: Callable[[Any], bool]) -> None:
        """Click ``submit``; the request it sends must be htmx's (swapped in place)."""
        with page.expect_request(sent) as request:
            submit.click()
        assert request.value.headers.get("hx-request") == "true", request.value.url

    page.on("console", console)
    page.on("pageerror", lambda error: errors.append(f"{page.url}: uncaught {error.message}"))
    database = Path(site_stack.env["DATABASE_URL"].removeprefix("sqlite:///"))
    lesson = address(language, "tutorials:lesson", course="stud", lesson="hand-rankings")
    question_url = address(language, "practice:question", **QUIZ, seed=QUIZ_SEED)
    hand = {"game": "razz", "profile": "robert", "seed": str(HAND_SEEDS[language])}
    try:
        for name, kwargs in (
            ("home", {}),
            ("rules:page-detail", {"slug": "stud"}),
            ("tutorials:index", {}),
            ("tutorials:path", {"path": "razz"}),
            ("tutorials:test-out", {"path": "razz"}),
            ("practice:hub", {}),
            ("learners:mine", {}),
        ):
            page.goto(base + address(language, name, **kwargs))
        with walk.engine_content(database):
            # A lesson step, answered by htmx: #part is swapped for its verdict.
            page.goto(base + lesson)
            step = Page(page.url, 200, page.content(), None).form(css="quiz__form")
            assert step is not None
            fill(page, walk.answer(walk.step_question(language, step), right=False))
            by_htmx(page.locator("#part button[type=submit]"), lambda r: r.method == "POST")
            expect(page.locator("#part .feedback__verdict")).to_contain_text("✗")
        # A quiz question, by htmx: the feedback is swapped in below the question.
        page.goto(base + question_url)
        fill(page, walk.answer(walk.quiz_question(language, question_url), right=True))
        by_htmx(page.locator("form.quiz__form button[type=submit]"), lambda r: r.method == "POST")
        expect(page.locator("#feedback .feedback__verdict")).to_contain_text("✓")
        # The table's coach, by htmx: the table is swapped for the verdict.
        page.goto(base + address(language, "table:hand", **hand) + "?opponents=4&coach=on")
        moment = replay(parse_setup_of(hand)).moment
        assert moment is not None
        fill(page, walk.prediction(moment.answer))
        by_htmx(page.locator("form.quiz__form button[type=submit]"), lambda r: "check=1" in r.url)
        expect(page.locator("#coach-feedback .feedback__verdict")).to_contain_text("✓")
        page.locator("#coach-continue").click()
        expect(page.locator("#coach-feedback")).to_have_count(0)
    finally:
        context.close()
    assert errors == [], "\n".join(errors)


def parse_setup_of(hand: dict[str, str]) -> Any:
    from table.play import parse_setup

    return parse_setup(**hand, opponents="4", coach="on")
