"""The site in a real Chromium: CSP-clean loading, keyboard access, language switching, axe."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.template import Context, Template
from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser.conftest import assert_no_axe_violations, chromium_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_loads_without_console_errors(
    page: Page, live_server: LiveServer, console_errors: list[str], language: str
) -> None:
    page.goto(f"{live_server.url}/{language}/")
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_be_visible()
    # htmx came from the vendored copy, allowed by its nonce.
    page.wait_for_function("() => window.htmx !== undefined")
    assert console_errors == []


@pytest.mark.parametrize(
    ("locale", "language"), [("sv-SE", "sv"), ("fi-FI", "fi"), ("de-DE", "en")]
)
def test_root_redirects_to_the_browser_language(
    make_page: Callable[..., Page], live_server: LiveServer, locale: str, language: str
) -> None:
    page = make_page(locale=locale)
    page.goto(f"{live_server.url}/")
    assert page.url == f"{live_server.url}/{language}/"
    expect(page.locator("html")).to_have_attribute("lang", language)


def test_skip_link_is_first_and_moves_to_the_main_content(
    page: Page, live_server: LiveServer
) -> None:
    page.goto(f"{live_server.url}/en/")
    page.keyboard.press("Tab")
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()  # shown when focused
    page.keyboard.press("Enter")
    assert page.url.endswith("#main")
    expect(page.locator("main")).to_be_focused()


def test_tab_order_reaches_the_language_switcher(page: Page, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/en/")
    reached = []
    for _ in range(30):
        page.keyboard.press("Tab")
        hreflang = page.evaluate("() => document.activeElement.getAttribute('hreflang')")
        reached.append(page.evaluate("() => document.activeElement.textContent.trim()"))
        if hreflang:
            break
    assert reached[0] == "Skip to main content"
    assert reached[-1] == "Svenska", f"focus went {reached} without reaching the switcher"
    # Every focused element shows a visible focus outline.
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"


def test_switching_language_keeps_the_page(
    page: Page, live_server: LiveServer, console_errors: list[str]
) -> None:
    page.goto(f"{live_server.url}/en/?seed=7")
    page.get_by_role("navigation", name="Language").get_by_role("link", name="Dansk").click()
    assert page.url == f"{live_server.url}/da/?seed=7"
    expect(page.locator("html")).to_have_attribute("lang", "da")
    link = page.get_by_role("navigation", name="Sprog").get_by_role("link", name="Suomi")
    link.click()
    assert page.url == f"{live_server.url}/fi/?seed=7"
    assert console_errors == []


def test_four_colour_deck_without_javascript(
    make_page: Callable[..., Page], live_server: LiveServer
) -> None:
    page = make_page(java_script_enabled=False)
    page.goto(f"{live_server.url}/en/")
    page.get_by_role("button", name="Use the four-colour deck").click()
    expect(page.locator("body")).to_have_class("deck-four ")
    clubs = page.locator(".card--clubs").first
    assert clubs.evaluate("el => getComputedStyle(el).color") == "rgb(11, 107, 46)"
    page.get_by_role("button", name="Use the two-colour deck").click()
    expect(page.locator("body")).not_to_have_class("deck-four ")


def test_axe_finds_no_violations_on_home(
    page: Page, live_server: LiveServer, language: str
) -> None:
    page.goto(f"{live_server.url}/{language}/")
    assert_no_axe_violations(page)


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_axe_finds_no_violations_with_the_four_colour_deck(
    page: Page, live_server: LiveServer, scheme: str
) -> None:
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.goto(f"{live_server.url}/en/")
    page.get_by_role("button", name="Use the four-colour deck").click()
    expect(page.locator("body")).to_have_class("deck-four ")
    assert_no_axe_violations(page)


def test_axe_finds_no_violations_on_the_404_page(page: Page, live_server: LiveServer) -> None:
    response = page.goto(f"{live_server.url}/sv/no-such-page/")
    assert response is not None and response.status == 404
    assert_no_axe_violations(page)


@pytest.mark.parametrize("scheme", ["dark", "light"])
@pytest.mark.parametrize("deck", ["two", "four"])
def test_axe_accepts_every_kind_of_card(
    page: Page, live_server: LiveServer, scheme: str, deck: str
) -> None:
    """Used, unused, face-down and compact cards keep their contrast in every colour scheme."""
    html = Template(
        "{% load cards %}"
        '{% cards "As Kd 7c 7h 2d ?? Tc" highlight="As Kd 7c" label="hand" %}'
        '{% cards "Ah 2c 3d 4s 5h" compact=True highlight="Ah 2c 3d" %}'
        '{% card "9d" used=False %}'
    ).render(Context())
    page.emulate_media(color_scheme=scheme)  # type: ignore[arg-type]
    page.context.add_cookies([{"name": "card_colours", "value": deck, "url": live_server.url}])
    page.goto(f"{live_server.url}/en/")
    page.locator("main").evaluate("(main, html) => { main.innerHTML = html; }", html)
    expect(page.locator(".card--unused").first).to_be_visible()
    assert_no_axe_violations(page, context="main")


def test_a_missing_chromium_fails_the_browser_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CHROMIUM", "/nonexistent/chromium")
    with pytest.raises(pytest.fail.Exception, match="Chromium is missing"):
        chromium_path()
