"""House rules: made through the form (no JavaScript), the page in four languages with each
choice cited or marked as the house's own, and the rules played by a quiz, the table and the
split-a-pot tool under the code; unknown codes, bad input and too many sets answered in the
reader's language."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from kit.house import house_profile_find
from kit.house_views import HOUSE_LIMIT
from kit.models import HouseRules
from practice.kinds import KINDS
from practice.quiz import Level, QuestionId
from rules.engine import PROFILES, Game, get_profile

pytestmark = pytest.mark.django_db

#: The form as a club fills it: Robert's Rules with a cap of five raises, the odd chip by
#: position (no rulebook's rule) and a bigger structure.
CLUB = {
    "base": "robert",
    "open_pair_big_bet": "True",
    "max_raises": "5",
    "heads_up_cap": "unlimited_once_heads_up",
    "ante": "2",
    "bring_in": "3",
    "small_bet": "10",
    "big_bet": "20",
    "odd_chip": "position",
    "out_of_cards": "rr",
    "community_opener": "high_with_common_card",
    "all_in_hands_face_up": "False",
}
TITLES = {"en": "House rules", "sv": "Husregler", "da": "Husregler", "fi": "Talon säännöt"}


def _url(lang: str, name: str, **kwargs: Any) -> str:
    with translation.override(lang):
        return reverse(name, kwargs=kwargs or None)


def make(client: Client, lang: str = "en", **changes: str) -> str:
    """Post the form; the code of the set made."""
    response = client.post(_url(lang, "kit:house-new"), {**CLUB, **changes})
    assert response.status_code == 302, response.content.decode()[:2000]
    match = re.fullmatch(r"/\w\w/[a-z-]+/([A-Z2-9]{6})/", response["Location"])
    assert match, response["Location"]
    return match.group(1)


def test_the_form_starts_from_a_rulebook_and_makes_a_set(client: Client) -> None:
    page = client.get(_url("en", "kit:house-new") + "?base=tda").content.decode()
    # TDA's answers filled in: no open-pair big bet, capped heads-up, the stub counted.
    assert re.search(
        r'name="open_pair_big_bet"[^>]*>\s*<option value="True">yes</option>\s*'
        r'<option value="False" selected>',
        page,
    )
    assert '<option value="always_capped" selected>' in page
    code = make(client)
    rules = HouseRules.objects.get(code=code)
    assert (rules.base, rules.max_raises, rules.odd_chip, rules.big_bet) == (
        "robert",
        5,
        "position",
        20,
    )
    profile = get_profile(f"house-{code}")  # the engine finds it by name
    assert profile.max_raises == 5 and profile.stakes is not None
    assert profile.stakes.bring_in == 3
    # Five raises and the odd chip by position are no rulebook's: the house's own.
    assert profile.set_by_house == {"max_raises", "odd_chip"}
    # The open-pair option is the base's, cited to it first, then to WSOP's cash rules.
    robert, wsop_la = PROFILES["robert"], PROFILES["wsop_la"]
    assert profile.cites["open_pair_big_bet"] == (
        robert.cites["open_pair_big_bet"] + wsop_la.cites["open_pair_big_bet"]
    )


def _form_values(html: str) -> dict[str, str]:
    """What the page's form sends as it stands: each input's value, each select's choice."""
    form = html.split('class="house-form"', 1)[1].split("</form>", 1)[0]
    values = dict(re.findall(r'<input type="(?:hidden|number)" name="(\w+)" value="([^"]*)"', form))
    for name, options in re.findall(r'<select name="(\w+)"[^>]*>(.*?)</select>', form, re.S):
        selected = re.search(r'<option value="([^"]*)"[^>]*selected', options)
        assert selected, f"no option of {name} is selected"
        values[name] = selected.group(1)
    return values


def test_the_form_as_sent_by_a_browser_without_javascript(client: Client) -> None:
    url = _url("sv", "kit:house-new")
    sent = _form_values(client.get(url).content.decode())
    assert sent["base"] == sent["filled"] == "robert" and sent["max_raises"] == "3"
    # Another rulebook's answers, then its form sent as it stands (Enter in a field sends the
    # first button, "fill", with the rulebook the form was filled from: that makes the set).
    moved = client.post(url, {**sent, "base": "wsop", "fill": "1"})
    assert moved.status_code == 302 and moved["Location"] == f"{url}?base=wsop"
    sent = _form_values(client.get(moved["Location"]).content.decode())
    assert sent["base"] == "wsop" and sent["max_raises"] == "4"
    made = client.post(url, {**sent, "ante": "0", "fill": "1"})
    assert made.status_code == 302
    rules = HouseRules.objects.get()
    assert (rules.base, rules.max_raises, rules.ante) == ("wsop", 4, 0)
    assert made["Location"] == f"/sv/husregler/{rules.code}/"


def test_a_set_never_changes(client: Client) -> None:
    rules = HouseRules.objects.get(code=make(client))
    rules.max_raises = 3
    with pytest.raises(ValueError, match="never change"):
        rules.save()


def test_a_choice_a_rulebook_rules_cites_that_rulebook(client: Client) -> None:
    # Robert's Rules as the base, but four raises and the odd chip in the five-card hand: WSOP
    # rules so, and the TDA for the odd chip.
    code = make(client, max_raises="4", odd_chip="high_card_five")
    profile = house_profile_find(f"house-{code}")
    assert profile is not None and profile.set_by_house == frozenset()
    page = client.get(_url("en", "kit:house", code=code)).content.decode()
    row = re.search(r"Raises after the bet or completion</th><td>4</td><td>([^<]*)<", page)
    assert row and "WSOP live-action rules 2024, rule 126" in row.group(1)
    assert "WSOP tournament rules 2024, rule 100" in row.group(1)
    row = re.search(r"Odd chip among tied hands</th><td>[^<]*</td><td>([^<]*)<", page)
    assert row and "TDA Rules 2024, rule 20-B" in row.group(1)


@pytest.mark.parametrize("lang", list(TITLES))
def test_the_page_in_four_languages(client: Client, lang: str) -> None:
    code = make(client, lang)
    url = _url(lang, "kit:house", code=code)
    response = client.get(url)
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert f'<h1 id="house-title">{TITLES[lang]} {code}</h1>' in html
    # Five raises is the house's own rule; the open pair is cited to Robert's Rules.
    with translation.override(lang):
        from django.utils.translation import gettext

        house_rule = gettext("House rule")
        assert html.count(f'<strong class="house__own">{house_rule}</strong>') == 3
        assert (
            gettext("Robert's Rules of Poker, %(section)s section, rule %(rule)s").split(",")[0]
            in html
        )
    for name in PROFILES:  # rulebooks by their titles, never their codes
        assert f">{name}<" not in html
    # The ways to play by them carry the code.
    assert html.count(f'name="profile" value="house-{code}"') >= 2
    assert html.count(f"?profile=house-{code}") == 4  # the split tool, three rule sheets


def test_the_address_words_and_a_lowercase_code(client: Client) -> None:
    code = make(client)
    assert [_url(lang, "kit:house", code=code) for lang in TITLES] == [
        f"/en/house/{code}/",
        f"/sv/husregler/{code}/",
        f"/da/husregler/{code}/",
        f"/fi/talon-saannot/{code}/",
    ]
    response = client.get(f"/en/house/{code.lower()}/")
    assert response.status_code == 301 and response["Location"] == f"/en/house/{code}/"


def _capped(quiz: Any, profile: str) -> Any:
    """A legal-action question after a bet and three raises, under ``profile``."""
    for seed in range(300):
        question = quiz.generate(QuestionId(quiz.slug, Game.STUD8, profile, Level.HARD, seed))
        if question.data["scenario"] == "capped" and len(question.data["situation"].steps) == 4:
            return question
    pytest.fail(f"no capped situation under {profile} in 300 seeds")


def test_a_quiz_under_the_house_rules_allows_a_fourth_raise(client: Client) -> None:
    code = make(client)
    name = f"house-{code}"
    quiz = KINDS["legal-action"]
    # A bet and three raises: the cap under Robert's Rules, two more raises under the house's.
    assert "raise" not in _capped(quiz, "robert").answer
    house = _capped(quiz, name)
    assert "raise" in house.answer
    url = reverse("practice:question", kwargs=house.qid.url_kwargs())
    page = unescape(client.get(url).content.decode())
    assert f"House rules {code}" in page
    answer = client.post(url, {"actions": sorted(house.answer)})
    assert answer.status_code == 200
    assert "feedback--right" in answer.content.decode()
    capped = client.post(url, {"actions": sorted(house.answer - {"raise"})}).content.decode()
    assert "feedback--wrong" in capped  # Robert's answer is wrong under these rules


def test_a_table_hand_under_the_house_rules_posts_their_ante_and_bring_in(client: Client) -> None:
    code = make(client)
    response = client.get(_url("en", "table:start") + f"?game=stud&profile=house-{code}")
    assert response.status_code == 302
    hand = client.get(response["Location"]).content.decode()
    assert f"House rules {code}" in hand
    assert "Everyone posts an ante of $2." in hand
    assert "$10/$20" in hand and "ante $2" in hand and "bring-in $3" in hand


def test_the_split_tool_plays_the_house_odd_chip(client: Client) -> None:
    code = make(client)
    # Two equal high hands split 7 chips: the odd chip goes by position (seat 1), where
    # Robert's Rules give it to the highest card by suit (the spade ace, seat 2).
    query = {
        "game": "stud",
        "players": "3",
        "cards1": "Ah Kh Qc Jd 9c 3s 2d",
        "chips1": "3",
        "cards2": "As Kd Qh Jc 9d 4c 2c",
        "chips2": "3",
        "chips3": "1",
        "folded3": "1",
    }
    url = _url("en", "kit:split")
    ours = client.get(url, {**query, "profile": f"house-{code}"})
    theirs = client.get(url, {**query, "profile": "robert"})
    assert ours.status_code == theirs.status_code == 200
    assert f"House rules {code}" in ours.content.decode()
    assert _gets(ours.content.decode()) == ["$4", "$3", "$0"]
    assert _gets(theirs.content.decode()) == ["$3", "$4", "$0"]


def _gets(html: str) -> list[str]:
    table = html.split('class="pot-table kit-totals"', 1)[1].split("</table>", 1)[0]
    return re.findall(r"<tr><th scope=\"row\">[^<]*</th><td>[^<]*</td><td>([^<]*)</td>", table)


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("en", "There are no house rules with the code “ZZZZZZ”."),
        ("fi", "Koodilla ”ZZZZZZ” ei löydy talon sääntöjä."),
    ],
)
def test_an_unknown_code_says_so_everywhere(client: Client, lang: str, message: str) -> None:
    with translation.override(lang):
        pages = [
            reverse("kit:house", kwargs={"code": "ZZZZZZ"}),
            reverse(
                "practice:question",
                kwargs={
                    "kind": "legal-action",
                    "game": "stud",
                    "profile": "house-ZZZZZZ",
                    "level": "easy",
                    "seed": "1",
                },
            ),
            reverse("table:hand", kwargs={"game": "stud", "profile": "house-ZZZZZZ", "seed": "1"}),
            reverse("kit:split") + "?profile=house-ZZZZZZ",
        ]
    statuses = []
    for url in pages:
        response = client.get(url)
        statuses.append(response.status_code)
        assert message in response.content.decode().replace("&quot;", '"'), url
    assert statuses == [404, 400, 400, 400]


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"bring_in": "10"}, "bring_in", "The bring-in must be smaller than the completion."),
        ({"big_bet": "5"}, "big_bet", "The big bet must be at least the completion."),
        ({"max_raises": "12"}, "max_raises", "Select a valid choice."),
        ({"odd_chip": "dealer"}, "odd_chip", "Select a valid choice."),
        ({"ante": "-1"}, "ante", "greater than or equal to 0"),
        ({"small_bet": "lots"}, "small_bet", "Enter a whole number."),
    ],
)
def test_bad_input_is_a_422_with_the_message_on_the_field(
    client: Client, changes: dict[str, str], field: str, message: str
) -> None:
    response = client.post(_url("en", "kit:house-new"), {**CLUB, **changes})
    assert response.status_code == 422
    html = response.content.decode()
    assert re.search(
        rf'id="id_{field}_error" class="kit-field__error">[^<]*{re.escape(message)}', html
    )
    assert re.search(rf'<(input|select)[^>]*name="{field}"[^>]*aria-invalid="true"', html)
    assert not HouseRules.objects.exists()


def test_an_unknown_base_is_a_400(client: Client) -> None:
    response = client.get(_url("sv", "kit:house-new") + "?base=home")
    assert response.status_code == 400
    assert "Välj en av regelböckerna i listan." in response.content.decode()


def test_too_many_sets_from_one_address_are_refused(client: Client) -> None:
    for _ in range(HOUSE_LIMIT):
        make(client)
    response = client.post(_url("da", "kit:house-new"), CLUB)
    assert response.status_code == 429
    assert "for mange husregler" in response.content.decode().lower()
    assert HouseRules.objects.count() == HOUSE_LIMIT
    other = client.post(_url("en", "kit:house-new"), CLUB, REMOTE_ADDR="198.51.100.7")
    assert other.status_code == 302  # another address is not held back


def test_the_embeds_play_by_the_code(client: Client) -> None:
    code = make(client)
    name = f"house-{code}"
    pages = [
        reverse(
            "embeds:question",
            kwargs={
                "kind": "bet-sizing",
                "game": "stud",
                "profile": name,
                "level": "normal",
                "seed": "7",
            },
        ),
        reverse("table:embed", kwargs={"game": "razz", "profile": name, "seed": "7"}),
        reverse("kit:split-embed") + f"?profile={name}",
    ]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        assert f"House rules {code}" in unescape(response.content.decode()), url
