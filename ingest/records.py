"""One register record -> one clean entry (public columns + private people), or RecordRejected with a reason."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .errors import RecordRejected
from .headers import OUTCOME_DATES
from .law.money import Money, parse_money
from .law.packs import RulePack
from .normalise import (
    IST,
    colour_of,
    ear_tags,
    head_count,
    name_and_residence,
    optional_date,
    owner_known,
    species_of,
    split_number_and_description,
    when_of,
)

COLUMN_WORDS = {
    "claimed_on": "date delivered to the owner",
    "deposit_on": "date released on deposit",
    "released_by_order_on": "date released by order",
    "notice_posted_on": "date the notice was posted",
    "sold_on": "date of sale",
    "disposed_on": "date disposed of",
    "complaint_filed_on": "date the complaint was filed",
    "complaint_decided_on": "date the complaint was decided",
    "seized_on": "date of seizure",
}

# Remarks as pound-keepers write them: "delivered to owner 12/04/2025", "sold on 20-04-2025 for Rs 3,000".
_DATE_IN_TEXT = r"(\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}|\d{4}-\d{2}-\d{2})"
REMARK_OUTCOMES = [
    ("deposit_on", re.compile(rf"deposit\w*\D*?{_DATE_IN_TEXT}", re.I)),
    (
        "released_by_order_on",
        re.compile(rf"(?:released|release) (?:by|under|on) (?:written )?order\D*?{_DATE_IN_TEXT}", re.I),
    ),
    ("claimed_on", re.compile(rf"(?:delivered|claimed|returned|released to owner)\D*?{_DATE_IN_TEXT}", re.I)),
    ("notice_posted_on", re.compile(rf"notice\D*?{_DATE_IN_TEXT}", re.I)),
    ("sold_on", re.compile(rf"(?:sold|auctioned)\D*?{_DATE_IN_TEXT}", re.I)),
    ("disposed_on", re.compile(rf"disposed\D*?{_DATE_IN_TEXT}", re.I)),
    ("complaint_filed_on", re.compile(rf"complaint\D*?{_DATE_IN_TEXT}", re.I)),
]


@dataclass(slots=True)
class Entry:
    id: str
    entry_no: str | None
    brought_on: dt.date
    brought_at: str
    species: str
    species_as_written: str
    head_count: int
    description: str
    place_seized: str | None
    owner_known: bool
    dates: dict[str, dt.date]
    complaint_outcome: str | None
    fine_levied: Money | None
    sale_proceeds: Money | None
    sale_expenses: Money | None
    people: dict[str, str | None]


def text(v: Any) -> str:
    """A cell as clean text: None -> '', 3.0 -> '3', '  a  b ' -> 'a b'."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return " ".join(str(v).split())


def identity_key(pound_id: str, entry_no: str | None, brought_at: str, kind: str, n: int) -> str:
    """What makes a register entry the same entry from one ingest to the next, whatever else in it is corrected.

    A numbered entry is its pound, its number and the day brought (a register numbering from 1 each year or each
    month is told apart by the day); the number is read as a number when it is one ('017' is 17). An entry without
    a number is its pound, the day and hour brought as written, its kind as written and its count.
    ('tcr-ollur', '017', '2025-04-02T17:15', 'goat', 1) -> the parts 'tcr-ollur', 'no', '17', '2025-04-02';
    ('tcr-ollur', None, '2025-04-02T17:15', 'Goat', 1) -> 'tcr-ollur', 'at', '2025-04-02T17:15', 'goat', '1'
    (joined by a unit separator, which no cell holds).

    Two entries with one key (two numbered alike on a day, a copy corrected in one file and not the other) are
    two entries: the ingest tells them apart by their order in the registers (schema.FINISH, '-2', '-3').
    """
    number = "".join((entry_no or "").split()).lower()
    if number.isdigit():
        number = str(int(number))
    if number:
        return "\x1f".join((pound_id, "no", number, brought_at[:10]))
    return "\x1f".join((pound_id, "at", brought_at, " ".join(kind.lower().split()), str(n)))


def impoundment_id(
    pound_id: str, entry_no: str | None, brought_at: str, kind: str, n: int, desc: str = "", place: str | None = None
) -> str:
    """Stable across re-ingests and corrections: an entry keeps its id while its identity_key holds, so a corrected
    description, place, outcome or fine keeps the animal's page. (desc and place no longer count: kept for callers.)

    ('tcr-ollur', '2', '2025-04-02T17:15', 'goat', 1, 'black and white', 'Vaikom') -> 'tcr-ollur-6c3e...'
    """
    key = identity_key(pound_id, entry_no, brought_at, kind, n)
    return f"{pound_id}-{hashlib.sha1(key.encode()).hexdigest()[:16]}"


@lru_cache(maxsize=4096)
def _money_of_number(number: str) -> Money:
    """'2500.0' -> ₹2,500.00: a number cell (JSON, XLSX) as exact Money, once per distinct amount."""
    return Money.of(number)


def _money(v: Any) -> Money | None:
    if v is None or text(v) == "":
        return None
    if isinstance(v, int | float) and not isinstance(v, bool):
        return _money_of_number(str(v))
    try:
        return parse_money(text(v))
    except ValueError:
        return None


# No register entry's cell is this long; a longer one is a broken export (a whole file in one cell), not a description.
MAX_CELL = 4000


def inert(value: str) -> str:
    """Free text safe to open in a spreadsheet: '=HYPERLINK("http://x")' -> 'HYPERLINK("http://x")'.

    A cell starting with =, + or @ is run as a formula by Excel and LibreOffice when a journalist opens a CSV
    export; no register description starts with one, so the sign is dropped rather than the entry."""
    while value[:1] in ("=", "+", "@"):
        value = value[1:].lstrip()
    return value


@lru_cache(maxsize=1)
def latest_day() -> dt.date:
    """Tomorrow in India: no animal can have been brought later (a day's grace for a clock or a late clerk)."""
    return dt.datetime.now(IST).date() + dt.timedelta(days=1)


# Seizers are often offices, not people ("Police, Ollur"): such words are kept where they stand.
_NOT_A_PERSON = {"police", "officer", "panchayat", "municipality", "municipal", "corporation", "department",
                 "station", "staff", "constable", "guard", "inspector", "secretary", "council", "office", "pound"}  # fmt: skip
_INITIALS = re.compile(r"^(?:[A-Z]\.\s*)+")


@lru_cache(maxsize=65536)
def _person_forms(name: str) -> tuple[str, ...]:
    """'K. Kunjan Nair' -> ('K. Kunjan Nair', 'Kunjan Nair'); 'Police, Ollur' -> () (an office, not a person)."""
    name = " ".join(name.split())
    forms: list[str] = []
    for form in (name, _INITIALS.sub("", name)):
        words = form.lower().replace(",", " ").split()
        if len(words) >= 2 and not _NOT_A_PERSON & set(words) and form not in forms:
            forms.append(form)
    return tuple(forms)


# A name the ingest does not know, marked as a name by its title or its father's: "Sri. K. Raghavan Nair",
# "Smt Leela", "Kunjan S/o Raman", "son of Raman", "ശ്രീ രാഘവൻ". A landmark named after someone ("Sri Krishna
# temple", "Dr. Ambedkar statue", "ശ്രീകൃഷ്ണ ക്ഷേത്രം") is a place, and stays.
_LANDMARK = (
    r"temple|kshetram|statue|road|rd|junction|jn|nagar|school|college|hospital|church|mosque|masjid|colony|memorial"
    r"|park|bus|bridge|hall|market|stadium|library|ashram|mutt|math|centre|center|smarakam|ground|gate|stop"
)
_ML_LANDMARK = r"ക്ഷേത്ര|അമ്പല|റോഡ്|ജംഗ്ഷ|ജങ്ഷ|സ്കൂ|പള്ളി|നഗർ|കോളേജ|ആശുപത്രി|സ്മാരക|കവല|മൈതാന"
# At most three initials: an unbounded run made the search quadratic in a hostile cell ("A. A. A. ...": 0.45 s for
# 4,000 characters), three keep it linear.
_TITLES = r"sri|shri|smt|mrs?|ms|dr|adv|kumari"
_NAME_WORD = rf"(?:[A-Z]\.\s?){{0,3}}(?!(?i:{_LANDMARK})\b)[A-Z][a-z]{{1,30}}\b"
_ML_WORD = rf"(?!{_ML_LANDMARK})[\u0D00-\u0D7F]+(?![\u0D00-\u0D7F])"
_TITLED_NAME = re.compile(
    rf"(?:\b(?i:{_TITLES})\b\.?\s*|(?:{_NAME_WORD}\s+){{0,3}}\b[SDW]/[Oo]\b\.?\s*"
    rf"|\b(?:son|daughter|wife) of\s+){_NAME_WORD}(?:\s+{_NAME_WORD}){{0,3}}(?!\s+(?i:{_LANDMARK})\b)"
    # A Malayalam name ends at its genitive ("ലീലയുടെ വീട്", Leela's house): the next word is not hers.
    rf"|ശ്രീ(?:മതി)?(?:\.\s*|\s+){_ML_WORD}(?:(?<!ുടെ)(?<!ന്റെ)\s+{_ML_WORD})?(?!\s*(?:{_ML_LANDMARK}))"
)


# What every titled name holds: most texts have none of it, and a search for it is a fifth of the full pattern's cost.
_TITLE_MARK = re.compile(rf"\b(?:{_TITLES})\b|/o\b|\b(?:son|daughter|wife) of\b|ശ്രീ", re.I)
# A person's numbers in free text: an Indian mobile (ten digits from 6 to 9, perhaps after +91), and a 12-digit
# number called an Aadhaar that does not say it is the animal's (a Pashu Aadhaar is the animal's tag, and searched).
_PERSONS_NUMBER = re.compile(
    # "+91" or "91 " before a mobile; "91" run into the digits would make a 12-digit animal's number look like one
    r"(?<![\d-])(?:\+91[\s-]?|91[\s-])?[6-9]\d{4}[\s-]?\d{5}(?![\d-])"
    r"|(?<!(?i:pashu)[ -])(?<!(?i:animal) )(?<!പശു )\b(?i:aadhaa?r|ആധാർ)(?:\s*(?i:no|number|card))?\.?\s*[:#-]?\s*\d{4}\s?\d{4}\s?\d{4}\b"
)


@lru_cache(maxsize=65536)
def _marked_people_hidden(value: str) -> str:
    """People a text marks as people, whoever they are: names with a title, and persons' numbers.
    'field of Smt Leela' -> 'field of [name]'; 'near Sri Krishna temple' -> as it is (a place);
    'owner mob 9447012345' -> 'owner mob [number]'; 'Pashu Aadhaar 974263627644' -> as it is (the animal's)."""
    if _TITLE_MARK.search(value):
        value = _TITLED_NAME.sub("[name]", value)
    return _PERSONS_NUMBER.sub("[number]", value) if any(c.isdigit() for c in value) else value


def without_names(values: tuple[str | None, ...], people: dict[str, str | None]) -> tuple[str | None, ...]:
    """(description, place, ...) with the entry's own owner, seizer and buyer taken out of them, and any name
    written with a title: ('owned by Kunjan Nair of Ollur',), {'owner_name': 'Kunjan Nair'} -> ('owned by [name] of
    Ollur',); ('near the house of Sri. K. Raghavan',), {} -> ('near the house of [name]',).

    A register's free text sometimes names people, in columns that are public. A family name not in the text at
    all (nearly always) costs one substring test."""
    surnames = []
    for key in ("owner_name", "seizer_name", "buyer_name"):
        name = people.get(key)
        if name and len(last := name.rsplit(None, 1)[-1].lower()) >= 3:
            surnames.append((name, last))
    out = []
    for value in values:
        if value:
            low = value.lower()
            for name, last in surnames:
                if last in low:
                    for form in _person_forms(name):
                        value = re.sub(rf"\b{re.escape(form)}\b(?:'s)?", "[name]", value, flags=re.I)
            value = _marked_people_hidden(value)
        out.append(value)
    return tuple(out)


class ListedNames:
    """The names the ingest knows beyond an entry's own (the roster of officials, K s.18(1)), found in free text.
    A text holding none of their last words (nearly every one) costs a split and a set test, however long the list.

    ListedNames(['K. Raghavan Nair']).hide('seized by constable Raghavan Nair') -> 'seized by constable [name]'
    """

    def __init__(self, names: list[str]):
        forms = sorted({f for n in names if n for f in _person_forms(n)}, key=len, reverse=True)
        self.last_words = {f.rsplit(None, 1)[-1].lower() for f in forms}
        self.pattern = re.compile(r"\b(?:" + "|".join(re.escape(f) for f in forms) + r")\b(?:'s)?", re.I)

    def __bool__(self) -> bool:
        return bool(self.last_words)

    def hide(self, value: str | None) -> str | None:
        if not value or self.last_words.isdisjoint(re.split(r"[\s,.;:()'’-]+", value.lower())):
            return value
        return self.pattern.sub("[name]", value)


def people_of(cells: dict[str, Any]) -> dict[str, str | None]:
    """A record's cells -> the names and residences of its seizer, owner and buyer (for the private database)."""
    seizer = name_and_residence(cells.get("seizer"))
    owner = name_and_residence(cells.get("owner")) if "owner" in cells else (None, None)
    return {
        "seizer_name": text(cells.get("seizer_name")) or seizer[0],
        "seizer_residence": text(cells.get("seizer_residence")) or seizer[1],
        "owner_name": text(cells.get("owner_name")) or owner[0],
        "owner_residence": text(cells.get("owner_residence")) or owner[1],
        "buyer_name": text(cells.get("buyer")) or None,
    }


# Ten digits or more, spaced or not: a mobile or an Aadhaar number, when a row shifted by a column puts one where
# a reason quotes a cell ("The number of head '9447012345' is not a number").
_LONG_NUMBER = re.compile(r"(?<!\d)\d(?:[ -]?\d){9,}(?!\d)")


def public_reason(err: RecordRejected, cells: dict[str, Any]) -> str:
    """A reject's reason as the public database may hold it: a reason that quotes a cell holding the record's own
    owner, seizer or buyer (a row shifted by a column) says [name] there, and a person's number says [number].
    Rejects are few: the cost is nothing."""
    (reason,) = without_names((str(err),), people_of(cells))
    return _LONG_NUMBER.sub("[number]", reason or str(err))


def to_entry(pound_id: str, cells: dict[str, Any], act: RulePack | None = None) -> Entry:
    """A record's recognised cells -> Entry. Raises RecordRejected with the reason a clerk reads."""
    if "unparsed" in cells:  # its text is not quoted: a reason is public, and the line may hold a name
        raise RecordRejected("This line is not JSON, so no entry can be read from it.")
    for field, value in cells.items():
        if isinstance(value, str) and len(value) > MAX_CELL:
            raise RecordRejected(
                f"The {COLUMN_WORDS.get(field, field.replace('_', ' '))} cell holds {len(value):,} characters, more "
                f"than any register entry ({MAX_CELL:,}): the file is probably broken at this row."
            )
    date_cell = cells.get("brought_at")
    if date_cell is None or text(date_cell) == "":
        raise RecordRejected("The date brought is blank: every entry needs the day the cattle came in.")
    try:
        day, hour = when_of(date_cell, cells.get("hour"))
    except RecordRejected:
        if not any(text(cells.get(f)) for f in ("species", "number_and_description", "head_count")):
            # not quoted: a reason is public, and a signature line holds a name
            raise RecordRejected(
                "This row holds no kind of cattle and no number: a note or a signature, not an entry."
            ) from None
        raise
    if day > latest_day():
        raise RecordRejected(
            f"The date brought, {day.day} {day:%b %Y}, is after today: check the year (a two-digit year is read as "
            "20xx; write it in full)."
        )
    if act is not None and act.in_force_from is not None and day < act.in_force_from:
        # A spreadsheet turns a stray number in a date column into a day of 1900-1905 ("2025" is 17 Jul 1905).
        start = act.in_force_from
        raise RecordRejected(
            f"The date brought, {day.day} {day:%b %Y}, is before {act.title} came into force "
            f"({start.day} {start:%b %Y}): check the date (a number where a date belongs?)."
        )
    brought_at = f"{day.isoformat()}T{hour.hour:02d}:{hour.minute:02d}" if hour else day.isoformat()

    kind_cell, desc_cell = text(cells.get("species")), text(cells.get("description"))
    count_cell = cells.get("head_count")
    if kind_cell:
        kind, desc, nd_count = kind_cell, desc_cell, None
        if count_cell is None:
            nd = split_number_and_description(kind_cell)
            nd_count, kind, desc = (
                nd.head,
                (nd.kind or kind_cell),
                ", ".join(x for x in (nd.description, desc_cell) if x),
            )
    elif text(cells.get("number_and_description")):
        nd = split_number_and_description(text(cells["number_and_description"]))
        kind, nd_count = nd.kind, nd.head
        desc = ", ".join(x for x in (nd.description, desc_cell) if x)
    else:
        raise RecordRejected("The entry does not say what kind of cattle was impounded.")
    # Columns beside the description (breed, sex, age; a tag number) belong in it: that is where owners search.
    for field, label in (("description_extra", ""), ("ear_tag", "ear tag ")):
        extra = text(cells.get(field))
        if extra and extra not in desc:
            desc = ", ".join(x for x in (desc, label + extra) if x)
    desc = inert(desc)
    species = species_of(kind)
    if count_cell is not None and text(count_cell) != "":
        n = head_count(count_cell)
    else:
        n = head_count(nd_count if nd_count is not None else 1)

    dates: dict[str, dt.date] = {}
    for field in OUTCOME_DATES:
        if field in cells:
            try:
                d = optional_date(cells[field])
            except RecordRejected as e:
                raise RecordRejected(f"The {COLUMN_WORDS[field]} could not be read: {e}") from None
            if d:
                dates[field] = d
    remarks = text(cells.get("remarks"))
    if remarks:
        for field, rx in REMARK_OUTCOMES:
            m = rx.search(remarks)
            if m and field not in dates:
                with contextlib.suppress(RecordRejected):  # a remark with a bad date is a remark, not a reject
                    dates[field] = when_of(m.group(1))[0]
    for field, d in dates.items():
        if field != "seized_on" and d < day:
            raise RecordRejected(
                f"The {COLUMN_WORDS.get(field, field)} ({d:%d/%m/%Y}) is before the day brought ({day:%d/%m/%Y})."
            )

    entry_no = text(cells.get("entry_no")) or None
    place = inert(text(cells.get("place_seized"))) or None
    people = people_of(cells)
    known = owner_known(cells.get("owner")) or bool(text(cells.get("owner_name")))
    outcome = text(cells.get("complaint_outcome")) or None
    public_desc, public_place, public_outcome = without_names((desc, place, outcome), people)
    return Entry(
        id=impoundment_id(pound_id, entry_no, brought_at, kind, n),  # what the entry is (identity_key): ids never move
        entry_no=entry_no,
        brought_on=day,
        brought_at=brought_at,
        species=species,
        species_as_written=kind,
        head_count=n,
        description=public_desc or "",
        place_seized=public_place,
        owner_known=known,
        dates=dates,
        complaint_outcome=public_outcome,
        fine_levied=_money(cells.get("fine")),
        sale_proceeds=_money(cells.get("sale_proceeds")),
        sale_expenses=_money(cells.get("sale_expenses")),
        people=people,
    )


def status_of(dates: dict[str, dt.date]) -> str:
    """The register's last word on the animal (DATA_CONTRACT.md `status`)."""
    for field, status in (
        ("sold_on", "sold"),
        ("disposed_on", "disposed"),
        ("released_by_order_on", "released_by_order"),
        ("claimed_on", "claimed"),
        ("deposit_on", "released_on_deposit"),
        ("notice_posted_on", "notice_posted"),
    ):
        if field in dates:
            return status
    return "impounded"


def tags_and_colour(description: str) -> tuple[str, str | None]:
    return ear_tags(description), colour_of(description)
