"""One register record -> one clean entry (public columns + private people), or RecordRejected with a reason."""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.law.money import Money, parse_money
from pinfold.law.packs import RulePack, UnknownAct, pack
from pinfold.law.status import seizure_adjudged_illegal
from pinfold.schema import COLUMN_WORDS, OUTCOME_DATES
from pinfold.vocabulary import KindPart, KindRejected, SeveralKinds, colour_of, ear_tags, kind_parts, species_of

from .normalise import IST, head_count, optional_date, split_number_and_description, when_of
from .privacy import EMPTY, Persons, hide, owner_is_known, people_of, persons_of, public_entry_no, public_kind

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
    # What the complaint's outcome says in law, read from the cell as written: the public text above has every word
    # Pinfold does not recognise hidden, and the law must not depend on the privacy filter's vocabulary.
    adjudged_illegal: bool | None
    fine_levied: Money | None
    sale_proceeds: Money | None
    sale_expenses: Money | None
    people: dict[str, str | None]
    source_part: int | None = None  # the kind's place in an entry naming several ('1 cow with calf': 1, 2)


def text(v: Any) -> str:
    """A cell as clean text: None -> '', 3.0 -> '3', '  a  b ' -> 'a b'."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return " ".join(str(v).split())


def identity_number(entry_no: str | None) -> str:
    """An entry number as its identity reads it: '017' -> '17'; ' 12 A' -> '12a'; None -> ''."""
    number = "".join((entry_no or "").split()).lower()
    return str(int(number)) if number.isdigit() else number


def _numbered(pound_id: str, number: str, day: str) -> str:
    return f"{pound_id}\x1fno\x1f{number}\x1f{day}"


def identity_key(
    pound_id: str, entry_no: str | None, brought_at: str, kind: str, n: int, part: int | None = None
) -> str:
    """What makes a register entry the same entry from one ingest to the next, whatever else in it is corrected.

    A numbered entry is its pound, its number and the day brought (a register numbering from 1 each year or each
    month is told apart by the day); the number is read as a number when it is one ('017' is 17). An entry without
    a number is its pound, the day and hour brought as written, its kind as written and its count.
    ('tcr-ollur', '017', '2025-04-02T17:15', 'goat', 1) -> the parts 'tcr-ollur', 'no', '17', '2025-04-02';
    ('tcr-ollur', None, '2025-04-02T17:15', 'Goat', 1) -> 'tcr-ollur', 'at', '2025-04-02T17:15', 'goat', '1'
    (joined by a unit separator, which no cell holds).

    Two entries with one key (two numbered alike on a day, a copy corrected in one file and not the other) are
    two entries: the ingest tells them apart by their order in the registers (schema.FINISH, '-2', '-3'). Each kind
    of an entry naming several ('1 cow with calf', records.to_entries) is its own entry: its place among them
    (`part`, 1, 2, ...) ends its key.
    """
    number = identity_number(entry_no)
    key = _numbered(pound_id, number, brought_at[:10]) if number else "\x1f".join(
        (pound_id, "at", brought_at, " ".join(kind.lower().split()), str(n))
    )  # fmt: skip
    return f"{key}\x1fpart {part}" if part is not None else key


def impoundment_id(
    pound_id: str, entry_no: str | None, brought_at: str, kind: str, n: int, part: int | None = None
) -> str:
    """Stable across re-ingests and corrections: an entry keeps its id while its identity_key holds, so a corrected
    description, place, outcome or fine keeps the animal's page.

    ('tcr-ollur', '2', '2025-04-02T17:15', 'goat', 1) -> 'tcr-ollur-6c3e...'
    """
    key = identity_key(pound_id, entry_no, brought_at, kind, n, part)
    return f"{pound_id}-{hashlib.sha1(key.encode()).hexdigest()[:16]}"


def impoundment_ids(
    pound_id: str, entry_nos: list[str | None], brought_ats: list[str], kinds: list[str], heads: list[int]
) -> list[str]:
    """impoundment_id of each entry of a column of entries (of one kind each), each distinct number read once:
    ('tcr-ollur', ['2', '3'], ['2025-04-02T17:15', ...], ['goat', 'cow'], [1, 2]) -> ['tcr-ollur-6c3e...', ...]."""
    numbers = {no: identity_number(no) for no in set(entry_nos)}
    sha1 = hashlib.sha1
    return [
        f"{pound_id}-{sha1((_numbered(pound_id, number, at[:10]) if (number := numbers[no]) else identity_key(pound_id, no, at, kind, n)).encode()).hexdigest()[:16]}"
        for no, at, kind, n in zip(entry_nos, brought_ats, kinds, heads, strict=True)
    ]


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


def to_entry(
    pound_id: str,
    cells: dict[str, Any],
    act: RulePack | None = None,
    part: tuple[int, KindPart, int] | None = None,
    roster: Persons = EMPTY,
) -> Entry:
    """A record's recognised cells -> Entry (of one kind, or of the kind `part` of an entry naming several: see
    to_entries). Raises RecordRejected with the reason a clerk reads (SeveralKinds for an entry naming several).
    The public text names no one the record or the roster of officials knows (ingest/privacy.py)."""
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
    if act is not None and not act.applies_on(day):
        raise RecordRejected(_outside_act(act, day))
    brought_at = f"{day.isoformat()}T{hour.hour:02d}:{hour.minute:02d}" if hour else day.isoformat()

    kind, desc, nd_count, count_cell = _kind_count_description(cells)
    if part is None:
        try:
            species = species_of(kind)
        except SeveralKinds:
            raise  # to_entries makes an entry of each kind
        except KindRejected as e:  # its reason names the pound's Act: K s.2(1) is not every Act's definition
            raise _kind_reason(e, act) from None
        if count_cell is not None and text(count_cell) != "":
            n = head_count(count_cell)
        else:
            n = head_count(nd_count if nd_count is not None else 1)
        written = kind
    else:
        _, kind_part, n = part
        species, written = kind_part.species, kind_part.written
    if act is not None and not act.covers(species):
        raise _kind_reason(KindRejected(f"{written} ({species})", "not_cattle", word=species), act)

    dates: dict[str, dt.date] = {}
    for field in OUTCOME_DATES:
        if field in cells:
            try:
                d = optional_date(cells[field])
            except RecordRejected as e:
                raise RecordRejected(
                    f"The {COLUMN_WORDS[field]} could not be read: {e}",
                    public=f"The {COLUMN_WORDS[field]} could not be read: {e.public or e}",
                ) from None
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
    people, persons = people_of(cells), persons_of(cells)
    known = owner_is_known(cells)
    outcome = text(cells.get("complaint_outcome")) or None
    public_desc, public_place, public_outcome = (hide(x, *persons, roster) for x in (desc, place, outcome))
    return Entry(
        # what the entry is (identity_key), so its id survives a correction; a kind of an entry naming several is
        # keyed by its place among them as well
        id=impoundment_id(pound_id, entry_no, brought_at, kind, n, None if part is None else part[0]),
        entry_no=public_entry_no(entry_no),
        brought_on=day,
        brought_at=brought_at,
        species=species,
        species_as_written=public_kind(written),
        head_count=n,
        description=public_desc or "",
        place_seized=public_place,
        owner_known=known,
        dates=dates,
        complaint_outcome=public_outcome,
        adjudged_illegal=seizure_adjudged_illegal(outcome),
        fine_levied=_money(cells.get("fine")),
        sale_proceeds=_money(cells.get("sale_proceeds")),
        sale_expenses=_money(cells.get("sale_expenses")),
        people=people,
        source_part=None if part is None else part[0],
    )


def _kind_count_description(cells: dict[str, Any]) -> tuple[str, str, int | None, Any]:
    """A record's kind as written, its description, the number written with the kind, and the count cell:
    {'number_and_description': '2 cows (black)'} -> ('cows', 'black', 2, None)."""
    count_cell = cells.get("head_count")
    kind, written_with, nd_count = kind_written(
        text(cells.get("species")), text(cells.get("number_and_description")), count_cell is None
    )
    desc = description_written(
        written_with, text(cells.get("description")), text(cells.get("description_extra")), text(cells.get("ear_tag"))
    )
    return kind, desc, nd_count, count_cell


def kind_written(kind_cell: str, number_and_description: str, no_count: bool) -> tuple[str, str, int | None]:
    """A record's kind as written, the description written with it and the number written with it, from its kind
    cell (as text), its 'number and description' cell and whether it has no count cell: ('2 cows (black)', '', True)
    -> ('cows', 'black', 2); ('cow', '', False) -> ('cow', '', None). Raises RecordRejected when neither names one."""
    if kind_cell:
        if not no_count:
            return kind_cell, "", None
        nd = split_number_and_description(kind_cell)
        return nd.kind or kind_cell, nd.description, nd.head
    if number_and_description:
        nd = split_number_and_description(number_and_description)
        return nd.kind, nd.description, nd.head
    raise RecordRejected("The entry does not say what kind of cattle was impounded.")


def description_written(with_kind: str, desc_cell: str, extra: str, tag: str) -> str:
    """The description: what was written with the kind, the description cell, and the columns beside it (breed, sex,
    age; a tag number), as text: ('black', 'bell on neck', 'HF', '') -> 'black, bell on neck, HF'."""
    desc = ", ".join(x for x in (with_kind, desc_cell) if x)
    # Columns beside the description belong in it: that is where owners search.
    for more, label in ((extra, ""), (tag, "ear tag ")):
        if more and more not in desc:
            desc = ", ".join(x for x in (desc, label + more) if x)
    return inert(desc)


def _kind_reason(e: KindRejected, act: RulePack | None) -> RecordRejected:
    """A kind's reject in the words of the pound's Act: 'dog' under the 1857 Act cites 1857 s.VI, s.XVIII. The
    public reason says "the kind" where the private one quotes the cell (it may hold a name: 'cow of Kunjan')."""
    if act is None:
        return RecordRejected(str(e), public=e.under(quoted=False))
    definition = act.cattle.cite if act.cattle else act.sections.get("definition", "")
    fine = act.sections.get("fine", "")
    return RecordRejected(
        e.under(act.title, definition, fine), public=e.under(act.title, definition, fine, quoted=False)
    )


def _outside_act(act: RulePack, day: dt.date) -> str:
    """Why an entry's day is outside its pound's Act: before it could apply, or after it ended (with the Act that
    followed). A stray number in a spreadsheet's date column reads as a day of 1900-1905 ("2025" is 17 Jul 1905)."""
    f = act.in_force
    if f.start is not None and day < f.start:
        return (
            f"The date brought, {day.day} {day:%b %Y}, is before {act.title} can have applied "
            f"({f.start.day} {f.start:%b %Y}: {f.start_source}): check the date (a number where a date belongs?)."
        )
    after = ""
    if f.replaced_by:
        with contextlib.suppress(UnknownAct):
            after = f"; the Act that followed is {pack(f.replaced_by).title} ({f.replaced_by})"
    end = f.end or day
    return (
        f"The date brought, {day.day} {day:%b %Y}, is after {act.title} ended ({end.day} {end:%b %Y} at the "
        f"latest: {f.end_source}){after}. Check the date, or the pound's act in pounds.csv."
    )


def _parts_of(cells: dict[str, Any], several: SeveralKinds) -> list[tuple[int, KindPart, int]]:
    """The kinds of an entry naming several, each with its head: '2 bullocks and a buffalo' -> [(1, bullocks, 2),
    (2, a buffalo, 1)]; 'cow with calf' and a count of 2 -> [(1, cow, 1), (2, calf, 1)]. Raises RecordRejected when
    the head of a kind is not written ('cows and calves') or the kinds' head do not add up to the count cell."""
    kind, _, nd_count, count_cell = _kind_count_description(cells)
    parts = kind_parts(kind)
    if len(parts) < 2:
        raise several
    heads: list[int] = []
    for i, p in enumerate(parts):
        n = p.head if p.head is not None else (nd_count if i == 0 else None)
        if n is None and not p.plural:
            n = 1  # 'cow with calf': one of each
        if n is None:
            raise several
        heads.append(head_count(n))
    if count_cell is not None and text(count_cell) != "" and head_count(count_cell) != sum(heads):
        each = ", ".join(f"{n} {p.species}" for n, p in zip(heads, parts, strict=True))
        raise RecordRejected(
            f"The number of head ({text(count_cell)}) is not the sum of the kinds the entry names ({each}): correct "
            "the number or the kinds."
        )
    return [(i, p, n) for i, (p, n) in enumerate(zip(parts, heads, strict=True), 1)]


def to_entries(
    pound_id: str, cells: dict[str, Any], act: RulePack | None = None, roster: Persons = EMPTY
) -> list[Entry]:
    """A record -> its entries: one, or one per kind when it names several ('1 cow with calf' -> a cow and a calf,
    each fined by its kind, K s.11(1)). Raises RecordRejected with the reason a clerk reads."""
    try:
        return [to_entry(pound_id, cells, act, roster=roster)]
    except SeveralKinds as several:
        reason = _kind_reason(several, act)
        try:
            parts = _parts_of(cells, several)
        except SeveralKinds:
            raise reason from None
        return [to_entry(pound_id, cells, act, part, roster) for part in parts]


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
