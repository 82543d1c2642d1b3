"""Every generated sentence shape in a language, the feedback on wrong answers included, built
once a session for the audits that read them (house terms, spelling).

``practice.sentence_samples`` gives the quiz prompts, answers and reasons, the worked examples
and the walkthrough; this adds, for every quiz kind, game, rulebook and level, what a learner
reads after a wrong answer (the sentence on the mistake and the answer given, from the forms
of tests/browser/quiz_answers.py), and ``table_pages`` plays hands at the practice table with
the coach on, answering each question wrongly, for the dealer's lines, the coach's feedback and
the settlement.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from django.test import Client
from django.utils.translation import override

from practice.presenters.quiz import mistake_text
from practice.sentence_samples import quiz_questions, sentence_samples, sentence_shapes
from rules.engine import Action, ActionKind, Game
from table.play import Setup, Stop, replay
from table.presenters import SIZES, hand_url
from tests.browser.quiz_answers import answer_form

__all__ = ["generated_sentences", "table_pages"]


def _feedback(*, seeds: int) -> Iterator[tuple[str, str]]:
    """The sentence on the mistake and the answer given, for a wrong answer to every question."""
    for quiz, question in quiz_questions(seeds=seeds):
        result = quiz.check(question, answer_form(question, right=False))
        where = f"feedback {question.qid.kind}"
        yield where, mistake_text(quiz, question, result.given)
        yield where, str(quiz.describe_given(question, result.given))


@cache
def generated_sentences(language: str, *, seeds: int) -> tuple[tuple[str, str], ...]:
    """(where, sentence) for the first sentence of each shape, in ``language``."""
    with override(language):
        samples = [*sentence_samples(seeds=seeds), *_feedback(seeds=seeds)]
        return tuple(sentence_shapes(iter(samples)))


# --- the practice table ----------------------------------------------------------------------

#: Hands that reach the showdown when the learner calls or checks, in every game and rulebook.
TABLE_HANDS = (
    Setup(Game.STUD, "robert", 11, 4, coach=True),
    Setup(Game.STUD8, "tda", 12, 4, coach=True),
    Setup(Game.RAZZ, "wsop", 13, 4, coach=True),
)
_PASSIVE = (ActionKind.CHECK, ActionKind.CALL, ActionKind.BRING_IN)


def _wrong(answer: dict[str, object], seats: tuple[int, ...]) -> dict[str, list[str]]:
    """A wrong answer to every part of a coach question, as the query sends it."""
    data: dict[str, list[str]] = {"check": ["1"]}
    for name, value in answer.items():
        if name == "size":
            data[name] = [next(s for s in SIZES if s != value)]
        elif name == "seat":
            data[name] = [str(next(s for s in seats if s != value))]
        else:
            assert isinstance(value, frozenset)
            data[name] = [str(next(s for s in seats if s not in value))]
    return data


def table_pages(language: str, client: Client) -> dict[str, str]:
    """The table page at every stop of each hand of ``TABLE_HANDS``: each coach question
    answered wrongly (the feedback), each of the learner's turns, the settled hand."""
    pages = {}
    with override(language):
        for setup in TABLE_HANDS:
            moves: list[Action] = []
            asked = 0
            for _turn in range(40):
                table = replay(setup, tuple(moves), asked)
                url = hand_url(setup, moves, asked)
                if table.stop is Stop.COACH and table.moment is not None:
                    wrong = _wrong(table.moment.answer, table.moment.seats)
                    url = hand_url(setup, moves, asked, embed=False, **wrong)
                response = client.get(url)
                assert response.status_code == 200, url
                pages[response.request["PATH_INFO"] + "?" + response.request["QUERY_STRING"]] = (
                    response.content.decode()
                )
                if table.stop is Stop.OVER:
                    break
                if table.stop is Stop.COACH:
                    asked += 1
                    continue
                legal = table.state.legal_actions()
                kind = next(k for k in _PASSIVE if legal.get(k) is not None)
                moves.append(Action(kind, None))
            else:  # pragma: no cover - a hand ends in fewer turns
                raise AssertionError(f"{setup} did not end")
    return pages
