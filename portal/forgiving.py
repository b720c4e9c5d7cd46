"""A search that forgives what owners type: each word the index does not know is read as the nearest word it knows
(a Malayalam case ending dropped, a place in the other script, one or two letters off), and a word still unknown is
left out and named, so one slip never makes a search empty. The page says what it searched for (portal/routes/pages.py)
and links the search as typed (`exact=1`)."""

from __future__ import annotations

import re
import sqlite3
import threading
import unicodedata
from dataclasses import dataclass, field, replace

from indic_transliteration import sanscript
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from pinfold.malayalam import CHILLU_BASE, VIRAMA, stem, without_endings
from pinfold.vocabulary import SAME_WORD, species_or_none

from .i18n import DISTRICTS_ML
from .matchsets import MATCH_SETS
from .search import Query, fts_word

_MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")
_READING = threading.Lock()
_KEEP = 2  # the versions of the served file whose vocabulary is kept (the one served and the one before)


@dataclass
class Forgiven:
    """What a search was read as: 'blak cw' -> query with words ['black'] and kind cow, read=['black', 'cow'],
    changed=True; a word nothing has -> left=['xyzzy']."""

    query: Query
    read: list[str] = field(default_factory=list)
    left: list[str] = field(default_factory=list)
    changed: bool = False
    # What the page says it searched for: `read`, with a word the owner typed in Malayalam kept in her script (a
    # place found in Latin letters, a kind, a word of the same meaning): 'കാള നെറ്റിയിൽ' -> ['കാള', 'നെറ്റി'], where
    # `read` is the index's ['bull', 'നെറ്റി'].
    shown: list[str] = field(default_factory=list)


@dataclass
class Vocabulary:
    """The index's words with the number of entries holding each, and each word's skeleton (skeleton())."""

    counts: dict[str, int]
    by_skeleton: dict[str, list[str]]


_VOCABULARIES: dict[str, Vocabulary] = {}


def skeleton(word: str) -> str:
    """A word as both scripts spell it alike, for places: 'കൊടുങ്ങല്ലൂർ' -> 'kotunalur'; 'Kodungallur' -> 'kotunalur';
    'Ollur' -> 'olur'. Malayalam is transliterated (indic_transliteration, IAST) and both folded: no diacritics, no
    'h', d as t, ng as n, no doubled letters."""
    if _MALAYALAM.search(word):
        word = "".join(CHILLU_BASE[c] + VIRAMA if c in CHILLU_BASE else c for c in word)
        word = sanscript.transliterate(word, sanscript.MALAYALAM, sanscript.IAST)
    latin = "".join(c for c in unicodedata.normalize("NFKD", word.lower()) if "a" <= c <= "z")
    latin = latin.replace("h", "").replace("d", "t").replace("ng", "n").replace("w", "v").replace("z", "l")
    return re.sub(r"(.)\1+", r"\1", latin)


def vocabulary(con: sqlite3.Connection) -> Vocabulary:
    """The full-text index's words (fts5vocab), read once per version of the file: {'black': 312, 'cow': 540, ...}."""
    version = getattr(con, "version", "")
    if version and version in _VOCABULARIES:
        return _VOCABULARIES[version]
    with _READING:  # one read per version: sixteen searches after a new file each read it at once (0.4 s at 1M)
        if version and version in _VOCABULARIES:
            return _VOCABULARIES[version]
        return _read(con, version)


def _read(con: sqlite3.Connection, version: str) -> Vocabulary:
    con.execute("CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_words USING fts5vocab(main, impoundments_fts, row)")
    counts = {t: n for t, n in con.execute("SELECT term, doc FROM temp.search_words") if not t.isdigit()}
    by_skeleton: dict[str, list[str]] = {}
    for term in counts:
        if len(term) >= 4:
            by_skeleton.setdefault(skeleton(term), []).append(term)
    found = Vocabulary(counts, by_skeleton)
    if version:
        while len(_VOCABULARIES) >= _KEEP:
            _VOCABULARIES.pop(next(iter(_VOCABULARIES)))
        _VOCABULARIES[version] = found
    return found


def known(con: sqlite3.Connection, word: str) -> bool:
    """Whether any entry has the word (or one of its other languages' words): 'black' -> True; 'blak' -> False.
    A word whose rows the search keeps for this version of the file (matchsets.py: the search counts by the same
    term) is answered by them, with no query (0.3 ms a word at 1M rows)."""
    term = fts_word(word)
    version = getattr(con, "version", "")
    rows = MATCH_SETS.peek((version, "impoundments_fts", term, "")) if version else None
    if rows is not None:
        return rows != 0
    sql = "SELECT 1 FROM impoundments_fts WHERE impoundments_fts MATCH ? LIMIT 1"
    return con.execute(sql, (term,)).fetchone() is not None


def nearest(con: sqlite3.Connection, word: str) -> str | None:
    """The known word an unknown one was most likely meant as: 'നെറ്റിയിൽ' -> 'നെറ്റി' (its case ending dropped);
    'കൊടുങ്ങല്ലൂർ' -> 'kodungallur' (the other script); 'blak' -> 'black', 'cw' -> 'cow' (one or two letters off,
    the most used first); 'xyzzy' -> None."""
    for bare in [word, *without_endings(word), stem(word)]:
        if bare in _DISTRICTS:  # the district as the page's own list names it in Malayalam ('തൃശ്ശൂർ', 'തൃശ്ശൂരിൽ')
            return _DISTRICTS[bare]
        if bare != word and known(con, bare):
            return bare
    words = vocabulary(con)
    if len(word) >= 4:
        places = words.by_skeleton.get(skeleton(word), [])
        if places:
            return max(places, key=lambda t: words.counts[t])
    most = 1 if len(word) <= 4 else 2
    if _MALAYALAM.search(word):  # one or two letters off in her script: the nearest Malayalam word the search knows
        near = process.extract(word, _MALAYALAM_WORDS, scorer=Levenshtein.distance, score_cutoff=most, limit=None)
        near.sort(key=lambda m: m[1])
        found = next((term for term, _, _ in near if known(con, term)), None)
        if found:
            return found
    near = process.extract(word, words.counts.keys(), scorer=Levenshtein.distance, score_cutoff=most, limit=None)
    near.sort(key=lambda m: (m[1], -words.counts[m[0]]))
    return next((term for term, _, _ in near if known(con, term)), None)


# Kerala's districts by their Malayalam names (i18n.DISTRICTS_ML), as the index spells them: 'തൃശ്ശൂർ' -> 'thrissur'.
_DISTRICTS = {ml: en.lower() for en, ml in DISTRICTS_ML.items()}
# The Malayalam words the search reads as other words (vocabulary.SAME_WORD: 'കറുത്ത' for 'black'), for a typo in her
# script ('കറുത്ഥ' -> 'കറുത്ത').
_MALAYALAM_WORDS = sorted(w for w in SAME_WORD if _MALAYALAM.search(w))


def in_her_script(typed: str, meant: str) -> str:
    """How the page shows a word the search read as `meant`: in the script she typed it in. ('കൊടുങ്ങല്ലൂർ',
    'kodungallur') -> 'കൊടുങ്ങല്ലൂർ' (a place found by its sound: her spelling); ('കറുപ്പ്', 'black') -> 'കറുപ്പ്';
    ('blak', 'black') -> 'black'; ('നെറ്റിയിൽ', 'നെറ്റി') -> 'നെറ്റി'."""
    if not _MALAYALAM.search(typed) or _MALAYALAM.search(meant):
        return meant
    same = [w for w in SAME_WORD.get(meant, ()) if _MALAYALAM.search(w)]
    return min(same, key=lambda w: Levenshtein.distance(w, typed)) if same else typed


def kind_as_typed(query: Query) -> str:
    """The kind read from the words as she typed it: 'കാള നെറ്റിയിൽ' (kind bull) -> 'കാള'; 'black cow' -> 'cow'."""
    for token in query.q.split():
        if _MALAYALAM.search(token) and species_or_none(token) == query.species:
            return token
    return query.species


def forgive(con: sqlite3.Connection, query: Query) -> Forgiven:
    """The search read as the index knows its words (nearest()); a kind among the corrected words becomes the kind
    ('black cw' -> kind cow). Words already known are kept as typed, so an owner's exact words are searched first."""
    read, shown, left, words, species = [], [], [], [], query.species
    for word in query.words:
        meant = word if known(con, word) else nearest(con, word)
        if meant is None:
            left.append(word)
            continue
        read.append(meant)
        shown.append(in_her_script(word, meant))
        if not species and meant != word:
            named = species_or_none(meant)
            if named is not None:
                species = named
                continue
        words.append(meant)
    if not read:  # no word known, none near one: searched as typed, it matches nothing (left out, every animal would)
        return Forgiven(query)
    changed = read != query.words
    kind = [query.species] if query.species and not query.species_chosen else []
    typed_kind = [kind_as_typed(query)] if kind else []
    return Forgiven(replace(query, words=words, species=species), kind + read, left, changed, typed_kind + shown)
