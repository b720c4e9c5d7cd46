"""Entries, a block of a register at a time: a Block of cells (ingest/readers.py) -> the entries it holds, as columns.

A register repeats its dates, kinds, counts, places and people thousands of times, so each column's distinct cells
(or a few columns' distinct combinations) are read once, into a dict, and each row's entry is assembled by looking
its cells up. Each field is read by its one rule in ingest/fields.py, the functions records.to_entry reads a record
with. A row whose cells all read plainly (nearly every one) costs those lookups and its id; any other row (a reject,
an entry naming two kinds, a long cell, a list in a JSON cell) is read as records.to_entries reads a record, so its
entries and its reasons are that function's, word for word. tests/test_one_reader.py holds the two ways equal.

    read(block, pound_id, pack, roster) -> Entries(id=['p1-6c3e...', ...], brought_at=['2025-04-03T17:15', ...], ...)
"""

from __future__ import annotations

import bisect
import datetime as dt
import json
import os
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from json.encoder import encode_basestring as encode  # as json.dumps(str, ensure_ascii=False)
from typing import Any, TypeVar

from pinfold.errors import RecordRejected
from pinfold.law.packs import RulePack
from pinfold.law.status import seizure_adjudged_illegal
from pinfold.schema import OUTCOME_DATES

from . import fields
from .fields import MAX_CELL, text
from .normalise import hour_of
from .people import PEOPLE_TEXTS, _flat_text, known_cell, known_from, people_from, split_person
from .privacy import (
    EMPTY,
    Persons,
    alike_for_all,
    hide,
    persons_in,
    persons_of,
    public_entry_no,
    public_kind,
    public_reason,
)
from .readers import Block, stored_text
from .records import Entry, impoundment_ids, to_entries
from .schema import People

T = TypeVar("T")
_PLAIN = frozenset({str, type(None)})
_NOT_READ: Any = object()  # a cell the fast path does not read: its row is read by records.to_entries

# The fields an entry's kind, count and description are read from (records._kind_count_description).
WHAT = ("species", "number_and_description", "head_count", "description", "description_extra", "ear_tag")


def _key(v: Any) -> Any:
    """A cell as a dict key that tells 1, 1.0 and True apart (and 0.0 from -0.0), and a cell that is a list or an
    object by itself."""
    if isinstance(v, float):
        return (float, repr(v))
    try:
        hash(v)
    except TypeError:
        return (type(v), id(v))
    return (type(v), v)


def _plain(column: Sequence[Any]) -> bool:
    """Whether a column's cells are their own dict keys: text and blanks (1, 1.0 and True are one key)."""
    return set(map(type, column)) <= _PLAIN


def lookup(columns: Sequence[Sequence[Any]], fn: Callable[..., T], exact: bool = True) -> list[T]:
    """fn of each row's values in these columns, computed once per distinct combination of them. Cells (exact) that
    are not text or blanks are told apart by type (_key); values the ingest made (dates, amounts, tuples of them)
    are compared as they are.

    ([('03/11/2025', '03/11/2025', '04/11/2025')], parse) -> [parse('03/11/2025')] * 2 + [parse('04/11/2025')]"""
    if exact and not all(map(_plain, columns)):
        keyed = [c if _plain(c) else [_key(v) for v in c] for c in columns]
        keys = keyed[0] if len(keyed) == 1 else list(zip(*keyed, strict=True))
        first = dict(zip(keys, range(len(keys)), strict=False))  # a row of each distinct key
        found = {k: fn(*(c[i] for c in columns)) for k, i in first.items()}
        return list(map(found.__getitem__, keys))
    if len(columns) == 1:
        column = columns[0]
        one = {v: fn(v) for v in set(column)}
        return list(map(one.__getitem__, column))
    rows = list(zip(*columns, strict=True))
    many = {k: fn(*k) for k in set(rows)}
    return list(map(many.__getitem__, rows))


def _rows_with(columns: Iterable[Sequence[Any]], bad: Callable[[Any], bool]) -> set[int]:
    """The rows where any of these columns holds a cell `bad` says the lookups do not read. A cell that is a list or
    an object (JSON) is not read by them either."""
    rows: set[int] = set()
    for column in columns:
        try:
            marked = {v for v in set(column) if bad(v)}
        except TypeError:
            rows.update(i for i, v in enumerate(column) if not isinstance(v, _HASHABLE) or bad(v))
            continue
        if marked:
            rows.update(i for i, v in enumerate(column) if v in marked)
    return rows


_HASHABLE = (str, int, float, dt.date, dt.time, type(None))


class Entries:
    """A block's entries as columns, one item per entry in register order, and its rejects.

    rec: the record's place in the block (a record naming two kinds is two entries); people: schema.People (seizer
    name and residence, owner name and residence, buyer) for the private register; dates: every OUTCOME_DATES' date or None;
    raw: the record's cells as JSON (private). rejects: (rec, public reason, private reason, raw)."""

    COLUMNS: tuple[str, ...] = (
        "rec",
        "id",
        "entry_no",
        "brought_on",
        "brought_at",
        "species",
        "species_as_written",
        "head_count",
        "head_count_assumed",
    )
    COLUMNS += ("description", "place_seized", "owner_known", "dates", "complaint_outcome", "adjudged_illegal")
    COLUMNS += ("fine_levied",)
    COLUMNS += ("sale_proceeds", "sale_expenses", "people", "source_part", "raw")

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {c: [] for c in self.COLUMNS}
        self.rejects: list[tuple[int, str, str, str]] = []

    def __len__(self) -> int:
        return len(self.columns["rec"])

    def __getitem__(self, column: str) -> list[Any]:
        return self.columns[column]

    def add(self, rec: int, e: Entry, raw: str) -> None:
        """One entry records.to_entries read."""
        p = e.people
        values = {
            "rec": rec, "id": e.id, "entry_no": e.entry_no, "brought_on": e.brought_on, "brought_at": e.brought_at,
            "species": e.species, "species_as_written": e.species_as_written, "head_count": e.head_count,
            "head_count_assumed": e.head_count_assumed, "description": e.description, "place_seized": e.place_seized, "owner_known": e.owner_known,
            "dates": tuple(e.dates.get(f) for f in OUTCOME_DATES), "complaint_outcome": e.complaint_outcome,
            "adjudged_illegal": e.adjudged_illegal, "fine_levied": e.fine_levied, "sale_proceeds": e.sale_proceeds, "sale_expenses": e.sale_expenses,
            "people": People(p["seizer_name"], p["seizer_residence"], p["owner_name"], p["owner_residence"],
                             p["buyer_name"]),
            "source_part": e.source_part, "raw": raw,
        }  # fmt: skip
        for c, v in values.items():
            self.columns[c].append(v)


def raw_json(block: Block) -> list[str]:
    """Each row's every cell as JSON, for the private register: json.dumps of Block.raw(i), each distinct cell of a
    column encoded once. ['{"No": "1", "Date": "03/11/2025"}', ...]"""
    if block.objects is not None:
        return [json.dumps(obj, ensure_ascii=False, default=stored_text) for obj in block.objects]
    if len(set(block.header)) != len(block.header) or not block.header:
        return [json.dumps(block.raw(i), ensure_ascii=False, default=stored_text) for i in range(len(block))]

    def encoded(name: str, column: Sequence[Any]) -> list[str]:
        key = encode(name) + ": "
        if _plain(column):  # text, the common case, by the encoder's C function
            one = {v: key + ("null" if v is None else encode(v)) for v in set(column)}
            return list(map(one.__getitem__, column))
        return lookup([column], lambda v: key + json.dumps(v, ensure_ascii=False, default=stored_text))

    pieces = [encoded(h, c) for h, c in zip(block.header, block.columns, strict=True)]
    out = ["{" + ", ".join(row) + "}" for row in zip(*pieces, strict=True)]
    for i in block.ragged:  # a row with cells past the header's: as Block.raw has it
        out[i] = json.dumps(block.raw(i), ensure_ascii=False, default=stored_text)
    return out


# Set (to anything) only by tests/test_one_reader.py: every row is read row-wise, by records.to_entries, so the test
# can hold the two ways of reading a row equal. No ingest, command or setting of Pinfold sets it.
ROW_BY_ROW = "PINFOLD_TEST_ROW_BY_ROW"


def _or_not_read(read: Callable[..., T], *cells: Any) -> T:
    """A field read by its rule (ingest/fields.py), or _NOT_READ when the rule rejects it: its row is then read by
    records.to_entries, which gives the reason. ('03/11/2099',) -> _NOT_READ."""
    try:
        return read(*cells)
    except RecordRejected:
        return _NOT_READ


def read(block: Block, pound_id: str, act: RulePack | None, roster: Persons = EMPTY) -> Entries:
    """A block's rows -> its entries and rejects (see the module's docstring)."""
    n = len(block)
    raws = raw_json(block)
    if os.environ.get(ROW_BY_ROW):
        entries = Entries()
        _read_slowly(entries, block, list(range(n)), pound_id, act, roster, raws)
        return entries
    f = block.fields
    none: Sequence[Any] = tuple(repeat(None, n))

    def col(field: str) -> Sequence[Any]:
        return f.get(field, none)

    ctx = fields.context(act)
    slow: set[int] = set(range(n)) - block.absent.get("unparsed", set()) if "unparsed" in f else set()
    slow |= _rows_with(f.values(), lambda v: isinstance(v, str) and len(v) > MAX_CELL)
    whens = _whens(col("brought_at"), col("hour"), ctx)
    whats = _whats(block, ctx)
    all_dates = _outcome_dates(block)
    ordered = _in_order(whens, all_dates)
    slow.update(i for i, (k, ok) in enumerate(zip(whats, ordered, strict=True)) if k is _NOT_READ or not ok)
    people, known = _people(block)

    everyone = persons_in(f)
    alike: dict[str, str | None] = {}  # a text that names none of the block's people, hidden once

    def public(texts: Sequence[str | None]) -> list[str | None]:
        """Each text hidden as `hide` hides it for its row: once per distinct text that names none of the block's
        people, row by row for the others (few: a description naming its owner)."""
        out: list[str | None] = []
        for i, t in enumerate(texts):
            if not t:
                out.append(t)
            elif t in alike:
                out.append(alike[t])
            elif alike_for_all(t, everyone):
                out.append(alike.setdefault(t, hide(t, roster)))
            else:
                out.append(hide(t, *persons_of(block.cells(i)), roster))
        return out

    kinds: list[Any] = [k if k is not _NOT_READ else (None, None, None, None, None, False) for k in whats]
    outcomes_written = lookup([col("complaint_outcome")], fields.written)
    numbers = lookup([col("entry_no")], fields.entry_number)

    entries = Entries()
    c = entries.columns
    c["rec"] = list(range(n))
    c["entry_no"] = lookup([numbers], public_entry_no)
    c["id"] = _ids(pound_id, [i for i in range(n) if i not in slow], numbers, c["entry_no"], whens, kinds)
    c["brought_on"] = [w[0] if w is not _NOT_READ else None for w in whens]
    c["brought_at"] = [w[1] if w is not _NOT_READ else None for w in whens]
    c["species"] = [k[2] for k in kinds]
    c["species_as_written"] = [k[4] for k in kinds]
    c["head_count"] = [k[3] for k in kinds]
    c["head_count_assumed"] = [k[5] for k in kinds]
    c["description"] = [d or "" for d in public([k[1] for k in kinds])]
    c["place_seized"] = public(lookup([col("place_seized")], fields.place))
    c["owner_known"] = known
    c["dates"] = all_dates
    c["complaint_outcome"] = public(outcomes_written)
    c["adjudged_illegal"] = lookup([outcomes_written], seizure_adjudged_illegal)
    for field, name in (
        ("fine", "fine_levied"),
        ("sale_proceeds", "sale_proceeds"),
        ("sale_expenses", "sale_expenses"),
    ):
        c[name] = lookup([f[field]], fields.money) if field in f else list(none)
    c["people"] = people
    c["source_part"] = list(none)
    c["raw"] = raws
    if slow:
        _read_slowly(entries, block, sorted(slow), pound_id, act, roster, raws)
    return entries


def _whens(dates: Sequence[Any], hours: Sequence[Any], ctx: fields.Context) -> list[Any]:
    """Each row's day and moment brought, or _NOT_READ: ('03/11/2025', '14:30') -> (3 Nov 2025, '2025-11-03T14:30').
    The date's cells and the hour's are read apart, each distinct cell once (fields.when_brought, normalise.hour_of);
    the hour cell's hour stands over the date's own."""

    def day(cell: Any) -> Any:
        day, hour = fields.when_brought(cell)
        return fields.day_allowed(day, ctx), hour

    def brought(day_hour: Any, hour: Any) -> Any:
        if day_hour is _NOT_READ or hour is _NOT_READ:
            return _NOT_READ
        d, at = day_hour[0], (day_hour[1] if hour is None else hour)
        return d, fields.brought_at(d, at)

    days = lookup([dates], lambda cell: _or_not_read(day, cell))
    return lookup([days, lookup([hours], lambda cell: _or_not_read(hour_of, cell))], brought, exact=False)


def _whats(block: Block, ctx: fields.Context) -> list[Any]:
    """Each row's (kind as written, description, species, head, public kind, head assumed), or _NOT_READ: each
    distinct cell (or combination of the cells a field is written over) read once by fields.kind_written, species,
    covered, head and head_assumed."""
    f, n = block.fields, len(block)
    texts = {w: lookup([f[w]], text) if w in f else [""] * n for w in WHAT if w != "head_count"}
    counts = f.get("head_count", tuple(repeat(None, n)))

    def species(kind: Any) -> Any:
        if kind is _NOT_READ:
            return _NOT_READ
        return fields.covered(fields.species(kind[0], ctx), kind[0], ctx), public_kind(kind[0])

    kinds_written = lookup(
        [texts["species"], texts["number_and_description"], [c is None for c in counts]],
        lambda k, nd, no_count: _or_not_read(fields.kind_written, k, nd, no_count),
        exact=False,
    )
    found = lookup([kinds_written], lambda k: _or_not_read(species, k), exact=False)
    heads = lookup(
        [counts, kinds_written],
        lambda count, k: _or_not_read(fields.head, count, None if k is _NOT_READ else k[2]),
    )
    assumed = lookup([counts, kinds_written], lambda count, k: k is not _NOT_READ and fields.head_assumed(count, k[2]))
    descriptions = lookup(
        [[k[1] if k is not _NOT_READ else "" for k in kinds_written], texts["description"],
         texts["description_extra"], texts["ear_tag"]],
        fields.description_written,
    )  # fmt: skip
    return [
        _NOT_READ if _NOT_READ in (k, s, h) else (k[0], d, s[0], h, s[1], a)
        for k, s, h, d, a in zip(kinds_written, found, heads, descriptions, assumed, strict=True)
    ]


def _outcome_dates(block: Block) -> list[tuple[Any, ...]]:
    """Each row's OUTCOME_DATES, a date, None or _NOT_READ each: each column's distinct cells read once
    (fields.outcome_date), and the remarks' dates where their columns give none (fields.remarked, outcome_dates)."""
    f, n = block.fields, len(block)
    columns: list[Sequence[Any]] = [
        lookup([f[field]], lambda cell, field=field: _or_not_read(fields.outcome_date, field, cell))
        if field in f
        else tuple(repeat(None, n))
        for field in OUTCOME_DATES
    ]
    rows = list(zip(*columns, strict=True))
    if "remarks" in f:
        for i, found in enumerate(lookup([f["remarks"]], lambda cell: fields.remarked(text(cell)))):
            if found and _NOT_READ not in rows[i]:
                dates = fields.outcome_dates(_as_dict(rows[i]), found)
                rows[i] = tuple(dates.get(field) for field in OUTCOME_DATES)
    return rows


def _in_order(whens: list[Any], dates: list[tuple[Any, ...]]) -> list[bool]:
    """Whether each row's day brought and outcome dates were read and are in order (fields.in_order), once per
    distinct day and dates: a row with an outcome before the day brought is a reject."""

    def ok(day: Any, ds: tuple[Any, ...]) -> bool:
        if day is _NOT_READ or _NOT_READ in ds:
            return False
        return _or_not_read(fields.in_order, _as_dict(ds), day) is not _NOT_READ

    return lookup([[w if w is _NOT_READ else w[0] for w in whens], dates], ok, exact=False)


def _as_dict(dates: tuple[dt.date | None, ...]) -> dict[str, dt.date]:
    """A row's OUTCOME_DATES as the dates it gives: (None, 5 Nov 2025, ...) -> {'claimed_on': 5 Nov 2025}."""
    return {field: d for field, d in zip(OUTCOME_DATES, dates, strict=True) if d is not None}


def _people(block: Block) -> tuple[list[People], list[bool]]:
    """Each row's people for the private register (seizer name, seizer residence, owner name, owner residence,
    buyer) and whether its owner is known, by the rules privacy.people_of and owner_is_known follow (people_from,
    known_from), each column's distinct cells read once: a row's cells name its own people (few repeat), but each
    cell repeats. A JSON entry without a claimant's key has no claimant (people_of)."""
    f, n = block.fields, len(block)
    without = block.absent.get("claimant", set()) if "claimant" in f else set()

    def each(field: str, read: Callable[[Any], T], blank: T) -> list[T]:
        """read of each row's cell in this column, once per distinct cell; `blank` (read(None)) without the column."""
        return lookup([f[field]], read) if field in f else [blank] * n

    nobody: tuple[str | None, str | None] = (None, None)
    seizer = each("seizer", split_person, nobody)
    owner = each("owner", split_person, nobody)
    claimant: list[tuple[str | None, str | None] | None] = list(each("claimant", split_person, None))
    texts = [each(field, _flat_text, "") for field in PEOPLE_TEXTS]
    known_owner = each("owner", known_cell, False)
    known_claimant = each("claimant", known_cell, False)
    for i in without:  # as if the entry had no such cell
        claimant[i], known_claimant[i] = None, False
    people = [People(*people_from(*row)) for row in zip(seizer, owner, claimant, *texts, strict=True)]
    name, first, last = (texts[PEOPLE_TEXTS.index(x)] for x in ("owner_name", "owner_first_name", "owner_last_name"))
    known = list(map(known_from, known_owner, known_claimant, name, first, last))
    return people, known


def _ids(
    pound_id: str,
    plain: list[int],
    numbers: list[str | None],
    public_nos: list[str | None],
    whens: list[Any],
    kinds: list[Any],
) -> list[str | None]:
    """The plain rows' ids (records.impoundment_ids, from the public numbers already read), None for the others
    (records.to_entries gives theirs)."""
    ids: list[str | None] = [None] * len(numbers)
    if plain:
        found = impoundment_ids(
            pound_id, [numbers[i] for i in plain], [whens[i][1] for i in plain], [kinds[i][0] for i in plain],
            [kinds[i][3] for i in plain], [public_nos[i] for i in plain],
        )  # fmt: skip
        for i, x in zip(plain, found, strict=True):
            ids[i] = x
    return ids


def _read_slowly(
    entries: Entries,
    block: Block,
    rows: list[int],
    pound_id: str,
    act: RulePack | None,
    roster: Persons,
    raws: list[str],
) -> None:
    """The rows the lookups do not read, read by records.to_entries: their entries take the rows' places, in order,
    and their rejects are kept with their reasons."""
    c = entries.columns
    extra = Entries()
    place: list[int] = []  # where each of the slow rows' entries goes: after the plain rows before it
    for i in rows:
        cells = block.cells(i)
        try:
            found = to_entries(pound_id, cells, act, roster)
        except RecordRejected as err:
            entries.rejects.append((i, public_reason(err, cells, roster), str(err), raws[i]))
            continue
        for e in found:
            extra.add(i, e, raws[i])
            place.append(i)
    slow = set(rows)
    keep = [i for i in range(len(block)) if i not in slow]
    at = keep + place  # each entry's record, plain rows first: sorted (stably) into register order
    order = sorted(range(len(at)), key=at.__getitem__)
    for name, column in c.items():
        joined = [column[i] for i in keep] + extra.columns[name]
        c[name] = [joined[k] for k in order]


def reject_places(entries: Entries) -> list[int]:
    """Where each reject stands among the entries' rows, in register order (for the private register, which holds
    both): the number of entries before its record, plus the rejects before it."""
    recs = entries["rec"]
    return [bisect.bisect_left(recs, rec) + j for j, (rec, *_) in enumerate(entries.rejects)]
