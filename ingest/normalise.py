"""Normalisers: one messy cell in, one clean value out (or a RecordRejected with a clerk's reason). The words they
know (kinds, counts, tags, colours) are the registers' vocabulary, shared with the portal: pinfold/vocabulary.py.

Each function is cached on its input text: registers repeat the same dates, kinds and counts
thousands of times, so the work is done once per distinct value, not once per row.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import lru_cache
from typing import NamedTuple

from pinfold.errors import RecordRejected
from pinfold.law.clock import IST as IST  # India's day, read from here by the ingest
from pinfold.vocabulary import ML_MONTHS, MULTIPLES, NOT_CATTLE, PUNCT, count_of, fold, kind_parts, unjoin, word_species

# --- counts ---------------------------------------------------------------------------------------

MAX_HEAD = 1000


def head_count(value: object) -> int:
    """A register's count cell -> a valid head count (>= 1), or RecordRejected with the reason."""
    n = count_of(str(value)) if value not in (None, "") else None
    if n is None:
        raise RecordRejected(
            f"The number of head '{value}' is not a number.", public="The number of head is not a number."
        )
    if n < 0:
        raise RecordRejected(f"The number of head is {n}: a count cannot be negative.")
    if n == 0:
        raise RecordRejected("The number of head is 0: an entry must hold at least one animal.")
    if n > MAX_HEAD:
        raise RecordRejected(
            f"The number of head is {n}: no pound takes in more than {MAX_HEAD:,} in one entry. Is it a number "
            "from another column (a phone, a tag, a receipt)?"
        )
    return n


class NumberAndDescription(NamedTuple):
    head: int | None
    kind: str
    description: str


_SEP = re.compile(r"\s*(?:\(|\s-\s|\s–\s|\s—\s|,|:|;)\s*")


# What separates the kinds of a list, and the description after them ('- all black').
_JOINED_KINDS = re.compile(r"\s*(?:\bwith\b|\band\b|&|\+|\bplus\b|,|;|\s-\s|\s–\s|\s—\s|:)\s*", re.I)


_ID_SCHEMES = {"aadhaar", "aadhar", "ആധാർ"}  # "Pashu Aadhaar 9742...": an animal's id number, not a kind


@lru_cache(maxsize=65536)
def _closing_bracket(text: str) -> int:
    """Where the bracket opened just before `text` closes: 'black (dark)) x' -> 12; 'black' -> -1 (never closed)."""
    depth = 1
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if depth == 0:
            return i
    return -1


def split_number_and_description(cell: str) -> NumberAndDescription:
    """The Act's 'number and description' cell (K s.7(a)):

    '2 cows (black, white patch on forehead)' -> (2, 'cows', 'black, white patch on forehead')
    'one bull - brown' -> (1, 'bull', 'brown');  '1 Cow' -> (1, 'Cow', '')
    '1 cow (black) of Kunjan Nair' -> (1, 'cow', 'black, of Kunjan Nair')
    """
    s = " ".join(str(cell).split())
    first, _, rest = s.partition(" ")
    count = count_of(first)
    if count is None:
        rest = s
    else:  # 'a pair of bullocks' -> 2; 'two pairs of' -> 4; 'one dozen fowls' -> 12; 'pair of oxen' -> 2
        word, _, after = rest.partition(" ")
        times = MULTIPLES.get(word.lower())
        if times and first.lower() not in MULTIPLES:
            count, rest = count * times, after
        if rest.lower().startswith("of "):
            rest = rest[3:]
    m = _SEP.search(rest)
    listed = kind_list(rest) if m else None
    if listed and len(kind_parts(rest[: m.start()] if m else rest)) < len(kind_parts(listed[0])):
        # '1 camel, 3 cows and 5 sheep': every kind is the entry's, none its description
        return NumberAndDescription(count, *listed)
    if m:
        kind, desc = rest[: m.start()], rest[m.end() :]
    else:
        kind, desc = rest, ""
    close = _closing_bracket(desc) if m and m.group().strip() == "(" else -1
    if close >= 0:
        # '1 cow (black) of Kunjan Nair': the bracket, then what follows it ('black, of Kunjan Nair', not 'black) of')
        inside, after = desc[:close], desc[close + 1 :]
        desc = ", ".join(x for x in (inside.strip(), after.strip(" ,;-")) if x)
    else:
        desc = desc.strip().rstrip(")").strip()
    # Free text ("black cow with a white patch"): the kind is the first word that names cattle. Not when the entry
    # names an animal the Act excludes ("1 cat (..., Pashu Aadhaar ...)" is a cat, to be rejected, not a cow), and
    # never "Pashu" of a Pashu Aadhaar number.
    kind_words = fold(kind).split()
    excluded = bool(kind_words) and (kind_words[-1] in NOT_CATTLE or kind_words[-1].rstrip("s") in NOT_CATTLE)
    if not excluded and not (kind_words and word_species(kind_words[-1])):
        words = rest.split()
        for i, w in enumerate(words):
            if word_species(fold(w)) and fold(words[i + 1] if i + 1 < len(words) else "") not in _ID_SCHEMES:
                kind = w
                desc = " ".join(words[:i] + words[i + 1 :]).strip(" ,-()")
                break
    if _counts_a_kind(desc):
        # '1 cow (black, white patch), 2 calves': the calves are not a description; the kind names both, and the
        # entry is read as several kinds (records.to_entries), or rejected naming them all
        return NumberAndDescription(count, rest.strip(), "")
    return NumberAndDescription(count, kind.strip(), desc)


_LIST_PIECE = re.compile(r"^(?P<body>.*?)\s*(?:\((?P<bracket>[^()]*)\)?)?\s*$")


def _piece_kind(body: str) -> str | None:
    """The kind a piece of a list names: '3 cows' -> 'cow'; 'Pashu Aadhaar 9742' -> None (an id); 'black' -> None."""
    words = fold(body).split()
    for i in range(len(words) - 1, -1, -1):
        if (k := word_species(words[i])) and (words[i + 1] if i + 1 < len(words) else "") not in _ID_SCHEMES:
            return k
    return None


def _counts_a_kind(desc: str) -> bool:
    """Whether a description counts head of a kind: 'black, 2 calves' -> True; 'white patch on one ear' -> False;
    'Pashu Aadhaar 9742 ...' -> False (an id, not a cow)."""
    words = fold(unjoin(desc)).split()
    return any(
        count_of(w) is not None and word_species(k) and (words[i + 2] if i + 2 < len(words) else "") not in _ID_SCHEMES
        for i, (w, k) in enumerate(zip(words, words[1:], strict=False))
    )


@lru_cache(maxsize=65536)
def kind_list(text: str) -> tuple[str, str] | None:
    """A list of kinds at the start of a 'number and description' cell -> (the kinds joined by 'and', the rest as
    description), or None when it names one kind:
    'camel, 3 cows and 5 sheep' -> ('camel and 3 cows and 5 sheep', '');
    'cows (2), calves (1) - all black' -> ('cows (2) and calves (1)', 'all black');
    'പശുവും 3 ആടും' -> ('പശു and 3 ആട്', ''); 'cow, black and white' -> None; 'cow, HF' -> None (one kind).
    A piece after the first joins the list when it is counted or names another kind; the first piece that names
    none, or a bracket that is not a count, begins the description."""
    pieces = _JOINED_KINDS.split(unjoin(" ".join(text.split())))
    kinds: list[str] = []
    named: list[str] = []
    desc: list[str] = []
    for i, piece in enumerate(pieces):
        m = _LIST_PIECE.match(piece)
        body, bracket = (m["body"], m["bracket"]) if m else (piece, None)
        if bracket is not None and count_of(bracket.strip()) is not None:
            body, bracket = f"{body} ({bracket.strip()})", None
        k = _piece_kind(body)
        counted = bool(body.split()) and count_of(body.split()[0]) is not None
        if k is None or (kinds and not counted and k in named):
            desc += [p for p in pieces[i:] if p.strip()]
            break
        kinds.append(body.strip())
        named.append(k)
        if bracket:  # '1 cow (black), 2 calves (brown)': each kind's own description
            desc.append(bracket.strip())
    if len(kinds) < 2:
        return None
    return " and ".join(kinds), ", ".join(d.strip() for d in desc).strip(" ,;-")


# --- dates and hours ------------------------------------------------------------------------------

# Malayalam month names (vocabulary.ML_MONTHS), then other spellings and short forms registers use.
MONTHS = {
    m: i
    for i, names in enumerate(
        [
            "jan january jany ജനു",
            "feb february feby ഫെബ്രു",
            "mar march മാർ",
            "apr april aprl ഏപ്രി",
            "may മെയ് മേയ",
            "jun june ജൂൺ",
            "jul july ജൂലായ്",
            "aug august augt ആഗസ്റ്റ് ഓഗ ആഗ",
            "sep sept septr september സെപ്തംബർ സെപ്റ്റ സെപ്",
            "oct octr october ഒക്ടോ",
            "nov novr november നവം",
            "dec decr december ഡിസം",
        ],
        start=1,
    )
    for m in names.split()
} | {name: i for i, name in enumerate(ML_MONTHS, start=1)}

_TIME = r"(?P<h>\d{1,2})(?:[:.](?P<mi>\d{2}))?(?::\d{2}(?:\.\d+)?)?\s*(?P<ap>[ap]\.?\s?m\.?)?|(?P<hh>\d{2})(?P<mm>\d{2})\s*hrs?\.?"
_TIME_RE = re.compile(rf"^(?:{_TIME})$", re.I)
_ISO = re.compile(
    r"^(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})"
    r"(?:[T ](?P<H>\d{1,2}):(?P<M>\d{2})(?::\d{2}(?:\.\d+)?)?\s*(?P<tz>Z|[+-]\d{2}:?\d{2})?)?$"
)
_YMD = re.compile(r"^(?P<y>\d{4})[/.](?P<m>\d{1,2})[/.](?P<d>\d{1,2})(?:[\s,T]+(?P<t>.+))?$")  # 2025/04/03
_WEEKDAYS = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday)?"
_WEEKDAY = re.compile(rf"^{_WEEKDAYS}\.?,?\s+", re.I)  # 'Thursday, 3 April 2025'
_DMY = re.compile(r"^(?P<d>\d{1,2})[/.\-](?P<m>\d{1,2})[/.\-](?P<y>\d{4}|\d{2})(?:[\s,T]+(?P<t>.+))?$")
_MON = r"(?P<mon>[a-z\u0D00-\u0D7F]+)"  # Malayalam vowel signs and viramas are letters here, though not \w
_D_MON_Y = re.compile(
    rf"^(?:the\s+)?(?P<d>\d{{1,2}})(?:st|nd|rd|th|d)?(?:\s+(?:day\s+)?of)?[\s\-]+{_MON}\.?,?[\s\-]+(?P<y>\d{{4}}|\d{{2}})"
    r"(?:[\s,]+(?P<t>.+))?$",
    re.I,
)
_MON_D_Y = re.compile(rf"^{_MON}\.?\s+(?P<d>\d{{1,2}})(?:st|nd|rd|th|d)?,?\s+(?P<y>\d{{4}})(?:[\s,]+(?P<t>.+))?$", re.I)
# Year first with the month's name, as Malayalam is often written: '2025 നവംബർ 3' (never ambiguous: a name).
_Y_MON_D = re.compile(rf"^(?P<y>\d{{4}})[\s\-]+{_MON}\.?[\s\-]+(?P<d>\d{{1,2}})(?:-?ന്)?(?:[\s,]+(?P<t>.+))?$", re.I)


# A 5-digit number where a date belongs is a spreadsheet's day count, saved as a number ('General' format) or a CSV
# exported from it: 45968 is 7 Nov 2025, and '45968.5' noon of that day. Only 20000-69999 (1954-2091) are taken.
_SERIAL = re.compile(r"^(?P<n>[2-6]\d{4})(?:\.(?P<f>\d+))?$")
_SERIAL_EPOCH = dt.date(1899, 12, 30)  # Excel's day 0, after its leap-day error of 1900
# An app's export may give a moment as Unix time, in seconds or milliseconds: 1762147800 is 3 Nov 2025 11:00 IST.
# Only 10 or 13 digits starting with 1 (Sep 2001 to May 2033) are taken; midnight in India is a day without an hour.
_UNIX = re.compile(r"^(?P<s>1\d{9})(?P<ms>\d{3})?(?:\.\d+)?$")
# Eight digits, no separators: day first ('03112025'), or year first ('20251103') when day first is no date.
_COMPACT = re.compile(r"^(?P<a>\d{2})(?P<b>\d{2})(?P<c>\d{4})$")

# "The same as above", as registers write it in a column: ditto, do., -do-, ", 〃, ,, and Malayalam ടി (the said).
DITTO_MARKS = frozenset(
    {"do", "do.", "-do-", "-do.-", "(do)", "ditto", '"', "''", "〃", ",,", "ടി", "-ടി-", "ടി.", "ടി-"}
)


class BadDate(RecordRejected):
    pass


# Slips of typing around a date, each seen in registers: Excel's text mark ("'03/11/2025"), a full stop or comma
# after it, spaces around its strokes ("03 /11/ 2025"), the letter O for a nought ("O3/11/2O25"), the weekday after
# it ("(Mon)"), a dash or "IST" around its hour ("03/11/2025 - 14:30 IST").
_APOSTROPHE_OR_END = re.compile(r"^['‘’`]+|(?<=\d)[.,;:]+$")
_SPACED_STROKES = re.compile(r"^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*\2\s*(\d{2,4})\b")
_LETTER_O = re.compile(r"(?<=\d)[Oo]|[Oo](?=\d)")
_WEEKDAY_AFTER = re.compile(rf",?\s*\(?\b{_WEEKDAYS}\b\.?\)?$", re.I)
_HOUR_DASH = re.compile(r"(?<=\d)\s+[-–—@]\s*(?=\d)|\s*(?:\+05:?30|\bIST\b)$", re.I)


def _tidy_date(s: str) -> str:
    """ "'03/11/2025." -> '03/11/2025'; '03 /11/ 2025' -> '03/11/2025'; 'O3/11/2O25' -> '03/11/2025';
    '03/11/2025 (Mon)' -> '03/11/2025'; '03/11/2025 - 14:30 IST' -> '03/11/2025 14:30'. Other text as it is."""
    if not s or not any(c.isdigit() for c in s):
        return s
    s = _WEEKDAY_AFTER.sub("", s)
    s = _APOSTROPHE_OR_END.sub("", s)
    s = _LETTER_O.sub("0", s)
    s = _SPACED_STROKES.sub(r"\1\2\3\2\4", s)
    return _HOUR_DASH.sub(lambda m: " " if m.group().strip()[:1] in "-–—@" else "", s).strip()


def _serial_day(m: re.Match[str]) -> tuple[dt.date, dt.time | None]:
    """'45968' -> (7 Nov 2025, None); '45968.75' -> (7 Nov 2025, 18:00)."""
    d = _SERIAL_EPOCH + dt.timedelta(days=int(m["n"]))
    minutes = round(float("0." + m["f"]) * 24 * 60) if m["f"] and int(m["f"]) else 0
    return d, (dt.time(minutes // 60, minutes % 60) if minutes and minutes < 24 * 60 else None)


def _compact_day(m: re.Match[str], text: str) -> dt.date:
    """'03112025' -> 3 Nov 2025 (day first, as registers write); '20251103' -> 3 Nov 2025 (no 20th month)."""
    try:
        return dt.date(int(m["c"]), int(m["b"]), int(m["a"]))
    except ValueError:
        y, rest = int(m["a"] + m["b"]), m["c"]
        return _make_date(y, int(rest[:2]), int(rest[2:]), text)


# The part of the day a Malayalam register writes before an hour ('ഉച്ചയ്ക്ക് 2 മണി', 2 in the afternoon).
_ML_DAY_PARTS = {
    "പുലർച്ചെ": "am",  # before dawn
    "രാവിലെ": "am",  # morning
    "ഉച്ചയ്ക്ക്": "pm",  # noon, early afternoon
    "ഉച്ചക്ക്": "pm",
    "ഉച്ചകഴിഞ്ഞ്": "pm",
    "ഉച്ചതിരിഞ്ഞ്": "pm",
    "വൈകിട്ട്": "pm",  # evening
    "വൈകുന്നേരം": "pm",
    "സന്ധ്യയ്ക്ക്": "pm",
    "രാത്രി": "night",
}
_ML_HOUR = re.compile(r"^(?P<part>[\u0D00-\u0D7F]+)\s+(?P<h>\d{1,2}(?:[.:]\d{2})?)\s*(?:മണി(?:ക്ക്)?)?$")


def _malayalam_hour(s: str) -> str:
    """'ഉച്ചയ്ക്ക് 2 മണി' -> '2 pm'; 'രാവിലെ 10.30' -> '10.30 am'; 'രാത്രി 9 മണി' -> '9 pm'; other text as is."""
    m = _ML_HOUR.match(s)
    part = _ML_DAY_PARTS.get(m["part"]) if m else None
    if not m or not part:
        return s
    if part == "night":  # 9 at night is 21:00; 12 or 2 at night is after midnight
        h = int(re.split(r"[.:]", m["h"])[0])
        part = "am" if h == 12 or h < 5 else "pm"
    return f"{m['h']} {part}"


_HOUR_HINT = "write it like 14:30 or 2.30 PM"


@lru_cache(maxsize=4096)
def parse_time(text: str) -> dt.time:
    """'3.05 PM' -> 15:05; '1715 hrs' -> 17:15; '14:30' -> 14:30; '7 AM' -> 07:00; 'ഉച്ചയ്ക്ക് 2 മണി' -> 14:00."""
    s = _malayalam_hour(str(text).strip().lower().replace("at ", ""))
    if re.search(r"\d[.:]\d", s):  # '14.30 hrs' is 14:30 ('1715 hrs', with no separator, is read below)
        s = re.sub(r"\s*hrs?\.?$", "", s)
    if s in ("noon", "12 noon"):
        return dt.time(12, 0)
    m = _TIME_RE.match(s)
    if not m:
        raise BadDate(
            f"The hour '{text}' could not be read ({_HOUR_HINT}).", public=f"The hour could not be read ({_HOUR_HINT})."
        )
    if m["hh"]:
        h, mi = int(m["hh"]), int(m["mm"])
    else:
        h, mi = int(m["h"]), int(m["mi"] or 0)
        ap = (m["ap"] or "").replace(".", "").replace(" ", "")
        if ap == "pm" and h < 12:
            h += 12
        elif ap == "am" and h == 12:
            h = 0
        elif not ap and not m["mi"]:
            raise BadDate(
                f"The hour '{text}' could not be read ({_HOUR_HINT}).",
                public=f"The hour could not be read ({_HOUR_HINT}).",
            )
    if h > 23 or mi > 59:
        raise BadDate(f"The hour '{text}' is not a time of day.", public="The hour is not a time of day.")
    return dt.time(h, mi)


def _year(y: str) -> int:
    if len(y) == 2:  # '25' -> 2025; registers with two-digit years are modern
        return 2000 + int(y)
    return int(y)


def _make_date(y: int, m: int, d: int, text: str) -> dt.date:
    try:
        return dt.date(y, m, d)
    except ValueError:
        why = f"is not a real date (day {d} of month {m} of {y} does not exist)."
        raise BadDate(f"'{text}' {why}", public=f"The date {why}") from None


@lru_cache(maxsize=65536)
def parse_when(text: str) -> tuple[dt.date, dt.time | None]:
    """A register's date cell, day first -> (date, hour or None).

    '03/04/2025' -> (3 Apr 2025, None); '03-04-2025 14:30' -> (3 Apr, 14:30);
    '01 Apr 2025, 1715 hrs' -> (1 Apr, 17:15); '2025-04-03T17:10:00+05:30' -> (3 Apr, 17:10);
    '14th March 1859' -> (14 Mar 1859, None); '45968' (a spreadsheet's day number) -> (7 Nov 2025, None);
    '03112025' -> (3 Nov 2025, None); '1762147800000' (Unix milliseconds) -> (3 Nov 2025, 11:00 IST).
    Raises BadDate with a clerk's reason.
    """
    s = _tidy_date(_WEEKDAY.sub("", " ".join(str(text).strip().split())))
    if not s:
        raise BadDate("The date brought is blank: every entry needs the day the cattle came in.")
    m = _ISO.match(s)
    if m:
        d = _make_date(int(m["y"]), int(m["m"]), int(m["d"]), s)
        if m["H"] is None:
            return d, None
        moment = dt.datetime.combine(d, dt.time(int(m["H"]), int(m["M"])))
        if m["tz"]:
            tz = m["tz"].replace(":", "")
            offset = (
                dt.timedelta(0)
                if tz == "Z"
                else (1 if tz[0] == "+" else -1) * dt.timedelta(hours=int(tz[1:3]), minutes=int(tz[3:5]))
            )
            moment = moment.replace(tzinfo=dt.timezone(offset)).astimezone(IST).replace(tzinfo=None)
        return moment.date(), moment.time()
    m = _SERIAL.match(s)
    if m:
        return _serial_day(m)
    m = _UNIX.match(s)
    if m:
        moment = dt.datetime.fromtimestamp(int(m["s"]), IST).replace(tzinfo=None)
        return moment.date(), (moment.time() if moment.time() != dt.time(0) else None)
    m = _COMPACT.match(s)
    if m:
        return _compact_day(m, s), None
    if s.lower() in DITTO_MARKS:
        raise BadDate(f"The date is '{s}' (ditto, the same as above), but no entry above it gives a date to repeat.")
    for rx in (_DMY, _YMD, _D_MON_Y, _MON_D_Y, _Y_MON_D):
        m = rx.match(s)
        if not m:
            continue
        if "mon" in m.groupdict():
            mon = MONTHS.get(m["mon"].lower())
            if mon is None:
                break
        else:
            mon = int(m["m"])
        d = _make_date(_year(m["y"]), mon, int(m["d"]), s)
        return d, (parse_time(m["t"]) if m["t"] else None)
    why = "could not be read (registers write day first, e.g. 03/04/2025)."
    raise BadDate(f"The date '{s}' {why}", public=f"The date {why}")


def when_of(date_cell: object, hour_cell: object = None) -> tuple[dt.date, dt.time | None]:
    """Date and optional separate hour cells (text, or real spreadsheet cells) -> (date, hour or None)."""
    if isinstance(date_cell, dt.datetime):
        d, t = date_cell.date(), date_cell.time()
        # A spreadsheet date cell without a time reads as midnight: that is "hour unknown".
        hour: dt.time | None = t if (t.hour or t.minute) else None
    elif isinstance(date_cell, dt.date):
        d, hour = date_cell, None
    elif date_cell is None:
        raise BadDate("The date brought is blank: every entry needs the day the cattle came in.")
    else:
        d, hour = parse_when(str(date_cell))
    written = hour_of(hour_cell)
    return d, hour if written is None else written


def hour_of(hour_cell: object) -> dt.time | None:
    """An hour cell (text, or a real spreadsheet cell) -> the hour, None when blank (the date's own hour stands).
    '14:30' -> 14:30; '2 pm' -> 14:00; '' -> None; '25:99' -> BadDate."""
    if hour_cell in (None, ""):
        return None
    if isinstance(hour_cell, dt.time):
        return hour_cell
    if isinstance(hour_cell, dt.datetime):
        return hour_cell.time()
    return parse_time(str(hour_cell))


def optional_date(cell: object) -> dt.date | None:
    """An outcome date cell (delivered, notice, sale) -> date, None when blank. Bad text -> BadDate."""
    if cell is None or (isinstance(cell, str) and cell.strip() in ("", "-")):
        return None
    return when_of(cell)[0]


# --- people, tags, colours ------------------------------------------------------------------------

UNKNOWN_OWNER = {
    "",
    "-",
    "--",
    "?",
    "unknown",
    "not known",
    "n/a",
    "n a",
    "na",
    "nil",
    "none",
    "unclaimed",
    "അജ്ഞാതൻ",
    "അറിയില്ല",
    # as police and pound registers abbreviate and phrase it
    "nk",
    "n k",
    "not traced",
    "untraced",
    "owner not traced",
    "owner unknown",
    "owner not known",
    "no owner",
    "not found",
    "stray",
    "ഉടമസ്ഥനില്ല",
    "ഉടമയില്ല",
    "ഉടമയെ അറിയില്ല",
    "ഉടമസ്ഥനെ അറിയില്ല",
}


def owner_known(cell: object) -> bool:
    """'Not known' / '-' / 'N.K.' / 'Not traced' / 'അജ്ഞാതൻ' / None -> False; 'Abdul Amma, Kollam' -> True."""
    if cell is None:
        return False
    if isinstance(cell, dict):
        return any(owner_known(v) for v in cell.values())
    return " ".join(PUNCT.sub(" ", str(cell).strip().lower()).split()) not in UNKNOWN_OWNER


def name_and_residence(cell: object) -> tuple[str | None, str | None]:
    """'T. Narayani Warrier, Ettumanoor' -> (name, residence); 'Sreedharan Pillai of Payyanur' too."""
    if cell is None:
        return None, None
    if isinstance(cell, dict):
        name = cell.get("name") or cell.get("Name")
        res = cell.get("residence") or cell.get("address") or cell.get("village")
        return (str(name) if name else None), (str(res) if res else None)
    s = " ".join(str(cell).split())
    if not owner_known(s):
        return None, None
    for sep in (", ", " of ", " s/o ", "; "):
        if sep in s:
            name, _, res = s.partition(sep)
            return name.strip() or None, res.strip() or None
    return s, None
