"""The review scheduler, one for the whole site: five Leitner boxes.

A right answer moves a skill up a box (it comes back later), a wrong one sends it back to box 1
(it comes back soon). Two clocks read the same box:

- in answers, for a practice set's "what to ask next" (``practice.progress``): a skill in box
  ``b`` is due again ``ANSWERS_UNTIL_DUE[b]`` answers later;
- in days, for the Today card's "reviews due" (``learners.events``): a skill in box ``b`` is
  due again ``DAYS_UNTIL_DUE[b]`` days later, in the learner's time zone.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ANSWERS_UNTIL_DUE", "BOXES", "DAYS_UNTIL_DUE", "box_after"]

BOXES: Final = 5
#: Answers until a skill in each box is asked again in practice.
ANSWERS_UNTIL_DUE: Final = {1: 1, 2: 3, 3: 6, 4: 12, 5: 24}
#: Days until a skill in each box is due for review again.
DAYS_UNTIL_DUE: Final = {1: 1, 2: 2, 3: 4, 4: 8, 5: 16}


def box_after(box: int, *, correct: bool) -> int:
    """The box after an answer: one up when right (at most ``BOXES``), box 1 when wrong."""
    return min(BOXES, box + 1) if correct else 1
