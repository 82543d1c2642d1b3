"""A searcher on a phone (390x844) lands on a game's rules page: the "In 30 seconds" box is in
the first screen, right under the title, and each line takes them to its place on the page
(issue 28 item 7). ``QUICK_SHOTS=folder`` keeps a screenshot of each first screen."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from rules.models import Page as RulePage
from tests.browser.conftest import assert_no_axe_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
BOX = "el => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.right]; }"


@pytest.mark.parametrize("language", ["sv", "fi"])
@pytest.mark.parametrize("game", ["razz", "stud8"])
def test_the_box_is_in_a_phones_first_screen_and_its_lines_lead_to_their_sections(
    make_page: Callable[..., Page],
    live_server: LiveServer,
    rules_content: None,
    language: str,
    game: str,
) -> None:
    page = make_page(viewport=PHONE, is_mobile=True, has_touch=True, locale=language)
    with translation.override(language):
        url = RulePage.objects.get(slug=game).get_absolute_url()
    page.goto(live_server.url + url)
    box = page.locator("section.quick-summary")
    expect(box).to_be_visible()
    heading_bottom = page.locator("h1").evaluate(BOX)[1]
    top, bottom, right = box.evaluate(BOX)
    assert heading_bottom <= top, "the box comes after the title"
    assert bottom <= PHONE["height"], f"the box ends at {bottom} px, below the first screen"
    assert right <= PHONE["width"]
    expect(box.locator("li")).to_have_count(6)
    folder = os.environ.get("QUICK_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{folder}/{game}-{language}-phone.png")
    assert_no_axe_violations(page, context="section.quick-summary")
    # The third line (who acts first) jumps to that section, on the same page.
    link = box.locator("li").nth(2).get_by_role("link")
    link.click()
    page.wait_for_function("() => location.hash === '#acting-first'")
    assert page.url.startswith(live_server.url + url)
    section_top = page.locator("#acting-first").evaluate(BOX)[0]
    assert -2 <= section_top < PHONE["height"] / 2, section_top
