"""Conflicts of interest at sales (K s.18(1); 1857 s.X): is a buyer on the roster of people barred from buying?

Registers write the same person many ways: 'K. Raghavan Nair', 'Raghavan Nair K.', 'Ragavan Nair'.
Names are compared by their full words (order-free, with common transliteration variants folded) and their
initials must not contradict each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import NamedTuple

_VARIANTS = [
    ("aa", "a"),
    ("ee", "i"),
    ("oo", "u"),
    ("th", "t"),
    ("dh", "d"),
    ("gh", "g"),
    ("kh", "k"),
    ("zh", "l"),
    ("w", "v"),
    ("y", "i"),
]


def _fold_word(w: str) -> str:
    """'Raghavan' -> 'ragavan'; 'Varghese' -> 'vargese' (spelling variants fold together)."""
    w = w.lower()
    for a, b in _VARIANTS:
        w = w.replace(a, b)
    return re.sub(r"(.)\1+", r"\1", w)


class NameKey(NamedTuple):
    words: frozenset[str]
    initials: frozenset[str]


@lru_cache(maxsize=65536)
def name_key(name: str) -> NameKey:
    """'K. Raghavan Nair' -> ({'ragavan', 'nair'}, {'k'})."""
    tokens = [t for t in re.split(r"[\s.,]+", name.strip()) if t]
    words = frozenset(_fold_word(t) for t in tokens if len(t) > 1)
    initials = frozenset(t.lower() for t in tokens if len(t) == 1)
    return NameKey(words, initials)


def same_person(a: str, b: str) -> bool:
    """'K. Raghavan Nair' ~ 'Raghavan Nair K' ~ 'Ragavan Nair'; not 'M. Raghavan Nair' ~ 'K. Raghavan Nair'."""
    ka, kb = name_key(a), name_key(b)
    if len(ka.words) < 2 or ka.words != kb.words:
        return False
    return not (ka.initials and kb.initials and not (ka.initials & kb.initials))


def barred_here(
    person: dict[str, str],
    pound_id: str,
    local_authority: str,
    barred: Callable[[str], bool] | None = None,
    scoped: Callable[[str], bool] | None = None,
) -> bool:
    """Whether this roster person, whatever the buyer's name, is barred from buying at this pound: their role one the
    pound's Act bars (`barred`, RulePack.conflict.bars: 1857 s.X names police officers and pound-keepers only, K
    s.18(1) members of the local authority too). With `scoped` (RulePack.conflict.scoped_to_authority) the Act says
    whose bar is local: a member of the local authority is barred at the pounds "under whose control" their authority
    is (K s.18(1)): the roster must name that authority or pound, or '*' (blank: no pound of theirs is known, so not
    here); a police officer, officer or pound-keeper at any sale under the Act, whatever pound the roster names.
    Without it, every person is taken at the pound or authority the roster names (blank or '*': everywhere).
    ({'role': 'Police Officer', 'pound_id': 'k1'}, 'k2', 'Ollur Panchayat', K's bars, K's scope) -> True."""
    role = person.get("role") or ""
    if barred is not None and not barred(role):
        return False
    named = [
        (v, here)
        for v, here in ((person.get("pound_id"), pound_id), (person.get("local_authority"), local_authority))
        if v
    ]
    if scoped is not None and not scoped(role):
        return True  # barred at any sale under the Act
    at_this_pound = all(v in ("*", here) for v, here in named)
    if scoped is not None:
        return at_this_pound and bool(named)  # a member of no authority named: no pound of theirs known
    return at_this_pound


def roster_covers(
    roster: list[dict[str, str]],
    pound_id: str,
    local_authority: str,
    barred: Callable[[str], bool] | None = None,
    scoped: Callable[[str], bool] | None = None,
) -> bool:
    """Whether the roster names anyone barred from buying at this pound (barred_here), so that a buyer the register
    records can be checked at all: ([], 'k1', ...) -> False; a K police officer on the roster -> True at every K pound."""
    return any(barred_here(p, pound_id, local_authority, barred, scoped) for p in roster)


def roster_match(
    buyer: str,
    roster: list[dict[str, str]],
    pound_id: str,
    local_authority: str,
    barred: Callable[[str], bool] | None = None,
    scoped: Callable[[str], bool] | None = None,
) -> dict[str, str] | None:
    """The roster entry the buyer matches, among the people barred from buying at this pound (barred_here):
    ('Joseph Kurian', [{'name': 'Joseph Kurian', 'role': 'Police Officer', ...}], 'k1', ...) -> that entry."""
    for person in roster:
        if barred_here(person, pound_id, local_authority, barred, scoped) and same_person(
            buyer, person.get("name", "")
        ):
            return person
    return None
