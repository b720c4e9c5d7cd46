"""Hiding (one job of ingest/privacy.py): a public free text published as far as it is recognised (`hide`: the
lexicon's words, places, the animal's numbers; `hide_prose` the law's words too, for the rule files), and, as a second
line, every known person, every name a title or a father's name marks, and every person's number and e-mail address
taken out (`hide_people`).

    hide("black cow, tied at Kochouseph Pallan's gate") -> 'black cow, tied at […] gate'
    hide_people('owned by Kunjan Nair of Ollur', *persons_of({'owner': 'Kunjan Nair, Ollur'})) -> 'owned by [name] of Ollur'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

import phonenumbers

from pinfold.lexicon import DIGIT_WORDS, MARK, known, known_in_rules, landmark
from pinfold.malayalam import without_endings

from .people import (
    _DIGIT_RUN,
    _ML_RELATIONS,
    _NAME_CUES,
    _RELATIONS,
    CAPITALISED_TITLES,
    COMMON,
    HOUSE_WORDS,
    STOPWORDS,
    TITLES,
    Persons,
    _digits,
    _initial,
    _initial_of_name,
    _landmark,
    _union,
)
from .text_folding import (
    _GENITIVE,
    _WORD_CHARS,
    EMAIL,
    NAME,
    NUMBER,
    PLACEHOLDERS,
    Token,
    _enough_digits,
    _keys,
    _malayalam,
    fold_spellings,
    tokens,
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
        if word and _initial(fold_spellings(word.group()), word.group()):
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
# A sum of money ('Rs. 10000', 'Rs 1,00,000', '₹2,500.00'): seven digits at most, so a phone is never read as one.
_MONEY = re.compile(r"(?<!\w)(?:(?i:rs)\.?\s?|₹\s?)(?:\d{1,3}(?:,\d{2,3})+|\d{1,7})(?:\.\d{1,2})?(?![\d,])")
# A section of an Act as the rule files cite it: 'K s.11(1)', 's.VII', '1857 s.VIII', 'section 13(3)'.
_SECTION = re.compile(r"(?<!\w)(?:K\s+)?(?i:s|ss|sec|section)\.?\s?(?:\d{1,2}[A-Z]?|[IVXL]{1,6})(?:\(\d{1,2}\))*(?!\w)")
_BARE_PIN = re.compile(r"(?<![\w/.+-])[1-8]\d{2}\s?\d{3}(?![\w/.-])")


def _number_runs(text: str, prose: bool = False) -> list[tuple[int, int, bool]]:
    """Each run of numbers and codes, and whether it is the animal's or a place's (kept): ear tags, dates and PIN
    codes first, each a run of its own, then what is left. In the law's prose (`prose`), an order's number too."""
    forms: tuple[re.Pattern[str], ...] = (_TAG_FORMS, _DATE_LIKE, _TIME, _PIN)
    if prose:
        forms += (_ORDER_NUMBER, _BARE_PIN, _SECTION, _MONEY)
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
