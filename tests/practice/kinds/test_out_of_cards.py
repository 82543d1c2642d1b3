"""The out-of-cards quiz (R-PLAYERS-2, R-CARDS-1, R-CARDS-2, R-ACT-6): answers against an
independent count of the deck, written out from rules-facts section 8 and Q42-Q45."""

from __future__ import annotations

import pytest
from django.test import Client

from practice.ids import question_id_parse
from practice.kinds import KINDS
from practice.quiz import QuestionId
from rules.engine import Game
from tests.urls import localized

KIND = "out-of-cards"
# Count the stub first: TDA RP-10-H and WSOP-LA 228. WSOP-T has no short-stub rule, so Robert's
# Rules #15 apply there (rules review E2).
STUB_COUNT = {"tda", "wsop_la"}
# Keep the sixth-street opener with a community card: TDA RP-10-H-D only (WSOP is silent, E1).
SIXTH_OPENER = {"tda"}


def _expected(profile: str, dealt_in: int, counts: tuple[int, ...]) -> tuple[str, str, int]:
    """Deal, opener and stub, from the rules as written (not from the engine)."""
    players = counts[3]
    # 3 cards to everyone dealt in, one upcard per player on 4th-6th, a burn before each.
    stub = 52 - 3 * dealt_in - counts[0] - counts[1] - counts[2] - 3
    if profile in STUB_COUNT:
        needed = players + 1 + 1  # the players, a burn, the last card kept back
        if stub >= needed:
            deal = "normal"
        elif stub + 3 >= needed:
            deal = "reuse-burns"  # R-CARDS-2 A
        elif stub >= 3:
            deal = "community"  # R-CARDS-2 B
        else:
            deal = "burns-then-community"  # R-CARDS-2 C
    else:
        # RR #15, only "if there are not enough cards left in the deck for all players" (a burn
        # and one card each, E3): burn, deal all but the last card, mix the last card with the
        # four burns, burn again (skipped when short) and finish; a common card if still short,
        # burned and turned from the stub only when that leaves its last card back (rules R1).
        if stub - 1 >= players:
            deal = "normal"
        elif stub >= 2 and (stub - 2) + 1 + 4 >= players:
            deal = "reuse-burns"
        elif stub >= 3:
            deal = "community"
        else:
            deal = "burns-then-community"
    community = deal in {"community", "burns-then-community"}
    opener = "board" if community and profile not in SIXTH_OPENER else "sixth"
    return deal, opener, stub


def _qid(game: str, profile: str, level: str, seed: int) -> QuestionId:
    return question_id_parse(kind=KIND, game=game, profile=profile, level=level, seed=seed)


@pytest.mark.parametrize("game", list(Game))
@pytest.mark.parametrize("profile", ["robert", "tda", "wsop_la", "wsop"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_r_cards_1_2_answers_match_the_card_count(game: Game, profile: str, level: str) -> None:
    quiz = KINDS[KIND]
    seen = set()
    for seed in range(200):
        question = quiz.generate(_qid(str(game), profile, level, seed))
        data = question.data
        deal, opener, stub = _expected(profile, data["dealt_in"], data["counts"])
        assert data["stub"] == stub, f"seed {seed}"
        assert question.answer[:2] == (deal, opener), f"seed {seed}"
        if level == "hard":
            assert question.answer[2] == stub, f"seed {seed}"
        seen.add(deal)
    assert len(seen) >= 3  # the draw is balanced over the outcomes


def test_q42_eight_players_need_a_community_card() -> None:
    assert _expected("robert", 8, (8, 8, 8, 8)) == ("burns-then-community", "board", 1)
    assert _expected("tda", 8, (8, 8, 8, 8)) == ("burns-then-community", "sixth", 1)


def test_q43_q44_q45_the_rulebooks_disagree_only_where_the_sheet_says() -> None:
    assert _expected("tda", 7, (7, 7, 7, 7))[0] == "reuse-burns"
    assert _expected("tda", 8, (6, 6, 6, 6))[0] == "reuse-burns"
    assert _expected("tda", 8, (7, 7, 7, 7))[0] == "community"


def test_easy_questions_have_no_folds_and_hard_ones_ask_the_count() -> None:
    quiz = KINDS[KIND]
    for seed in range(50):
        easy = quiz.generate(_qid("stud", "robert", "easy", seed))
        assert set(easy.data["counts"]) == {easy.data["dealt_in"]}, f"seed {seed}"
        assert len(easy.answer) == 2, f"seed {seed}"
        hard = quiz.generate(_qid("stud", "tda", "hard", seed))
        assert len(hard.answer) == 3, f"seed {seed}"


@pytest.mark.parametrize(
    "junk",
    [
        {"deal": "normal"},
        {"deal": "teleport", "opener": "sixth"},
        {"deal": "normal", "opener": "dealer"},
        {"deal": "normal", "opener": "sixth", "stub": "many"},
        {"deal": "normal", "opener": "sixth", "stub": "99"},
        {"deal": ["normal", "community"], "opener": "sixth", "stub": "3"},
    ],
)
def test_junk_answers_get_a_422(client: Client, junk: dict[str, str]) -> None:
    response = client.post(f"/en/practice/{KIND}/razz/robert/hard/2/", junk)
    assert response.status_code == 422


def test_question_page_renders_in_every_language(client: Client, language: str) -> None:
    response = client.get(localized(f"/{language}/practice/{KIND}/stud8/robert/normal/9/"))
    assert response.status_code == 200
    assert b'name="deal"' in response.content
    assert b'name="opener"' in response.content


def test_the_given_answer_reads_as_one_sentence_in_danish() -> None:
    from django.utils.translation import override

    quiz = KINDS[KIND]
    question = quiz.generate(_qid("stud", "robert", "hard", 5))
    with override("da"):
        text = quiz.describe_given(question, ("community", "sixth", 1))
    first, second, third = text.split("; ")
    assert first.startswith("Dealeren")
    assert second.startswith("den spiller")
    assert third == "ét kort tilbage"  # a small count in words (F3)


@pytest.mark.parametrize("profile", ["robert", "wsop"])
def test_r1_two_cards_left_burns_then_community(profile: str) -> None:
    # rules review R1 (stud8/wsop/hard/9334: 7 players, 2 cards left): RR #15 (WSOP-T is silent)
    # mixes the last card with the burns first, then turns a single community card: the same
    # answer as with one card left, never "burn one and turn the other".
    quiz = KINDS[KIND]
    questions = [quiz.generate(_qid("stud8", profile, "hard", seed)) for seed in range(200)]
    two_left = [q for q in questions if q.data["stub"] == 2 and q.data["players"] == 7]
    assert two_left
    assert {q.answer for q in two_left} == {("burns-then-community", "board", 2)}


@pytest.mark.django_db
@pytest.mark.parametrize("profile", ["robert", "wsop", "tda", "wsop_la"])
@pytest.mark.parametrize("seed", [55850, 9334])
def test_r2_needed_row_names_the_parts_the_rulebook_counts(
    client: Client, profile: str, seed: int
) -> None:
    # rules review R2: RR #15 (and WSOP-T, silent) need a burn and a card for each player;
    # TDA RP-10-H and WSOP-LA 228 one more, the last card never dealt. The row and the mistake
    # sentence name exactly the parts of the count the rulebook makes.
    question = KINDS[KIND].generate(_qid("stud", profile, "hard", seed))
    players = question.data["players"]
    if profile in STUB_COUNT:
        row = f"{players} players + 1 burn + 1 last card kept back = {players + 2}"
        parts = "(the players', a burn card and one never dealt)"
    else:
        row = f"{players} players + 1 burn = {players + 1}"
        parts = "(the players' and a burn card)"
    wrong = "normal" if question.answer[0] != "normal" else "community"
    response = client.post(
        f"/en/practice/{KIND}/stud/{profile}/hard/{seed}/",
        {"deal": wrong, "opener": "sixth", "stub": "0"},
    )
    assert response.status_code == 200
    text = response.content.decode().replace("&#x27;", "'")
    assert f"<dd>{row}</dd>" in text
    assert parts in text
