"""The practice table over HTTP: translated URLs, a hand's URL replays to the same table,
tampered URLs get a 400 in the reader's language, htmx gets the table fragment, finished
hands count in the learner's record, never for a link followed without one or from another
site, and crawlers are kept off the table (nofollow, robots.txt)."""

from __future__ import annotations

import re
from typing import Any, cast

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import translation

from learners.models import Learner
from learners.store import COOKIE
from rules.engine import Action, Game
from rules.loading import CONTENT_DIR
from table.play import Setup, Stop, parse_move, replay
from table.presenters import hand_url
from tests.learners.helpers import answer, only_learner
from tests.urls import localized

pytestmark = pytest.mark.django_db

SETUP = Setup(Game.STUD, "tda", 4242, 3, coach=False)
#: A move's link on the table (its token and URL), the coach switch, and "Deal again".
MOVE_LINK = re.compile(r'data-move="([^"]+)" rel="nofollow" href="([^"]+)"')
TOGGLE_LINK = re.compile(r'id="coach-toggle" rel="nofollow" href="([^"]+)"')
DEAL_AGAIN = re.compile(r'id="deal-again" rel="nofollow" href="[^"]+"')


def _url(
    lang: str, setup: Setup = SETUP, moves: tuple[Action, ...] = (), asked: int = 0, **extra: str
) -> str:
    with translation.override(lang):
        return hand_url(setup, moves, asked, **cast("dict[str, Any]", extra))


def _table_html(response: Any) -> str:
    """The table fragment, without "Deal again" (a fresh seed each time)."""
    html = response.content.decode()
    return DEAL_AGAIN.sub("", html[html.index('id="table"') :])


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
    answer(client)  # a learner with a record: the finished hand counts in it
    moves = []
    # Play the first legal (non-fold) choice until the hand ends, by following the links.
    url = _url("en")
    for _ in range(30):
        first = client.get(url, headers={"HX-Request": "true"})
        again = client.get(url, headers={"HX-Request": "true"})
        assert first.status_code == again.status_code == 200
        assert _table_html(first) == _table_html(again)
        # The coach switched on at this point: the same hand, the questions still ahead.
        toggle = TOGGLE_LINK.search(first.content.decode())
        assert toggle is not None
        assert client.get(toggle.group(1).replace("&amp;", "&")).status_code == 200
        links = MOVE_LINK.findall(first.content.decode())
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
    """Hands played as the learner's record counts them (the count the learner's page shows)."""
    return dict(only_learner().data.get("hands", {}))


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
    labels = [label for _m, _u, label in re.findall(MOVE_LINK.pattern + r"[^>]*>([^<]+)</a>", html)]
    assert fold in labels, labels
    assert infinitive not in labels
    assert all(label[:1].isupper() for label in labels), labels


def _moves(html: str) -> list[tuple[str, str]]:
    return [(move, url.replace("&amp;", "&")) for move, url in MOVE_LINK.findall(html)]


def test_a_cookieless_walk_by_links_leaves_no_learner_record(client: Client) -> None:
    """A crawler (or anyone without a record) follows a rule page's link to the table and
    plays a whole hand by its links: no record, no learner cookie."""
    call_command("loadrules", content=CONTENT_DIR, verbosity=0)
    rules = client.get("/en/rules/stud/").content.decode()
    link = re.search(r'<a rel="nofollow" href="(/en/table/\?game=stud)"', rules)
    assert link is not None
    dealt = client.get(client.get(link.group(1))["Location"]).content.decode()
    toggle = TOGGLE_LINK.search(dealt)
    assert toggle is not None
    url = toggle.group(1).replace("&amp;", "&")  # "Play without the coach": moves only
    for _ in range(40):
        html = client.get(url).content.decode()
        moves = _moves(html)
        if not moves:
            break
        url = next((u for m, u in moves if m != "fold"), moves[0][1])
    assert 'id="settlement"' in html  # the hand was played to the end
    client.get(url)
    assert not Learner.objects.exists()
    assert COOKIE not in client.cookies


def test_a_finished_hand_counts_only_when_opened_from_this_site(client: Client) -> None:
    """Another site's link to a finished hand, followed with the learner's (Lax) cookie,
    counts nothing; the same from the site's own page (or typed in) counts once."""
    answer(client)
    fold = (parse_move("fold"),)
    hands = [_url("en", Setup(Game.RAZZ, "tda", seed, 2, coach=False), fold) for seed in (1, 3)]
    for _ in range(3):
        for hand, site in zip(hands, ("cross-site", "same-site"), strict=True):  # same-site:
            response = client.get(hand, headers={"Sec-Fetch-Site": site})  # a sibling domain
            assert response.status_code == 200 and 'id="settlement"' in response.content.decode()
    assert _hands(client) == {}
    assert only_learner().data.get("hands") is None  # no step for the day either
    client.get(hands[0], headers={"Sec-Fetch-Site": "same-origin"})
    client.get(hands[1], headers={"Sec-Fetch-Site": "none"})  # typed in, or a bookmark
    assert _hands(client) == {"razz": 2}


def test_links_into_the_table_are_nofollow(client: Client) -> None:
    """Every link that deals or plays a hand tells crawlers not to follow it."""
    call_command("loadrules", content=CONTENT_DIR, verbosity=0)
    over = _url("en", SETUP, (parse_move("fold"),))
    pages = {
        "rule page": "/en/rules/razz/",
        "a hand": _url("en"),
        "a hand with the coach": _url("en", Setup(Game.STUD, "tda", 4242, 3)),
        "a finished hand": over,
    }
    for name, path in pages.items():
        html = client.get(path).content.decode()
        html = html[html.index("<main") :]  # the language links are the page's own (base.html)
        tags = [
            tag
            for tag in re.findall(r"<a [^>]*>", html)
            if re.search(r'href="/en/table/(\?game=|[^"?]+/)', tag)  # a deal, or a hand
            and "data-copy-url" not in tag  # "Share": this very page
        ]
        assert tags, name
        assert all('rel="nofollow"' in tag for tag in tags), (name, tags)
    assert 'id="deal-again" rel="nofollow"' in client.get(over).content.decode()


def test_robots_txt_keeps_crawlers_off_the_table_in_every_language(client: Client) -> None:
    lines = client.get("/robots.txt").content.decode().splitlines()
    for path in ("/en/table/", "/sv/bord/", "/da/bord/", "/fi/poyta/"):
        assert f"Disallow: {path}" in lines
