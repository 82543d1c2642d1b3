"""House terms, sentence case and card codes on every page of the sitemap, in every language.

- The "House terms" tables of rules/content/WRITING.md list, per language, the variants we do not
  use; none may appear in a page's visible text (whole word, any case).
- A glossary link inside a sentence takes the sentence's case ("at the showdown"), not the
  headword's capital ("at the Showdown").
- Card codes such as ``Ah 2d`` are never shown as text: cards are pictures or card names in the
  reader's language (titles, alt texts and meta descriptions included).

Each failure names the page and what was found. Run one language with
``pytest tests/rules/test_house_terms.py -k sv``.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
import yaml
from django.test import Client

from core.ledger import _walk
from practice.kinds import KINDS
from rules.markup import PROPER_TERMS
from tests.generated_sentences import generated_sentences, table_pages
from tests.sitemap_pages import SitePages
from tests.spelling import page_texts
from tests.urls import localized

WRITING = Path(__file__).resolve().parents[2] / "rules/content/WRITING.md"
LANGUAGES = ("sv", "da", "fi", "en")

# --- the tables ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HouseTerm:
    language: str
    concept: str
    term: str
    rejected: tuple[str, ...]


def house_terms(text: str | None = None) -> dict[str, list[HouseTerm]]:
    """The rows of each language's table under "## House terms" in WRITING.md."""
    text = WRITING.read_text() if text is None else text
    _before, _heading, section = text.partition("\n## House terms")
    tables: dict[str, list[HouseTerm]] = {}
    language = None
    for line in section.splitlines():
        if line.startswith("## "):
            break
        heading = re.match(r"^### .*\((?P<code>[a-z]{2})\)\s*$", line)
        if heading:
            language = heading["code"]
            tables[language] = []
            continue
        if language is None or not line.startswith("|"):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 3 or cells[0] == "concept" or set(cells[0]) <= set("-: "):
            continue
        rejected = tuple(v.strip() for v in cells[2].split(";") if v.strip())
        tables[language].append(HouseTerm(language, cells[0], cells[1], rejected))
    return tables


def _word(variant: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![\w/-]){re.escape(variant)}(?![\w/-])", re.IGNORECASE)


# --- what a reader sees ----------------------------------------------------------------------


@functools.cache
def visible_text(html: str) -> tuple[str, ...]:
    """What a reader sees and hears, line by line as laid out (tests/spelling.py), without
    quotations: a rulebook quoted in its own words ("Fourth Street") keeps them, and text marked
    as another language follows that language's terms. Kept per page: four tests read it."""
    return tuple(page_texts(html, quotes=False))


# Two or more card codes in a row ("Ah 2d", "Ks, Qc"), or one code a word could not be: a
# digit or T, J, Q, K with a suit ("2d", "Kc"). "As" and "Ah" alone are English words.
_CARD = r"(?:10|[AKQJT2-9])[shdc]"
CARD_CODES = re.compile(
    rf"(?<![\w/]){_CARD}(?:[ ,]+{_CARD})+(?![\w/])|(?<![\w/$€.,-])(?:10|[KQJT2-9])[shdc](?![\w/])"
)

_BLOCK = re.compile(r"<(?:p|li|td|th|dd|dt|h[1-6]|div|caption|figcaption|summary)\b[^>]*>", re.I)
_TERM_LINK = re.compile(
    r'<a href="(?P<href>[^"]*)" class="term-link">(?P<text>[^<]*)</a>', re.IGNORECASE
)
_SENTENCE_END = re.compile(r"(?:^|[.!?][\"'”’»)]*)\s*$")


def capitalised_term_links(html: str) -> list[str]:
    """Glossary links that start with a capital inside a sentence."""
    found = []
    for match in _TERM_LINK.finditer(html):
        before = html[: match.start()]
        block = max(
            (m.end() for m in _BLOCK.finditer(before, max(0, len(before) - 4000))), default=0
        )
        prefix = re.sub(r"<[^>]+>", "", before[block:])
        prefix = prefix.replace("&nbsp;", " ").replace("&#x27;", "'")
        text = match["text"]
        slug = unquote(match["href"]).rstrip("/").rsplit("/", 1)[-1]
        if (
            text[:1].isupper()
            and text[1:2].islower()
            and slug not in PROPER_TERMS
            and not _SENTENCE_END.search(prefix)
        ):
            found.append(f"…{prefix[-30:]}{text}")
    return found


# --- the pages -------------------------------------------------------------------------------


def _quiz_paths() -> list[str]:
    """One question of every quiz kind and game: quiz text is not in the sitemap."""
    paths = []
    for kind in KINDS.values():
        for game in ("stud", "stud8", "razz"):
            for seed in (1, 2):
                paths.append(f"/en/practice/{kind.slug}/{game}/tda/hard/{seed}/")
    return paths


class _Pages:
    """Every sitemap page (shared, rendered once a session), some quiz questions and hands at
    the practice table."""

    def __init__(self, site_pages: SitePages, blocker: object) -> None:
        self._site = site_pages
        self._blocker = blocker
        self._client = Client()
        self._rendered: dict[str, dict[str, str]] = {}

    def __getitem__(self, language: str) -> dict[str, str]:
        if language not in self._rendered:
            rendered = self._site.rendered(language)
            assert len(rendered) > 100
            with self._blocker.unblock():  # type: ignore[attr-defined]
                rendered.update(self._questions(language))
                rendered.update(table_pages(language, self._client))
            self._rendered[language] = rendered
        return self._rendered[language]

    def _questions(self, language: str) -> dict[str, str]:
        rendered = {}
        for path in _quiz_paths():
            # Not every kind has every game (no low to rank in stud): those answer 400.
            response = self._client.get(localized(f"/{language}/{path.removeprefix('/en/')}"))
            if response.status_code == 200:
                rendered[response.request["PATH_INFO"]] = response.content.decode()
        assert len(rendered) >= 2 * len(KINDS)
        return rendered


@pytest.fixture(scope="module")
def pages(site_pages: SitePages, django_db_blocker: object) -> _Pages:
    return _Pages(site_pages, django_db_blocker)


def _report(problems: dict[str, list[str]]) -> str:
    lines = [f"{page}: {'; '.join(sorted(set(found)))}" for page, found in sorted(problems.items())]
    return f"{len(lines)} page(s):\n" + "\n".join(lines)


# --- the tests -------------------------------------------------------------------------------


def test_the_tables_parse() -> None:
    sample = """
## House terms

### Svenska (sv)

| concept | term we use | variants we do not use |
|---|---|---|
| the last card | river | floden; sista kortet |

### English (en)

| concept | term we use | variants we do not use |
|---|---|---|
"""
    tables = house_terms(sample)
    assert tables == {
        "sv": [HouseTerm("sv", "the last card", "river", ("floden", "sista kortet"))],
        "en": [],
    }
    assert _word("stud/8").search("in stud/8 the") and not _word("stud").search("stud/8")
    assert not _word("hi-lo").search("stud hi-lo-game") and _word("Hi-Lo").search("a hi-lo pot")


def test_every_language_has_a_table_and_no_variant_is_a_chosen_term() -> None:
    tables = house_terms()
    assert set(tables) == set(LANGUAGES)
    for language in LANGUAGES:
        assert tables[language], f"the {language} house-terms table in WRITING.md has no rows"
        chosen = [row.term for row in tables[language]]
        for row in tables[language]:
            assert row.term and row.rejected, row
            for variant in row.rejected:
                clashes = [term for term in chosen if _word(variant).search(term)]
                assert not clashes, f"{language}: {variant!r} would reject {clashes}"


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_uses_a_rejected_variant(pages: _Pages, language: str) -> None:
    rows = house_terms().get(language, [])
    checks = [(variant, _word(variant)) for row in rows for variant in row.rejected]
    problems: dict[str, list[str]] = {}
    for path, html in pages[language].items():
        text = "\n".join(visible_text(html))
        for variant, pattern in checks:
            for match in pattern.finditer(text):
                problems.setdefault(path, []).append(f"{variant!r} ({match.group(0)!r})")
    assert not problems, f"rejected variants in {language}: " + _report(problems)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_glossary_links_keep_the_sentence_s_case(pages: _Pages, language: str) -> None:
    problems = {
        path: found
        for path, html in pages[language].items()
        if (found := capitalised_term_links(html))
    }
    assert not problems, f"capitalised glossary links mid-sentence in {language}: " + _report(
        problems
    )


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_card_codes_are_shown_as_text(pages: _Pages, language: str) -> None:
    problems: dict[str, list[str]] = {}
    for path, html in pages[language].items():
        for text in visible_text(html):
            for match in CARD_CODES.finditer(text):
                problems.setdefault(path, []).append(f"{match.group(0)!r} in {text[:80]!r}")
    assert not problems, f"card codes as text in {language}: " + _report(problems)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Seat 1 holds Ah 2d 3c", ["Ah 2d 3c"]),
        ("the Kc brings in", ["Kc"]),
        ("ranks 2d, 9s", ["2d, 9s"]),
        ("As you see, Ah well", []),
        ("K-Q-J-T-9 and 8-7-6-5-4", []),
        ("$5/$10, 15/30, 2024, 6n + 3", []),
        ("K♠ and 10h", ["10h"]),
    ],
)
def test_the_card_code_pattern(text: str, found: list[str]) -> None:
    assert [m.group(0) for m in CARD_CODES.finditer(text)] == found


# --- Swedish (sv) and Danish (da): slips of the native reviews of December 2026 ------------------
# Each pattern is a slip a native reviewer found (its review id) that must not come back: checked
# in the visible text of every sitemap page and quiz question, and in every generated sentence
# shape (quiz prompts, answers and reasons, worked examples, walkthrough;
# practice/sentence_samples.py). Regular expressions, matched case-sensitively unless they
# say (?i).

_TYPOGRAPHY_SV_DA: tuple[tuple[str, str], ...] = (
    (r"\?\.", "'?.': a full stop after a linked title that ends in a question mark"),
    (r"\d%", "a percentage without the space: '0 %'"),
    (r",,", "a doubled comma"),
)

SV_SLIPS: tuple[tuple[str, str], ...] = (
    *_TYPOGRAPHY_SV_DA,
    (r"(?i)\bhandling(?:ar|arna|en)?\b", "S1: 'handlingar' for actions: drag, allt som … får göra"),
    (r"(?i)\bden (?:bästa )?höga öppna handen", "S5: the board that acts first is 'den högsta'"),
    (r"\bP[1-9]\b", "S6: 'P1' is English Player: A, B, C or plats 1"),
    (r";\s+(?:Låg|Hög|Plats|Ingen)\b", "S7: no capital after a semicolon"),
    (r"(?i)\binget felgiv", "S8: giv is an en-word: ingen felgiv"),
    (r"(?i)\bstor(?:a)? blind\b", "S10: stora mörken (big blind), not 'stor blind'"),
    (r"(?i)\bförst att agera\b", "S11: 'Först att agera' is a calque of 'first to act'"),
    (r"(?i)\bsläpper (?:vissa regelböcker )?taket", "S4: tar bort taket, not 'släpper taket'"),
    (r"(?i)\bdelas ut och satsas\b", "S3: a game is not 'satsas': delas ut och spelas"),
    (r"(?i)\bhänderna delar\.", "S9: händerna delar på potten"),
    (r"(?i)\bde ett eller två\b", "S13: det högsta kortet eller de två högsta korten"),
    (r"(?i)\bparet i treor\b", "S14: paret treor"),
    (r"(?i)\bRazz visar i samma\b|\bvänd mot låg hand\b", "S16: a game does not 'show'"),
    (r"(?i)\bsom de är lika om\b", "S17: 'vara lika om' is not Swedish"),
    (r"(?i)\bvid oavgjort\b", "S18: lika händer, not sports 'oavgjort'"),
    (r"(?i)\bsom inte hör ihop med dem\b", "S19: två andra kort av olika valörer"),
    (r"(?i)\bpotten han har varit med om\b", "S20: varit med och spelat om"),
    (r"(?i)\bofta kallat board\b", "S21: agreement with 'sedda'"),
    (r"(?i)\bkommer tillbaka tidigare\b", "S23: dyker upp igen oftare"),
    (r"(?i)\bhur många marker\b", "S24: the answer is in dollars: hur mycket"),
    (r"(?i)\bklarar inte kravet bara om\b", "S25: ambiguous: klarar kravet så länge"),
    (r"(?i)\bfyra mot fem\b", "S12: card nouns: fyra mot femma"),
    (r"(?i)\bstår (?:du )?inför\b", "calque of 'faces a bet': ska svara på"),
    (r"(?i)\bläsordning\b", "calque of 'reading order'"),
    (r"(?i)\bingen kvalificerad låg hand: fem\b|\bde lika spelarna i position\b", "pass: calques"),
    (r"(?i)\bhöjningar till är tillåtna\b", "pass: a sentence that starts with a digit"),
    (r"(?i)\banten är döda pengar: de\b", "pass: agreement with 'anten'"),
    (r"(?i)\bföljer sedan den regelbok\b|\bsägs inte;", "pass: English shapes"),
    (r"(?i)\bsitter först i position\b", "calque of 'first in position'"),
    (r"(?i)\bingen matchade\b", "calque of 'nobody matched': ingen har synat"),
    (r"(?i)\bhalva den lilla insatsen\b", "S33: the bring-in is often a third"),
    (r"(?i)\bbara [2-9] olika valörer\b|\b[2-9] höjningar totalt\b", "S26: small counts in words"),
    (r"(?<![\w-])-\d", "a hyphen as a minus sign: '−41'"),
    # --- the review of issue 30 (../shared/reviews/sv.md) ---
    # S2, decided once: the player *lägger* bring-in (lägger, lade, lagt), as the dealer says
    # ("Plats 3 lägger bring-in") and as Swedish rule pages put it ("placera bring-in", "satsa
    # bring-in-beloppet": ../shared/sources/ 000 and 003); "ta" reads as *receiving* it. A card
    # may be the subject too ("Lägsta dörrkortet lägger bring-in"). "Ta 15/30 dollar med
    # bring-in på 5 dollar" (take, as an example) is not the verb.
    (
        r"(?i)\b(?:ta|tar|tog|tagit|tas|togs)"
        r"(?:\s+(?!med\b|på\b|om\b|för\b|tillbaka\b|som\b)[\w\[\]]+){0,4}\s+bring-in\b(?!-)",
        "S2: the player lägger bring-in (decision of issue 30), never 'tar bring-in'",
    ),
    (r"(?i)\bde bästa fem\b|\bbästa fem kort\b", "S1: the numeral first: de fem bästa"),
    (r"(?i)\btvångsinsats", "S3: the site says 'tvingande insatser'"),
    (r"(?i)\bbara det spelet kräver\b", "S4: bara det du behöver för just det spelet"),
    (
        r"(?i)\bvad får han göra\b|\bInget: han\b|: han vinner\b|\bfår han (?:lägga|höja|"
        r"komplettera|satsa)\?",
        "S5: a seat is 'spelaren'",
    ),
    (r"(?i)\briktiga? regelsid(?:a|or)\b", "like Danish m1: 'riktig' reads as 'correct'"),
    (r"(?i), de brända korten igen eller\b", "like Danish m20: återanvända brända kort"),
    (r"(?i)\bskiljer (?:avgör|,)|\bkortet skiljer\b(?! sig)", "S7: skilja sig (åt)"),
    (r"(?i)\bvänder stud upp och ner\b", "S8: vänder upp och ner på stud"),
    (r"(?i)\bhanden leder\b", "S9: the hand that acts first 'börjar'"),
    (r"(?i)\bnästa par av kort\b|(?<!par )\bess är det lägsta paret\b", "S10/S11: pairs"),
    (r"(?i)\bgår inte, insatsen\b|\bgäller inte regeln, där\b", "S12: comma splice"),
    (r"(?i)\bregeln var en missuppfattning\b", "S15: calque"),
    (r"(?i)\bkan inte vinna low\b|\bdin höga paret\b", "S16/S17: calques"),
    (
        r"(?i)\bsorters händer\b|\b(?:bästa|starkaste) sortens\b|\binom samma sort\b"
        r"|\bsamma sorts hand\b",
        "S18/S31: handtyp",
    ),
    (r"(?i)\bglömmer du dina\b|\bglöm mina\b", "S19: radera mina framsteg"),
    (r"\d dollar/\d", "S22: '5/10 dollar', never '5 dollar/10 dollar'"),
    (r"\bPlats \d+: [^,]+, Plats\b|: Plats \d+, plats\b", "S23: no capital mid-list"),
    (r"(?i)\bsjunde gatan agerar först:", "S25: broken template syntax"),
    (r"(?i)\bminsta marken\b", "S27: spelmarken"),
    (r"(?i)\bser bäst ut för att vinna\b", "S30: calque"),
    (r"(?i)\bShowdown, och det\b", "S32: no comma before och"),
    # --- the reading pass of issue 30, part three ---
    (
        r"\b(?:Plats|plats) \d+ [^.:]*: han (?:får|måste)\b"
        r"|\b(?:Plats|plats) \d+ [^.]*som om han\b",
        "S5 again: a seat is 'spelaren' (or no pronoun at all), not 'han'",
    ),
    (r"\balltså: [^.]*?: ", "two colons in one sentence (the out-of-cards feedback)"),
    (r"(?i)\bpotten går till låg hand\b", "den låga handen"),
)

DA_SLIPS: tuple[tuple[str, str], ...] = (
    *_TYPOGRAPHY_SV_DA,
    (r"[„“”]", "D34: Danish quotation marks are »…«"),
    (r"(?i)\bbryder det lige\b", "D01: 'break the tie' calque: afgør det"),
    (r"(?i)\bgør (?:heller )?ikke[.:;]", "D02: English VP ellipsis: det gør … ikke"),
    (r"(?i)\bfiren\b", "D03: the card is 'fireren'"),
    (r"(?i)\bnedenunder\b", "D04: the site's term is 'lukket'"),
    (r"(?i)\b(?:lektioner|lektionen) klaret\b", "D06: gennemført"),
    (r"(?i)\ben hånd stud\b|\bhånd stud:", "D08: en studhånd, en hånd i stud"),
    (r"(?i)\bi fuld længde\b", "D09: med fuldt navn"),
    (r"\bKort all-in\b", "D10: reads as 'cards all-in'"),
    (r"(?i)\bet (?:enkelt )?vist kort\b", "D11: et afsløret kort"),
    (r"(?i)\bskriver det ud\b", "D12: 'spell it out' calque"),
    (r"(?i)\blæser en regelside\b", "D13: 'a page reads strangely' calque"),
    (r"(?i)\bmest sikre\b", "D14: periphrastic 'mest sikre'"),
    (r"(?i)\bfølger så den regelbog\b", "D15: afhænger af regelbogen"),
    (r"\btil [A-E], hvis\b", "D16: relative 'hvis' reads as 'if'"),
    (
        r"(?i)\bi position \(fik\b|\bførste af (?:dem|de ligestillede spillere) i position\b",
        "D17: 'first in position' calque",
    ),
    (r"(?i)\blæserækkefølge\b", "D18: i den rækkefølge, de skal læses"),
    (r"(?i)\bsæderækkefølge\b", "D19: the site says 'plads'"),
    (r"(?i)\blader du bare ude\b", "D20: ser du bort fra"),
    (r"(?i)\bAnte, og\b|\bbring-in, eller\b", "D21/D22: no comma before og/eller"),
    (r"(?i)\bfloppen\b", "D23: et flop, floppet"),
    (r"(?i)\bbetyder at slå dig\b", "D25: chain of infinitives"),
    (r"(?i)\bstår der ikke\b", "D26: English cleft"),
    (r"(?i)\bpræcis den størrelse\b", "D27: på præcis det beløb"),
    (r"(?i)\bbrugt på de lige\b", "D28: 'applied to' calque"),
    (r"(?i)\bregelspecifikation kalder dem\b", "D29: sådan som de hedder i"),
    (r"(?i)\bkortspil i fire farver\b", "D30: et firefarvet kortspil"),
    (r"(?i)\bspillet om lav hånd\b", "D31: missing article"),
    (r"(?i)\bder ikke hører til\b", "D32: sidekort (kickere)"),
    (r"(?i)\bubegrænset raising\b", "D33: ubegrænset antal raises"),
    (r"(?i)\bkun [2-9] forskellige værdier\b", "D24: small counts in words: kun fire"),
    (r"\bKun door card\b", "D38: kun dit door card"),
    (r"\bPlads \d+, Plads\b", "D36: no capital mid-list"),
    (r"(?i)\bgives og bettes\b", "pass: a game is not 'bettes': gives og spilles"),
    (r"(?i)\bhandlingen begynder\b|\bbegynder handlingen\b|\båbner handlingen\b", "pass: 'action'"),
    (r"(?i)\bførst til at handle\b|\blovlige handlinger\b", "pass: calques of 'first to act'"),
    (r"(?i)\bfire mod fem\b|\bparret i treere\b", "pass: card nouns (firer, treerparret)"),
    (r"(?i)\bpottens\b", "pass: the site says 'pulje'"),
    (r"(?i)\bhvor mange chips får\b", "pass: the answer is in dollars: hvor meget"),
    # --- the review of issue 30 (../shared/reviews/da.md) ---
    (r"(?:^|[.:] )Først på syvende street\b", "M1: reads as 'not until seventh street'"),
    (r"(?i)\brigtige? regelsider?\b", "m1: 'rigtig' reads as 'correct': eksisterende"),
    (r"(?i)\bhjemmeaften", "m2: pokeraftenen derhjemme"),
    (r"(?i)\b(?:en|én) (?:call|bet)\b|\bi en call\b", "m3: et call, et bet"),
    (r"(?i)\bHer er stederne, hvor\b", "m4: de steder, hvor"),
    (r"(?i)\bStud høj\)", "m5: 'Seven Card Stud høj'"),
    (r"(?i)\bpokersides side\b|\bpokersiders sider\b", "m6: pokerside"),
    (r"(?i)\bStud spillet kun om\b|\bes-til-fem lave hånd\b", "m8/m9: English syntax"),
    (r"(?i)\blægge bare bring-in", "m10: kun lægge bring-in-beløbet"),
    (r"(?i)\bi den rækkefølge, du fik dem\.", "m12: du fik dem i"),
    (r"(?i)\bhvor små resten\b|\bIngen par slår ethvert par\b", "m13/m14"),
    (r"(?i)\bBliver otte spillere alle\b", "m17: word order"),
    (r"(?i)\bingen regel om, at kortene slipper op\b", "m18: says the cards never run out"),
    (r"(?i), de brændte kort igen eller\b", "m20: genbrug af de brændte kort"),
    (r"(?i)\blægge bring-in og komplettere\b", "m21: bring-in *or* complete"),
    (r"(?i)\bstår lige på (?:høj|lav|både)\b", "m22: har lige gode høje/lave hænder"),
    (r"(?i)\bde bedste fem\b|\bbedste fem kort\b", "like sv S1: the numeral first: de fem bedste"),
    (r"\baltså: [^.]*?: ", "two colons in one sentence (the out-of-cards feedback)"),
    (r"(?i)\ber street slut\b", "a street needs its article: indsatsrunden er slut"),
)

# --- Finnish (fi): the review of issue 30 (../shared/reviews/fi.md) ---
FI_SLIPS: tuple[tuple[str, str], ...] = (
    (r"\b(?:Third|Fourth|Fifth|Sixth|Seventh) Street|\bStreet(?:illä|istä|in)\b", "1: kolmas katu"),
    (r"(?i)\bscoop(?:iksi|in)?\b(?!-)", "3: the glossary's word is scooppaus"),
    (r"\bLuovuttaneet \(paikka \d+\)", "4: one folded seat is singular"),
    (r"(?i)\bJaa tämä (?:käsi|vaihe|kysymys|sivu)\b", "5: jakaa is also 'deal': Jaa linkki"),
    (r"(?i)\bkaikista korteistaan\b", "6: the odd chip compares the tied players' cards"),
    (r"(?i)\bsamanlainen pari\b", "7: yhtä monta paria"),
    (r"(?i)\bValitse tässä sallittu toiminto\b", "8: a multi-select asks for every action"),
    (r"(?i)\b(?:ässien|kuninkaiden|rouvien|jätkien|kymppien) pari\b", "9: kuningaspari"),
    (r"(?i)\bsuur(?:i|en|ella|ta) panos", "10: the house term is iso panos"),
    (r"(?i)\bmitä pienemmät sitä\b", "11: mitä pienemmät, sitä"),
    (r"(?i)\bvoivat enää maksaa\b", "12: enää vain"),
    (r"(?i)\bavokättä on täsmälleen samanarvoiset\b", "13: ovat samanarvoiset"),
    (r"(?i)\bKoko kurssit\b", "15: Kaikki kurssit"),
    (r",,", "a doubled comma (the reading pass of issue 30)"),
    (r"\bsiitä kilpailevat (?:vain )?paikka \d+\.", "like 4: a plural verb for one seat"),
    (r"\bjoten: [^.]*?: ", "two colons in one sentence (the out-of-cards feedback)"),
)

#: Slips only a generated sentence makes: a page's card pictures list a hand's cards for a
#: screen reader with commas alone, as a hand, not as a list in prose.
SENTENCE_SLIPS: dict[str, tuple[tuple[str, str], ...]] = {
    "sv": (
        (
            r"\b(?:(?:klöver|ruter|hjärter|spader)[a-zåäö]+, )+(?:klöver|ruter|hjärter|spader)"
            r"[a-zåäö]+\b(?!,| och| eller)",
            "S24: a list of cards in prose ends with 'och'",
        ),
    ),
}

REVIEW_SLIPS: dict[str, tuple[tuple[str, str], ...]] = {
    "sv": SV_SLIPS,
    "da": DA_SLIPS,
    "fi": FI_SLIPS,
}


COURSE_CONTENT = Path(__file__).resolve().parents[2] / "tutorials/content"
_LESSON_MARKUP = re.compile(r"\{\{[^{}|]*\|(?P<text>[^{}]*)\}\}|\{\{[^{}]*\}\}|\[[^\[\]]*\]|\*\*")


def lesson_texts(language: str) -> list[tuple[str, str]]:
    """Every text of the lesson files (tutorials/content/) in ``language``, as words: a lesson's
    later steps and idea cards are no sitemap page, and the Finnish "suuri panos" of a Stud
    Hi/Lo idea card outlived the review that way."""
    texts = []
    for path in sorted(COURSE_CONTENT.glob("**/*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for where, _english, text in _walk(data, "", language):
            plain = _LESSON_MARKUP.sub(lambda m: m["text"] or "…", text)
            texts.append((f"{path.name}:{where}", plain))
    return texts


def _generated_sentences(language: str) -> tuple[tuple[str, str], ...]:
    """Every generated sentence shape of ``language``, the feedback on wrong answers included
    (tests/generated_sentences.py)."""
    return generated_sentences(language, seeds=8)


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(REVIEW_SLIPS))
def test_no_page_repeats_a_reviewed_slip(pages: _Pages, language: str) -> None:
    checks = [(re.compile(pattern), why) for pattern, why in REVIEW_SLIPS[language]]
    problems: dict[str, list[str]] = {}
    for path, html in pages[language].items():
        for text in visible_text(html):
            for pattern, why in checks:
                if match := pattern.search(text):
                    problems.setdefault(path, []).append(
                        f"{why} ({match.group(0)!r} in {text[:80]!r})"
                    )
    sentence_checks = [
        (re.compile(pattern), why) for pattern, why in SENTENCE_SLIPS.get(language, ())
    ]
    lessons = lesson_texts(language)
    assert len(lessons) > 50
    for where, text in lessons:
        for pattern, why in checks:
            if match := pattern.search(text):
                problems.setdefault(f"[{where}]", []).append(f"{why} ({match.group(0)!r})")
    for where, text in _generated_sentences(language):
        # A count never starts a sentence ("Tre spelare", not "3 spelare"); an amount may.
        if re.match(r"\d+ (?!dollar\b|\$)", text):
            problems.setdefault(f"[{where}]", []).append(f"starts with a count ({text[:100]!r})")
        for pattern, why in checks + sentence_checks:
            if match := pattern.search(text):
                problems.setdefault(f"[{where}]", []).append(f"{why} ({text[:100]!r})")
    assert not problems, f"reviewed slips in {language}: " + _report(problems)


# --- Finnish (fi): typography and sentence shapes a word list cannot catch -------------------
# Patterns from the native review (../shared/reviews/fi.md, F1 F4 F5 G8 and the "?." rule),
# matched on the visible text of every Finnish page and quiz question.

FI_PATTERNS: dict[str, re.Pattern[str]] = {
    # "35%": Finnish writes a space before the percent sign ("35 %").
    "percent without a space": re.compile(r"\d%"),
    # Finnish quotation marks are ” ”; “ and „ are English and German.
    "non-Finnish quotation mark": re.compile(r"[“„]"),
    # "15 $ / 30 $": a stake is written "15 $/30 $" everywhere.
    "spaced stake slash": re.compile(r"\d \$ / \d"),
    # "(kahdeksan tai parempi) (nro 1)", "(Stud Hi/Lo (kahdeksan tai parempi))": no stacked or
    # nested round brackets.
    "stacked or nested brackets": re.compile(r"\)\s*\(|\([^()]*\([^()]*\)[^()]*\)"),
    # "-33": a loss takes the minus sign and the unit ("−33 $").
    "hyphen as a minus sign": re.compile(r"(?<![\w\d−-])-\d"),
    # "Otsikko?." after a linked title that ends in a question mark.
    "question mark and full stop": re.compile(r"\?\."),
    # "Matalan puoliskon saa ei kukaan": a slot filled with "ei kukaan" after a verb.
    "verb before 'ei kukaan'": re.compile(r"\b(?:saa|voittaa|vie) ei kukaan\b", re.IGNORECASE),
    # F3: "Vain 3 eri arvoa", "korottaa 2 kertaa", "jatkaa vielä 8 pelaajaa": small counts in
    # running prose are words (core.numerals); tests/practice/test_small_counts.py checks every
    # generated sentence, this the pages.
    "small count in digits": re.compile(
        r"\b(?:vain [2-9] eri arvoa|korottaa [2-9] kertaa|yhteensä [2-9] korotusta"
        r"|jatkaa vielä [2-9] pelaajaa|[2-9] pelaajalle on jäljellä)\b",
        re.IGNORECASE,
    ),
}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Potista 35% menee", "percent without a space"),
        ("hän sanoi “näin”", "non-Finnish quotation mark"),
        ("Kiinteä limiitti 15 $ / 30 $", "spaced stake slash"),
        ("Esimerkki: Paras low-käsi, Stud Hi/Lo (kahdeksan tai parempi) (nro 1)", None),
        ("Kadut (Stud Hi/Lo (kahdeksan tai parempi))", "stacked or nested brackets"),
        ("Netto -33", "hyphen as a minus sign"),
        ("Katso Kuka laittaa bring-inin?.", "question mark and full stop"),
        ("Matalan puoliskon saa ei kukaan, mikään low-käsi ei kvalifioidu.", None),
        (
            "Kierroksella saa vielä korottaa 2 kertaa (yhteensä 3 korotusta).",
            "small count in digits",
        ),
        ("Seitsemännelle kadulle jatkaa vielä 8 pelaajaa", "small count in digits"),
    ],
)
def test_the_finnish_patterns_catch_the_review_s_slips(text: str, name: str | None) -> None:
    found = [key for key, pattern in FI_PATTERNS.items() if pattern.search(text)]
    assert found, text
    if name is not None:
        assert name in found


@pytest.mark.parametrize(
    "text",
    [
        "Potista 35 % menee",
        "15 $/30 $ -pelissä",
        "low-käsi 8-7-6-5-4",
        "Netto −33 $",
        "”näin”",
        "korottaa vielä kaksi kertaa (yhteensä kolme korotusta)",
        "Paikka 3 saa 8 $",
    ],
)
def test_the_finnish_patterns_pass_good_finnish(text: str) -> None:
    assert not [key for key, pattern in FI_PATTERNS.items() if pattern.search(text)]


@pytest.mark.django_db
def test_finnish_typography_and_shapes(pages: _Pages) -> None:
    problems: dict[str, list[str]] = {}
    for path, html in pages["fi"].items():
        for text in visible_text(html):
            for name, pattern in FI_PATTERNS.items():
                if pattern.search(text):
                    problems.setdefault(path, []).append(f"{name}: {text[:90]!r}")
    assert not problems, "Finnish typography: " + _report(problems)
