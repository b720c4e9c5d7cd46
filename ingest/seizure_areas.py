"""Where cattle were seized, as a local area: K s.11(2) doubles the fine of cattle "seized within such local area", and
K s.10 sends cattle found on a road "to the nearest pound", which may be another local authority's. A register's place
of seizure is free text; this reads it, as published (its names already hidden: ingest/privacy.py), against the local
areas the deployment names, so the area it yields is one a public byte already names.

The gazetteer (`gazetteer`): every local area of the rule files (fine_scales.csv, habitual_areas.csv,
feeding_rates.csv) and every pound's local authority (pounds.csv), each the name of itself, and each place of
rules/places.csv that names its `local_area` (a village, a ward, in English and in Malayalam).

A name matches a place of seizure when every word of it but the authority's kind ('Municipal Corporation', 'Grama
Panchayat', 'നഗരസഭ') is a word of the place, folded as the privacy filter folds (text_folding.fold_spellings, a
Malayalam case ending taken off, a final chillu read as its letter), and the place names no other kind of authority:
'Thrissur Corporation' and 'തൃശ്ശൂർ കോർപ്പറേഷനിൽ' (with places.csv's Malayalam name) are Thrissur Municipal
Corporation; 'Thrissur Panchayat' is not. A name that is a district's ('Thrissur') needs its kind written: the district
is no local area. The most words matched wins; two areas alike is no match (`SeizureAreas.area_of` -> None), and so is a
blank place: the pound's own area is then taken, labelled (rules.SEIZURE_AREA_ASSUMED).

    SeizureAreas([('Thrissur Municipal Corporation', 'Thrissur Municipal Corporation'), ('Kuttur', 'Ollur Panchayat')])
      .area_of('near Kuttur junction') -> 'Ollur Panchayat'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from pinfold.lexicon import DISTRICTS
from pinfold.malayalam import without_endings

from .people import EMPTY, Persons
from .public_cells import public_place
from .text_folding import _CHILLU_BASE, PLACEHOLDERS, tokens

CORPORATION, MUNICIPALITY, PANCHAYAT = "corporation", "municipality", "panchayat"
# The kinds of local authority (K s.2(3): "any Municipal Corporation, Municipal Council or Panchayat"), by the words a
# register or a rule file writes them with, folded (a chillu as its letter: _key).
_KIND_WORDS = {
    CORPORATION: "corporation corpn കോർപ്പറേഷൻ കോർപറേഷൻ കോര്പ്പറേഷൻ",
    MUNICIPALITY: "municipality council nagarasabha നഗരസഭ മുനിസിപ്പാലിറ്റി",
    PANCHAYAT: "panchayat panchayath gp പഞ്ചായത്ത് ഗ്രാമപഞ്ചായത്ത്",
}
# Words of an authority's name that say no more than its kind: 'Thrissur Municipal Corporation', 'Ollur Grama
# Panchayat'.
_FILLERS = "municipal grama gram ഗ്രാമ"


def _key(word: str) -> str:
    """A folded word as compared here: a final chillu as its letter, so that 'തൃശ്ശൂർ' and the 'തൃശ്ശൂര' of
    'തൃശ്ശൂരിൽ' are one word: 'ollur' -> 'ollur'; 'തൃശ്ശൂർ' -> 'തൃശ്ശൂര'."""
    base = _CHILLU_BASE.get(word[-1:])
    return word[:-1] + base if base else word


_KINDS = {_key(w): kind for kind, words in _KIND_WORDS.items() for w in words.split()}
_NOT_CORE = frozenset(_KINDS) | frozenset(_key(w) for w in _FILLERS.split())
_DISTRICTS = frozenset(DISTRICTS)


def _words(text: str) -> frozenset[str]:
    """A place's words as compared, each also as it may be without a case ending: 'Thrissur Corporation' ->
    {'thrissur', 'corporation'}; 'തൃശ്ശൂരിൽ' -> {'തൃശ്ശൂരിൽ', 'തൃശ്ശൂര', ...}. A placeholder is no word."""
    out: set[str] = set()
    for t in tokens(text):
        if t.word in PLACEHOLDERS:
            continue
        out.add(_key(t.word))
        out.update(_key(s) for s in without_endings(t.word))
    return frozenset(out)


class _Name(NamedTuple):
    """A name of the gazetteer: its words but its kind's, its kind (None: a village, a ward), the local area."""

    core: frozenset[str]
    kind: str | None
    area: str


def _name(name: str, area: str) -> _Name | None:
    """('Thrissur Municipal Corporation', same) -> _Name({'thrissur'}, 'corporation', ...); a name of its kind's
    words alone ('Panchayat') -> None."""
    words = [_key(t.word) for t in tokens(name) if t.word not in PLACEHOLDERS]
    core = frozenset(w for w in words if w not in _NOT_CORE)
    kind = next((_KINDS[w] for w in words if w in _KINDS), None)
    return _Name(core, kind, area) if core else None


class SeizureAreas:
    """The gazetteer, indexed by each name's words, and the local area of a place of seizure (cached per text)."""

    def __init__(self, names: Iterable[tuple[str, str]]):
        self._by_word: dict[str, list[_Name]] = {}
        for place, area in names:
            n = _name(place, area) if place and area and area != "*" else None
            if n is not None:
                self._by_word.setdefault(min(n.core), []).append(n)
        self.area_of = lru_cache(maxsize=65536)(self._area_of)

    def _area_of(self, place: str | None) -> str | None:
        """The local area a place of seizure names, or None (blank, none named, or two alike): 'Thrissur
        Corporation, near the bus stand' -> 'Thrissur Municipal Corporation'; 'Thrissur' -> None (the district)."""
        if not place:
            return None
        words = _words(place)
        kinds = {_KINDS[w] for w in words if w in _KINDS}
        found = [
            n
            for w in words
            for n in self._by_word.get(w, ())
            if n.core <= words
            and (n.kind is None or not kinds or n.kind in kinds)
            and not (n.kind not in kinds and n.core <= _DISTRICTS)  # 'Thrissur' alone is the district
        ]
        if not found:
            return None
        most = max(len(n.core) for n in found)
        found = [n for n in found if len(n.core) == most]
        if any(n.kind in kinds for n in found):  # 'Ollur Panchayat' over a ward named Ollur
            found = [n for n in found if n.kind in kinds]
        areas = {n.area for n in found}
        return areas.pop() if len(areas) == 1 else None


def gazetteer(
    rule_areas: Iterable[str],
    pounds_csv: Iterable[dict[str, str]],
    places_csv: Iterable[dict[str, str]],
    roster: Persons = EMPTY,
) -> list[tuple[str, str]]:
    """The names a place of seizure may give and the local area each is in: the rule files' areas and the pounds'
    local authorities, each its own name, then places.csv's places that name a local_area, in English and Malayalam.
    A matched area is published (impoundments.seizure_local_area): pounds.csv's and places.csv's names are taken as
    public text is (`public_cells.public_place`, the roster's people out), and one that held a person is left out.
    (['Ollur Panchayat'], [{'local_authority': 'Thrissur Municipal Corporation'}], [{'name': 'Kuttur', 'name_ml':
    'കുറ്റൂർ', 'local_area': 'Ollur Panchayat'}]) -> [('Ollur Panchayat', 'Ollur Panchayat'), ('Thrissur Municipal
    Corporation', ...), ('Kuttur', 'Ollur Panchayat'), ('കുറ്റൂർ', 'Ollur Panchayat')]."""
    areas = [a for a in rule_areas if a and a != "*"]  # published as written already (the rule tables)
    # a local authority with a comma may name a person after it (published without it): no key to match
    areas += [
        la
        for r in pounds_csv
        if "," not in (r.get("local_authority") or "") and (la := public_place(r.get("local_authority"), roster))
    ]
    names = [(a, a) for a in dict.fromkeys(areas)]
    for r in places_csv:
        area = public_place(r.get("local_area"), roster)
        names += [(place, area) for f in ("name", "name_ml") if area and (place := public_place(r.get(f), roster))]
    return names
