"""Steps the betting, showdown and pot quiz browser tests share: rebuild the question a page
shows, answer it by mouse or keyboard, and read the feedback that swaps in."""

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


def click_labels(page: Page, name: str, values: Iterable[str]) -> None:
    """Click the label of each wanted checkbox or radio button."""
    for value in values:
        box = page.locator(f'form.quiz__form input[name="{name}"][value="{value}"]')
        page.locator(f'label[for="{box.get_attribute("id")}"]').click()
        expect(box).to_be_checked()


def tick_by_keyboard(page: Page, name: str, values: Iterable[str]) -> None:
    """Tab through the checkboxes from the first, Space on the wanted ones, then Tab to the
    button and press Enter."""
    wanted = set(values)
    boxes = page.locator(f'form.quiz__form input[name="{name}"]')
    boxes.first.focus()
    for index in range(boxes.count()):
        box = boxes.nth(index)
        expect(box).to_be_focused()
        if box.get_attribute("value") in wanted:
            page.keyboard.press("Space")
            expect(box).to_be_checked()
        page.keyboard.press("Tab")
    expect(page.locator("form.quiz__form button[type=submit]")).to_be_focused()
    page.keyboard.press("Enter")


def choose_radio_by_keyboard(page: Page, name: str, value: str) -> None:
    """Focus the radio group, move with the arrow keys to the value, and press Enter."""
    radios = page.locator(f'form.quiz__form input[name="{name}"]')
    values = [radios.nth(i).get_attribute("value") for i in range(radios.count())]
    radios.first.focus()
    page.keyboard.press("Space")
    for _step in range(values.index(value)):
        page.keyboard.press("ArrowDown")
    expect(page.locator(f'form.quiz__form input[name="{name}"][value="{value}"]')).to_be_checked()
    page.keyboard.press("Enter")


def send(page: Page) -> None:
    page.locator("form.quiz__form button[type=submit]").click()


def expect_feedback(page: Page, url: str, verdict: str) -> None:
    """The verdict is swapped into the live region in place: the address does not change."""
    feedback = page.locator("#feedback")
    expect(feedback).to_have_attribute("role", "status")
    expect(feedback).to_contain_text(verdict)
    assert page.url == url
