"""One sentence per reason code, in the reader's language, split by engine area.

``SENTENCES`` maps every code the engine (and the quizzes) give to a function of the reason that
returns the sentence; ``rules.explain`` is its one user.
"""

from __future__ import annotations

from rules.sentences import betting, deck, forced, irregularities, order, pots, quiz
from rules.sentences._base import Sentence

__all__ = ["QUIZ_REASON_CODES", "SENTENCES"]

#: Reason codes the quizzes give about the situations they build (``practice.kinds``), beside
#: the engine's own codes.
QUIZ_REASON_CODES = frozenset(quiz.SENTENCES)

SENTENCES: dict[str, Sentence] = {
    **forced.SENTENCES,
    **order.SENTENCES,
    **betting.SENTENCES,
    **pots.SENTENCES,
    **deck.SENTENCES,
    **irregularities.SENTENCES,
    **quiz.SENTENCES,
}
