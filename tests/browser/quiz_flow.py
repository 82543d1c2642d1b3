"""Steps shared by the quiz browser tests: build the same question the page shows, tick or
choose the answer by mouse or by keyboard, send it, and read the feedback."""

from __future__ import annotations

from collections.abc import Iterable

from playwright.sync_api import Page, expect

from tutorials.ids import question_id_parse
from tutorials.kinds import KINDS
from tutorials.quiz import Question


def question_for(kind: str, game: str, level: str, seed: int, profile: str = "robert") -> Question:
    """The question a page shows, rebuilt from its id as the server does."""
    qid = question_id_parse(kind=kind, game=game, profile=profile, level=level, seed=seed)
    return KINDS[kind].generate(qid)


def question_path(question: Question) -> str:
    qid = question.qid
    return f"/en/practice/{qid.kind}/{qid.game}/{qid.profile}/{qid.level}/{qid.seed}/"


def tick_by_clicking(page: Page, values: Iterable[str], *, name: str = "cards") -> None:
    """Click the label (the card picture or the seat) of each wanted input."""
    for value in values:
        box = page.locator(f'input[name="{name}"][value="{value}"]')
        page.locator(f'label[for="{box.get_attribute("id")}"]').click()
        expect(box).to_be_checked()


def tick_by_keyboard(page: Page, values: Iterable[str]) -> None:
    """Tab through the answer boxes from the first, pressing Space on the wanted ones, then
    Tab to the button and press Enter."""
    wanted = set(values)
    boxes = page.locator("form.quiz__form input[type=checkbox]")
    boxes.first.focus()
    for index in range(boxes.count()):
        box = boxes.nth(index)
        expect(box).to_be_focused()
        if box.get_attribute("value") in wanted or (
            box.get_attribute("name") == "no_low" and "no_low" in wanted
        ):
            page.keyboard.press("Space")
            expect(box).to_be_checked()
        page.keyboard.press("Tab")
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_focused()
    page.keyboard.press("Enter")


def choose_seat_by_keyboard(page: Page, seat: int) -> None:
    """Focus the radio group, move with the arrow keys to the seat, and press Enter."""
    radios = page.locator('form.quiz__form input[name="seat"]')
    values = [radios.nth(i).get_attribute("value") for i in range(radios.count())]
    radios.first.focus()
    page.keyboard.press("Space")
    for _step in range(values.index(str(seat))):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f'input[name="seat"][value="{seat}"]')).to_be_checked()
    page.keyboard.press("Enter")  # Enter in a radio group submits the form


def send(page: Page) -> None:
    page.locator("form.quiz__form button[type=submit]").click()


def expect_feedback(page: Page, url: str, verdict: str) -> None:
    """The verdict swapped into the live region in place: the address does not change."""
    feedback = page.locator("#feedback")
    expect(feedback).to_have_attribute("role", "status")
    expect(feedback).to_contain_text(verdict)
    assert page.url == url
