"""The practice table over HTTP: translated URLs, a hand's URL replays to the same table,
tampered URLs get a 400 in the reader's language, htmx gets the table fragment, finished
hands count in the session."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from django.core.management import call_command
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rules.engine import Action, Game
from rules.loading import CONTENT_DIR
from table.play import Setup, Stop, parse_move, replay
from table.presenters import hand_url
from table.progress import hands_played
from tests.urls import localized

pytestmark = pytest.mark.django_db

SETUP = Setup(Game.STUD, "tda", 4242, 3, coach=False)


def _url(
    lang: str, setup: Setup = SETUP, moves: tuple[Action, ...] = (), asked: int = 0, **extra: str
) -> str:
    with translation.override(lang):
        return hand_url(setup, moves, asked, **cast("dict[str, Any]", extra))


def _table_html(response: Any) -> str:
    """The table fragment, without "Deal again" (a fresh seed each time)."""
    html = response.content.decode()
    return re.sub(r'id="deal-again" href="[^"]+"', "", html[html.index('id="table"') :])


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "table"), ("sv", "bord"), ("da", "bord"), ("fi", "poyta")]
)
def test_translated_urls(client: Client, lang: str, word: str) -> None:
    with translation.override(lang):
        start = reverse("table:start")
    assert start == f"/{lang}/{word}/"
    assert client.get(start).status_code == 200
    assert _url(lang).startswith(f"/{lang}/{word}/stud/tda/4242/?opponents=3&coach=off")
    response = client.get(start + "?game=razz&profile=wsop&opponents=5&coach=on")
    assert response.status_code == 302
    assert re.match(rf"^/{lang}/{word}/razz/wsop/\d+/\?opponents=5&coach=on$", response["Location"])


def test_a_hands_url_replays_to_the_same_table(client: Client) -> None:
    moves = []
    # Play the first legal (non-fold) choice until the hand ends, by following the links.
    url = _url("en")
    for _ in range(30):
        first = client.get(url, headers={"HX-Request": "true"})
        again = client.get(url, headers={"HX-Request": "true"})
        assert first.status_code == again.status_code == 200
        assert _table_html(first) == _table_html(again)
        # The coach switched on at this point: the same hand, the questions still ahead.
        toggle = re.search(r'id="coach-toggle" href="([^"]+)"', first.content.decode())
        assert toggle is not None
        assert client.get(toggle.group(1).replace("&amp;", "&")).status_code == 200
        links = re.findall(r'data-move="([^"]+)" href="([^"]+)"', first.content.decode())
        if not links:
            break
        choice = next((link for link in links if link[0] != "fold"), links[0])
        moves.append(choice[0])
        url = choice[1].replace("&amp;", "&")
    table = replay(SETUP, tuple(parse_move(m) for m in moves))
    assert table.stop is Stop.OVER
    page = client.get(url).content.decode()  # the whole page, as without JavaScript
    assert 'id="settlement"' in page and "Hand history" in page and 'id="deal-again"' in page
    assert _hands(client) == {"stud": 1}
    client.get(url)  # reloading the finished hand does not count it again
    assert _hands(client) == {"stud": 1}


def _hands(client: Client) -> dict[str, int]:
    """Hands played as the learner's record keeps them (the client's learner cookie)."""
    request = HttpRequest()
    request.session = client.session  # type: ignore[assignment]
    return hands_played(request)


def test_htmx_gets_the_table_fragment(client: Client) -> None:
    response = client.get(_url("sv"), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="table"') and "<html" not in html
    assert "Ditt drag" in html
    assert "HX-Request" in response["Vary"]
    # The back button after a history cache miss asks for the whole page.
    restore = client.get(
        _url("sv"), headers={"HX-Request": "true", "HX-History-Restore-Request": "true"}
    )
    assert "<html" in restore.content.decode()


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "You may not check now."),
        ("sv", "Du får inte checka nu."),
        ("da", "Du må ikke checke nu."),
        ("fi", "Et voi nyt sököttää."),
    ],
)
def test_an_illegal_move_gets_a_400_with_the_rule(client: Client, lang: str, text: str) -> None:
    table = replay(SETUP)
    assert "check" not in {str(k) for k in table.state.legal_actions().kinds}
    url = _url(lang) + "&moves=check"
    response = client.get(url)
    html = response.content.decode()
    assert response.status_code == 400
    assert text in html
    assert f'lang="{lang}"' in html
    assert 'class="feedback__reasons"' in html  # the engine's reasons as sentences
    assert _url(lang).replace("&", "&amp;") in html  # back to the hand before the bad move


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("/sv/bord/stud/tda/12x/?opponents=3", "inget handnummer"),
        ("/da/bord/stud/tda/5/?opponents=9", "2 til 7 modspillere"),
        ("/fi/poyta/holdem/tda/5/?opponents=3", "ei ole tämän sivuston peli"),
        ("/en/table/stud/house/5/?opponents=3", "is not one of the rulebooks"),
        ("/en/table/stud/tda/5/?opponents=3&coach=off&asked=2", "never asked"),
        ("/sv/bord/stud/tda/5/?opponents=3&moves=dance", "inget drag"),
        ("/en/table/stud/tda/5/?opponents=3&moves=fold." + ".".join(["call"] * 70), "more moves"),
    ],
)
def test_tampered_urls_get_a_400_in_the_readers_language(
    client: Client, path: str, text: str
) -> None:
    response = client.get(path)
    assert response.status_code == 400
    assert text in response.content.decode()


@pytest.mark.parametrize(
    ("path", "text"),
    [
        ("/en/table/stud/tda+wsop/5/?opponents=3", "is not one of the rulebooks here"),
        ("/sv/bord/stud/tda+wsop/5/?opponents=3", "är inte en av regelböckerna här"),
        ("/fi/poyta/stud/tda+wsop/5/?opponents=3", "ei ole tämän sivuston sääntökirja"),
        ("/da/bord/stud/tda/1000000000/?opponents=3", "er ikke nummeret på en hånd"),
        ("/fi/poyta/stud/tda/1000000000/?opponents=3", "ei ole tämän pöydän jakonumero"),
        ("/en/table/stud/tda/1000000000/?opponents=3", "1000000000"),
    ],
)
def test_mixed_profiles_and_unknown_seeds(client: Client, path: str, text: str) -> None:
    """A profile that is not one rulebook ("tda+wsop") and an out-of-range seed are refused,
    in the reader's language, naming what was wrong."""
    response = client.get(path)
    assert response.status_code == 400
    assert text in response.content.decode()


def test_coach_question_then_answer_with_reason(client: Client) -> None:
    setup = Setup(Game.RAZZ, "robert", 77, 4, coach=True)
    table = replay(setup)
    assert table.stop is Stop.COACH and table.moment is not None
    page = client.get(_url("en", setup)).content.decode()
    assert "Who must bring in" in page and 'data-move="' not in page
    # The dealer has not said who brings in yet: that is the question.
    assert "has the bring-in" not in page
    answer = table.moment.answer
    wrong = next(s for s in table.moment.seats if s != answer["seat"])
    response = client.get(_url("en", setup, check="1", seat=str(wrong), size=str(answer["size"])))
    html = response.content.decode()
    assert "Not quite." in html and "brings in." in html
    assert 'class="feedback__reasons"' in html
    assert _url("en", setup, asked=1).replace("&", "&amp;") in html


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Answer every part of the question first."),
        ("fi", "Vastaa ensin kysymyksen kaikkiin osiin."),
    ],
)
def test_a_coach_answer_with_a_part_missing_asks_again_in_the_readers_language(
    client: Client, lang: str, text: str
) -> None:
    setup = Setup(Game.RAZZ, "robert", 77, 4, coach=True)
    response = client.get(_url(lang, setup, check="1"))  # the seat left out
    assert response.status_code == 200
    html = response.content.decode()
    box = html[html.index('class="feedback feedback--error"') :]
    assert 'role="alert"' in box[: box.index(">")]
    assert text in box[: box.index("</div>")]
    assert "Not quite." not in html  # nothing was marked


def test_home_and_game_pages_link_to_the_table(client: Client) -> None:
    assert 'href="/sv/bord/"' in client.get(localized("/sv/")).content.decode()
    call_command("loadrules", content=CONTENT_DIR, verbosity=0)
    for game in Game:
        with translation.override("en"):
            page = client.get(reverse("rules:page-detail", kwargs={"slug": str(game)}))
        assert f'href="/en/table/?game={game}"' in page.content.decode()
    with translation.override("fi"):
        page = client.get(reverse("rules:page-detail", kwargs={"slug": "razz"}))
    assert 'href="/fi/poyta/?game=razz"' in page.content.decode()
    # The link deals a hand of that game at once (default rules, four opponents, the coach).
    dealt = client.get(localized("/fi/poyta/?game=razz"))
    assert re.match(r"^/fi/poyta/razz/robert/\d+/\?opponents=4&coach=on$", dealt["Location"])


def test_an_htmx_request_with_a_bad_move_keeps_a_way_back(client: Client) -> None:
    response = client.get(_url("da") + "&moves=check", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 400
    assert html.lstrip().startswith('<div id="table"') and "Tilbage til hånden" in html


def test_the_embed_plays_the_same_hand_in_a_frame_and_records_nothing(client: Client) -> None:
    page = _url("da")
    embed = page.replace("/da/bord/", "/da/indlejret/bord/")
    response = client.get(embed)
    html = response.content.decode()
    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    assert 'class="embed' in html and "/da/indlejret/bord/stud/tda/4242/?" in html
    assert 'target="_self"' in html  # moves stay inside the frame
    assert f'<link rel="canonical" href="http://testserver{page.replace("&", "&amp;")}">' in html
    assert not response.cookies
    refused = client.get(embed + "&moves=check")
    assert refused.status_code == 400 and "Du må ikke" in refused.content.decode()
    assert "X-Frame-Options" not in refused


@pytest.mark.parametrize(
    ("lang", "fold", "infinitive"),
    [
        ("en", "Fold", "fold"),
        ("sv", "Lägg dig", "Lägga dig"),
        ("da", "Fold", "Folde"),
        ("fi", "Luovuta", "Luovuttaa"),
    ],
)
def test_the_action_buttons_read_as_buttons(
    client: Client, lang: str, fold: str, infinitive: str
) -> None:
    # A button names the action as poker software of the language does (an imperative in
    # Finnish and Swedish), not as the infinitive of running text ("raise to $15").
    html = client.get(_url(lang)).content.decode()
    labels = re.findall(r'data-move="[^"]+" href="[^"]+"[^>]*>([^<]+)</a>', html)
    assert fold in labels, labels
    assert infinitive not in labels
    assert all(label[:1].isupper() for label in labels), labels
