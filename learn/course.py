"""The courses as data: course -> units -> lessons, each lesson a few existing rule steps.

A lesson names its rule steps as ``page/section/step`` (the ``rules`` app's ``Step`` objects, so
no text is copied) and the quiz sources its check draws from. The rules a lesson teaches are
the union of its steps' ``rules``; the check only asks questions whose reasons cite them (see
``learn.services``). Titles are written for each language; a unit without its own title takes
the title of the rule section it names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from rules.engine import Game
from tutorials.quiz import Level

__all__ = ["COURSES", "CheckSource", "Course", "Lesson", "Unit", "lesson_find"]

Texts = dict[str, str]


@dataclass(frozen=True, slots=True)
class CheckSource:
    """A quiz kind, game and level the lesson's check may draw questions from."""

    kind: str
    game: Game
    level: Level = Level.NORMAL


@dataclass(frozen=True, slots=True)
class Lesson:
    slug: str
    title: Texts
    steps: tuple[str, ...]
    checks: tuple[CheckSource, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= len(self.steps) <= 6:
            raise ValueError(f"lesson {self.slug!r} has {len(self.steps)} steps, not 2 to 6")
        if set(self.title) != {"sv", "da", "fi", "en"}:
            raise ValueError(f"lesson {self.slug!r} needs a title in sv, da, fi and en")


@dataclass(frozen=True, slots=True)
class Unit:
    slug: str
    lessons: tuple[Lesson, ...]
    #: The rule section ("page/section") whose title the unit shows, unless it has its own.
    section: str = ""
    title: Texts = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Course:
    slug: str
    game: Game
    units: tuple[Unit, ...]
    #: Courses whose lessons come before this one's (their rules count as already taught).
    builds_on: tuple[str, ...] = ()

    @property
    def lessons(self) -> tuple[Lesson, ...]:
        return tuple(lesson for unit in self.units for lesson in unit.lessons)


def _t(sv: str, da: str, fi: str, en: str) -> Texts:
    return {"sv": sv, "da": da, "fi": fi, "en": en}


STUD, STUD8, RAZZ = Game.STUD, Game.STUD8, Game.RAZZ
EASY, NORMAL, HARD = Level.EASY, Level.NORMAL, Level.HARD

_STUD = Course(
    slug="stud",
    game=STUD,
    units=(
        Unit(
            slug="basics",
            section="stud/overview",
            lessons=(
                Lesson(
                    slug="the-game",
                    title=_t(
                        "Sju kort, de bästa fem vinner",
                        "Syv kort, de bedste fem vinder",
                        "Seitsemän korttia, parhaat viisi voittavat",
                        "Seven cards, the best five win",
                    ),
                    steps=(
                        "stud/overview/goal",
                        "stud/overview/players-and-deck",
                        "stud/overview/streets-at-a-glance",
                    ),
                    checks=(CheckSource("spot-mistake", STUD, EASY),),
                ),
                Lesson(
                    slug="hand-rankings",
                    title=_t(
                        "Vilken hand vinner",
                        "Hvilken hånd vinder",
                        "Mikä käsi voittaa",
                        "Which hand wins",
                    ),
                    steps=(
                        "hand-rankings/high-hands/the-order",
                        "hand-rankings/high-hands/straight-flush-quads-full-house",
                        "hand-rankings/high-hands/flush-and-straight",
                        "hand-rankings/high-hands/trips-pairs-high-card",
                        "hand-rankings/seven-cards/best-five-of-seven",
                    ),
                    checks=(CheckSource("best-high", STUD, EASY),),
                ),
            ),
        ),
        Unit(
            slug="forced-bets",
            section="stud/forced-bets",
            lessons=(
                Lesson(
                    slug="who-brings-in",
                    title=_t(
                        "Ante och vem som tar bring-in",
                        "Ante og hvem der lægger bring-in",
                        "Ante ja kuka laittaa bring-inin",
                        "Antes and who brings in",
                    ),
                    steps=(
                        "stud/forced-bets/ante",
                        "stud/forced-bets/who-brings-in",
                        "stud/forced-bets/bring-in-size",
                    ),
                    checks=(CheckSource("bring-in", STUD, NORMAL),),
                ),
                Lesson(
                    slug="after-the-bring-in",
                    title=_t(
                        "Bring-in eller komplettera",
                        "Bring-in eller komplettere",
                        "Bring-in vai täysi pieni panos",
                        "Bring in or complete",
                    ),
                    steps=(
                        "stud/forced-bets/bring-in-options",
                        "stud/forced-bets/facing-the-bring-in",
                        "stud/forced-bets/low-card-all-in",
                        "stud/forced-bets/wrong-bring-in",
                    ),
                    checks=(
                        CheckSource("legal-action", STUD, NORMAL),
                        CheckSource("spot-mistake", STUD, NORMAL),
                    ),
                ),
            ),
        ),
        Unit(
            slug="the-deal",
            section="stud/the-deal",
            lessons=(
                Lesson(
                    slug="street-by-street",
                    title=_t(
                        "Given gata för gata",
                        "Kortgivningen street for street",
                        "Jako katu kadulta",
                        "The deal, street by street",
                    ),
                    steps=(
                        "stud/the-deal/third-street",
                        "stud/the-deal/fourth-to-sixth-street",
                        "stud/the-deal/seventh-street",
                        "stud/the-deal/burn-cards",
                        "stud/the-deal/upcards-and-announcements",
                    ),
                    checks=(CheckSource("spot-mistake", STUD, EASY),),
                ),
            ),
        ),
        Unit(
            slug="acting-first",
            section="stud/acting-first",
            lessons=(
                Lesson(
                    slug="best-board-acts-first",
                    title=_t(
                        "Den bästa öppna handen börjar",
                        "Det bedste board starter",
                        "Paras avokäsi aloittaa",
                        "The best board acts first",
                    ),
                    steps=(
                        "stud/acting-first/best-board-acts-first",
                        "stud/acting-first/what-counts-on-board",
                        "stud/acting-first/tied-boards",
                        "stud/acting-first/all-in-high-hand",
                        "stud/acting-first/seventh-street-order",
                    ),
                    checks=(
                        CheckSource("first-to-act", STUD, NORMAL),
                        CheckSource("first-to-act", STUD, HARD),
                    ),
                ),
            ),
        ),
        Unit(
            slug="betting",
            section="stud/betting",
            lessons=(
                Lesson(
                    slug="limits-and-open-pairs",
                    title=_t(
                        "Insatsnivåer, öppet par och taket",
                        "Indsatsgrænser, åbent par og cap",
                        "Panoskoot, avoin pari ja katto",
                        "Bet sizes, open pairs and the cap",
                    ),
                    steps=(
                        "stud/betting/fixed-limit",
                        "stud/betting/open-pair",
                        "stud/betting/raise-cap",
                    ),
                    checks=(
                        CheckSource("bet-sizing", STUD, NORMAL),
                        CheckSource("legal-action", STUD, NORMAL),
                    ),
                ),
                Lesson(
                    slug="heads-up-and-all-in",
                    title=_t(
                        "Heads-up, all-in och minsta inköp",
                        "Heads-up, all-in og buy-in",
                        "Korotukset kaksinpelissä, all-in ja sisäänosto",
                        "Heads-up, all-in and the buy-in",
                    ),
                    steps=(
                        "stud/betting/heads-up-raising",
                        "stud/betting/short-all-in",
                        "stud/betting/buy-in",
                    ),
                    checks=(
                        CheckSource("bet-sizing", STUD, HARD),
                        CheckSource("legal-action", STUD, HARD),
                    ),
                ),
            ),
        ),
        Unit(
            slug="showdown",
            section="stud/showdown",
            lessons=(
                Lesson(
                    slug="the-showdown",
                    title=_t(
                        "Showdown och sidopotter",
                        "Showdown og sidepuljer",
                        "Näyttövaihe ja sivupotit",
                        "The showdown and side pots",
                    ),
                    steps=(
                        "stud/showdown/showdown-order",
                        "stud/showdown/cards-speak",
                        "stud/showdown/splitting-and-side-pots",
                    ),
                    checks=(
                        CheckSource("showdown-order", STUD, NORMAL),
                        CheckSource("split-pot", STUD, EASY),
                    ),
                ),
            ),
        ),
        Unit(
            slug="out-of-cards",
            section="stud/out-of-cards",
            lessons=(
                Lesson(
                    slug="running-out-of-cards",
                    title=_t(
                        "När korten tar slut",
                        "Når kortene slipper op",
                        "Kun kortit loppuvat",
                        "When the deck runs short",
                    ),
                    steps=(
                        "stud/out-of-cards/why-cards-run-out",
                        "stud/out-of-cards/robert-procedure",
                        "stud/out-of-cards/tournament-procedure",
                        "stud/out-of-cards/who-acts-with-community-card",
                    ),
                    checks=(
                        CheckSource("out-of-cards", STUD, NORMAL),
                        CheckSource("spot-mistake", STUD, NORMAL),
                    ),
                ),
            ),
        ),
        Unit(
            slug="irregularities",
            section="stud/irregularities",
            lessons=(
                Lesson(
                    slug="mistakes-at-the-table",
                    title=_t(
                        "Misstag med korten",
                        "Fejl med kortene",
                        "Virheet korttien kanssa",
                        "Mistakes with the cards",
                    ),
                    steps=(
                        "stud/irregularities/exposed-hole-card",
                        "stud/irregularities/absent-player",
                        "stud/irregularities/folding-without-a-bet",
                        "stud/irregularities/picking-up-upcards",
                        "stud/irregularities/card-off-the-table",
                        "stud/irregularities/burn-errors",
                    ),
                    # No quiz asks about these rulings yet: "I've read this" marks it done.
                ),
                Lesson(
                    slug="late-mistakes",
                    title=_t(
                        "Fel på sjunde gatan och andra missöden",
                        "Fejl på river og andre uheld",
                        "Virheet riverillä ja muut kommellukset",
                        "River mistakes and other mishaps",
                    ),
                    steps=(
                        "stud/irregularities/river-dealt-face-up",
                        "stud/irregularities/wrong-number-of-cards",
                        "stud/irregularities/premature-cards",
                        "stud/irregularities/calling-a-beaten-board",
                        "stud/irregularities/translated-rulebooks",
                    ),
                    # No quiz asks about these rulings yet: "I've read this" marks it done.
                ),
            ),
        ),
    ),
)

_STUD8 = Course(
    slug="stud8",
    game=STUD8,
    builds_on=("stud",),
    units=(
        Unit(
            slug="two-winners",
            section="stud8/overview",
            lessons=(
                Lesson(
                    slug="low-hands",
                    title=_t(
                        "Två halvor och den låga handen",
                        "To halvdele og den lave hånd",
                        "Kaksi puoliskoa ja low-käsi",
                        "Two halves and the low hand",
                    ),
                    steps=(
                        "stud8/overview/goal",
                        "low-hands/ace-to-five/what-a-low-is",
                        "low-hands/ace-to-five/comparing-lows",
                        "low-hands/ace-to-five/worked-comparisons",
                    ),
                    checks=(CheckSource("rank-lows", STUD8, NORMAL),),
                ),
                Lesson(
                    slug="eight-or-better",
                    title=_t(
                        "Åtta eller bättre",
                        "Otte eller bedre",
                        "Kahdeksan tai parempi",
                        "Eight or better",
                    ),
                    steps=(
                        "low-hands/eight-or-better/qualifier",
                        "low-hands/eight-or-better/low-from-seven-cards",
                        "stud8/showdown/the-qualifier",
                        "stud8/showdown/both-ways",
                    ),
                    checks=(
                        CheckSource("qualify", STUD8, NORMAL),
                        CheckSource("best-low", STUD8, NORMAL),
                    ),
                ),
            ),
        ),
        Unit(
            slug="at-the-table",
            title=_t(
                "Vid bordet",
                "Ved bordet",
                "Pöydän ääressä",
                "At the table",
            ),
            lessons=(
                Lesson(
                    slug="what-changes",
                    title=_t(
                        "Vad som ändras jämfört med stud",
                        "Hvad der er anderledes end i stud",
                        "Mikä muuttuu studiin verrattuna",
                        "What changes from stud",
                    ),
                    steps=(
                        "stud8/forced-bets/who-brings-in",
                        "stud8/forced-bets/completing",
                        "stud8/acting-first/high-board-acts-first",
                        "stud8/acting-first/tied-boards",
                        "stud8/betting/no-open-pair",
                    ),
                    checks=(
                        CheckSource("bring-in", STUD8, NORMAL),
                        CheckSource("first-to-act", STUD8, NORMAL),
                    ),
                ),
                Lesson(
                    slug="same-as-stud",
                    title=_t(
                        "Det som är som i stud",
                        "Det, der er som i stud",
                        "Mikä pysyy samana kuin studissa",
                        "What stays as in stud",
                    ),
                    steps=(
                        "stud8/overview/players-and-deck",
                        "stud8/forced-bets/ante",
                        "stud8/the-deal/streets",
                        "stud8/betting/limits",
                        "stud8/out-of-cards/same-as-stud",
                        "stud8/irregularities/same-as-stud",
                    ),
                    checks=(CheckSource("spot-mistake", STUD8, EASY),),
                ),
            ),
        ),
        Unit(
            slug="splitting",
            section="stud8/showdown",
            lessons=(
                Lesson(
                    slug="halves-and-scoops",
                    title=_t(
                        "Halva potter, scoop och udda spelmarker",
                        "Halve puljer, scoop og overskydende chips",
                        "Puoliskot, scooppaus ja ylijäävät pelimerkit",
                        "Halves, scoops and odd chips",
                    ),
                    steps=(
                        "stud8/showdown/halves-and-scoops",
                        "stud8/showdown/quartering",
                        "stud8/showdown/odd-chips",
                        "stud8/showdown/showdown-order",
                    ),
                    checks=(
                        CheckSource("split-pot", STUD8, NORMAL),
                        CheckSource("showdown-order", STUD8, NORMAL),
                    ),
                ),
            ),
        ),
    ),
)

_RAZZ = Course(
    slug="razz",
    game=RAZZ,
    builds_on=("stud",),
    units=(
        Unit(
            slug="lowest-wins",
            section="razz/overview",
            lessons=(
                Lesson(
                    slug="reading-a-low",
                    title=_t(
                        "Läsa en låg hand",
                        "At læse en lav hånd",
                        "Low-käden lukeminen",
                        "Reading a low hand",
                    ),
                    steps=(
                        "razz/overview/goal",
                        "low-hands/ace-to-five/what-a-low-is",
                        "low-hands/ace-to-five/comparing-lows",
                        "low-hands/razz-lows/pairs-in-razz",
                        "razz/showdown/reading-a-low",
                    ),
                    checks=(
                        CheckSource("rank-lows", RAZZ, NORMAL),
                        CheckSource("best-low", RAZZ, NORMAL),
                    ),
                ),
            ),
        ),
        Unit(
            slug="upside-down",
            title=_t(
                "Stud upp och ner",
                "Stud på hovedet",
                "Stud ylösalaisin",
                "Stud turned upside down",
            ),
            lessons=(
                Lesson(
                    slug="high-card-brings-in",
                    title=_t(
                        "Högsta kortet tar bring-in",
                        "Det højeste kort lægger bring-in",
                        "Korkein kortti laittaa bring-inin",
                        "The high card brings in",
                    ),
                    steps=(
                        "razz/forced-bets/who-brings-in",
                        "razz/forced-bets/completing",
                        "razz/the-deal/streets",
                        "razz/acting-first/low-board-acts-first",
                        "razz/acting-first/tied-boards",
                        "razz/betting/limits",
                    ),
                    checks=(
                        CheckSource("bring-in", RAZZ, NORMAL),
                        CheckSource("first-to-act", RAZZ, NORMAL),
                    ),
                ),
                Lesson(
                    slug="razz-showdown",
                    title=_t(
                        "Showdown och det som är som i stud",
                        "Showdown og det, der er som i stud",
                        "Näyttövaihe ja mikä pysyy ennallaan",
                        "The showdown, and what stays as in stud",
                    ),
                    steps=(
                        "razz/showdown/showdown-order",
                        "razz/showdown/odd-chips",
                        "razz/overview/players-and-deck",
                        "razz/forced-bets/ante",
                        "razz/out-of-cards/same-as-stud",
                        "razz/irregularities/same-as-stud",
                    ),
                    checks=(
                        CheckSource("showdown-order", RAZZ, NORMAL),
                        CheckSource("split-pot", RAZZ, NORMAL),
                    ),
                ),
            ),
        ),
    ),
)

#: Every course, in the order the learner meets them: stud first, the others build on it.
COURSES: Final[dict[str, Course]] = {course.slug: course for course in (_STUD, _STUD8, _RAZZ)}


def lesson_find(course: str, lesson: str) -> tuple[Course, Lesson] | None:
    found = COURSES.get(course)
    if found is None:
        return None
    for item in found.lessons:
        if item.slug == lesson:
            return found, item
    return None
