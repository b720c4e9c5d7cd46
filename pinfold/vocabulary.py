"""The registers' vocabulary, which the ingest reads and the portal searches and writes: the kinds of cattle and their
words in English and Malayalam (DATA_CONTRACT.md "Species"; K s.2(1)), counts of head in words, ear tags and Pashu
Aadhaar numbers, colours and marks, and the months in Malayalam. Cached on their input text: registers and searches
repeat the same words thousands of times.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

from .errors import RecordRejected

# --- counts ---------------------------------------------------------------------------------------

NUMBER_WORDS = {
    w: i
    for i, ws in enumerate(
        [
            "zero nil none",
            "one a an single ഒന്ന് ഒരു ഒന്ന്",
            "two pair രണ്ട്",
            "three മൂന്ന്",
            "four നാല്",
            "five അഞ്ച്",
            "six ആറ്",
            "seven ഏഴ്",
            "eight എട്ട്",
            "nine ഒമ്പത്",
            "ten പത്ത്",
            "eleven",
            "twelve dozen",
        ]
    )
    for w in ws.split()
}
_INT = re.compile(r"^[-+−]?\d+(?:\.0+)?$")
MULTIPLES = {"pair": 2, "pairs": 2, "ജോടി": 2, "ജോഡി": 2, "dozen": 12, "dozens": 12}


# What a count cell adds after the number: '2 Nos.', '3 head', '2 (two)'.
_COUNT_UNIT = re.compile(
    r"^(?P<n>\S+)\s*(?:nos?\.?|numbers?|heads?|animals?|എണ്ണം|\([a-z\u0D00-\u0D7F ]+\))$"
)  # എണ്ണം: Malayalam's 'Nos.'


@lru_cache(maxsize=1024)
def count_of(text: str) -> int | None:
    """'3' -> 3; 'two' -> 2; '-2' -> -2; '2.0' -> 2; '2 Nos.' -> 2; '3 എണ്ണം' -> 3; '2 (two)' -> 2; 'brown' -> None."""
    s = str(text).strip().lower().replace("−", "-")
    unit = _COUNT_UNIT.match(s)
    if unit:
        s = unit["n"]
    if _INT.match(s):
        return int(float(s))
    return NUMBER_WORDS.get(s)


# More head than this in one entry is not a count: a phone or tag number in the count's column, a row shifted by one.

# --- species (DATA_CONTRACT.md "Species"; K s.2(1)) -------------------------------------------------

SPECIES = [
    "cow",
    "bull",
    "ox",
    "bullock",
    "calf",
    "buffalo",
    "elephant",
    "camel",
    "horse",
    "pony",
    "mule",
    "ass",
    "pig",
    "sheep",
    "goat",
    "fowl",
]
# Each kind as the portal and the intake name it in Malayalam: 'bull' -> 'കാള'.
SPECIES_ML = {
    "cow": "പശു",
    "bull": "കാള",
    "ox": "ഉഴവുകാള",
    "bullock": "വരിയുടച്ച കാള",  # no brackets of its own: a colour follows in brackets ("1 ഉഴവുകാള (തവിട്ട്)")
    "calf": "കന്നുകുട്ടി",
    "buffalo": "എരുമ / പോത്ത്",
    "elephant": "ആന",
    "camel": "ഒട്ടകം",
    "horse": "കുതിര",
    "pony": "ചെറുകുതിര",
    "mule": "കോവർകഴുത",
    "ass": "കഴുത",
    "pig": "പന്നി",
    "sheep": "ചെമ്മരിയാട്",
    "goat": "ആട്",
    "fowl": "കോഴി",
}


def species_label(species: str, lang: str) -> str:
    """A kind as a page names it: ('bull', 'ml') -> 'കാള'; ('bull', 'en') -> 'bull'; an unknown kind as it is."""
    return SPECIES_ML.get(species, species) if lang == "ml" else species


KIND_WORDS: dict[str, str] = {s: s for s in SPECIES}
for _canon, _words in {
    "cow": "cows kine heifer heifers milch-cow milk-cow milch milchcow പശു pashu pasu pasuvu "
    "jersey hf holstein friesian crossbred cross-bred",  # dairy breeds written as the kind are cows
    "bull": "bulls stud-bull കാള kaala kala kaalla kaalakal",
    "ox": "oxen",
    "bullock": "bullocks",
    "calf": "calves കന്നുകുട്ടി kannukutty kannukutti kidavu പശുക്കിടാവ് കാളക്കുട്ടി",
    "buffalo": "buffaloes buffaloe buffalos he-buffalo she-buffalo എരുമ eruma പോത്ത് pothu poth pothu murrah",
    "elephant": "elephants tusker tuskers makhna ആന aana aana",
    "camel": "camels ഒട്ടകം ottakam",
    "horse": "horses mare mares gelding geldings colt colts filly fillies stallion കുതിര kuthira",
    "pony": "ponies tattoo tattoos tattu tattus",
    "mule": "mules കോവർകഴുത",
    "ass": "asses donkey donkeys jackass കഴുത kazhutha",
    "pig": "pigs hog hogs sow sows boar boars swine piglet piglets പന്നി panni",
    "sheep": "ram rams ewe ewes lamb lambs ചെമ്മരിയാട് chemmariyadu chemmariyaadu chemmeen-aadu",
    "goat": "goats kid kids billy-goat nanny-goat he-goat she-goat ആട് aadu aad aadukal",
    "fowl": "fowls hen hens cock cocks rooster roosters poultry chicken chickens കോഴി kozhi",
}.items():
    for _w in _words.split():
        KIND_WORDS[_w] = _canon
        KIND_WORDS[_w.replace("-", " ")] = _canon

_LATIN_WORDS = sorted(w for w in KIND_WORDS if w.isascii() and len(w) >= 4)

# The plural of each kind, where it is not the kind and an s: "2 calves" in notices, feeds and pages.
PLURALS = {"ox": "oxen", "calf": "calves", "buffalo": "buffaloes", "pony": "ponies", "ass": "asses", "sheep": "sheep"}


def head_of(n: int, species: str) -> str:
    """A count of one kind as a notice writes it: (1, 'cow') -> '1 cow'; (2, 'calf') -> '2 calves'."""
    return f"{n} {species if n == 1 else PLURALS.get(species, species + 's')}"


# Animals people bring to pounds that the Act does not make cattle: rejected with that reason.
NOT_CATTLE = set(
    [
        "dog",
        "dogs",
        "bitch",
        "puppy",
        "puppies",
        "cat",
        "cats",
        "kitten",
        "monkey",
        "monkeys",
        "tiger",
        "tigers",
        "leopard",
        "deer",
        "rabbit",
        "rabbits",
        "duck",
        "ducks",
        "goose",
        "geese",
        "നായ",
        "പട്ടി",
        "പൂച്ച",
        "കുരങ്ങ്",
        "കുരങ്ങൻ",
        "പുലി",
    ]
)

_ML_PLURALS = ("ക്കൾ", "കൾ")
_LATIN_ML_PLURALS = ("kkal", "ngal", "kal", "gal")  # pashukkal, aadukal: Malayalam plurals in Latin letters

# Words for cattle in general: an entry must name the kind, since the fine is by kind (K s.11(1)).
GENERIC_CATTLE = frozenset(
    [
        "cattle",
        "cattles",
        "livestock",
        "animal",
        "animals",
        "beast",
        "beasts",
        "bovine",
        "bovines",
        "stray",
        "strays",
        "head",
        "kannukali",
        "kannukaalikal",
        "കന്നുകാലി",
        "കന്നുകാലികൾ",
        "മൃഗം",
        "മൃഗങ്ങൾ",
    ]
)


PUNCT = re.compile(r"[!-/:-@\[-`{-~–—‘’“”]+")


def fold(text: str) -> str:
    """'  Milch-Cow ' -> 'milch cow'."""
    s = unicodedata.normalize("NFC", str(text)).strip().lower()
    # Only ASCII punctuation goes: Malayalam vowel signs and viramas are not \w but are letters.
    s = PUNCT.sub(" ", s)
    return " ".join(s.split())


def word_species(word: str) -> str | None:
    """One word (any case, plural, Malayalam) -> canonical species, or None."""
    if word in KIND_WORDS:
        return KIND_WORDS[word]
    for suffix in _ML_PLURALS:  # പശുക്കൾ -> പശു ; ആടുകൾ -> ആടു -> ആട്
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            for cand in (stem, stem[:-1] + "്" if stem.endswith("ു") else stem):
                if cand in KIND_WORDS:
                    return KIND_WORDS[cand]
    for cut, add in (("ves", "f"), ("es", ""), ("s", "")):
        if word.endswith(cut) and word[: -len(cut)] + add in KIND_WORDS:
            return KIND_WORDS[word[: -len(cut)] + add]
    for suffix in _LATIN_ML_PLURALS:
        if word.endswith(suffix) and word[: -len(suffix)] in KIND_WORDS:
            return KIND_WORDS[word[: -len(suffix)]]
    return None


def _misspelt_species(word: str) -> str | None:
    """A misspelling of a kind in Latin letters, one or two letters off: 'bufallo' -> 'buffalo'; 'monkey' -> None.

    Only words of six letters or more, and only when nothing else matched (never a word the Act excludes)."""
    if len(word) < 6 or not word.isascii() or word in NOT_CATTLE:
        return None
    close = difflib.get_close_matches(word, _LATIN_WORDS, n=1, cutoff=0.85)
    return KIND_WORDS[close[0]] if close else None


# What joins the kinds of a list: '1 camel, 3 cows and 5 sheep', 'cow with calf', '2 cows & 1 calf', '2 cows + 1 calf'.
_JOINED = re.compile(r"\s*(?:\bwith\b|\band\b|&|\+|\bplus\b|,|;)\s*", re.I)
_ML_AND = "\u0d41\u0d02"  # ഉം, Malayalam's 'and', written on each word it joins: പശുവും ആടും (a cow and a goat)


def _ml_joined(word: str) -> str | None:
    """A Malayalam kind with ഉം ('and') on it -> the kind's word: 'പശുവും' -> 'പശു'; 'ആടും' -> 'ആട്';
    'പശുക്കളും' -> 'പശുക്കൾ'; 'കാളയും' -> 'കാള'; 'black' -> None."""
    if not word.endswith(_ML_AND):
        return None
    stem = word[: -len(_ML_AND)]
    for cand in (stem, stem[:-1], stem + "\u0d4d", stem[:-1] + "\u0d7e"):  # -വ്/-യ് glides; ആട്; ള -> ൾ
        if cand and word_species(cand):
            return cand
    return None


def unjoin(text: str) -> str:
    """Malayalam's ഉം written as the word 'and' the ingest splits on: '2 പശുവും 3 ആടും' -> '2 പശു and 3 ആട്'."""
    if _ML_AND not in text:
        return text
    words = [(f"{k} and" if (k := _ml_joined(w)) else w) for w in text.split()]
    return " ".join(words).removesuffix(" and")


def in_sentence(title: str) -> str:
    """An Act's title within a sentence: 'The Kerala Cattle Trespass Act, 1961' -> 'the Kerala Cattle Trespass Act,
    1961' ('is not cattle under the Kerala ...'); 'Act III of 1857 (Cattle Trespass)' as it is."""
    return "the " + title[4:] if title.startswith("The ") else title


class KindRejected(RecordRejected):
    """A kind the ingest cannot take. Its reason names the pound's Act when one is given (`under`): what is cattle,
    and how fines go by kind, differ from Act to Act (K s.2(1) is not the 1857 Act's definition)."""

    def __init__(self, kind: str, why: str, kinds: tuple[str, ...] = (), word: str = ""):
        self.kind, self.why, self.kinds, self.word = kind.strip(), why, kinds, word
        super().__init__(self.under())

    def under(self, title: str = "the Act", definition: str = "", fine: str = "", quoted: bool = True) -> str:
        """The reason with the Act's title and sections: ('The Kerala ...', 'K s.2(1)', 'K s.11(1)') -> a sentence
        quoting the cell, or, `quoted=False`, only the word the ingest recognised in it ('dog') or "The kind" (the
        public reason: a cell may hold a name, 'dog of Kunjan Nair')."""
        d, f = (f" ({definition})" if definition else ""), (f" ({fine})" if fine else "")
        title = in_sentence(title)
        it = f"'{self.kind}'" if quoted else (f"'{self.word}'" if self.word else "The kind")
        if self.why == "not_cattle":
            return f"{it} is not cattle under {title}{d}, so it cannot be impounded."
        if self.why == "generic":
            return (
                f"{it} does not say which kind of animal (cow, bull, buffalo, goat, ...): the fine is by kind"
                f"{f}, so the entry must name it."
            )
        if self.why == "several":
            return (
                f"{it} names {len(self.kinds)} kinds ({', '.join(self.kinds)}) in one entry without saying "
                f"how many head of each: the fine is by kind{f}, so write the number of each (1 cow and 2 calves) or "
                "give each kind an entry of its own."
            )
        return f"{it} is not a kind of cattle that {title} names{d}; correct the kind."


class SeveralKinds(KindRejected):
    """An entry naming two kinds ('1 cow with calf'): records.to_entries makes one impoundment per kind."""

    def __init__(self, kind: str, kinds: tuple[str, ...]):
        super().__init__(kind, "several", kinds)


def _kinds_named(kind: str) -> list[str]:
    """The kinds a phrase joins: 'cow with calf' -> ['cow', 'calf']; 'bull calf' -> [] (one kind, said twice)."""
    parts = [p for p in _JOINED.split(unjoin(kind)) if p.strip()]
    if len(parts) < 2:
        return []
    kinds: list[str] = []
    for part in parts:
        found = next((k for w in reversed(fold(part).split()) if (k := word_species(w))), None)
        if found and found not in kinds:
            kinds.append(found)
    return kinds


class KindPart(NamedTuple):
    """One kind of an entry naming several: ('2 bullocks', 'bullock', 2); ('calf', 'calf', None) when no number is
    written with it; `plural` when its word is a plural ('calves': how many is not said)."""

    written: str
    species: str
    head: int | None
    plural: bool


# Plural words of kinds that do not end in s, and singular words that do.
_PLURAL_WORDS = {"oxen", "kine", "swine", "cattle", "kaalakal", "aadukal"}
_SINGULAR_S = {"ass", "jackass"}


def kind_parts(kind: str) -> list[KindPart]:
    """The kinds an entry joins, each with the number written before it:
    'bullocks and a buffalo' -> [('bullocks', 'bullock', None, plural), ('a buffalo', 'buffalo', 1, singular)];
    'cow with calf' -> [('cow', 'cow', None, singular), ('calf', 'calf', None, singular)]; 'bull calf' -> [].
    The number in front of a whole phrase ('2' of '2 bullocks and a buffalo') is the first kind's: the caller has
    it from split_number_and_description."""
    pieces = [p for p in _JOINED.split(unjoin(kind)) if p.strip()]
    if len(pieces) < 2:
        return []
    parts: list[KindPart] = []
    for piece in pieces:
        words = fold(piece).split()
        at = next((i for i in range(len(words) - 1, -1, -1) if word_species(words[i])), None)
        if at is None:
            return []
        word, species = words[at], KIND_WORDS.get(words[at]) or word_species(words[at]) or ""
        # the number before the kind ('3 cows'), or after it in brackets ('cows (3)')
        head = count_of(words[0]) if at > 0 else None
        if head is None and at + 1 < len(words):
            head = count_of(words[at + 1])
        plural = word in _PLURAL_WORDS or (
            word not in _SINGULAR_S and (word.endswith("s") or word.endswith(_ML_PLURALS))
        )
        parts.append(KindPart(piece.strip(), species, head, plural))
    return parts


@lru_cache(maxsize=8192)
def species_of(kind: str) -> str:
    """'2 COWS' kind words -> 'cow'; 'nanny-goat' -> 'goat'; 'പശുക്കൾ' -> 'cow'.

    Raises KindRejected (a RecordRejected) for an animal that is not cattle, a word for cattle in general or an
    unknown word, and SeveralKinds for a phrase joining two kinds ('cow with calf').
    """
    if "??" in kind and not kind.replace("?", "").strip():
        raise RecordRejected(
            f"The kind reads '{kind.strip()}': its letters were lost when the register was saved (Malayalam in a "
            "non-Unicode CSV, as Excel's plain 'CSV' does). Save the register again as 'CSV UTF-8' or as XLSX."
        )
    folded = fold(unjoin(kind))
    if not folded:
        raise RecordRejected("The kind of animal is blank: the register must say what was impounded.")
    if folded in KIND_WORDS:
        return KIND_WORDS[folded]
    kinds = _kinds_named(kind)
    if len(kinds) > 1:  # 'cow with calf': read as one kind, one of the two animals would be lost
        raise SeveralKinds(kind, tuple(kinds))
    words = folded.split()
    # The head noun of an English phrase comes last ("stud bull", "milch cow", "billy goat").
    for w in reversed(words):
        found = word_species(w)
        if found:
            return found
    excluded = [w for w in words if w in NOT_CATTLE or w.rstrip("s") in NOT_CATTLE]
    if excluded:
        raise KindRejected(kind, "not_cattle", word=excluded[0])
    if any(w in GENERIC_CATTLE for w in words) and all(w in GENERIC_CATTLE or w.isdigit() for w in words):
        raise KindRejected(kind, "generic")
    for w in reversed(words):
        found = _misspelt_species(w)
        if found:
            return found
    raise KindRejected(kind, "unknown")


@lru_cache(maxsize=8192)
def species_or_none(kind: str) -> str | None:
    """species_of(kind), or None where it refuses the words: 'cows' -> 'cow'; 'forehead' -> None. Its refusals are
    kept too (species_of's cache keeps only its answers): most words of an owner's search are no kind, and each such
    word of six letters or more ran difflib again in every search ('brindle' 0.3 ms)."""
    try:
        return species_of(kind)
    except RecordRejected:
        return None


# Malayalam month names as the portal writes them (portal.i18n), then other spellings and short forms registers use.
ML_MONTHS = [
    "ജനുവരി",
    "ഫെബ്രുവരി",
    "മാർച്ച്",
    "ഏപ്രിൽ",
    "മേയ്",
    "ജൂൺ",
    "ജൂലൈ",
    "ഓഗസ്റ്റ്",
    "സെപ്റ്റംബർ",
    "ഒക്ടോബർ",
    "നവംബർ",
    "ഡിസംബർ",
]
EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]


WEEKDAYS_EN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
WEEKDAYS_ML = ["തിങ്കളാഴ്ച", "ചൊവ്വാഴ്ച", "ബുധനാഴ്ച", "വ്യാഴാഴ്ച", "വെള്ളിയാഴ്ച", "ശനിയാഴ്ച", "ഞായറാഴ്ച"]


def weekday_label(d: dt.date | str | None, lang: str) -> str:
    """The day of the week of a date, for a deadline an owner must meet while the pound is open: '2026-12-13' ->
    'Sunday' / 'ഞായറാഴ്ച'; None or '' -> ''."""
    day = _day(d)
    return "" if day is None else (WEEKDAYS_ML if lang == "ml" else WEEKDAYS_EN)[day.weekday()]


def date_label(d: dt.date | str | None, lang: str) -> str:
    """As people in Kerala write dates: '29 Nov 2026' / '29 നവംബർ 2026' (day first, never month first); the portal's
    pages and the intake's alike. '2026-11-29T00:00:00' -> '29 Nov 2026'; None or '' -> ''."""
    day = _day(d)
    if day is None:
        return ""
    months = ML_MONTHS if lang == "ml" else EN_MONTHS
    return f"{day.day} {months[day.month - 1]} {day.year}"


def _day(d: dt.date | str | None) -> dt.date | None:
    """A day as pages get it: a date, an ISO date or date and time, or nothing: '2026-11-29T00:00:00' -> 29 Nov 2026;
    '' -> None."""
    if d is None or d == "":
        return None
    return dt.date.fromisoformat(d[:10]) if isinstance(d, str) else d


# Codes of India's states and union territories an ear tag may begin with (KL for Kerala). Written loosely ('kl 08
# 9808', 'KL089808') a tag is read only after one of these, so 'at 10 1234' is not a tag.
_STATE_CODES = (
    "AN|AP|AR|AS|BR|CG|CH|DD|DL|DN|GA|GJ|HP|HR|JH|JK|KA|KL|LA|LD|MH|ML|MN|MP|MZ|NL|OD|OR|PB|PY|RJ|SK|TN|TR|TS|UK|UP|WB"
)
TAG_AS_TYPED = re.compile(
    rf"(?<![\w-])(?:([A-Z]{{2}})-(\d{{2}})-(\d{{3,6}})|(?i:({_STATE_CODES}))[\s-]?(\d{{2}})[\s-]?(\d{{3,6}})"
    r"|(\d{4})[\s-]?(\d{4})[\s-]?(\d{4}))(?![\w-])"
)


def tag_list(text: str) -> list[str]:
    """Ear tags and 12-digit Pashu Aadhaar UIDs however they are typed, each in one form, first seen first:
    'kl 08 9808, KL089808 and 1514 0467 2266' -> ['KL-08-9808', '151404672266']."""
    found: list[str] = []
    for m in TAG_AS_TYPED.finditer(text or ""):
        g = m.groups()
        tag = "".join(g[6:]) if g[6] else "-".join(x.upper() for x in (g[:3] if g[0] else g[3:6]))
        if tag not in found:
            found.append(tag)
    return found


def ear_tags(description: str) -> str:
    """'brown, ear tag KL-07-2331' -> 'KL-07-2331'; a 12-digit Pashu Aadhaar UID too (spaces removed); 'kl 07 2331'
    -> 'KL-07-2331' (one form, so an owner's search finds it however either of them typed it)."""
    return " ".join(tag_list(description))


COLOURS = (
    "black and white|red-brown|black|white|brown|grey|gray|dun|fawn|spotted|red|roan|bay|chestnut|"
    "piebald|skewbald|cream|tan"
)
_COLOUR = re.compile(rf"^\s*((?:{COLOURS})(?:\s*(?:and|&)\s*(?:{COLOURS}))?)\b", re.I)


# Colours and marks as an owner may write them, in English, Malayalam or its transliteration. Registers keep the
# words they were written in; a search for one word of a group finds the others (portal.search).
DESCRIPTION_WORDS = [
    "black കറുത്ത കറുപ്പ് karutha karuppu",
    "white വെളുത്ത വെള്ള വെളുപ്പ് velutha vella",
    "red ചുവന്ന ചുവപ്പ് chuvanna chuvappu",
    "brown തവിട്ട് തവിട്ടു thavittu",
    "grey gray ചാര ചാരനിറം chara",
    "horn horns കൊമ്പ് kombu",
    "broken ഒടിഞ്ഞ ഒടിഞ്ഞത് odinja",
    "tail വാൽ vaal",
    "short ചെറിയ ചെറുത് cheriya",
    "bell മണി mani",
    "neck കഴുത്ത് കഴുത്തിൽ kazhuthu",
    "left ഇടത് ഇടത്തെ idathu",
    "right വലത് വലത്തെ valathu",
    "ear ചെവി chevi",
    "eye കണ്ണ് kannu",
    "rope കയർ kayar",
    # a mark on the coat, however an owner names it: one entry, so 'spot' finds 'white patch' and 'പാണ്ട്' 'spotted'
    "patch patches spot spots spotted പാണ്ട് പുള്ളി പുള്ളിയുള്ള പാട് paandu pulli paadu",
    "forehead നെറ്റി netti",
]
SAME_WORD: dict[str, tuple[str, ...]] = {w: tuple(g.split()) for g in DESCRIPTION_WORDS for w in g.split()}


def colour_of(description: str) -> str | None:
    """'black and white, short tail' -> 'black and white'; 'short tail' -> None."""
    m = _COLOUR.match(description or "")
    return m.group(1).lower() if m else None
