"""A learner's walk through the served site: a client without JavaScript that keeps its own
cookies, reads each page's forms from their HTML and answers them, and a record of every
request, so that a walk reports all it finds at once (URL, status, what), not its first stop.

The answers come from the project's own engine and quiz code, run in the test process: a quiz
question from its address, a lesson step from its ``deal``, a check or a test-out question
from its ``index``, a walkthrough step and a table's coach question from their address. The
test process reads the course from its files and the rule steps' rule ids from the stack's
database (``engine_content``), so it never touches a database of its own.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest

from tests.stack.conftest import Answer, Server

LANGUAGES = ("sv", "da", "fi", "en")

#: Answer data: each field's values, as a form sends them.
Data = Mapping[str, Sequence[str]]

# Reading pages ------------------------------------------------------------------------------


@dataclass
class Field:
    tag: str  # input, select, textarea or button
    name: str
    type: str
    value: str
    checked: bool = False
    disabled: bool = False
    required: bool = False
    options: list[str] = field(default_factory=list)


@dataclass
class Form:
    attrs: dict[str, str]
    fields: list[Field] = field(default_factory=list)

    @property
    def action(self) -> str:
        return self.attrs.get("action", "")

    @property
    def method(self) -> str:
        return self.attrs.get("method", "get").lower()

    def names(self) -> set[str]:
        return {f.name for f in self.fields if f.name}

    def hidden(self, *names: str) -> str | None:
        """The value of the first hidden field of these names that the form has."""
        for name in names:
            for item in self.fields:
                if item.name == name and item.type == "hidden":
                    return item.value
        return None

    def ticked(self) -> dict[str, list[str]]:
        """Every box the form requires ticked, ticked (a confirmation)."""
        return {
            item.name: [item.value or "on"]
            for item in self.fields
            if item.type == "checkbox" and item.required
        }

    def problems_with(self, data: Data) -> list[str]:
        """What the form does not offer of ``data``: a field it lacks, a choice it lacks."""
        found = []
        for name, values in data.items():
            fields = [f for f in self.fields if f.name == name and f.tag != "button"]
            if not fields:
                found.append(f"no field {name!r}")
                continue
            for value in values:
                if not any(_offers(f, value) for f in fields):
                    found.append(f"no choice {value!r} for {name!r}")
        return found

    def data(self, answer: Data | None = None, submit: str | None = None) -> list[tuple[str, str]]:
        """What a browser sends: the hidden fields, ``answer`` instead of the learner's choices
        (or the form's own checked and filled values, when no answer is given), and the named
        submit button ``submit``."""
        answer = answer or {}
        pairs: list[tuple[str, str]] = []
        for item in self.fields:
            if not item.name or item.name in answer or item.disabled:
                continue
            if item.tag == "button" or item.type in ("submit", "button", "image", "reset"):
                if submit is not None and item.name == submit:
                    pairs.append((item.name, item.value))
                continue
            if item.type in ("checkbox", "radio"):
                if item.checked:
                    pairs.append((item.name, item.value or "on"))
            elif item.tag == "select":
                pairs.append((item.name, item.value or (item.options[0] if item.options else "")))
            else:
                pairs.append((item.name, item.value))
        for name, values in answer.items():
            pairs.extend((name, value) for value in values)
        return pairs


def _offers(item: Field, value: str) -> bool:
    if item.tag == "select":
        return value in item.options
    if item.type in ("checkbox", "radio"):
        return item.value == value
    return item.type not in ("hidden", "submit", "button")  # a text or number to type


@dataclass
class Link:
    attrs: dict[str, str]
    text: str = ""

    @property
    def href(self) -> str:
        return self.attrs.get("href", "")


class _Reader(HTMLParser):
    """The forms (with their fields) and links of a page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.links: list[Link] = []
        self._form: Form | None = None
        self._select: Field | None = None
        self._option: str | None = None
        self._link: Link | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "form":
            self._form = Form(found)
            self.forms.append(self._form)
        elif tag == "a":
            self._link = Link(found)
            self.links.append(self._link)
        elif tag in ("input", "button", "textarea", "select") and self._form is not None:
            kind = found.get("type", "submit" if tag == "button" else "text").lower()
            item = Field(tag, found.get("name", ""), kind, found.get("value", ""))
            item.checked = "checked" in found
            item.disabled = "disabled" in found
            item.required = "required" in found
            self._form.fields.append(item)
            if tag == "select":
                self._select = item
        elif tag == "option" and self._select is not None:
            value = found.get("value")
            self._option = value
            if value is not None:
                self._select.options.append(value)
                if "selected" in found:
                    self._select.value = value

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            if self._select is not None and not self._select.value and self._select.options:
                self._select.value = self._select.options[0]
            self._select = None
        elif tag == "a":
            if self._link is not None:
                self._link.text = " ".join(self._link.text.split())
            self._link = None


_TEMPLATE = re.compile(r"<template\b.*?</template>", re.S)
_VERDICT = re.compile(r'class="feedback__verdict">\s*<span aria-hidden="true">([✓✗!])</span>')


@dataclass
class Page:
    """A page as served: its address (after redirects), status, text and what led to it."""

    url: str
    status: int
    text: str
    answer: Answer | None
    chain: list[tuple[str, int]] = field(default_factory=list)
    ok: bool = True
    _read: _Reader | None = None

    def _reader(self) -> _Reader:
        if self._read is None:
            self._read = _Reader()
            self._read.feed(self.text)
            self._read.close()
        return self._read

    @property
    def forms(self) -> list[Form]:
        return self._reader().forms

    @property
    def links(self) -> list[Link]:
        return self._reader().links

    def form(self, *, action: str = "", css: str = "", field: str = "") -> Form | None:
        """The first form whose action holds ``action``, class holds ``css`` and which has
        a field named ``field``."""
        for form in self.forms:
            if action and action not in form.action:
                continue
            if css and css not in form.attrs.get("class", "").split():
                continue
            if field and field not in form.names():
                continue
            return form
        return None

    def link(self, *, id: str = "", css: str = "", href: str = "", rel: str = "") -> Link | None:
        for link in self.links:
            if id and link.attrs.get("id") != id:
                continue
            if css and css not in link.attrs.get("class", "").split():
                continue
            if href and href not in link.href:
                continue
            if rel and rel not in link.attrs.get("rel", "").split():
                continue
            return link
        return None

    def verdicts(self) -> list[str]:
        """Each verdict shown: "right", "wrong" or "error" (an answer that could not be read),
        leaving out the ``<template>``s scripts show when a request fails."""
        names = {"✓": "right", "✗": "wrong", "!": "error"}
        shown = _TEMPLATE.sub("", self.text)
        return [names[sign] for sign in _VERDICT.findall(shown)]


# The walk's record -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Problem:
    language: str
    url: str
    status: int
    what: str

    def __str__(self) -> str:
        return f"[{self.language}] {self.status or '---'} {self.url}: {self.what}"


@dataclass
class Tally:
    pages: int = 0
    forms: int = 0
    answers: int = 0
    seconds: float = 0.0


class Record:
    """Every problem the walk met, and its counts per language (threads share it)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.tallies: dict[str, Tally] = {code: Tally() for code in (*LANGUAGES, "-")}
        #: Processor seconds the walk cost: gunicorn's, and the walk's own process's.
        self.cpu = (0.0, 0.0)
        self._lock = threading.Lock()

    def problem(self, language: str, url: str, status: int, what: str) -> None:
        with self._lock:
            self.problems.append(Problem(language, url, status, what))

    def count(self, language: str, *, pages: int = 0, forms: int = 0, answers: int = 0) -> None:
        with self._lock:
            tally = self.tallies[language]
            tally.pages += pages
            tally.forms += forms
            tally.answers += answers

    def summary(self) -> str:
        server, own = self.cpu
        lines = [f"walk: processor time {server:.1f} s in gunicorn, {own:.1f} s in the walk"]
        for code, tally in self.tallies.items():
            if code == "-" and not tally.pages:
                continue
            lines.append(
                f"walk {code}: {tally.pages} pages, {tally.forms} forms, "
                f"{tally.answers} answers checked, {tally.seconds:.1f} s"
            )
        return "\n".join(lines)

    def report(self) -> str:
        problems = sorted(set(self.problems), key=lambda p: (p.language, p.url, p.what))
        return f"{len(problems)} problems on the walk:\n" + "\n".join(map(str, problems))


def server_cpu_seconds(serve_dir: Path) -> float:
    """Processor seconds make serve's gunicorn processes have used so far (those whose
    command line names ``serve_dir``)."""
    import os

    marker = str(serve_dir).encode()
    ticks = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            if b"gunicorn" in command and marker in command:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                ticks += int(fields[11]) + int(fields[12])  # utime, stime
        except OSError:
            continue
    return ticks / os.sysconf("SC_CLK_TCK")


@contextmanager
def timed(record: Record, language: str) -> Iterator[None]:
    started = time.monotonic()
    try:
        yield
    finally:
        record.tallies[language].seconds += time.monotonic() - started


# The learner ----------------------------------------------------------------------------------

_REDIRECTS = (301, 302, 303, 307, 308)


class Learner:
    """One browser without JavaScript (or, ``htmx=True``, htmx's request): its own cookies,
    redirects followed, every status checked against what the page means."""

    def __init__(self, port: int, language: str, record: Record) -> None:
        self.server = Server(port)
        self.language = language
        self.record = record
        #: Links a page answering a POST made from its own address (the language switcher's,
        #: relative ones): one of each kind a view, asked by ``follow_derived_links``.
        self.derived: dict[tuple[str, str], tuple[str, str]] = {}

    def problem(self, url: str, status: int, what: str) -> None:
        self.record.problem(self.language, url, status, what)

    def _send(
        self, method: str, url: str, body: str | None, headers: dict[str, str]
    ) -> Answer | None:
        try:
            answer = self.server.request(url, method=method, body=body, headers=headers, timeout=30)
        except OSError as error:
            self.problem(url, 0, f"{method}: no answer ({error})")
            return None
        self.server.keep_cookies(answer)
        self.record.count(self.language, pages=1)
        return answer

    def request(
        self,
        method: str,
        url: str,
        *,
        data: list[tuple[str, str]] | None = None,
        expect: int | tuple[int, ...] = 200,
        what: str,
        htmx: bool = False,
        follow: bool = True,
        referer: str = "",
    ) -> Page:
        """Ask for ``url`` (a POST sends ``data``) as a browser does from the page at
        ``referer``, following redirects unless ``follow`` is off; the last status must be
        ``expect`` and none may be a 5xx."""
        expected = (expect,) if isinstance(expect, int) else expect
        headers: dict[str, str] = {}
        if referer:
            headers["Referer"] = self.server.base + referer
        if method == "POST":
            headers["Origin"] = self.server.base
        if htmx:
            headers["HX-Request"] = "true"
        body = None
        if data is not None and method == "POST":
            body = urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif data:
            url = url.split("?")[0].split("#")[0] + "?" + urlencode(data)
        url = url.split("#")[0]
        chain: list[tuple[str, int]] = []
        answer: Answer | None = None
        for _hop in range(6):
            answer = self._send(method, url, body, headers)
            if answer is None:
                return Page(url, 0, "", None, chain, ok=False)
            chain.append((url, answer.status))
            location = answer.header("Location")
            redirect = answer.status in _REDIRECTS and answer.status not in expected
            if follow and redirect and location:
                url = local(location)
                if answer.status in (301, 302, 303):
                    method, body = "GET", None
                    headers.pop("Content-Type", None)
                continue
            break
        assert answer is not None  # asked at least once
        text = answer.body.decode("utf-8", "replace")
        page = Page(url, answer.status, text, answer, chain)
        if method == "POST" and not htmx and answer.status < 500 and "<html" in text:
            self._note_derived(page)
        if answer.status not in expected:
            page.ok = False
            path = " -> ".join(f"{u} {s}" for u, s in chain)
            self.problem(chain[0][0], answer.status, f"{what}: expected {expected}, got {path}")
        elif htmx and answer.status == 200 and "<html" in text:
            self.problem(url, answer.status, f"{what}: htmx got a whole page, not a fragment")
        return page

    def _note_derived(self, page: Page) -> None:
        source = view_of(self.language, page.url)[0]
        for link in page.links:
            href = link.href
            if not href or href.startswith(("#", "http:", "https:", "mailto:")):
                continue
            if "hreflang" in link.attrs and link.attrs["hreflang"] != self.language:
                kind = "the language switcher"
            elif not href.startswith("/"):
                kind = f"a relative link ({href})"
            else:
                continue
            self.derived.setdefault((source, kind), (local(href, base=page.url), page.url))

    def follow_derived_links(self) -> None:
        """Each link an answer page derived from its POST address answers 200 to a GET
        (switching language, say, after answering without JavaScript)."""
        for (_source, kind), (url, source_url) in sorted(self.derived.items()):
            self.get(url, what=f"{kind} on the page answering a POST to {source_url}")

    def get(self, url: str, *, what: str, expect: int | tuple[int, ...] = 200, **kw: Any) -> Page:
        return self.request("GET", url, what=what, expect=expect, **kw)

    def submit(
        self,
        page: Page,
        form: Form | None,
        answer: Data | None = None,
        *,
        what: str,
        submit: str | None = None,
        expect: int | tuple[int, ...] = 200,
        htmx: bool = False,
    ) -> Page:
        """Send ``form`` of ``page`` as a browser would (htmx's ``hx-post``/``hx-get`` with
        ``htmx``), with ``answer`` for the learner's choices."""
        if form is None:
            self.problem(page.url, page.status, f"{what}: the page has no such form")
            return Page(page.url, 0, "", None, ok=False)
        if answer:
            missing = form.problems_with(answer)
            if missing:
                self.problem(page.url, page.status, f"{what}: the form offers {missing}")
        self.record.count(self.language, forms=1)
        method = form.method.upper()
        action = form.action or page.url
        if htmx:
            target = form.attrs.get("hx-post") or form.attrs.get("hx-get")
            if not target:
                self.problem(page.url, page.status, f"{what}: the form has no hx-post/hx-get")
            else:
                action = target
                method = "POST" if "hx-post" in form.attrs else "GET"
        return self.request(
            method,
            local(action, base=page.url),
            data=form.data(answer, submit),
            expect=expect,
            what=what,
            htmx=htmx,
            referer=page.url,
        )

    def verdict(self, page: Page, right: bool, *, what: str) -> None:
        """The page says the answer was right (or wrong), once."""
        if not page.ok:
            return
        wanted = "right" if right else "wrong"
        found = page.verdicts()
        if found != [wanted]:
            self.problem(page.url, page.status, f"{what}: verdict {found}, expected [{wanted!r}]")
        else:
            self.record.count(self.language, answers=1)


def local(url: str, base: str = "/") -> str:
    """A path on the stack for ``url`` (absolute, rooted or relative to ``base``)."""
    parts = urlsplit(url)
    path = parts.path
    if not path.startswith("/"):
        path = base.rsplit("/", 1)[0] + "/" + path
    return path + (f"?{parts.query}" if parts.query else "")


def query(url: str) -> dict[str, str]:
    return dict(parse_qsl(urlsplit(url).query, keep_blank_values=True))


# The site's addresses, read and written as the code names them ------------------------------


def view_of(language: str, url: str) -> tuple[str, dict[str, Any]]:
    """The view name (``tutorials:lesson``) and English arguments of an address of the site
    ("", {} for anything else)."""
    from django.urls import Resolver404, resolve
    from django.utils import translation

    with translation.override(language):
        try:
            match = resolve(urlsplit(url).path)
        except Resolver404:
            return "", {}
    return str(match.view_name), dict(match.kwargs)


def address(language: str, name: str, **kwargs: Any) -> str:
    """The address of view ``name`` in ``language`` (its words translated)."""
    from django.urls import reverse
    from django.utils import translation

    with translation.override(language):
        return reverse(name, kwargs=kwargs or None)


def links_to(language: str, page: Page, view: str) -> list[str]:
    """The page's links to ``view``, in page order, each once."""
    found: list[str] = []
    for link in page.links:
        href = link.href.split("#")[0]
        if href.startswith("/") and href not in found and view_of(language, href)[0] == view:
            found.append(href)
    return found


# The engine's answers in the test process ---------------------------------------------------


def _steps_from(database: Path) -> dict[str, Any]:
    """The rule steps' rule ids as the stack loaded them (what ``steps_get`` reads)."""
    uri = f"file:{database}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as connection:
        rows = connection.execute(
            "SELECT p.slug, s.slug, st.slug, st.rules FROM rules_step st"
            " JOIN rules_section s ON st.section_id = s.id JOIN rules_page p ON s.page_id = p.id"
        ).fetchall()
    return {
        f"{page}/{section}/{step}": SimpleNamespace(
            key=f"{page}/{section}/{step}", rules=json.loads(rules)
        )
        for page, section, step, rules in rows
    }


@contextmanager
def engine_content(database: Path) -> Iterator[None]:
    """The course and rule steps for the engine's answers, without a database in this
    process: the course from its files (what ``loadcourse`` loaded), the rule steps from the
    stack's database."""
    from tutorials import course, placement, queries

    content = course.content_from_files()
    steps = _steps_from(database)

    def steps_get(keys: Iterable[str]) -> dict[str, Any]:
        return {key: steps[key] for key in keys if key in steps}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(course, "_content", lambda: content)
        # Where the walk's own calls and the test-out's questions look it up.
        patch.setattr(queries, "steps_get", steps_get)
        patch.setattr(placement, "steps_get", steps_get)
        yield


def lesson_of(language: str, url: str) -> tuple[Any, Any] | None:
    """The course and lesson of a lesson's address (or of one of its forms')."""
    from tutorials.course import lesson_find

    args = view_of(language, url)[1]
    return lesson_find(args.get("course", ""), args.get("lesson", ""))


def step_question(language: str, form: Form) -> Any:
    """The question a lesson step's form asks: its step from the form's address, its
    ``deal`` from the hidden field (None when the form is no step's)."""
    from tutorials import queries, questions

    name, args = view_of(language, form.action)
    found = lesson_of(language, form.action)
    if name != "tutorials:part" or found is None:
        return None
    course, lesson = found
    return questions.part_question(
        course=course,
        lesson=lesson,
        index=args["number"] - 1,
        deal=int(form.hidden("lesson-deal", "deal") or 0),
        steps=queries.steps_get(queries.course_step_keys(course)),
    )[1]


def quiz_question(language: str, url: str) -> Any:
    """The question at a quiz question's address (None elsewhere)."""
    from practice.services import question_get

    name, args = view_of(language, url)
    return question_get(**args)[1] if name == "practice:question" else None


def answer(question: Any, *, right: bool) -> dict[str, list[str]]:
    """Form data the question's kind judges right (or wrong)."""
    from tests.browser.quiz_answers import answer_form

    return answer_form(question, right=right)


def prediction(answer: Mapping[str, Any]) -> dict[str, list[str]]:
    """An engine answer of the walkthrough or the table's coach (seats, sizes, sets of
    seats) as the form sends it."""
    return {
        name: sorted(str(v) for v in value) if isinstance(value, frozenset) else [str(value)]
        for name, value in answer.items()
    }


def wrong_prediction(right: Mapping[str, list[str]], form: Form) -> dict[str, list[str]]:
    """A wrong answer of the same shape, from the choices the form offers: another seat or
    size, or another set of seats (a seat added, or another seat for "nobody")."""
    wrong = dict(right)
    name = next(iter(right))
    choices = [f for f in form.fields if f.name == name and f.type in ("radio", "checkbox")]
    others = [f.value for f in choices if f.value not in right[name] and f.value != "none"]
    ticks = any(f.type == "checkbox" for f in choices)
    if ticks and "none" not in right[name]:
        wrong[name] = [*right[name], *others[:1]] if others else right[name][:-1]
    else:
        wrong[name] = others[:1]
    return wrong
