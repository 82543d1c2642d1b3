"""The rule pages in four languages: 200 with the right lang, 404 and 400 in the reader's words."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils.translation import override

from rules.models import GlossaryTerm, Page, Section, Step
from tests.urls import localized

pytestmark = pytest.mark.django_db

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def _lang(html: str) -> str:
    match = re.search(r'<html lang="([a-z]+)"', html)
    assert match, html[:200]
    return match.group(1)


def _urls(language: str) -> list[str]:
    step = Step.objects.select_related("section__page").exclude(example_kind="").first()
    section = Section.objects.select_related("page").first()
    term = GlossaryTerm.objects.first()
    assert step and section and term
    with override(language):
        urls = [
            reverse("rules:index"),
            reverse("rules:glossary"),
            reverse("rules:differences"),
            term.get_absolute_url(),
            section.get_absolute_url(),
            step.get_absolute_url(),
            reverse("rules:example", kwargs={"kind": "bring_in"}) + "?game=razz&seed=3",
        ]
        urls += [page.get_absolute_url() for page in Page.objects.all()]
    return urls


def test_every_kind_of_page_answers_in_every_language(client: Client, language: str) -> None:
    for url in _urls(language):
        response = client.get(url)
        assert response.status_code == 200, url
        assert _lang(response.content.decode()) == language, url


def test_every_step_and_section_answers(client: Client) -> None:
    for step in Step.objects.select_related("section__page"):
        with override("fi"):
            url = step.get_absolute_url()
        assert client.get(url).status_code == 200, url
    for section in Section.objects.select_related("page"):
        with override("da"):
            url = section.get_absolute_url()
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    "path",
    [
        "rules/no-such-page/",
        "rules/stud/no-such-section/",
        "rules/stud/forced-bets/no-such-step/",
        "rules/razz/forced-bets/ante/extra/",
        "rules/glossary/no-such-term/",
        "rules/examples/no_such_kind/?game=stud",
    ],
)
def test_unknown_slugs_give_a_404_in_the_readers_language(
    client: Client, language: str, path: str
) -> None:
    response = client.get(localized(f"/{language}/{path}"))
    assert response.status_code == 404
    assert _lang(response.content.decode()) == language


@pytest.mark.parametrize(
    "query",
    [
        "rules/stud/?seed=abc",
        "rules/stud/?seed=-1",
        "rules/stud/forced-bets/who-brings-in/?seed=99999999999999",
        "rules/examples/bring_in/?game=holdem&seed=1",
        "rules/examples/bring_in/?game=stud&seed=1.5",
        "rules/examples/deal/?game=stud&seed=1&level=9",
    ],
)
def test_bad_example_parameters_give_a_400_in_the_readers_language(
    client: Client, language: str, query: str
) -> None:
    response = client.get(localized(f"/{language}/{query}"))
    assert response.status_code == 400
    assert _lang(response.content.decode()) == language


def test_the_game_page_has_contents_links_and_examples(client: Client) -> None:
    html = client.get("/en/rules/stud/").content.decode()
    assert 'class="toc"' in html
    assert 'href="#forced-bets--who-brings-in"' in html
    step = Step.objects.get(slug="who-brings-in", section__page__slug="stud")
    assert f'<a href="{step.get_absolute_url()}">{step.title}</a>' in html
    assert "rule-badge" not in html  # learners read titles; ids are on step pages, folded
    assert 'id="example-bring_in-stud"' in html
    assert (
        html.count('class="example"')
        == Step.objects.filter(section__page__slug="stud").exclude(example_kind="").count()
    )


def test_the_deal_another_button_keeps_a_real_link(client: Client) -> None:
    html = client.get(
        localized("/sv/rules/stud/forced-bets/who-brings-in/?seed=7")
    ).content.decode()
    assert 'data-seed="7"' in html
    link = re.search(
        r'<a class="button" id="example-bring_in-stud-another" href="([^"]+)" rel="nofollow"'
        r' hx-get="([^"]+)"',
        html,
    )
    assert link is not None
    href, hx_get = (value.replace("&amp;", "&") for value in link.groups())
    step = localized("/sv/rules/stud/forced-bets/who-brings-in/")
    assert href == f"{step}?seed=8#example-bring_in-stud"
    assert hx_get == localized("/sv/rules/examples/bring_in/?game=stud&seed=8&level=2")
    # rel="nofollow" (and robots.txt): a crawler does not walk ?seed=N+1, N+2 ... for ever;
    # following the link without JavaScript shows the next example on the same page
    assert 'data-seed="8"' in client.get(href.split("#")[0]).content.decode()


def test_the_htmx_request_gets_only_the_example_partial(client: Client) -> None:
    response = client.get(
        localized("/da/rules/examples/bring_in/?game=stud&seed=8&level=2"),
        headers={
            "HX-Request": "true",
            "HX-Current-URL": "http://testserver"
            + localized("/da/rules/stud/forced-bets/who-brings-in/"),
        },
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html and "<body" not in html
    assert html.strip().startswith('<section class="example" id="example-bring_in-stud"')
    assert "<h2" in html
    # the next link stays on the page the reader is on
    assert (
        f'href="{localized("/da/rules/stud/forced-bets/who-brings-in/")}?seed=9#example-bring_in-stud"'
        in html
    )


def test_the_htmx_request_from_elsewhere_links_to_the_example_page(client: Client) -> None:
    html = client.get(
        "/en/rules/examples/deal/?game=razz&seed=2",
        headers={"HX-Request": "true", "HX-Current-URL": "http://evil.example/en/rules/razz/"},
    ).content.decode()
    assert 'href="/en/rules/examples/deal/?game=razz&amp;seed=3"' in html


def test_a_seed_makes_the_example_reproducible(client: Client) -> None:
    url = "/en/rules/examples/split_pot/?game=stud8&seed=41"

    def example(html: bytes) -> str:
        text = html.decode()
        return text[text.index('<section class="example"') : text.index("</section>")]

    assert example(client.get(url).content) == example(client.get(url).content)
    assert example(client.get(url).content) != example(client.get(url[:-1] + "2").content)


def test_step_pages_have_previous_and_next(client: Client) -> None:
    html = client.get("/en/rules/stud/forced-bets/ante/").content.decode()
    links = dict(re.findall(r'<a href="([^"]+)"\s+rel="(prev|next)"', html))
    assert links == {
        "/en/rules/stud/overview/streets-at-a-glance/": "prev",
        "/en/rules/stud/forced-bets/who-brings-in/": "next",
    }
    first = client.get("/en/rules/stud/overview/goal/").content.decode()
    assert 'rel="prev"' not in first


def test_the_rule_views_get_view_objects_and_leave_the_models_alone() -> None:
    """A step's address and worked example travel in its StepView (a section's in its
    SectionView); nothing is hung on the model instances the pages read."""
    from django.db import models

    from rules.services import page_context, section_context, step_context

    def bare(obj: models.Model) -> bool:  # its columns and Django's own state, nothing else
        columns = {field.attname for field in obj._meta.concrete_fields}
        return set(vars(obj)) <= columns | {"_state", "_prefetched_objects_cache"}

    sections = page_context(slug="stud", seed=7, base_url="/")["sections"]
    section = section_context(page="stud", section="forced-bets", seed=7, base_url="/")
    step = step_context(
        page="stud", section="forced-bets", step="who-brings-in", seed=7, base_url="/"
    )["step_view"]
    section_views = [*sections, section["section_view"]]
    step_views = [*(v for s in section_views for v in s.steps), step]
    assert all(bare(v.section) for v in section_views) and all(bare(v.step) for v in step_views)
    assert all(v.url == v.section.get_absolute_url() for v in section_views)
    assert all(v.url == v.step.get_absolute_url() for v in step_views)
    assert [v.example_box is not None for v in step_views] == [
        bool(v.step.example_kind) for v in step_views
    ]
    assert step.example_box is not None and step.example_box.example.kind == "bring_in"


def test_the_language_switcher_stays_on_the_same_page(client: Client) -> None:
    html = client.get("/en/rules/razz/showdown/reading-a-low/").content.decode()
    for code in ("sv", "da", "fi"):
        assert f'href="{localized(f"/{code}/rules/razz/showdown/reading-a-low/")}"' in html


def test_the_glossary_is_alphabetical_in_the_readers_language(client: Client) -> None:
    for language in LANGUAGES:
        with override(language):
            html = client.get(reverse("rules:glossary")).content.decode()
        terms = re.findall(
            r'<div class="glossary__entry" id="([a-z0-9-]+)">\s*<dt><a[^>]*>([^<]+)</a>', html
        )
        assert len(terms) == GlossaryTerm.objects.count()
        from rules.services import collation_key

        names = [name for _slug, name in terms]
        assert names == sorted(names, key=lambda name: collation_key(name, language))


def test_swedish_letters_sort_after_z() -> None:
    from rules.services import collation_key

    words = ["ödla", "anka", "zebra", "åsna", "älg"]
    assert sorted(words, key=lambda w: collation_key(w, "sv")) == [
        "anka",
        "zebra",
        "åsna",
        "älg",
        "ödla",
    ]
    assert sorted(["øl", "æble", "ål", "zoo"], key=lambda w: collation_key(w, "da")) == [
        "zoo",
        "æble",
        "øl",
        "ål",
    ]


def test_each_term_has_an_anchor_and_its_own_page(client: Client) -> None:
    html = client.get(localized("/fi/rules/glossary/")).content.decode()
    for term in GlossaryTerm.objects.all():
        assert f'id="{term.slug}"' in html
        assert f'href="{localized(f"/fi/rules/glossary/{term.slug}/")}"' in html


def test_the_differences_page_has_the_rulebook_table(client: Client) -> None:
    html = client.get("/en/rules/differences/").content.decode()
    assert '<table class="profile-table">' in html
    assert "Robert&#x27;s Rules of Poker" in html
    from rules.models import Difference

    for entry in Difference.objects.all():
        assert f'id="{entry.slug}"' in html


def test_card_pictures_have_text_alternatives_in_the_page_language(client: Client) -> None:
    html = client.get("/en/rules/hand-rankings/").content.decode()
    assert 'role="img" aria-label="ace of spades"' in html or 'aria-label="ace of' in html


def test_differences_link_to_the_step_teaching_the_rule_by_its_title(client: Client) -> None:
    html = client.get("/en/rules/differences/").content.decode()
    # R-BET-2 (the open pair) is taught by a stud step; the link reads as that step's title.
    step = next(s for s in Step.objects.filter(section__page__slug="stud") if "R-BET-2" in s.rules)
    assert f'<a href="{step.get_absolute_url()}">{step.title}</a>' in html


def test_the_example_response_varies_on_htmx(client: Client) -> None:
    response = client.get("/en/rules/examples/deal/?game=stud&seed=1")
    assert "HX-Request" in response["Vary"]
