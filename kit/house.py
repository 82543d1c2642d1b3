"""House rules: the engine's ``Profile`` for a stored set (a rulebook's profile with the house's
answers put in by ``dataclasses.replace``, each cited to the rulebooks that rule so or marked
as the house's own), making a set under a fresh code, and finding one by its profile name."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Final

from django.db import IntegrityError, transaction

from core.rulebooks import HOUSE_PREFIX, house_code
from kit.models import HouseRules
from rules.engine import (
    PROFILES,
    Cite,
    CommunityOpener,
    HeadsUpCap,
    OddChipRule,
    OutOfCards,
    Profile,
    Stakes,
)

__all__ = [
    "HOUSE_FIELDS",
    "Choice",
    "house_choices",
    "house_profile",
    "house_profile_find",
    "house_rules_create",
    "house_values",
]

#: The profile fields a house sets, in the order its page lists them (rules-facts section 13),
#: and how a stored value becomes the profile's.
HOUSE_FIELDS: Final = {
    "open_pair_big_bet": bool,
    "max_raises": int,
    "heads_up_cap": HeadsUpCap,
    "odd_chip": OddChipRule,
    "out_of_cards": OutOfCards,
    "community_opener": CommunityOpener,
    "all_in_hands_face_up": bool,
}
_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0 O 1 I: read aloud at a table
_FOUND: dict[str, Profile] = {}  # code -> profile: a set never changes, so it never goes stale
_FOUND_MAX: Final = 2048


def house_values(profile: Profile) -> dict[str, Any]:
    """The house fields of ``profile``, as a form or a model holds them."""
    values = {name: getattr(profile, name) for name in HOUSE_FIELDS}
    return {name: v if isinstance(v, bool | int) else str(v) for name, v in values.items()}


def _ruling(field: str, value: object, base: Profile) -> list[Profile]:
    """The rulebooks (``base`` first) whose own text rules ``field`` as ``value``."""
    books = [base, *(p for p in PROFILES.values() if p.name != base.name)]
    return [
        book
        for book in books
        if field not in book.not_addressed
        and not (field == "max_raises" and book.raises_set_by_house)
        and getattr(book, field) == value
    ]


def house_profile(rules: HouseRules) -> Profile:
    """The engine's profile for ``rules``: its base rulebook's, with the house's answers. Each
    answer cites the rulebooks that rule so; one no rulebook rules is ``set_by_house``. The
    engine validates the result (and ``Stakes`` the structure): ``ValueError`` if it cannot be."""
    base = PROFILES[rules.base]
    values = {name: kind(getattr(rules, name)) for name, kind in HOUSE_FIELDS.items()}
    cites: dict[str, tuple[Cite, ...]] = dict(base.cites)
    not_addressed, by_house = set(base.not_addressed), set()
    for name, value in values.items():
        books = _ruling(name, value, base)
        if books:
            cites[name] = tuple(dict.fromkeys(c for book in books for c in book.cites[name]))
            not_addressed.discard(name)
        elif value == getattr(base, name) and name in base.not_addressed:
            continue  # the base is silent and the house keeps the site's fallback
        else:
            cites.pop(name, None)
            not_addressed.discard(name)
            by_house.add(name)
    return replace(
        base,
        name=f"{HOUSE_PREFIX}{rules.code}",
        **values,
        raises_set_by_house=False,
        not_addressed=frozenset(not_addressed),
        set_by_house=frozenset(by_house),
        cites=MappingProxyType(cites),
        stakes=Stakes(
            ante=rules.ante,
            bring_in=rules.bring_in,
            small_bet=rules.small_bet,
            big_bet=rules.big_bet,
        ),
    )


def house_profile_find(name: str) -> Profile | None:
    """The profile of the house rules ``name`` names ("house-K7Q2XM"), if they exist: the
    source the kit adds to the engine's ``get_profile`` (``KitConfig.ready``)."""
    code = house_code(name)
    if code is None:
        return None
    if (found := _FOUND.get(code)) is not None:
        return found
    rules = HouseRules.objects.filter(code=code).first()
    if rules is None:
        return None
    if len(_FOUND) >= _FOUND_MAX:
        _FOUND.clear()
    _FOUND[code] = found = house_profile(rules)
    return found


def house_rules_create(*, values: dict[str, Any]) -> HouseRules:
    """Store checked ``values`` (the model's fields) under a fresh code."""
    for _attempt in range(10):
        code = "".join(secrets.choice(_ALPHABET) for _ in range(6))
        try:
            with transaction.atomic():
                return HouseRules.objects.create(code=code, **values)
        except IntegrityError:  # that code is taken: draw another
            continue
    raise RuntimeError("no free house rules code in ten draws")  # pragma: no cover


@dataclass(frozen=True, slots=True)
class Choice:
    """One house choice as the page lists it: what, the house's answer, and who rules so
    (the rulebooks' citations, or "" for the house's own rule)."""

    field: str
    value: Any
    citations: tuple[Cite, ...]
    not_addressed: bool = False

    @property
    def house_rule(self) -> bool:
        return not self.citations and not self.not_addressed


def house_choices(profile: Profile) -> list[Choice]:
    """The house's answers in page order, each with its citations."""
    return [
        Choice(
            name,
            getattr(profile, name),
            () if name in profile.set_by_house else profile.cites.get(name, ()),
            name in profile.not_addressed,
        )
        for name in HOUSE_FIELDS
    ]
