"""Who may not be named in public, and the one function that hides them (DATA_CONTRACT.md: no name or residence of a
seizer or an owner ever reaches the public database, a page, a feed or a log line).

An entry's people are known from its cells (`persons_of`): the owner however the register splits them (one cell of
name and residence, name and residence columns, first and last names), the claimant, the seizer, the buyer, a
signature, the numbers in a person's columns, a name the remarks give ("claimed by ..."); and, for every entry, the
private roster of officials (K s.18(1), `roster_of`). `hide` takes every word of every known person out of a public
text wherever it stands, then every name that a title or a father's name marks as a name whoever it is, then persons'
numbers and e-mail addresses. Every public column is either free text passed through `hide`, or a value the ingest
recognised: `public_kind`, `public_entry_no`, `public_reason`.

Text is compared as Unicode folds it, not as typed (`fold`): NFC, case-folded, zero-width marks dropped, an old-style
chillu (ന + ് + ZWJ) read as the atomic one (ൻ). Words are Malayalam-aware: a vowel sign or a virama belongs to its
word (a regex's \\b thinks otherwise), and a name with a case ending (രാഘവന്റെ, സുരേഷിനെ; Prabhakarante) is the name.

A word of a known person that is also a word the ingest reads (a kind, a colour, a mark, a district: an owner called
"Mani", which is also a cow's bell) is hidden only where it reads as a name: next to another word of a name, after
"of", "by", a title and the like, or before "'s". "black, mani on neck" stays for an owner called Mani; "cow of Mani"
does not.
"""

from __future__ import annotations

import contextlib
import dataclasses
import re
import sqlite3
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import phonenumbers

from pinfold.errors import RecordRejected
from pinfold.lexicon import DIGIT_WORDS, MARK, known, known_in_rules, landmark, place_words
from pinfold.malayalam import ENDINGS_BY_LAST, LATIN_ENDINGS, ML_ENDINGS, stem, without_endings  # noqa: F401
from pinfold.vocabulary import (
    COLOURS,
    DESCRIPTION_WORDS,
    GENERIC_CATTLE,
    KIND_WORDS,
    NOT_CATTLE,
    NUMBER_WORDS,
    species_of,
    word_species,
)

from .normalise import DITTO_MARKS, MONTHS, name_and_residence, owner_known

NAME, NUMBER, EMAIL = "[name]", "[number]", "[email]"
PLACEHOLDERS = frozenset({NAME, NUMBER, EMAIL, MARK})

# --- text as it is compared ----------------------------------------------------------------------------------------

_ZERO_WIDTH = dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None)
# An old-style chillu is a consonant, a virama and a zero-width joiner; Unicode 5.1 gave each its own letter.
_OLD_CHILLU = {"ണ്\u200d": "ൺ", "ന്\u200d": "ൻ", "ര്\u200d": "ർ", "ല്\u200d": "ൽ", "ള്\u200d": "ൾ", "ക്\u200d": "ൿ"}
_CHILLU_BASE = {"ൺ": "ണ", "ൻ": "ന", "ർ": "ര", "ൽ": "ല", "ൾ": "ള", "ൿ": "ക"}
_VIRAMA = "്"
_MALAYALAM = re.compile(r"[\u0D00-\u0D7F]")


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """A word as compared: 'KUNJAN' -> 'kunjan'; 'രാഘവന്' + ZWJ (an old chillu) -> 'രാഘവൻ'; 'സുരേഷ്' + ZWNJ ->
    'സുരേഷ്'; NFD 'കൊ' -> NFC 'കൊ'."""
    s = unicodedata.normalize("NFC", text)
    if "\u200d" in s:
        for old, new in _OLD_CHILLU.items():
            s = s.replace(old, new)
    # "nta" is written ന്റ or, since Unicode 6, ൻ്റ: one spelling
    return s.translate(_ZERO_WIDTH).replace("ൻ്റ", "ന്റ").casefold()


# A word: letters and digits, Malayalam (its vowel signs and viramas included), combining marks (an NFD accent), and
# the zero-width marks a keyboard leaves inside a Malayalam word. A placeholder this module wrote is a word of its own.
_WORD_CHARS = r"[^\W_]|[\u0D00-\u0D7F\u0300-\u036F\u00AD\u200B-\u200D\u2060\uFEFF]"
_TOKEN = re.compile(rf"\[(?:name|number|email|…)\]|(?:{_WORD_CHARS})+")


class Token(NamedTuple):
    start: int
    end: int
    word: str  # folded; a placeholder as written


@lru_cache(maxsize=65536)
def tokens(text: str) -> tuple[Token, ...]:
    """'Kunjan's cow' -> (Token(0, 6, 'kunjan'), Token(7, 8, 's'), Token(9, 12, 'cow'))."""
    found = (Token(m.start(), m.end(), fold(m.group())) for m in _TOKEN.finditer(text))
    return tuple(t for t in found if t.word)


def _split(words: str) -> list[str]:
    return words.split()


def _words(words: str) -> frozenset[str]:
    return frozenset(words.split())


# The stemmer is pinfold/malayalam.py's, shared with the portal's search; its names stay importable from here.
_GENITIVE = ("ുടെ", "ന്റെ", "്റെ", "യുടെ")
_ENDINGS_BY_LAST = ENDINGS_BY_LAST


def _malayalam(word: str) -> bool:
    return bool(_MALAYALAM.match(word))


_WORD = re.compile(rf"(?:{_WORD_CHARS})+")


@lru_cache(maxsize=65536)
def _keys(text: str) -> frozenset[str]:
    """Every word of a text as compared, and each as it may be without a case ending: the set a known person's words
    are tested against. Most texts share no key with an entry's people, and that test is all they cost."""
    words = _WORD.findall(fold.__wrapped__(text))
    keys = set(words)
    for w in words:
        if w[-1] in _ENDINGS_BY_LAST:
            keys.update(without_endings(w))
    return frozenset(keys)


# --- the words the ingest reads, and words that are no one's name ----------------------------------------------------

TITLES = _words(
    "sri shri sree smt shrimati srimathi sreemathi srimati mr mrs ms dr adv prof fr rev thiru thirumathi janab haji "
    "hajee kumari ശ്രീ ശ്രീമതി ശ്രീമാൻ കുമാരി ഡോ ഡോക്ടർ ജനാബ് ഹാജി ഫാദർ അഡ്വ പ്രൊഫ"
)
# Read as titles only when capitalised: in lower case they are ordinary words ("did not miss").
CAPITALISED_TITLES = frozenset({"miss", "master", "mister", "madam"})
# Words that make a seizer an office, not a person: "Police, Ollur", "Panchayat staff".
INSTITUTIONS = _words(
    "police panchayat municipality municipal corporation department station staff office pound council taluk "
    "government govt committee"
)
# A rank comes before a person's name: "Constable Raghavan", "SI Ramesh Kumar", "Ollur Police Constable Raghavan".
RANKS = _words("constable inspector officer secretary guard keeper member president si asi hc pc cpo clerk attender")
_RELATIONS = frozenset({"son", "daughter", "wife", "husband", "care"})
_ML_RELATIONS = frozenset({"മകൻ", "മകൾ", "ഭാര്യ", "ഭർത്താവ്"})
# A residence's words that name no one: "Kizhakkemadathil House", "Ollur P.O."
HOUSE_WORDS = _words(
    "house veedu vidu bhavan bhavanam nivas nivasam illam mana manzil manjil tharavad tharavadu villa cottage "
    "quarters വീട് ഭവൻ ഭവനം നിവാസ് ഇല്ലം തറവാട്"
)
_POSTAL = frozenset({"po", "p", "post", "pin", "pincode", "പി", "ഒ"})
# Never anyone's name on their own.
STOPWORDS = (
    _words(
        "a an the of and or at in on by to from for with near nr no not via owner seizer buyer claimant name late "
        "mob mobile ph phone tel contact also"
    )
    | TITLES
    | CAPITALISED_TITLES
    | INSTITUTIONS
    | RANKS
    | _RELATIONS
    | HOUSE_WORDS
    | _POSTAL
)
LANDMARKS = _words(
    "temple kshetram statue road rd junction jn nagar school college hospital church mosque masjid colony memorial "
    "park bus bridge hall market stadium library ashram mutt math centre center smarakam ground gate stop mandir "
    "mandiram street lane chapel shrine kavala"
)
_ML_LANDMARKS = ("ക്ഷേത്ര", "അമ്പല", "റോഡ്", "ജംഗ്ഷ", "ജങ്ഷ", "സ്കൂ", "പള്ളി", "നഗർ", "കോളേജ", "ആശുപത്രി", "സ്മാരക", "കവല", "മൈതാന")
DISTRICTS = _words(
    "thiruvananthapuram trivandrum kollam quilon pathanamthitta alappuzha alleppey kottayam idukki ernakulam cochin "
    "kochi thrissur trichur palakkad palghat malappuram kozhikode calicut wayanad kannur cannanore kasaragod "
    "kasargod kerala"
)
# Words the ingest reads in an entry: a person's word that is one of them is hidden only where it reads as a name.
COMMON = (
    frozenset(w for phrase in KIND_WORDS for w in fold(phrase).split())
    | frozenset(fold(w) for w in (*NOT_CATTLE, *GENERIC_CATTLE, *NUMBER_WORDS, *MONTHS))
    | frozenset(re.split(r"[|\s-]+", COLOURS))
    | frozenset(fold(w) for group in DESCRIPTION_WORDS for w in group.split())
    | LANDMARKS
    | DISTRICTS
)
# Before a word, these make it read as a name: "cow of Mani", "tied by Mani", "owner Mani".
_NAME_CUES = _words("of by to from owner owned seizer seized buyer bought claimant claimed delivered") | TITLES


def _landmark(word: str) -> bool:
    return word in LANDMARKS or (_malayalam(word) and word.startswith(_ML_LANDMARKS))


# --- the people an entry knows -------------------------------------------------------------------------------------


class Persons:
    """People known to a register (an entry's owner, its seizer; the roster), as words to hide.

    words: hidden wherever they stand; common: also words the ingest reads (a kind, a colour), hidden where they read
    as a name; stems: the Malayalam and Latin stems their case endings join; numbers: their phone and id numbers,
    digits only. `keys` is what a text's words are tested against."""

    __slots__ = ("words", "common", "stems", "numbers", "keys", "places", "_hash")

    def __init__(
        self,
        words: frozenset[str] = frozenset(),
        common: frozenset[str] = frozenset(),
        stems: frozenset[str] = frozenset(),
        numbers: frozenset[str] = frozenset(),
        places: frozenset[str] = frozenset(),
    ):
        self.words, self.common, self.stems, self.numbers = words, common, stems, numbers
        self.keys = words | common | stems
        self.places = places  # a deployment's own place words, public in any text (pinfold/lexicon.py)
        self._hash = hash((words, common, stems, numbers, places))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Persons) and (self.words, self.common, self.stems, self.numbers, self.places) == (
            other.words,
            other.common,
            other.stems,
            other.numbers,
            other.places,
        )

    def __bool__(self) -> bool:
        return bool(self.keys or self.numbers or self.places)

    def __or__(self, other: Persons) -> Persons:
        if not other:
            return self
        if not self:
            return other
        return Persons(
            self.words | other.words,
            self.common | other.common,
            self.stems | other.stems,
            self.numbers | other.numbers,
            self.places | other.places,
        )

    def __repr__(self) -> str:
        return f"Persons(words={sorted(self.words)}, common={sorted(self.common)}, numbers={sorted(self.numbers)})"


EMPTY = Persons()


def _cell_text(v: Any) -> str:
    """A cell as text: None -> ''; 9447012345.0 -> '9447012345'; '  a  b ' -> 'a b'."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, dict):
        return ", ".join(_cell_text(x) for x in v.values() if x)
    return " ".join(str(v).split())


def _initial(word: str, original: str) -> bool:
    """'K' in 'K. Raghavan', 'കെ' in 'കെ. രാഘവൻ': a letter standing for a name, never a word to hide alone."""
    if _malayalam(word):
        return len(word) <= 2
    return len(word) == 1 and original.isupper()


def _initial_of_name(text: str, t: Token) -> bool:
    """An initial in a name: 'K' of 'K. Raghavan'; not 'S' of 'S/o', which marks a father's name."""
    return _initial(t.word, text[t.start : t.end]) and text[t.end : t.end + 1] != "/"


_DIGIT_RUN = re.compile(r"\+?\d(?:[ \-()]{0,2}\d)*")


def _digits(run: str) -> str:
    """'+91 94470-12345' -> '919447012345'; '൯൪൪൭' -> '9447' (any script's digits, as ASCII)."""
    if run.isascii():
        return _NOT_DIGIT.sub("", run)
    return "".join(str(unicodedata.digit(c)) for c in run if c.isdigit())


_NOT_DIGIT = re.compile(r"\D")


@lru_cache(maxsize=65536)
def _numbers_in(text: str) -> frozenset[str]:
    """A person's cell -> the numbers in it of six digits or more: 'Kunjan, ph 9447-012345' -> {'9447012345'}."""
    found = set()
    for m in _DIGIT_RUN.finditer(text):
        d = _digits(m.group())
        if len(d) >= 6:
            found.add(d)
    return frozenset(found)


@lru_cache(maxsize=65536)
def _of_name(name: str) -> Persons:
    """A person's name -> the words to hide: 'Sri. K. Bhaskaran Nambiar' -> {'bhaskaran', 'nambiar'} (the title and
    the initial are no one's name alone); 'Constable Raghavan' -> {'raghavan'};
    'Mani' -> common {'mani'} (also a cow's bell)."""
    toks = [t for t in tokens(name) if not t.word.isdigit() and not t.word.startswith("[")]
    ranked = [i for i, t in enumerate(toks) if t.word in RANKS]
    if ranked:
        toks = toks[ranked[-1] + 1 :]
    words: set[str] = set()
    common: set[str] = set()
    for t in toks:
        if t.word in STOPWORDS or _initial(t.word, name[t.start : t.end]) or len(t.word) < 2:
            continue
        (common if t.word in COMMON else words).add(t.word)
    stems = {stem(w) for w in words | common if _malayalam(w) or len(w) >= 4}
    numbers = _numbers_in(name)
    if not (words or common or numbers):
        return EMPTY
    return Persons(frozenset(words), frozenset(common), frozenset(stems), numbers)


_SEGMENTS = re.compile(r"\s*[,;\n]\s*")


@lru_cache(maxsize=65536)
def _of_residence(residence: str) -> Persons:
    """A residence -> the words to hide: its house name, not its village. 'Kizhakkemadathil House, Ollur' ->
    {'kizhakkemadathil'}; 'Ollur' -> nothing; 'Ollur P.O., Thrissur' -> nothing (a post office and a district)."""
    segments = [s for s in _SEGMENTS.split(residence) if s]
    found = _of_numbers(residence)
    for i, seg in enumerate(segments):
        words = {t.word for t in tokens(seg)}
        house = any(w in HOUSE_WORDS or w.startswith("വീട") for w in words)
        if not house and (i == len(segments) - 1 or words & _POSTAL or words <= DISTRICTS | STOPWORDS):
            continue  # the village, town or post office: public (the pound's own village often is)
        found |= _of_name(seg)
    return found


# Remarks are private, but the name they give may be written again in a public column: "Claimed by K. Raghavan Nair".
_NAMED_IN_REMARKS = re.compile(
    r"(?i:claimed|received|taken|bought|purchased|collected)\s+by|(?i:sold|delivered|handed\s+over|returned|released)"
    r"\s+to(?:\s+(?i:the\s+)?owner)?"
    r"(?:\s+(?i:sri|smt|shri|mr|mrs|ms)\.?)?\s+((?:[A-Z]\.\s?)*[A-Z][\w'’]+(?:\s+(?:[A-Z]\.\s?)*[A-Z][\w'’]*){0,3})"
)


@lru_cache(maxsize=16384)
def _of_remarks(remarks: str) -> Persons:
    """'Delivered to owner Kunjan Nair on 05/04/2025' -> {'kunjan', 'nair'}."""
    found = EMPTY
    for m in _NAMED_IN_REMARKS.finditer(remarks):
        if m.group(1):
            found |= _of_name(m.group(1))
    return found | _of_numbers(remarks)


# The cells that hold a person, and how: name and residence in one cell, a name, a residence, a number.
# People of an entry in no other role: their headers are never a place or a description (ingest/headers.py).
PERSON_ROLES = ("witness", "driver", "informant", "landowner", "vehicle_owner")
NAME_AND_RESIDENCE = ("owner", "claimant", "seizer", "buyer", *PERSON_ROLES)
NAMES = ("owner_name", "owner_first_name", "owner_last_name", "seizer_name", "signature")
RESIDENCES = ("owner_residence", "seizer_residence")


def persons_of(cells: dict[str, Any]) -> tuple[Persons, ...]:
    """A record's cells -> every person it knows, one Persons a cell, to hide in its public columns (`hide`).

    {'owner': 'Kunjan Nair, Kizhakkemadathil House, Ollur', 'seizer': 'Police, Ollur'} ->
    (words {'kunjan', 'nair'}, words {'kizhakkemadathil'}): the owner and his house; not the police, not Ollur.
    Each cell's people are found once per distinct cell; they are put together only for a text that names them."""
    parts: tuple[Persons, ...] = ()
    for f in NAME_AND_RESIDENCE:
        if (value := cells.get(f)) is not None and value != "":
            parts += _of_cell(value if isinstance(value, str) else _cell_text(value), f == "seizer")
    for f, read in _READERS:
        if (value := cells.get(f)) is not None and value != "":
            found = read(value if isinstance(value, str) else _cell_text(value))
            if found is not EMPTY:
                parts += (found,)
    return parts


@lru_cache(maxsize=65536)
def split_cell(cell: str) -> tuple[str | None, str | None]:
    """normalise.name_and_residence, once per distinct cell: 'Kunjan Nair, Ollur' -> ('Kunjan Nair', 'Ollur')."""
    return name_and_residence(cell)


@lru_cache(maxsize=65536)
def _of_cell(cell: str, seizer: bool = False) -> tuple[Persons, ...]:
    """A cell of name and residence -> (its person, their house): 'Kunjan Nair, Kizhakkemadathil House, Ollur' ->
    (words {'kunjan', 'nair'}, words {'kizhakkemadathil'})."""
    name, residence = split_cell(cell)
    person = (_of_seizer if seizer else _of_name)(name) if name else EMPTY
    found = (person, _of_residence(residence) if residence else EMPTY)
    return tuple(p for p in found if p is not EMPTY)


@lru_cache(maxsize=16384)
def _of_seizer(name: str) -> Persons:
    """A seizer is often an office, no one's name: 'Police' (of 'Police, Ollur'), 'Panchayat staff', 'Ollur Police
    Station' -> nothing; 'Constable Raghavan', 'Ollur Police Constable Raghavan' -> {'raghavan'} (after the rank)."""
    words = [t.word for t in tokens(name)]
    if not RANKS.intersection(words) and INSTITUTIONS.intersection(words):
        return _of_numbers(name)
    return _of_name(name)


@lru_cache(maxsize=16384)
def _of_numbers(text: str) -> Persons:
    """'9876 5432 1098 / 9447012345' (a person's id and phone columns) -> numbers {'987654321098', '9447012345'}."""
    numbers = _numbers_in(text)
    return Persons(numbers=numbers) if numbers else EMPTY


@lru_cache(maxsize=65536)
def _union(parts: tuple[Persons, ...]) -> Persons:
    found = EMPTY
    for p in parts:
        found |= p
    return found


_READERS = (
    *((f, _of_seizer if f == "seizer_name" else _of_name) for f in NAMES),
    *((f, _of_residence) for f in RESIDENCES),
    ("person_id", _of_numbers),
    ("remarks", _of_remarks),
)


class Everyone(NamedTuple):
    """Every key and number of every person the rows of a block know, together (persons_in)."""

    keys: frozenset[str]
    numbers: frozenset[str]


def _distinct(column: Iterable[Any]) -> Iterable[Any]:
    try:
        return set(column)
    except TypeError:  # a cell that is a list or an object (JSON): each is its own
        return column


def persons_in(fields: dict[str, Sequence[Any]]) -> Everyone:
    """Everyone a block's rows know, together: each distinct cell of its person columns read once, as persons_of reads
    it. {'owner': ('Kunjan Nair, Ollur', 'Leela, Pala')} -> keys {'kunjan', 'nair', 'leela'}, no numbers."""
    keys: set[str] = set()
    numbers: set[str] = set()

    def add(found: Iterable[Persons]) -> None:
        for p in found:
            keys.update(p.keys)
            numbers.update(p.numbers)

    for f in NAME_AND_RESIDENCE:
        for value in _distinct(fields.get(f, ())):
            if value is not None and value != "":
                add(_of_cell(value if isinstance(value, str) else _cell_text(value), f == "seizer"))
    for f, read in _READERS:
        for value in _distinct(fields.get(f, ())):
            if value is not None and value != "":
                add((read(value if isinstance(value, str) else _cell_text(value)),))
    return Everyone(frozenset(keys), frozenset(numbers))


def alike_for_all(text: str, everyone: Everyone) -> bool:
    """Whether `hide` gives the same for every row whose people are among `everyone`: the text shares no word with
    any of them, and holds fewer than six digits or none of them has a number. Then hide(text, roster) serves them
    all, once per distinct text. ('black, bell on neck', keys {'kunjan'}) -> True."""
    return _keys(text).isdisjoint(everyone.keys) and (not everyone.numbers or not _enough_digits(text))


def roster_of(names: Iterable[str], places: Iterable[str] = ()) -> Persons:
    """The roster of officials (K s.18(1)): private, and hidden in every entry's public text; with the deployment's
    place names, public in every text. ['K. Raghavan Nair'] -> words {'raghavan', 'nair'}."""
    found = EMPTY
    for n in names:
        if n and n.strip():
            found |= _of_name(" ".join(n.split()))
    known_places = place_words(*places) - found.keys
    if known_places:
        found |= Persons(places=known_places)
    return found


def people_of(cells: dict[str, Any]) -> dict[str, str | None]:
    """A record's cells -> the names and residences of its seizer, owner and buyer, for the private register.
    The person who claimed the animal is its owner when the owner's column is blank or missing; an owner written in
    first-name and last-name columns is one name."""
    seizer = _name_residence(cells.get("seizer"))
    owner = _name_residence(cells.get("owner"))
    if owner[0] is None and "claimant" in cells:
        owner = _name_residence(cells.get("claimant"))
    split = " ".join(
        x for x in (_cell_text(cells.get("owner_first_name")), _cell_text(cells.get("owner_last_name"))) if x
    )
    return {
        "seizer_name": _cell_text(cells.get("seizer_name")) or seizer[0],
        "seizer_residence": _cell_text(cells.get("seizer_residence")) or seizer[1],
        "owner_name": _cell_text(cells.get("owner_name")) or split or owner[0],
        "owner_residence": _cell_text(cells.get("owner_residence")) or owner[1],
        "buyer_name": _cell_text(cells.get("buyer")) or None,
    }


def _name_residence(cell: Any) -> tuple[str | None, str | None]:
    return split_cell(cell) if isinstance(cell, str) else name_and_residence(cell)


_known_text = lru_cache(maxsize=65536)(owner_known)


def _known(cell: Any) -> bool:
    return _known_text(cell) if isinstance(cell, str) else owner_known(cell)


def owner_is_known(cells: dict[str, Any]) -> bool:
    """Whether the register names the owner (or the person who claimed the animal) in any of its owner columns."""
    return (
        _known(cells.get("owner"))
        or _known(cells.get("claimant"))
        or any(_cell_text(cells.get(f)) for f in ("owner_name", "owner_first_name", "owner_last_name"))
    )


# --- hiding --------------------------------------------------------------------------------------------------------


def _glue(text: str, a: Token, b: Token, allowed: str = " .\t") -> bool:
    """Whether only spaces and full stops stand between two tokens (one name: 'K. Raghavan', 'Kunjan  Nair')."""
    between = text[a.end : b.start]
    return len(between) <= 3 and all(c in allowed for c in between)


_LAST_WORD = re.compile(rf"(?:{_WORD_CHARS})+$")


def _possessive(text: str, end: int) -> int:
    """The end of a name with its "'s" ('Kunjachan's compound' -> after the s) or its initial's full stop ('Suresh
    Kumar K.' -> after the stop), or the end as it is."""
    if text[end : end + 2] in ("'s", "’s"):
        return end + 2
    if text[end : end + 1] == ".":
        word = _LAST_WORD.search(text, max(0, end - 4), end)
        if word and _initial(fold(word.group()), word.group()):
            return end + 1
    return end


def _is_landmark_run(toks: tuple[Token, ...], text: str, first: int, last: int) -> bool:
    """A name that is a place's: 'Sri Krishna Temple', 'Dr. Ambedkar statue', "St. Mary's church", 'ശ്രീ കൃഷ്ണ ക്ഷേത്രം'."""
    after = last + 1
    if after < len(toks) and toks[after].word == "s" and text[toks[after].start - 1] in "'’":
        after += 1
    if after < len(toks) and _landmark(toks[after].word):
        return True
    return first > 0 and toks[first - 1].word in ("st", "saint")


@lru_cache(maxsize=65536)
def _known_spans(text: str, persons: Persons) -> tuple[tuple[int, int], ...]:
    """Where a text names a known person: runs of their words, with the initials, title and "'s" that go with them."""
    toks = tokens(text)
    n = len(toks)
    hidden = [False] * n
    weak = []
    for i, t in enumerate(toks):
        if t.word == NAME or t.word in persons.words or any(s in persons.stems for s in without_endings(t.word)):
            hidden[i] = True
        elif t.word in persons.common:
            weak.append(i)
    changed = bool(weak)
    while changed:  # a common word reads as a name beside a name, after a cue, or before "'s"
        changed = False
        for i in weak:
            if hidden[i]:
                continue
            t = toks[i]
            beside = (i > 0 and hidden[i - 1] and _glue(text, toks[i - 1], t)) or (
                i + 1 < n and hidden[i + 1] and _glue(text, t, toks[i + 1])
            )
            cued = i > 0 and toks[i - 1].word in _NAME_CUES
            if beside or cued or _possessive(text, t.end) != t.end:
                hidden[i] = changed = True
    spans: list[tuple[int, int]] = []
    i = 0
    while i < n:
        if not hidden[i]:
            i += 1
            continue
        first = last = i
        while (
            last + 1 < n
            and _glue(text, toks[last], toks[last + 1])
            and (hidden[last + 1] or _initial_of_name(text, toks[last + 1]))
        ):
            last += 1
        while (
            first > 0
            and _glue(text, toks[first - 1], toks[first])
            and (
                _initial_of_name(text, toks[first - 1])
                or toks[first - 1].word in TITLES
                or (toks[first - 1].word in CAPITALISED_TITLES and text[toks[first - 1].start].isupper())
            )
        ):
            first -= 1
        while last + 1 < n and toks[last + 1].word in HOUSE_WORDS and _glue(text, toks[last], toks[last + 1]):
            last += 1  # 'Kizhakkemadathil House': the house goes with its name
        if not _is_landmark_run(toks, text, first, last):
            spans.append((toks[first].start, _possessive(text, toks[last].end)))
        i = last + 1
    return tuple(spans)


Span = tuple[int, int, str]  # start, end, what stands there instead: NAME, NUMBER or EMAIL
_PRECEDENCE = {EMAIL: 0, NAME: 1, NUMBER: 2, MARK: 3}  # an address holding a name is an address


def _replace(text: str, spans: Iterable[Span]) -> str:
    """('cow of Kunjan Nair', [(7, 18, '[name]')]) -> 'cow of [name]'; spans that overlap or touch become one."""
    merged: list[list[Any]] = []
    for start, end, by in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
            merged[-1][2] = min(merged[-1][2], by, key=_PRECEDENCE.__getitem__)
        else:
            merged.append([start, end, by])
    out, at = [], 0
    for start, end, by in merged:
        out += [text[at:start], by]
        at = end
    out.append(text[at:])
    return "".join(out)


@lru_cache(maxsize=65536)
def _known_number_spans(text: str, numbers: frozenset[str]) -> tuple[Span, ...]:
    """Where a text writes a person's own number however it is spaced: 'ph 9447-012-345' with {'9447012345'} ->
    ((3, 15, '[number]'),)."""
    spans = []
    for m in _DIGIT_RUN.finditer(text):
        d = _digits(m.group())
        if len(d) >= 6 and any(k in d or (len(d) >= 7 and d in k) for k in numbers):
            spans.append((m.start(), m.end(), NUMBER))
    return tuple(spans)


def hide(text: str | None, *people: Persons) -> str | None:
    """A public free text (description, place seized, outcome): only the words and numbers the ingest recognises
    (pinfold/lexicon.py), every other word one neutral mark; and, as a second line, every known person, titled name
    and person's number taken out (`hide_people`), so a word that is both ('Mani') is judged by its context.

    ('black cow, tied at Kochouseph Pallan's gate') -> 'black cow, tied at […] gate'; ('DL No. KL07 2011 0012345')
    -> '[…] No. […]'; ('brown, ear tag KL-07-2331') -> as it is."""
    if not text:
        return text
    places: frozenset[str] = frozenset()
    for p in people:
        places |= p.places
    return _publish(text, places, tuple(p for p in people if p.keys or p.numbers))


def hide_prose(text: str | None, *people: Persons) -> str:
    """A rule file's or pounds.csv's published prose (a fine's note, a reference, an auction's place and conditions,
    a pound's hours and address) as `hide` publishes a register's text, the law's and the notifications' words
    recognised too (pinfold/lexicon.py RULE_WORDS), and a government order's numbers ('12/2019') and a PIN code kept.

    ('As per G.O.(P) No. 12/2019/LSGD, Rs. 500 per head; ask Kochouseph 9447012345') -> 'As per G.O.(P) No.
    12/2019/LSGD, Rs. 500 per head; ask […]'."""
    if not text:
        return ""
    places: frozenset[str] = frozenset()
    for p in people:
        places |= p.places
    return _publish(text, places, tuple(p for p in people if p.keys or p.numbers), True)


@lru_cache(maxsize=65536)
def _publish(text: str, places: frozenset[str], people: tuple[Persons, ...], prose: bool = False) -> str:
    shown = hide_people(text, *people) or text
    spans = _unrecognised_spans(shown, places, prose)
    return _replace(shown, spans) if spans else shown


def hide_people(text: str | None, *people: Persons) -> str | None:
    """A text with every known person, every titled name and every person's number taken out.

    ('owned by Kunjan Nair of Ollur', *persons_of({'owner': 'Kunjan Nair, Ollur'})) -> 'owned by [name] of Ollur';
    ("cow of Sri. K. Bhaskaran") -> 'cow of [name]' (a title marks a name, whoever's); ('near Sri Krishna Temple')
    -> as it is; ('ph 9447-012-345') -> 'ph [number]'; ('Pashu Aadhaar 974263627644') -> as it is (the animal's).

    A text that shares no word with its people (nearly every one) costs a set test for each of them."""
    if not text:
        return text
    spans = _marked_spans(text)
    if people:
        keys = _keys(text)
        named: Persons | None = None
        numbers: frozenset[str] = frozenset()
        for p in people:
            if not p.keys.isdisjoint(keys):
                named = p if named is None else _union((named, p))
            if p.numbers:
                numbers |= p.numbers
        if named is not None:
            spans += tuple((start, end, NAME) for start, end in _known_spans(text, named))
        if numbers and _enough_digits(text):
            spans += _known_number_spans(text, numbers)
    return _replace(text, spans) if spans else text


# --- names marked as names, numbers and addresses, whoever they are -------------------------------------------------

_MARKERS = TITLES | CAPITALISED_TITLES | _RELATIONS | _ML_RELATIONS
_RELATION_MARK = re.compile(r"\b[SDWCsdwc]\s?/\s?[Oo]\b")


_SIX_DIGITS = re.compile(r"(?:\D*\d){6}")


def _enough_digits(text: str) -> bool:
    """Six digits or more: the least a person's number has (a landline without its code)."""
    return _SIX_DIGITS.match(text) is not None


@lru_cache(maxsize=65536)
def _marked_spans(text: str) -> tuple[Span, ...]:
    """Where a text names someone whoever they are: a name a title or a father's name marks, a person's number, an
    e-mail address. 'field of Smt Leela Devi, Ollur' -> the span of 'Smt Leela Devi'; 'near Sri Krishna Temple'
    -> none; 'owner mob 9447012345' -> the number's; 'Pashu Aadhaar 974263627644' -> none (the animal's)."""
    spans: tuple[Span, ...] = ()
    if not _keys(text).isdisjoint(_MARKERS) or _RELATION_MARK.search(text):
        spans += tuple((start, end, NAME) for start, end in _titled_spans(text))
    if "@" in text:
        spans += tuple((m.start(), m.end(), EMAIL) for m in _EMAIL.finditer(text))
    if _enough_digits(text):
        spans += _number_spans(text)
    return spans


def _name_run(text: str, toks: tuple[Token, ...], j: int, lower_ok: bool, most: int = 4) -> int:
    """The last token of the name that starts at token j (after a title or 's/o'), or -1 when no name does.
    'Sri. K. Raghavan Nair, Ollur' from 'K' -> 'Nair'; 'Smt Leela black cow' from 'Leela' -> 'Leela'."""
    last, names = j - 1, 0
    while j < len(toks) and names < most:
        t = toks[j]
        if last >= 0 and not _glue(text, toks[last], t):
            break
        raw = text[t.start : t.end]
        if t.word == NAME:
            names += 1
        elif _initial(t.word, raw) or (lower_ok and len(t.word) == 1 and t.word.isalpha()):
            if text[t.end : t.end + 1] == "/":  # the 'S' of 'S/o': a father's name follows, not more of this one
                break
        elif _malayalam(t.word):
            if t.word in STOPWORDS or _landmark(t.word) or t.word in COMMON or names >= 2:
                break
            names += 1
            if t.word.endswith(_GENITIVE):  # a name ends at its genitive: "ലീലയുടെ വീട്" is Leela's house
                return j
        elif (
            t.word.isdigit()
            or t.word in STOPWORDS
            or _landmark(t.word)
            or not (raw[0].isupper() or lower_ok)
            or (names and t.word in COMMON)
        ):
            break
        else:
            names += 1
        last = j
        j += 1
    return last if names else -1


@lru_cache(maxsize=16384)
def _titled_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Names marked as names: after a title ('Sri. K. Raghavan Nair', 'MR. JOHNSON VARGHESE', 'smt. leelavathy',
    'ശ്രീമാൻ രാഘവൻ'), or around a father's or husband's name ('Kunjan S/o Raman', 'son of Raman',
    'രാമന്റെ മകൻ കുഞ്ഞൻ'). A landmark named after someone ('Sri Krishna Temple') is a place, and stays."""
    toks = tokens(text)
    spans = []
    for i, t in enumerate(toks):
        raw = text[t.start : t.end]
        if t.word in TITLES or (t.word in CAPITALISED_TITLES and raw[0].isupper()):
            last = _name_run(text, toks, i + 1, lower_ok=raw.islower() and t.word not in CAPITALISED_TITLES)
            if last > i and not _is_landmark_run(toks, text, i + 1, last):
                spans.append((t.start, _possessive(text, toks[last].end)))
            continue
        marker_end = _relation_end(text, toks, i)
        if marker_end is None:
            continue
        last = _name_run(text, toks, marker_end + 1, lower_ok=raw.islower())
        if last <= marker_end:
            continue
        first = i
        while first > 0 and _glue(text, toks[first - 1], toks[first]) and i - first < 4:
            prev = toks[first - 1]
            praw = text[prev.start : prev.end]
            if (
                prev.word == NAME
                or _initial(prev.word, praw)
                or (
                    prev.word not in STOPWORDS
                    and prev.word not in COMMON
                    and not prev.word.isdigit()
                    and (praw[0].isupper() or _malayalam(prev.word))
                )
            ):
                first -= 1
            else:
                break
        spans.append((toks[first].start, _possessive(text, toks[last].end)))
    return tuple(spans)


def _relation_end(text: str, toks: tuple[Token, ...], i: int) -> int | None:
    """The last token of a relation marker starting at token i ('S/o', 'D/O', 'son of', 'മകൻ'), or None."""
    t = toks[i]
    if (
        t.word in ("s", "d", "w", "c")
        and i + 1 < len(toks)
        and toks[i + 1].word == "o"
        and text[t.end : toks[i + 1].start].strip() == "/"
    ):
        return i + 1
    if t.word in _RELATIONS and i + 1 < len(toks) and toks[i + 1].word == "of" and _glue(text, t, toks[i + 1]):
        return i + 1
    if t.word in _ML_RELATIONS and i > 0 and toks[i - 1].word.endswith(_GENITIVE):
        return i
    return None


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# An animal's tags stay public (owners search them): an ear tag 'KL-07-1234', and twelve digits, a Pashu Aadhaar
# UID, unless the text calls them a person's Aadhaar or a phone.
_EAR_TAG = re.compile(r"\b[A-Z]{2}-\d{2}-\d{3,6}\b")
_TWELVE = re.compile(r"(?<![\d-])\d{4}\s?\d{4}\s?\d{4}(?![\d-])")
_PERSONS_AADHAAR = re.compile(
    r"(?<!(?i:pashu)[ -])(?<!(?i:animal) )(?<!(?i:cattle) )(?<!പശു )\b(?i:aadhaa?r|aadhar|ആധാർ|uid)"
    r"(?:\s*(?i:no|number|card|num))?\.?\s*[:#-]?\s*\d{4}[\s-]?\d{4}[\s-]?\d{4}(?!\d)"
)
_DASHED_TWELVE = re.compile(r"(?<![\d-])\d{4}-\d{4}-\d{4}(?![\d-])")
_ANIMALS_CUE = re.compile(r"(?i:pashu|animal|cattle|ear\s*tag|tag|പശു)\W{0,3}(?:\w+\W{1,3}){0,2}$")
_PHONE_CUE = re.compile(r"(?i:ph|phone|mob|mobile|cell|tel|contact|call|whatsapp|ഫോൺ|മൊബൈൽ)\W{0,4}$")
# A mobile however it is spaced, where the library wants a cleaner form: ten digits from 6 to 9, perhaps after +91/0.
_MOBILE = re.compile(r"(?<![\d-])(?:\+?91[\s-]?|0)?([6-9](?:[ -]?\d){9})(?![\d-])")


def _number_spans(text: str) -> tuple[Span, ...]:
    """Persons' numbers in a text, found as phone numbers by the phonenumbers library (Indian mobiles and landlines
    in any format and script: '9447-012-345', '+91-944-701-2346', '0487-2331234', Malayalam digits) and by what
    calls a number a person's Aadhaar. An animal's ear tag and Pashu Aadhaar are kept, and so are dates."""
    spans = [m.span() for m in _PERSONS_AADHAAR.finditer(text)]
    spans += [m.span() for m in _DASHED_TWELVE.finditer(text) if not _ANIMALS_CUE.search(text[: m.start()])]
    kept = [m.span() for m in _EAR_TAG.finditer(text)] + [m.span() for m in _DATE_LIKE.finditer(text)]
    for m in _TWELVE.finditer(text):
        d = _digits(m.group())
        if not (d.startswith("91") and d[2] in "6789" and _PHONE_CUE.search(text[: m.start()])):
            kept.append(m.span())
    # What is left to search, the same length: the library is slow (a third of a millisecond a text), and most
    # texts with six digits hold only a tag or a date.
    rest = _replace_keeping_length(text, kept + spans)
    if _enough_digits(rest):
        for match in phonenumbers.PhoneNumberMatcher(rest, "IN", leniency=phonenumbers.Leniency.VALID):
            spans.append((match.start, match.end))
        for m in _MOBILE.finditer(rest):
            # groups of three digits or more, as mobiles are written ('9447 012 345'), not a date and a number run on
            if all(len(g) >= 3 for g in re.split(r"[ -]", m.group(1))):
                spans.append(m.span())
    return tuple((start, end, NUMBER) for start, end in spans)


_DATE_LIKE = re.compile(r"(?<!\d)\d{1,2}[/.-]\d{1,2}[/.-](?:\d{4}|\d{2})(?!\d)|(?<!\d)\d{4}-\d{2}-\d{2}(?!\d)")


def _replace_keeping_length(text: str, spans: list[tuple[int, int]]) -> str:
    """'tag KL-07-1234, ph 9447012345', [(4, 14)] -> 'tag           , ph 9447012345': offsets stay those of the text."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


# --- public values of columns that are not free text ---------------------------------------------------------------

# Words a kind cell holds besides the kind: counts, "a pair of", colours and marks ("2 black cows").
_KIND_CELL_WORDS = _words("a an the of and with nos no head heads") | COMMON | frozenset(NUMBER_WORDS)


@lru_cache(maxsize=8192)
def public_kind(kind: str) -> str:
    """A kind cell as the public reads it: the cell when every word is one the ingest reads, else its kind words.

    'Cows' -> 'Cows'; '2 pashukkal' -> '2 pashukkal'; 'bufallo' -> 'bufallo' (read as a buffalo);
    'cow of Sri Ramakrishnan Unnithan' -> 'cow'."""
    toks = tokens(kind)
    if all(t.word.isdigit() or t.word in _KIND_CELL_WORDS or word_species(t.word) for t in toks):
        return kind
    if len(toks) == 1:
        try:
            species_of(kind)
            return kind  # one word read as a kind, a letter or two off ('bufallo'): a kind, and no one's name
        except RecordRejected:
            return ""
    return " ".join(kind[t.start : t.end] for t in toks if word_species(t.word) or t.word in NOT_CATTLE)


_ENTRY_WORDS = _words("no sl sr serial entry reg receipt page vol folio s")
_NUMBER_LIKE = re.compile(r"(?<!\w)(?:[A-Za-z]{1,4}\s?[-/.]\s?)?\d[\d/.\-]*[A-Za-z]?(?!\w)")
# A word of an entry number: a number of six digits or fewer, a letter or three before it and one after ('12a',
# 'e12'). A longer run, or more letters round it, is a person's code (a PAN, a voter ID, a phone), not the register's.
_ENTRY_CODE = re.compile(r"[a-z]{0,3}\d{1,6}[a-z]?")
_SEVEN_DIGITS = re.compile(r"\d{7}|(?:\d\D*){10}")  # a run of seven, or ten in all (an Aadhaar with dots)
_VEHICLE = re.compile(r"\b[A-Za-z]{2}[\s-]?\d{1,2}[\s-]?[A-Za-z]{1,3}[\s-]?\d{4}\b")


@lru_cache(maxsize=65536)
def public_entry_no(entry_no: str | None) -> str | None:
    """An entry number as the public reads it: its number-like part.

    '12' -> '12'; 'KTR/12/2025' -> 'KTR/12/2025'; 'Sl. 5' -> 'Sl. 5'; '12 (Lonappan Chiramel)' -> '12';
    'Lonappan' -> None; '9447012345' -> '[number]' (a mobile where the number belongs); 'ABCPK1234F 3' -> '3';
    'KLT1234567' -> None; '3456.7812.9012', 'KL 07 AB 1234' -> '[number]' (a person's code is no entry's number)."""
    if not entry_no:
        return entry_no
    toks = tokens(entry_no)
    plain = all(
        _ENTRY_CODE.fullmatch(t.word.casefold())
        or t.word in _ENTRY_WORDS
        or (len(t.word) <= 3 and entry_no[t.start : t.end].isupper())
        for t in toks
    )
    if not plain:
        m = _NUMBER_LIKE.search(entry_no)
        if not m:
            return None
        entry_no = m.group()
    shown = hide_people(entry_no)
    return "[number]" if shown and (_SEVEN_DIGITS.search(shown) or _VEHICLE.search(shown)) else shown


# Ten digits or more, spaced or not: a mobile or an Aadhaar, when a row shifted by a column puts one where a reason
# quotes a count ("The number of head is 9447012345").
_LONG_NUMBER = re.compile(r"(?<!\d)\d(?:[ -]?\d){9,}(?!\d)")
_QUOTED_SAFE = frozenset(DITTO_MARKS) | _KIND_CELL_WORDS


def public_reason(err: RecordRejected, cells: dict[str, Any], roster: Persons = EMPTY) -> str:
    """A reject's reason as the public database holds it: the reason without the cell it quotes (`public`, given
    where the reason is raised), with no known person, titled name or person's number; and, should a reason
    quote a cell all the same ('...'), that cell's text taken out unless every word of it is one the ingest reads.

    ("The date 'Kunjan Nair' could not be read ...", public "The date could not be read ...") -> the public one.
    Rejects are few: the cost is nothing."""
    reason = hide_people(err.public or str(err), *persons_of(cells), roster) or str(err)
    for value in cells.values():
        cell = _cell_text(value)
        if f"'{cell}'" in reason and not all(t.word.isdigit() or t.word in _QUOTED_SAFE for t in tokens(cell)):
            reason = reason.replace(f"'{cell}'", "'…'")  # a reason that quotes a cell quotes it so
    return _LONG_NUMBER.sub(NUMBER, reason)


# --- recognition: a public text holds only what the ingest recognises ------------------------------------------------

# A run of codes and numbers, letters run into digits and short capitals between them: 'KL 07 AB 1234',
# 'DL No. KL07 2011 0012345' (from KL07), '3456.7812.9012', 'KLT1234567', 'ABCPK1234F', '9447O12345'.
_CODE = r"[A-Za-z]*\d[A-Za-z\d]*"
_SEP = r"(?:\s{0,2}[.\-/:]\s{0,2}|\s{1,2})"
_CODE_RUN = re.compile(rf"(?<![\w])(?:[A-Z]{{1,3}}{_SEP})*{_CODE}(?:{_SEP}(?:[A-Z]{{1,3}}{_SEP})*{_CODE})*(?!\w)")
# The animal's own numbers, as a whole run: an ear tag in its known forms, a twelve-digit UID the text calls the
# animal's, a date.
_TAG_FORMS = re.compile(
    r"(?<![\w.\-/])(?:[A-Z]{2}-\d{2}-\d{3,6}|(?i:KL)[ -]?\d{2}[ -]?\d{3,6})(?!\w|\s{0,2}[.\-/]?\s{0,2}[A-Za-z]*\d)"
)
_UID = re.compile(r"\d{4}[ -]?\d{4}[ -]?\d{4}")
_ANIMALS_UID_CUE = re.compile(
    r"(?:pashu\s*aadhaa?r|animal|cattle|tag|tags|uid|പശു\s*ആധാർ)\W{0,3}(?:(?:no|number|uid)\W{0,3})?$",
    re.I,
)


def _animals_number(text: str, start: int, run: str) -> bool:
    """'KL-07-1234', 'kl 07 1234', '2025', '12/03/2025', 'Pashu Aadhaar 974263627644' -> True; '3456.7812.9012',
    'KL 07 AB 1234', 'KLT1234567' -> False."""
    if _TAG_FORMS.fullmatch(run) or _DATE_LIKE.fullmatch(run):
        return True
    if _UID.fullmatch(run):
        return bool(_ANIMALS_UID_CUE.search(text[:start]))
    return not re.search(r"[A-Za-z]", run) and len(_digits(run)) <= 4


_TIME = re.compile(r"(?<![\d:.])\d{1,2}[:.]\d{2}(?![\d:.])")
_PIN = re.compile(r"(?i:pin|pincode|pin code)\W{0,3}\d{3}\s?\d{3}(?!\d)")


# In the law's prose: an order's number and year ('12/2019', '345/2020/LSGD' from its digits), a PIN code written
# bare at an address's end ('Thrissur 680306': six digits, never a phone's ten or a landline's seven or more).
_ORDER_NUMBER = re.compile(r"(?<![\w/.-])\d{1,5}(?:/\d{1,2})?/(?:19|20)\d{2}(?![\d.-])")
# A section of an Act as the rule files cite it: 'K s.11(1)', 's.VII', '1857 s.VIII', 'section 13(3)'.
_SECTION = re.compile(r"(?<!\w)(?:K\s+)?(?i:s|ss|sec|section)\.?\s?(?:\d{1,2}[A-Z]?|[IVXL]{1,6})(?:\(\d{1,2}\))*(?!\w)")
_BARE_PIN = re.compile(r"(?<![\w/.+-])[1-8]\d{2}\s?\d{3}(?![\w/.-])")


def _number_runs(text: str, prose: bool = False) -> list[tuple[int, int, bool]]:
    """Each run of numbers and codes, and whether it is the animal's or a place's (kept): ear tags, dates and PIN
    codes first, each a run of its own, then what is left. In the law's prose (`prose`), an order's number too."""
    forms: tuple[re.Pattern[str], ...] = (_TAG_FORMS, _DATE_LIKE, _TIME, _PIN)
    if prose:
        forms += (_ORDER_NUMBER, _BARE_PIN, _SECTION)
    kept = [m.span() for p in forms for m in p.finditer(text)]
    rest = _replace_keeping_length(text, kept)
    runs = [(start, end, True) for start, end in kept]
    runs += [(m.start(), m.end(), _animals_number(text, m.start(), m.group())) for m in _CODE_RUN.finditer(rest)]
    return runs


def _landmark_names(text: str, toks: tuple[Token, ...]) -> set[int]:
    """The tokens that name a landmark: up to three capitalised words (or a title, 'St', "'s") glued before a landmark
    word: 'St. Antony's Church', 'Sri Krishna Temple', 'ശ്രീ കൃഷ്ണ ക്ഷേത്രം'."""
    named: set[int] = set()
    for i, t in enumerate(toks):
        if not landmark(t.word):
            continue
        j, words = i - 1, 0
        while j >= 0 and words < 3 and _glue(text, toks[j], toks[j + 1], " .'’\t"):
            w = toks[j]
            original = text[w.start : w.end]
            if w.word == "s" or w.word in ("st", "saint") or w.word in TITLES:
                named.add(j)
            elif original[:1].isupper() or _malayalam(w.word):
                named.add(j)
                words += 1
            else:
                break
            j -= 1
    return named


def _unrecognised_spans(text: str, places: frozenset[str], prose: bool = False) -> tuple[Span, ...]:
    """Spans of what the ingest does not recognise, each run of them one mark: ('red cow, tied at Kochouseph
    Pallan's gate') -> the span of "Kochouseph Pallan's"."""
    toks = tokens(text)
    runs = _number_runs(text, prose)
    recognised = known_in_rules if prose else known
    landmarks = _landmark_names(text, toks)
    hidden = [False] * len(toks)
    digit_words: list[int] = []
    for i, t in enumerate(toks):
        run = next((r for r in runs if r[0] <= t.start < r[1]), None)
        if run is not None:
            hidden[i] = not run[2]
        elif t.word in PLACEHOLDERS or i in landmarks:
            hidden[i] = False
        elif t.word == "s" and i > 0 and text[t.start - 1 : t.start] in "'’":
            hidden[i] = hidden[i - 1]  # "cow's" is the cow's; "Pallan's" is Pallan's
        else:
            hidden[i] = not recognised(t.word, places)
        if t.word in DIGIT_WORDS:
            digit_words.append(i)
            if len(digit_words) >= 5 and all(digit_words[-k] == i - k + 1 for k in range(1, 6)):
                for k in range(i - 4, i + 1):  # a phone written out: 'nine four four seven one ...'
                    hidden[k] = True
    spans: list[Span] = []
    i = 0
    while i < len(toks):
        if not hidden[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(toks) and hidden[j + 1]:
            j += 1
        start, end = toks[i].start, toks[j].end
        for r in runs:  # a run of codes goes whole
            if r[0] < end and start < r[1] and not r[2]:
                start, end = min(start, r[0]), max(end, r[1])
        spans.append((start, end, MARK))
        i = j + 1
    # '@' and its full-width form between marks: an address written loosely
    return tuple(spans)


# --- pounds.csv: what is published of a pound -------------------------------------------------------------------


def place_field(text: str | None, roster: Persons = EMPTY) -> str:
    """A place field of pounds.csv (village, local authority, district) as published: its first part, the place's
    name, without the roster's people, a titled name or a number; what follows a comma passes recognition, the
    place's name and the deployment's places known. 'Ollur' -> 'Ollur'; 'Ollur, near Kunjan Pillai's shop' ->
    'Ollur, near […] shop'; 'Ollur, Sri. Kunjan 9447012345' -> 'Ollur, [name] [number]'."""
    shown = hide_people(text, roster) or ""
    name, comma, rest = shown.partition(",")
    if not comma:
        return shown
    known_here = roster | Persons(places=place_words(name))
    return name + comma + (hide(rest, known_here) or "")


def public_pound(pound: Any, roster: Persons = EMPTY) -> Any:
    """A pound (ingest.sources.Pound) as published: its place fields (`place_field`), its name, hours and address
    made of what is recognised (`hide_prose`: the law's words too), its own and the deployment's places (`roster`'s
    places) known; its telephone, the office's, as written.

    Pound(name="Raghavan Nair's Pound", village='Ollur, Sri. Kunjan 9447012345', ...) with the roster
    ['K. Raghavan Nair'] -> Pound(name="[name] Pound", village='Ollur, [name] [number]', ...)."""
    fields = {f: place_field(getattr(pound, f), roster) for f in ("village", "local_authority", "district")}
    known_here = roster | roster_of((), fields.values())  # the places as published: a person in the village is none
    prose = {f: hide_prose(getattr(pound, f), known_here) for f in ("hours", "address")}
    return dataclasses.replace(pound, name=hide(pound.name, known_here) or "", **fields, **prose)


def public_pounds(
    pounds: dict[str, Any], roster: Iterable[dict[str, Any]], places: Iterable[str] = ()
) -> dict[str, Any]:
    """pounds.csv's pounds as published, the roster's (rules/roster.csv rows) names and the deployment's places
    (rules/places.csv, pounds.csv: RuleBook.places) known: {'p1': Pound(...)}."""
    known = roster_of((r.get("name") or "" for r in roster), places)
    return {pid: public_pound(p, known) for pid, p in pounds.items()}


def deployment_places(
    places_csv: Iterable[dict[str, str]], pounds_csv: Iterable[dict[str, str]], roster: Persons = EMPTY
) -> list[str]:
    """The place names a deployment knows, public in every text: rules/places.csv's names in English and Malayalam and
    their districts, and pounds.csv's villages, local authorities and districts as published (`place_field`'s first
    part: a person written after a comma is no place). ([{'name': 'Kuttur', 'name_ml': 'കുറ്റൂർ', 'district':
    'Thrissur'}], [{'village': 'Ollur, Sri. Kunjan', ...}]) -> ['Kuttur', 'കുറ്റൂർ', 'Thrissur', 'Ollur', ...]."""
    out: list[str] = []
    for r in places_csv:
        out += [hide_people(r.get(f) or "", roster) or "" for f in ("name", "name_ml", "district")]
    for r in pounds_csv:
        out += [place_field(r.get(f), roster).partition(",")[0] for f in ("village", "local_authority", "district")]
    return [p for p in out if p and not any(x in p for x in PLACEHOLDERS)]


# --- a register's file name --------------------------------------------------------------------------------------

# Words a register's file name may hold besides months, the pound's places and numbers: what the file is.
_FILE_WORDS = _words(
    "register rejister registers reg book pound pounds export sheet sheets data entries entry cattle copy final "
    "draft new old vol part page scan scanned typed year month first last later earlier before after"
)
_FILE_WORD = re.compile(r"[\u0D00-\u0D7F]+|[^\W\d_]+|\d+")


def _pound_places(pound: Any) -> frozenset[str]:
    return place_words(pound.name, pound.village, pound.local_authority, pound.district)


def _recognised_name(name: str, places: frozenset[str]) -> bool:
    """Whether every word of a file's or a sheet's name is recognised: 'register-2025', 'Sheet1', 'നവംബർ 2025',
    'Ollur export' -> True; 'Kochouseph Pallan book' -> False."""
    words = _FILE_WORD.findall(fold(name))
    return all(w.isdigit() or w in _FILE_WORDS or w in MONTHS or known(w, places) for w in words)


def public_source(rel: str, pound: Any, number: int) -> str:
    """A register's path as published: as written when every word of its folders and name below the pound's folder
    is recognised (months, years and other numbers, the pound's places and name, `register` and the like, the words
    of the lexicon: 'sale', 'after', 'claim'), else the register's number in its pound.

    ('registers/p1/register-2025.csv', Pound(village='Ollur', ...), 1) -> as it is;
    ('registers/p1/Raghavan Nair book.xlsx', ..., 3) -> 'registers/p1/register-3.xlsx'."""
    head, _, below = rel.partition(f"/{pound.id}/")
    if not below:
        return rel
    stem, dot, ext = below.rpartition(".")
    if _recognised_name(stem if dot else below, _pound_places(pound)):
        return rel
    return f"{head}/{pound.id}/register-{number}{dot}{ext if dot else ''}"


# The private database keeps, from one ingest to the next, the number each unrecognised file was published under, so
# a file keeps its public name when others are added or removed (the history follows an entry by it), and a number is
# never given to another file. The numbers are given in order, never derived from the name (a hash can be guessed).
NAMES_TABLE = "register_names"
_NUMBERED = re.compile(r"/register-(\d+)(?:\.[^/]*)?$")


def previous_names(private_db: Path | str | None) -> dict[str, tuple[str, str]]:
    """The file names the previous ingest published as numbers: {'registers/p1/Kochouseph.csv': ('p1',
    'registers/p1/register-1.csv')}; {} when there is no private database or it is older than the table."""
    if private_db is None or not Path(private_db).is_file():
        return {}
    try:
        with contextlib.closing(sqlite3.connect(f"file:{Path(private_db).resolve()}?mode=ro", uri=True)) as con:
            rows = con.execute(f"SELECT file, pound_id, public_name FROM {NAMES_TABLE}").fetchall()
    except sqlite3.Error:
        return {}
    return {file: (pid, name) for file, pid, name in rows}


def public_sources(
    files: Sequence[tuple[str, Any]], data_dir: Any, pounds: dict[str, Any], private_db: Path | str | None = None
) -> list[str]:
    """[(pound id, path)] -> each register's published path (`public_source`). An unrecognised name is published as
    the number the previous ingest gave it (`previous_names`), else as a new one: its place among the pound's files,
    or the pound's highest number yet and one, whichever is higher, and never a name another file is published as.

    First ingest of p1/{Kochouseph.csv, register-2025.csv, Zacharias.csv} -> register-1, register-2025, register-3;
    then with p1/Abraham.csv added -> Abraham.csv is register-4, the others as before."""
    previous = previous_names(private_db)
    rels = [path.relative_to(data_dir).as_posix() for _, path in files]
    shown = [public_source(rel, pounds[pid], 0) for (pid, _), rel in zip(files, rels, strict=True)]
    taken = {name for name, rel in zip(shown, rels, strict=True) if name == rel}
    highest: dict[str, int] = {}
    for pid, name in previous.values():
        m = _NUMBERED.search(name)
        if m:
            highest[pid] = max(highest.get(pid, 0), int(m.group(1)))
    place: dict[str, int] = {}
    out = []
    for (pid, _), rel, name in zip(files, rels, shown, strict=True):
        place[pid] = place.get(pid, 0) + 1
        if name == rel:
            out.append(rel)
            continue
        was = previous.get(rel)
        if was and was[0] == pid and was[1] not in taken:
            name = was[1]
        else:
            n = max(place[pid], highest.get(pid, 0) + 1)
            while (name := public_source(rel, pounds[pid], n)) in taken:
                n += 1
            highest[pid] = max(highest.get(pid, 0), n)
        taken.add(name)
        out.append(name)
    return out


def keep_real_names(
    priv: sqlite3.Connection, jobs: Sequence[Any], data_dir: Path, private_db: Path | str, kept: Path
) -> None:
    """The private register's entries and rejects under their real file and sheet names (clerks find them so), once
    the duplicates are marked by the published ones; the numbers given to files kept for the next ingest
    (`NAMES_TABLE`, every number ever given). jobs: ingest.shards.ShardJob (path, rel: the published name, shard,
    key); kept: the folder of kept shards, where a shard is once the ingest has kept it."""
    priv.execute(f"CREATE TABLE IF NOT EXISTS {NAMES_TABLE} (file TEXT PRIMARY KEY, pound_id TEXT, public_name TEXT)")
    names = {file: (pid, name) for file, (pid, name) in previous_names(private_db).items()}
    renamed: list[tuple[str, str]] = []
    for job in jobs:
        real = job.path.relative_to(data_dir).as_posix()
        shard = job.shard if job.shard.exists() else kept / f"{job.key}.db"
        for sheet, public in _sheet_names(shard) if job.path.suffix.lower() in _WORKBOOKS else ():
            priv.execute(
                "UPDATE register_entries SET source_sheet = ? WHERE source_file = ? AND source_sheet = ?",
                (sheet, job.rel, public),
            )
        if job.rel != real:
            names[real] = (job.pound.id, job.rel)
            renamed.append((real, job.rel))
    priv.executemany(f"INSERT OR REPLACE INTO {NAMES_TABLE} VALUES (?, ?, ?)", [(f, *v) for f, v in names.items()])
    priv.executemany("UPDATE register_entries SET source_file = ? WHERE source_file = ?", renamed)


# --- a workbook's sheet names --------------------------------------------------------------------------------------

_WORKBOOKS = (".xlsx", ".xlsm", ".ods", ".xls")
SHEETS_TABLE = "_sheet_names"  # in a register's shard: each renamed sheet's name, for the private register


def public_sheet(con: sqlite3.Connection, sheet: str | None, pound: Any) -> str | None:
    """A workbook's sheet name as published: as written when recognised ('Sheet1', 'Nov 2025', 'നവംബർ', the pound's
    places), else what recognition keeps of it and its number among the file's renamed sheets ('Raghavan Nair' ->
    '[…] (1)', 'Kunjan Nov 2025' -> '[…] Nov 2025 (2)'). A renamed sheet is noted in the shard (`con`), so the
    private register keeps its real name (`keep_real_names`)."""
    if not sheet:
        return sheet
    places = _pound_places(pound)
    if _recognised_name(sheet, places):
        return sheet
    con.execute(f"CREATE TABLE IF NOT EXISTS {SHEETS_TABLE} (sheet TEXT PRIMARY KEY, public TEXT NOT NULL)")
    row = con.execute(f"SELECT public FROM {SHEETS_TABLE} WHERE sheet = ?", (sheet,)).fetchone()
    if row:
        return str(row[0])
    (n,) = con.execute(f"SELECT count(*) FROM {SHEETS_TABLE}").fetchone()
    public = f"{hide(sheet, Persons(places=places))} ({n + 1})"
    con.execute(f"INSERT INTO {SHEETS_TABLE} VALUES (?, ?)", (sheet, public))
    return public


def _sheet_names(shard: Path) -> list[tuple[str, str]]:
    """A shard's renamed sheets: [('Raghavan Nair', '[…] (1)')]; [] for a shard without (most are)."""
    if not shard.is_file():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{shard}?mode=ro", uri=True)) as con:
        try:
            return [(str(a), str(b)) for a, b in con.execute(f"SELECT sheet, public FROM {SHEETS_TABLE}")]
        except sqlite3.OperationalError:
            return []
