"""Who may not be named in public (one job of ingest/privacy.py): the people an entry knows from its cells
(`persons_of`: the owner however the register splits them, the claimant, the seizer, the buyer, a witness, a driver, a
signature, the numbers in a person's columns, a name the remarks give), the private roster of officials (K s.18(1),
`roster_of`, with the deployment's places, public in every text), and the words that are no one's name (titles,
ranks, house words, landmarks, the words the ingest reads).

A word of a known person that is also a word the ingest reads (an owner called "Mani", which is also a cow's bell) is
`common`: hidden only where it reads as a name (ingest/hiding.py).

    persons_of({'owner': 'Kunjan Nair, Kizhakkemadathil House, Ollur'}) -> (words {'kunjan', 'nair'},
    words {'kizhakkemadathil'})
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from pinfold.lexicon import place_words
from pinfold.malayalam import stem
from pinfold.vocabulary import (
    COLOURS,
    DESCRIPTION_WORDS,
    GENERIC_CATTLE,
    KIND_WORDS,
    NOT_CATTLE,
    NUMBER_WORDS,
)

from .normalise import MONTHS, name_and_residence, owner_known
from .text_folding import Token, _enough_digits, _keys, _malayalam, _words, fold_spellings, tokens

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
    frozenset(w for phrase in KIND_WORDS for w in fold_spellings(phrase).split())
    | frozenset(fold_spellings(w) for w in (*NOT_CATTLE, *GENERIC_CATTLE, *NUMBER_WORDS, *MONTHS))
    | frozenset(re.split(r"[|\s-]+", COLOURS))
    | frozenset(fold_spellings(w) for group in DESCRIPTION_WORDS for w in group.split())
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


def _flat_text(v: Any) -> str:
    """A cell as clean text, an object's values joined (fields.text leaves an object as Python writes it): None -> '';
    9447012345.0 -> '9447012345'; {'a': 'x', 'b': 'y'} -> 'x, y'."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, dict):
        return ", ".join(_flat_text(x) for x in v.values() if x)
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
    # the village is the last segment that is not a phone after it ('Varkala, 9447012345', 'Varkala, ph 94470 12345')
    village = max((i for i, seg in enumerate(segments) if not _a_number_alone(seg)), default=len(segments) - 1)
    for i, seg in enumerate(segments):
        words = {t.word for t in tokens(seg)}
        house = any(w in HOUSE_WORDS or w.startswith("വീട") for w in words)
        if not house and (i == village or words & _POSTAL or words <= DISTRICTS | STOPWORDS):
            continue  # the village, town or post office: public (the pound's own village often is)
        found |= _of_name(seg)
    return found


def _a_number_alone(segment: str) -> bool:
    """'9447012345', 'ph 94470 12345', 'Mob: 9447012345' -> True (a phone, perhaps after its label); 'Varkala' -> False."""
    return not any(c.isalpha() for t in tokens(segment) if t.word not in STOPWORDS for c in t.word)


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
            parts += _of_cell(value if isinstance(value, str) else _flat_text(value), f == "seizer")
    for f, read in _READERS:
        if (value := cells.get(f)) is not None and value != "":
            found = read(value if isinstance(value, str) else _flat_text(value))
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
                add(_of_cell(value if isinstance(value, str) else _flat_text(value), f == "seizer"))
    for f, read in _READERS:
        for value in _distinct(fields.get(f, ())):
            if value is not None and value != "":
                add((read(value if isinstance(value, str) else _flat_text(value)),))
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


# The cells people_from reads as clean text (_flat_text), in its order after the three split cells.
PEOPLE_TEXTS = ("seizer_name", "seizer_residence", "owner_name", "owner_residence", "owner_first_name",
                "owner_last_name", "buyer")  # fmt: skip


def people_of(cells: dict[str, Any]) -> dict[str, str | None]:
    """A record's cells -> the names and residences of its seizer, owner and buyer, for the private register
    (people_from): {'owner': 'Kunjan Nair, Ollur'} -> {'seizer_name': None, ..., 'owner_name': 'Kunjan Nair',
    'owner_residence': 'Ollur', 'buyer_name': None}."""
    found = people_from(
        split_person(cells.get("seizer")),
        split_person(cells.get("owner")),
        split_person(cells.get("claimant")) if "claimant" in cells else None,
        *(_flat_text(cells.get(f)) for f in PEOPLE_TEXTS),
    )
    return dict(
        zip(("seizer_name", "seizer_residence", "owner_name", "owner_residence", "buyer_name"), found, strict=True)
    )


def people_from(
    seizer: tuple[str | None, str | None],
    owner: tuple[str | None, str | None],
    claimant: tuple[str | None, str | None] | None,
    seizer_name: str,
    seizer_residence: str,
    owner_name: str,
    owner_residence: str,
    owner_first_name: str,
    owner_last_name: str,
    buyer: str,
) -> tuple[str | None, str | None, str | None, str | None, str | None]:
    """A record's people from its cells already read: the seizer's, owner's and claimant's cells split into (name,
    residence) (claimant None: the record has no claimant's cell), the others as clean text (PEOPLE_TEXTS) -> (seizer
    name, seizer residence, owner name, owner residence, buyer). The person who claimed the animal is its owner when
    the owner's column is blank or missing; an owner written in first-name and last-name columns is one name; a
    column of its own stands over the split cell's part. (('Police', 'Ollur'), (None, None), ('R. Nair', 'Pala'), '',
    '', '', '', '', '', '') -> ('Police', 'Ollur', 'R. Nair', 'Pala', None)."""
    if owner[0] is None and claimant is not None:
        owner = claimant
    split = " ".join(x for x in (owner_first_name, owner_last_name) if x)
    return (
        seizer_name or seizer[0],
        seizer_residence or seizer[1],
        owner_name or split or owner[0],
        owner_residence or owner[1],
        buyer or None,
    )


def split_person(cell: Any) -> tuple[str | None, str | None]:
    """A cell of name and residence (text, an object, None) -> (name, residence), once per distinct text (split_cell):
    'Kunjan Nair, Ollur' -> ('Kunjan Nair', 'Ollur'); None -> (None, None)."""
    return split_cell(cell) if isinstance(cell, str) else name_and_residence(cell)


_known_text = lru_cache(maxsize=65536)(owner_known)


def known_cell(cell: Any) -> bool:
    """Whether an owner's or claimant's cell names someone (normalise.owner_known, once per distinct text): 'Not
    known' -> False, 'R. Nair, Pala' -> True, None -> False."""
    return _known_text(cell) if isinstance(cell, str) else owner_known(cell)


def owner_is_known(cells: dict[str, Any]) -> bool:
    """Whether the register names the owner (or the person who claimed the animal) in any of its owner columns
    (known_from): {'owner': 'Not known', 'claimant': 'R. Nair'} -> True."""
    return known_from(
        known_cell(cells.get("owner")),
        known_cell(cells.get("claimant")),
        *(_flat_text(cells.get(f)) for f in ("owner_name", "owner_first_name", "owner_last_name")),
    )


def known_from(owner: bool, claimant: bool, owner_name: str, owner_first_name: str, owner_last_name: str) -> bool:
    """Whether the owner is known, from the owner's and the claimant's cells (whether each names someone: known_cell)
    and the owner's name columns as clean text: (False, False, '', 'Raghavan', '') -> True."""
    return owner or claimant or bool(owner_name or owner_first_name or owner_last_name)
