"""Right and wrong answers to any quiz kind, as form data, checked by the kind itself, and
filled in on the page the way a learner would (clicking labels, typing, tapping hands)."""

from __future__ import annotations

import warnings

from playwright.sync_api import Locator, Page, expect

from practice.kinds import KINDS
from practice.quiz import Question

Form = dict[str, list[str]]


def _seat_form(question: Question, right: bool, seats: list[int]) -> Form:
    answer = question.answer
    seat = answer if right else next(s for s in seats if s != answer)
    return {"seat": [str(seat)]}


def _pick_form(question: Question, right: bool) -> Form:
    cards = [str(card) for card in question.data["cards"]]
    if question.answer is None:
        return {"no_low": ["yes"]} if right else {"cards": cards[:5]}
    chosen = [str(card) for card in question.answer]
    if right:
        return {"cards": chosen}
    # Swap one card that plays for one of another rank that does not: a wrong pick.
    out = chosen[-1]
    spare = next(c for c in cards if c not in chosen and c[0] != out[0])
    return {"cards": [*chosen[:-1], spare]}


def _multi_form(question: Question, right: bool, field: str, options: list[str]) -> Form:
    answer = sorted(str(value) for value in question.answer)
    if right:
        return {field: answer}
    extra = next((o for o in options if o not in answer), None)
    if extra is not None:
        return {field: [*answer, extra]}
    return {field: answer[:-1]}


def answer_form(question: Question, *, right: bool) -> Form:
    """Form data the kind judges right (or wrong, with at least one wrong pick)."""
    kind, data, answer = question.qid.kind, question.data, question.answer
    form: Form
    if kind == "bring-in":
        form = _seat_form(question, right, list(range(data["seats"])))
    elif kind == "first-to-act":
        seats = [s["index"] for s in data["table"] if not s["folded"]]
        form = _seat_form(question, right, seats)
    elif kind == "showdown-order":
        form = _seat_form(question, right, list(data["live"]))
    elif kind == "spot-mistake":
        form = {"verdict": ["true" if answer == right else "false"]}
    elif kind == "rank-lows":
        if len(data["hands"]) == 2:
            form = {"best": [str(answer[0] if right else answer[1])]}
        else:
            order = answer if right else tuple(reversed(answer))
            form = {f"place{place}": [str(index)] for place, index in enumerate(order)}
    elif kind == "out-of-cards":
        deals = [value for value, _label in data["deals"]]
        deal = answer[0] if right else next(d for d in deals if d != answer[0])
        form = {"deal": [deal], "opener": [answer[1]]}
        if data["ask_stub"]:
            form["stub"] = [str(answer[2])]
    elif kind == "split-pot":
        shares = dict(answer)
        if not right:
            donor = next(seat for seat, amount in answer if amount > 0)
            taker = next(seat for seat, _amount in answer if seat != donor)
            shares[donor] -= 1
            shares[taker] += 1
        form = {f"share{seat}": [str(amount)] for seat, amount in shares.items()}
    elif kind == "bet-sizing":
        options = [str(o) for o in data["options"]] + ["none"]
        form = _multi_form(question, right, "amounts", options)
    elif kind == "legal-action":
        form = _multi_form(question, right, "actions", list(data["options"]))
    elif kind in ("best-high", "best-low", "qualify"):
        form = _pick_form(question, right)
    else:  # a new kind: teach this module its answers
        raise AssertionError(f"no answers for the quiz kind {kind!r}")
    result = KINDS[kind].check(question, form)
    assert result.correct is right, (kind, form)
    return form


# Why a label is not shown: its box and, up its ancestors, display, visibility and height.
_WHY_HIDDEN = """label => {
    const chain = [];
    for (let node = label; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const box = node.getBoundingClientRect();
        chain.push(`${node.tagName}.${node.className} display=${style.display} `
            + `visibility=${style.visibility} ${box.width}x${box.height} hidden=${node.hidden}`);
    }
    return chain.join("\\n") + "\\n" + label.outerHTML.slice(0, 400);
}"""


class _NotShown(Exception):
    pass


def _shown(label: Locator) -> None:
    """Waits up to 10 s for a choice's label; if it is still not shown, says why."""
    try:
        expect(label).to_be_visible(timeout=10_000)
    except AssertionError:
        raise _NotShown(label.evaluate(_WHY_HIDDEN)) from None


def fill(page: Page, form: Form) -> None:
    """Answer on the page (``_fill``). A card picker's label was, three times in about a dozen
    full runs of stop 26, never shown on a phone page (Playwright: "element is not visible" for
    30 s); the cause is not found, and it never showed when the test ran alone. If a label is
    not shown within 10 s, the test says why in a warning, loads the page again and answers
    once more from the start; a second time fails the test."""
    try:
        _fill(page, form)
    except _NotShown as why:
        warnings.warn(f"a label not shown on {page.url}, page loaded again:\n{why}", stacklevel=2)
        page.goto(page.url)  # a new load: a reload would bring back the boxes already ticked
        _fill(page, form)


def _fill(page: Page, form: Form) -> None:
    """Answer on the page: click each choice's label, type numbers, tap hands in order.

    Waits for the page's deferred scripts first: quiz.js swaps the drop-downs for tap-to-order
    only then, and a choice made between the two would be a race (a CI run once lost it)."""
    page.wait_for_load_state("domcontentloaded")
    quiz_form = page.locator("form.quiz__form")
    tap = quiz_form.locator(".tap-order")
    places = sorted(name for name in form if name.startswith("place"))
    if places and tap.is_visible():
        for name in places:
            tap.locator(f'.tap-order__hand[data-index="{form[name][0]}"]').click()
    for name, values in form.items():
        if name.startswith("place"):
            if not tap.is_visible():
                quiz_form.locator(f'select[name="{name}"]').select_option(values[0])
            continue
        for value in values:
            field = quiz_form.locator(f'input[name="{name}"]')
            if field.first.get_attribute("type") == "number":
                field.fill(value)
                continue
            box = quiz_form.locator(f'input[name="{name}"][value="{value}"]')
            label = quiz_form.locator(f'label[for="{box.get_attribute("id")}"]')
            _shown(label)
            label.click()
            expect(box).to_be_checked()
