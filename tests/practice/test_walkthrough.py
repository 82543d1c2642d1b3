"""The hand walkthrough: every step of seeded hands renders, predictions are judged like the
engine decides (checked here against rules written out independently), bad links get 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from practice.walkthrough import Step, StepKind, Walkthrough, walkthrough_get
from rules.engine import ActionKind, Card, EventKind, Game, Street, best_high, best_low
from tests.sitemap_pages import sitemap_text
from tests.urls import localized

pytestmark = pytest.mark.django_db

GAMES = [str(game) for game in Game]
SEEDS = range(12)
SUITS = "cdhs"


def _walks(games: list[str] = GAMES, seeds: range = SEEDS) -> list[Walkthrough]:
    profiles = ["robert", "tda", "wsop_la", "wsop"]
    return [
        walkthrough_get(game=game, profile=profiles[seed % 4], seed=seed)
        for game in games
        for seed in seeds
    ]


def _url(walk: Walkthrough, number: int | str) -> str:
    return f"/en/practice/walkthrough/{walk.game}/{walk.profile}/{walk.seed}/{number}/"


def _form(answer: dict[str, Any]) -> dict[str, Any]:
    return {
        name: sorted(str(v) for v in value) if isinstance(value, frozenset) else str(value)
        for name, value in answer.items()
    }


# --- independent oracles ----------------------------------------------------------------------


def _bring_in_seat(game: Game, doors: dict[int, Card]) -> int:
    """R-BRING-2/3 written out: lowest card (ace high) in stud and stud/8, highest (ace low)
    in razz; equal ranks by suit, clubs lowest."""

    def strength(card: Card) -> tuple[int, int]:
        text = str(card)
        rank = (
            "A23456789TJQK".index(text[0]) if game is Game.RAZZ else "23456789TJQKA".index(text[0])
        )
        return (rank, SUITS.index(text[1]))

    pick = max if game is Game.RAZZ else min
    return pick(doors, key=lambda seat: strength(doors[seat]))


def _size(walk: Walkthrough, step: Step) -> str:
    """R-BET-1..4: small on 3rd and 4th, big later; an open pair on 4th in stud high lets
    either be bet under the cash-game profiles."""
    assert step.street is not None
    if step.street in (Street.FIFTH, Street.SIXTH, Street.SEVENTH):
        return "big"
    if (
        step.street is Street.FOURTH
        and walk.game is Game.STUD
        and walk.profile
        in {
            "robert",
            "wsop_la",
        }
    ):
        boards = [step.state.up[s] for s in range(step.state.seats) if step.state.live[s]]
        if any(board[0].rank == board[1].rank for board in boards):
            return "either"
    return "small"


def _winners(walk: Walkthrough) -> dict[str, frozenset[Any]]:
    """The main pot's winners from the hands alone: every live player is in the main pot."""
    final = walk.final
    live = [s for s in range(final.seats) if final.live[s]]
    community = (final.community,) if final.community else ()
    cards = {s: (*final.down[s], *final.up[s], *community) for s in live}
    answer: dict[str, frozenset[Any]] = {}
    if walk.game is not Game.RAZZ:
        keys = {s: best_high(cards[s]).key for s in live}
        answer["high"] = frozenset(s for s in live if keys[s] == max(keys.values()))
    if walk.game is not Game.STUD:
        qualifier = 8 if walk.game is Game.STUD8 else None
        lows = {s: best_low(cards[s], qualifier=qualifier) for s in live}
        keys = {s: low.key for s, low in lows.items() if low is not None}
        if keys:
            answer["low"] = frozenset(s for s in keys if keys[s] == max(keys.values()))
        else:
            answer["low"] = frozenset({"none"})
    return answer


def _showdown_first(walk: Walkthrough) -> int | None:
    """R-SHOW-1: the last bettor or raiser on 7th street shows first (None: checked through)."""
    aggressors = [
        event.seats[0]
        for event in walk.final.events
        if event.kind is EventKind.BET
        and event.street is Street.SEVENTH
        and event.action in (ActionKind.BET, ActionKind.RAISE)
    ]
    return aggressors[-1] if aggressors else None


# --- tests --------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_step_of_many_hands_renders(client: Client, game: str) -> None:
    for walk in _walks([game]):
        assert walk.steps[0].kind is StepKind.BRING_IN
        assert walk.steps[-1].kind is StepKind.RESULT
        for step in walk.steps:
            response = client.get(_url(walk, step.number))
            assert response.status_code == 200
            content = response.content.decode()
            assert f"Step {step.number} of {walk.total}" in content
            assert ('name="seat"' in content) is (
                step.kind not in (StepKind.WINNERS, StepKind.RESULT)
            )
            if step.kind is StepKind.RESULT:
                assert "Deal another hand" in content
            else:
                assert 'class="button button--primary" href' not in content  # no Continue yet


def test_hands_are_reproducible_and_reach_the_showdown_often() -> None:
    walks = _walks(seeds=range(30))
    again = _walks(seeds=range(30))
    assert [w.final.events for w in walks] == [w.final.events for w in again]
    showdowns = sum(1 for w in walks if w.final.showdown is not None)
    assert showdowns >= len(walks) // 2


def test_r_bring_2_3_bring_in_steps_match_the_door_cards() -> None:
    for walk in _walks(seeds=range(40)):
        step = walk.steps[0]
        doors = {s: step.state.up[s][0] for s in range(step.state.seats) if step.state.dealt_in[s]}
        # Stacks are deep: nobody is all-in for the ante, so R-BRING-8 never applies.
        assert step.answer["seat"] == _bring_in_seat(walk.game, doors)


def test_r_bet_1_to_4_bet_size_steps_follow_the_street_and_the_open_pair() -> None:
    for walk in _walks(seeds=range(40)):
        for step in walk.steps:
            if step.kind in (StepKind.BRING_IN, StepKind.FIRST_TO_ACT):
                assert step.answer["size"] == _size(walk, step), (walk.game, walk.seed, step)


def test_r_act_first_to_act_steps_name_the_seat_that_then_acts() -> None:
    for walk in _walks(seeds=range(40)):
        for step in walk.steps:
            if step.kind is StepKind.FIRST_TO_ACT:
                first_bet = next(
                    e
                    for e in walk.final.events[step.cut :]
                    if e.kind is EventKind.BET and e.street is step.street
                )
                assert first_bet.seats[0] == step.answer["seat"]
                assert step.state.live[step.answer["seat"]]


def test_r_show_1_and_pots_showdown_and_winner_steps() -> None:
    for walk in _walks(seeds=range(40)):
        kinds = [step.kind for step in walk.steps]
        if walk.final.showdown is None:
            assert StepKind.SHOWDOWN not in kinds
            continue
        winners = walk.steps[kinds.index(StepKind.WINNERS)]
        assert dict(winners.answer) == _winners(walk)
        codes = {reason.code for reason in walk.final.showdown.first.reasons}
        if "all_in_hands_face_up" in codes:
            # TDA 16 / WSOP-T 70 (rules review E11): every hand is tabled at once, so there is
            # no "who shows first" step.
            assert StepKind.SHOWDOWN not in kinds
            continue
        showdown = walk.steps[kinds.index(StepKind.SHOWDOWN)]
        aggressor = _showdown_first(walk)
        if aggressor is not None:
            assert showdown.answer["seat"] == aggressor
        winners = walk.steps[kinds.index(StepKind.WINNERS)]
        assert dict(winners.answer) == _winners(walk)


@pytest.mark.parametrize("htmx", [False, True])
def test_predictions_are_judged_right_and_wrong(client: Client, htmx: bool) -> None:
    headers = {"HX-Request": "true"} if htmx else {}
    for walk in _walks(seeds=range(4)):
        for step in walk.steps:
            if not step.predicts:
                continue
            url = _url(walk, step.number)
            right = client.post(url, _form(dict(step.answer)), headers=headers)
            assert right.status_code == 200
            content = right.content.decode()
            assert "Right!" in content
            assert ("<html" in content) is not htmx
            next_url = _url(walk, step.number + 1)
            assert f'href="{next_url}"' in content  # Continue
            wrong = dict(step.answer)
            if "seat" in wrong:
                wrong["seat"] = next(s for s in step.seats if s != step.answer["seat"])
            elif "size" in wrong:
                wrong["size"] = "big" if step.answer["size"] != "big" else "small"
            else:
                name = next(iter(wrong))
                wrong[name] = frozenset(step.seats) - step.answer[name] or frozenset(step.seats[:1])
                if wrong[name] == step.answer[name]:
                    continue
            response = client.post(url, _form(wrong), headers=headers)
            assert "Not quite." in response.content.decode()


def test_feedback_explains_with_the_engine_reasons(client: Client) -> None:
    walk = walkthrough_get(game="stud", profile="robert", seed=1)
    step = walk.steps[0]
    response = client.post(_url(walk, 1), _form(dict(step.answer)), headers={"HX-Request": "true"})
    content = response.content.decode()
    assert "brings in" in content
    assert "On third street bets and raises are the small bet" in content


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/en/practice/walkthrough/holdem/robert/1/1/", 400),
        ("/en/practice/walkthrough/stud/home/1/1/", 400),
        ("/en/practice/walkthrough/stud/robert/abc/1/", 400),
        ("/en/practice/walkthrough/stud/robert/-1/1/", 400),
        ("/en/practice/walkthrough/stud/robert/99999999999999/1/", 400),
        ("/en/practice/walkthrough/stud/robert/1/x/", 400),
        ("/en/practice/walkthrough/stud/robert/1/0/", 404),
        ("/en/practice/walkthrough/stud/robert/1/999/", 404),
        (localized("/sv/practice/walkthrough/razz/tda/5/-3/"), 404),
    ],
)
def test_bad_links_get_a_4xx_page(client: Client, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status_code == status


@pytest.mark.parametrize(
    "junk",
    [
        {},
        {"seat": "x", "size": "small"},
        {"seat": "99", "size": "small"},
        {"seat": "0", "size": "huge"},
    ],
)
def test_junk_predictions_get_a_422(client: Client, junk: dict[str, str]) -> None:
    walk = walkthrough_get(game="stud8", profile="robert", seed=2)
    response = client.post(_url(walk, 1), junk)
    assert response.status_code == 422


def test_junk_winner_predictions_get_a_422_and_posts_to_the_result_a_400(client: Client) -> None:
    walk = next(w for w in _walks(["stud8"]) if w.final.showdown is not None)
    winners = next(s for s in walk.steps if s.kind is StepKind.WINNERS)
    seat = str(winners.seats[0])
    for junk in (
        {},
        {"high": seat},
        {"high": seat, "low": ["none", seat]},
        {"high": "7x", "low": "none"},
    ):
        assert client.post(_url(walk, winners.number), junk).status_code == 422
    assert client.post(_url(walk, walk.total), {"seat": "0"}).status_code == 400


def test_start_page_chooses_a_game_and_deals_a_hand(client: Client) -> None:
    page = client.get("/en/practice/walkthrough/")
    assert page.status_code == 200
    assert b'name="game"' in page.content
    response = client.get("/en/practice/walkthrough/?game=razz&profile=tda")
    assert response.status_code == 302
    assert response["Location"].startswith("/en/practice/walkthrough/razz/tda/")
    assert response["Location"].endswith("/1/")
    assert client.get("/en/practice/walkthrough/?game=poker").status_code == 400
    assert client.get("/en/practice/walkthrough/?game=stud&profile=nope").status_code == 400


def test_hub_links_the_walkthrough_and_the_sitemap_lists_it(client: Client) -> None:
    assert b'href="/en/practice/walkthrough/"' in client.get("/en/practice/").content
    sitemap = sitemap_text(client)
    for code in ("sv", "da", "fi", "en"):
        for path in ("practice/walkthrough/", "practice/"):
            assert f"<loc>http://testserver{localized(f'/{code}/{path}')}</loc>" in sitemap


def test_hole_cards_stay_face_down_until_the_winners_step(client: Client) -> None:
    walk = next(w for w in _walks(["stud"]) if w.final.showdown is not None)
    for step in walk.steps:
        content = client.get(_url(walk, step.number)).content.decode()
        live = sum(1 for s in range(step.state.seats) if step.state.live[s])
        face_down = content.count('aria-label="face-down card"')
        if step.reveal:
            assert face_down == 0
        else:
            assert face_down >= 2 * live


@pytest.mark.parametrize("profile", ["robert", "tda"])
def test_r_cards_a_hand_that_runs_out_of_cards_shows_the_community_card(
    client: Client, profile: str
) -> None:
    walk = next(
        w
        for seed in range(200)
        if (w := walkthrough_get(game="stud", profile=profile, seed=seed)).final.community
    )
    seventh = next(
        s for s in walk.steps if s.kind is StepKind.FIRST_TO_ACT and s.street is Street.SEVENTH
    )
    codes = {reason.code for reason in seventh.reasons}
    expected = "community_card_plays" if profile == "robert" else "sixth_street_opener_acts"
    assert expected in codes
    content = client.get(_url(walk, seventh.number)).content.decode()
    assert "Community card:" in content
    assert "A single community card is turned face up" in content
    for step in walk.steps:
        assert client.get(_url(walk, step.number)).status_code == 200


def test_steps_render_in_every_language(client: Client, language: str) -> None:
    walk = walkthrough_get(game="razz", profile="robert", seed=6)
    for number in (1, walk.total):
        path = localized(f"/{language}/practice/walkthrough/razz/robert/6/{number}/")
        response = client.get(path)
        assert response.status_code == 200
        assert f'lang="{language}"'.encode() in response.content
    assert client.get(localized(f"/{language}/practice/walkthrough/")).status_code == 200


def test_seat_choices_name_the_upcards_they_show(client: Client) -> None:
    walk = walkthrough_get(game="stud", profile="robert", seed=3)
    content = client.get(_url(walk, 1)).content.decode()
    label = content[content.index('<label for="seat-0">') :]
    label = label[: label.index("</label>")]
    assert 'role="img"' in label
