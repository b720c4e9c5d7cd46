"""One register record -> one clean entry (public columns + private people), or RecordRejected with a reason.

Each field is read by ingest/fields.py, the one table of a field's reading and its rejects, which entries.read uses as
well; this module puts a record's fields together, in the order their reasons are given, and keeps an entry's
identity (identity_key, impoundment_id).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass
from typing import Any

from pinfold.errors import RecordRejected
from pinfold.law.money import Money
from pinfold.law.packs import RulePack
from pinfold.law.status import seizure_adjudged_illegal
from pinfold.schema import OUTCOME_DATES
from pinfold.vocabulary import KindPart, SeveralKinds, colour_of, ear_tags, kind_parts

from . import fields
from .fields import latest_day as latest_day  # the ingest (build.py) clears it for each ingest
from .fields import text
from .normalise import head_count
from .privacy import EMPTY, Persons, hide, owner_is_known, people_of, persons_of, public_entry_no, public_kind


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
    # The register gives no number of head (no count, none written with the kind): read as one (fields.head).
    head_count_assumed: bool = False


def identity_number(entry_no: str | None) -> str:
    """An entry number as its identity reads it, from what the public reads of it (public_entry_no): the id is
    published, and a hash of a cell is found again by trying what it may hold (a phone: every ten-digit number; a
    name: a list of names). '017' -> '17'; ' 12 A' -> '12a'; '12 (Lonappan)' -> '12'; '9447012345' -> '[number]';
    None -> ''."""
    return identity_of_public(public_entry_no(entry_no))


def identity_of_public(public: str | None) -> str:
    """identity_number from the public entry number already read: '017' -> '17'; '[number]' -> '[number]'."""
    number = "".join((public or "").split()).lower()
    return str(int(number)) if number.isdigit() else number


def _numbered(pound_id: str, number: str, day: str) -> str:
    return f"{pound_id}\x1fno\x1f{number}\x1f{day}"


def identity_key(
    pound_id: str, entry_no: str | None, brought_at: str, kind: str, n: int, part: int | None = None
) -> str:
    """What makes a register entry the same entry from one ingest to the next, whatever else in it is corrected.

    A numbered entry is its pound, its number and the day brought (a register numbering from 1 each year or each
    month is told apart by the day); the number is read as a number when it is one ('017' is 17). An entry without
    a number is its pound, the day and hour brought as written, its kind as written and its count. The number and
    the kind are read as the public reads them (public_entry_no, public_kind): the id is published, and no hash of
    a person's name or number is ('12 (Lonappan)' is 12, 'cow of Lonappan' a cow).
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
        (pound_id, "at", brought_at, " ".join(public_kind(kind).lower().split()), str(n))
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
    pound_id: str,
    entry_nos: list[str | None],
    brought_ats: list[str],
    kinds: list[str],
    heads: list[int],
    public_nos: list[str | None] | None = None,
) -> list[str]:
    """impoundment_id of each entry of a column of entries (of one kind each), each distinct number read once (or
    from `public_nos`, each one's public_entry_no when the caller has read them):
    ('tcr-ollur', ['2', '3'], ['2025-04-02T17:15', ...], ['goat', 'cow'], [1, 2]) -> ['tcr-ollur-6c3e...', ...]."""
    if public_nos is None:
        numbers = {no: identity_number(no) for no in set(entry_nos)}
    else:
        numbers = {no: identity_of_public(pub) for no, pub in zip(entry_nos, public_nos, strict=True)}
    sha1 = hashlib.sha1
    return [
        f"{pound_id}-{sha1((_numbered(pound_id, number, at[:10]) if (number := numbers[no]) else identity_key(pound_id, no, at, kind, n)).encode()).hexdigest()[:16]}"
        for no, at, kind, n in zip(entry_nos, brought_ats, kinds, heads, strict=True)
    ]


def to_entry(
    pound_id: str,
    cells: dict[str, Any],
    act: RulePack | None = None,
    part: tuple[int, KindPart, int] | None = None,
    roster: Persons = EMPTY,
) -> Entry:
    """A record's recognised cells -> Entry (of one kind, or of the kind `part` of an entry naming several: see
    to_entries), each field read by ingest/fields.py in the order its reasons are given. Raises RecordRejected with
    the reason a clerk reads (SeveralKinds for an entry naming several). The public text names no one the record or
    the roster of officials knows (ingest/privacy.py)."""
    if "unparsed" in cells:  # its text is not quoted: a reason is public, and the line may hold a name
        raise RecordRejected("This line is not JSON, so no entry can be read from it.")
    for field, value in cells.items():
        fields.too_long(field, value)
    ctx = fields.context(act)
    day, hour = _when(cells)
    fields.day_allowed(day, ctx)
    at = fields.brought_at(day, hour)
    kind, desc, n, species, written, assumed = _what(cells, part, ctx)
    dates = fields.in_order(_dates(cells), day)
    entry_no = fields.entry_number(cells.get("entry_no"))
    place = fields.place(cells.get("place_seized"))
    outcome = fields.written(cells.get("complaint_outcome"))
    persons = persons_of(cells)
    public_desc, public_place, public_outcome = (hide(x, *persons, roster) for x in (desc, place, outcome))
    return Entry(
        # what the entry is (identity_key), so its id survives a correction; a kind of an entry naming several is
        # keyed by its place among them as well
        id=impoundment_id(pound_id, entry_no, at, kind, n, None if part is None else part[0]),
        entry_no=public_entry_no(entry_no),
        brought_on=day,
        brought_at=at,
        species=species,
        species_as_written=public_kind(written),
        head_count=n,
        head_count_assumed=assumed,
        description=public_desc or "",
        place_seized=public_place,
        owner_known=owner_is_known(cells),
        dates=dates,
        complaint_outcome=public_outcome,
        adjudged_illegal=seizure_adjudged_illegal(outcome),
        fine_levied=fields.money(cells.get("fine")),
        sale_proceeds=fields.money(cells.get("sale_proceeds")),
        sale_expenses=fields.money(cells.get("sale_expenses")),
        people=people_of(cells),
        source_part=None if part is None else part[0],
    )


def _when(cells: dict[str, Any]) -> tuple[dt.date, dt.time | None]:
    """A record's date and hour brought (fields.when_brought). A row whose date or hour cannot be read and that names
    no kind and no number is a note or a signature, not an entry: its reason says so and does not quote the row (a
    reason is public, and a signature line holds a name)."""
    date_cell = cells.get("brought_at")
    if date_cell is None or text(date_cell) == "":
        return fields.when_brought(date_cell)  # rejected: the date is blank
    try:
        return fields.when_brought(date_cell, cells.get("hour"))
    except RecordRejected:
        if not any(text(cells.get(f)) for f in fields.KIND_FIELDS):
            raise RecordRejected(
                "This row holds no kind of cattle and no number: a note or a signature, not an entry."
            ) from None
        raise


def _what(
    cells: dict[str, Any], part: tuple[int, KindPart, int] | None, ctx: fields.Context
) -> tuple[str, str, int, str, str, bool]:
    """A record's kind as written, its description, head, species, the kind that species was read from (the kind
    `part` of an entry naming several) and whether the head was assumed (fields.head_assumed):
    {'number_and_description': '2 cows (black)'} -> ('cows', 'black', 2, 'cow', 'cows', False)."""
    kind, desc, nd_count, count_cell = _kind_count_description(cells)
    if part is None:
        species = fields.species(kind, ctx)
        n = fields.head(count_cell, nd_count)
        written, assumed = kind, fields.head_assumed(count_cell, nd_count)
    else:  # each kind of an entry naming several has its own number ('2 cows and a calf'), or it is turned away
        _, kind_part, n = part
        species, written, assumed = kind_part.species, kind_part.written, False
    return kind, desc, n, fields.covered(species, written, ctx), written, assumed


def _dates(cells: dict[str, Any]) -> dict[str, dt.date]:
    """A record's outcome dates, from their columns and its remarks (fields.outcome_dates):
    {'claimed_on': '', 'remarks': 'delivered 05/11/2025'} -> {'claimed_on': 5 Nov 2025}."""
    in_columns = {f: d for f in OUTCOME_DATES if f in cells and (d := fields.outcome_date(f, cells[f])) is not None}
    return fields.outcome_dates(in_columns, fields.remarked(text(cells.get("remarks"))))


def _kind_count_description(cells: dict[str, Any]) -> tuple[str, str, int | None, Any]:
    """A record's kind as written, its description, the number written with the kind, and the count cell:
    {'number_and_description': '2 cows (black)'} -> ('cows', 'black', 2, None)."""
    count_cell = cells.get("head_count")
    kind, written_with, nd_count = fields.kind_written(
        text(cells.get("species")), text(cells.get("number_and_description")), count_cell is None
    )
    desc = fields.description_written(
        written_with, text(cells.get("description")), text(cells.get("description_extra")), text(cells.get("ear_tag"))
    )
    return kind, desc, nd_count, count_cell


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
        why = f"is not the sum of the kinds the entry names ({each}): correct the number or the kinds."
        # the public reason gives the count read, not the cell: '5 (Kunjan Nair)' reads as a count of 5
        raise RecordRejected(
            f"The number of head ({text(count_cell)}) {why}",
            public=f"The number of head ({head_count(count_cell)}) {why}",
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
        reason = fields.kind_reason(several, act)
        try:
            parts = _parts_of(cells, several)
        except SeveralKinds:
            raise reason from None
        return [to_entry(pound_id, cells, act, part, roster) for part in parts]


def tags_and_colour(description: str) -> tuple[str, str | None]:
    return ear_tags(description), colour_of(description)
