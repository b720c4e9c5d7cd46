"""Entries, a block of a register at a time: a Block of cells (ingest/readers.py) -> the entries it holds, as columns.

A register repeats its dates, kinds, counts, places and people thousands of times, so each column's distinct cells
(or a few columns' distinct combinations) are read once, into a dict, and each row's entry is assembled by looking
its cells up. A row whose cells all read plainly (nearly every one) costs those lookups and its id; any other row
(a reject, an entry naming two kinds, a long or odd cell, a text naming someone the row knows) is read as
records.to_entries reads a record, so its entries and its reasons are that function's, word for word.

    read(block, pound_id, pack, roster) -> Entries(id=['p1-6c3e...', ...], brought_at=['2025-04-03T17:15', ...], ...)
"""

from __future__ import annotations

import bisect
import contextlib
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
from pinfold.vocabulary import species_of

from .normalise import head_count, optional_date, when_of
from .privacy import (
    EMPTY,
    Persons,
    _cell_text,
    alike_for_all,
    hide,
    name_and_residence,
    owner_known,
    persons_in,
    persons_of,
    public_entry_no,
    public_kind,
    public_reason,
    split_cell,
)
from .readers import Block, cell_text
from .records import (
    MAX_CELL,
    REMARK_OUTCOMES,
    Entry,
    _money,
    description_written,
    impoundment_ids,
    inert,
    kind_written,
    latest_day,
    text,
    to_entries,
)

T = TypeVar("T")
_PLAIN = frozenset({str, type(None)})
_NO_HOUR: Any = object()  # an hour cell left blank
_NOT_READ: Any = object()  # a cell the fast path does not read: its row is read by records.to_entries

# The fields an entry's kind, count and description are read from (records._kind_count_description).
WHAT = ("species", "number_and_description", "head_count", "description", "description_extra", "ear_tag")
_SEIZED = OUTCOME_DATES.index("seized_on")


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

    rec: the record's place in the block (a record naming two kinds is two entries); people: (seizer name, seizer
    residence, owner name, owner residence, buyer) for the private register; dates: every OUTCOME_DATES' date or None;
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
            "description": e.description, "place_seized": e.place_seized, "owner_known": e.owner_known,
            "dates": tuple(e.dates.get(f) for f in OUTCOME_DATES), "complaint_outcome": e.complaint_outcome,
            "adjudged_illegal": e.adjudged_illegal, "fine_levied": e.fine_levied, "sale_proceeds": e.sale_proceeds, "sale_expenses": e.sale_expenses,
            "people": (p["seizer_name"], p["seizer_residence"], p["owner_name"], p["owner_residence"],
                       p["buyer_name"]),
            "source_part": e.source_part, "raw": raw,
        }  # fmt: skip
        for c, v in values.items():
            self.columns[c].append(v)


def raw_json(block: Block) -> list[str]:
    """Each row's every cell as JSON, for the private register: json.dumps of Block.raw(i), each distinct cell of a
    column encoded once. ['{"No": "1", "Date": "03/11/2025"}', ...]"""
    if block.objects is not None:
        return [json.dumps(obj, ensure_ascii=False, default=cell_text) for obj in block.objects]
    if len(set(block.header)) != len(block.header) or not block.header:
        return [json.dumps(block.raw(i), ensure_ascii=False, default=cell_text) for i in range(len(block))]

    def encoded(name: str, column: Sequence[Any]) -> list[str]:
        key = encode(name) + ": "
        if _plain(column):  # text, the common case, by the encoder's C function
            one = {v: key + ("null" if v is None else encode(v)) for v in set(column)}
            return list(map(one.__getitem__, column))
        return lookup([column], lambda v: key + json.dumps(v, ensure_ascii=False, default=cell_text))

    pieces = [encoded(h, c) for h, c in zip(block.header, block.columns, strict=True)]
    out = ["{" + ", ".join(row) + "}" for row in zip(*pieces, strict=True)]
    for i in block.ragged:  # a row with cells past the header's: as Block.raw has it
        out[i] = json.dumps(block.raw(i), ensure_ascii=False, default=cell_text)
    return out


def _name_residence(cell: Any) -> tuple[str | None, str | None]:
    return split_cell(cell) if isinstance(cell, str) else name_and_residence(cell)


def _known(cell: Any) -> bool:
    return owner_known(cell)


# Set (to anything) only by tests/test_one_reader.py: every row is read row-wise, by records.to_entries, so the test
# can hold the two ways of reading a row equal. No ingest, command or setting of Pinfold sets it.
ROW_BY_ROW = "PINFOLD_TEST_ROW_BY_ROW"


def read(block: Block, pound_id: str, act: RulePack | None, roster: Persons = EMPTY) -> Entries:
    """A block's rows -> its entries and rejects (see the module's docstring)."""
    n = len(block)
    if os.environ.get(ROW_BY_ROW):
        entries = Entries()
        _read_slowly(entries, block, list(range(n)), pound_id, act, roster, raw_json(block))
        return entries
    f = block.fields
    none: Sequence[Any] = tuple(repeat(None, n))

    def col(field: str) -> Sequence[Any]:
        return f.get(field, none)

    slow: set[int] = set(range(n)) - block.absent.get("unparsed", set()) if "unparsed" in f else set()
    slow |= _rows_with(f.values(), lambda v: isinstance(v, str) and len(v) > MAX_CELL)

    # When: the date (and hour) brought, its checks against today and the Act.
    latest = latest_day()

    def when(cell: Any) -> Any:
        if cell is None or text(cell) == "":
            return _NOT_READ
        try:
            day, hour = when_of(cell)
        except Exception:  # a reject, with its reason, from records.to_entries
            return _NOT_READ
        return _NOT_READ if day > latest or (act is not None and not act.applies_on(day)) else (day, hour)

    def hour(cell: Any) -> Any:  # normalise.when_of's hour cell
        if cell in (None, ""):
            return _NO_HOUR
        try:
            return when_of(dt.date.min, cell)[1]
        except Exception:
            return _NOT_READ

    def brought(day_hour: Any, hour: Any) -> Any:
        if day_hour is _NOT_READ or hour is _NOT_READ:
            return _NOT_READ
        day, at = day_hour[0], (day_hour[1] if hour is _NO_HOUR else hour)
        return day, (f"{day.isoformat()}T{at.hour:02d}:{at.minute:02d}" if at else day.isoformat())

    days = lookup([col("brought_at")], when)
    whens = (
        lookup([days, lookup([f["hour"]], hour)], brought, exact=False)
        if "hour" in f
        else lookup([days], lambda d: brought(d, _NO_HOUR), exact=False)
    )

    # What: the kind as written, the description, the kind and the count.
    def kind_of(kind_cell: str, nd_cell: str, no_count: bool) -> Any:
        try:
            return kind_written(kind_cell, nd_cell, no_count)
        except Exception:
            return _NOT_READ

    def species_and_public(kind: Any) -> Any:
        try:
            species = species_of(kind[0])
        except Exception:  # SeveralKinds, or a kind rejected: records.to_entries says which
            return _NOT_READ
        return _NOT_READ if act is not None and not act.covers(species) else (species, public_kind(kind[0]))

    def head(count_cell: Any, written: Any) -> Any:
        try:
            if count_cell is not None and text(count_cell) != "":
                return head_count(count_cell)
            return head_count(written[2] if written is not _NOT_READ and written[2] is not None else 1)
        except Exception:
            return _NOT_READ

    texts = {w: lookup([col(w)], text) if w in f else [""] * n for w in WHAT if w != "head_count"}
    counts = col("head_count")
    kinds_written = lookup(
        [texts["species"], texts["number_and_description"], [c is None for c in counts]], kind_of, exact=False
    )
    species = lookup([kinds_written], lambda k: _NOT_READ if k is _NOT_READ else species_and_public(k), exact=False)
    heads = lookup([counts, kinds_written], head)
    descriptions_written = lookup(
        [[k[1] if k is not _NOT_READ else "" for k in kinds_written], texts["description"],
         texts["description_extra"], texts["ear_tag"]],
        description_written,
    )  # fmt: skip
    whats = [
        _NOT_READ if _NOT_READ in (k, s, h) else (k[0], d, s[0], h, s[1])
        for k, s, h, d in zip(kinds_written, species, heads, descriptions_written, strict=True)
    ]

    # The outcome dates, each column's distinct cells once; a date a remark gives where its column gives none.
    def date(cell: Any) -> Any:
        try:
            return optional_date(cell)
        except Exception:
            return _NOT_READ

    in_remarks: list[dict[str, dt.date]] | None = None
    if "remarks" in f:

        def remarked(cell: Any) -> dict[str, dt.date]:
            remarks, found = text(cell), {}
            if remarks:
                for field, rx in REMARK_OUTCOMES:
                    m = rx.search(remarks)
                    if m:
                        with contextlib.suppress(RecordRejected):  # a remark with a bad date is a remark
                            found[field] = when_of(m.group(1))[0]
            return found

        in_remarks = lookup([f["remarks"]], remarked)
    date_columns: list[Sequence[Any]] = []
    for field in OUTCOME_DATES:
        dates = lookup([f[field]], date) if field in f else list(none)
        if in_remarks is not None and any(field in r for r in in_remarks):
            dates = [d if d is not None else r.get(field) for d, r in zip(dates, in_remarks, strict=True)]
        date_columns.append(dates)
    all_dates = list(zip(*date_columns, strict=True))

    for i, (w, k, ds) in enumerate(zip(whens, whats, all_dates, strict=True)):
        if w is _NOT_READ or k is _NOT_READ or _NOT_READ in ds:
            slow.add(i)
        elif any(d is not None and d < w[0] for j, d in enumerate(ds) if j != _SEIZED):
            slow.add(i)  # an outcome before the day brought: a reject

    # People, for the private register and for hiding them in the public text.
    def nr(field: str) -> list[tuple[str | None, str | None]]:
        return lookup([col(field)], _name_residence)

    def cell_texts(field: str) -> list[str]:
        return lookup([col(field)], _cell_text) if field in f else [""] * n

    seizer, owner = nr("seizer"), nr("owner")
    if "claimant" in f:
        without = block.absent.get("claimant", set())  # a claimant column the entry does not have
        owner = [
            o if o[0] is not None or i in without else c
            for i, (o, c) in enumerate(zip(owner, nr("claimant"), strict=True))
        ]
    first, last = cell_texts("owner_first_name"), cell_texts("owner_last_name")
    split = [f"{a} {b}" if a and b else a or b for a, b in zip(first, last, strict=True)]
    people = list(
        zip(
            [a or b[0] for a, b in zip(cell_texts("seizer_name"), seizer, strict=True)],
            [a or b[1] for a, b in zip(cell_texts("seizer_residence"), seizer, strict=True)],
            [a or b or c[0] for a, b, c in zip(cell_texts("owner_name"), split, owner, strict=True)],
            [a or b[1] for a, b in zip(cell_texts("owner_residence"), owner, strict=True)],
            [a or None for a in cell_texts("buyer")],
            strict=True,
        )
    )
    known = [
        bool(a or b or c or d or e)
        for a, b, c, d, e in zip(
            lookup([col("owner")], _known) if "owner" in f else repeat(False, n),
            lookup([col("claimant")], _known) if "claimant" in f else repeat(False, n),
            cell_texts("owner_name"),
            first,
            last,
            strict=False,
        )
    ]

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

    kinds: list[Any] = [k if k is not _NOT_READ else (None, None, None, None, None) for k in whats]
    descriptions = public([k[1] for k in kinds])
    places = public(lookup([col("place_seized")], lambda v: inert(text(v)) or None))
    outcomes_written = lookup([col("complaint_outcome")], lambda v: text(v) or None)
    outcomes = public(outcomes_written)
    numbers = lookup([col("entry_no")], lambda v: text(v) or None)
    raws = raw_json(block)

    entries = Entries()
    c = entries.columns
    c["rec"] = list(range(n))
    plain = [i for i in range(n) if i not in slow]
    c["id"] = [None] * n
    if plain:
        ids = impoundment_ids(
            pound_id, [numbers[i] for i in plain], [whens[i][1] for i in plain], [kinds[i][0] for i in plain],
            [kinds[i][3] for i in plain],
        )  # fmt: skip
        for i, x in zip(plain, ids, strict=True):
            c["id"][i] = x
    c["entry_no"] = lookup([numbers], public_entry_no)
    c["brought_on"] = [w[0] if w is not _NOT_READ else None for w in whens]
    c["brought_at"] = [w[1] if w is not _NOT_READ else None for w in whens]
    c["species"] = [k[2] for k in kinds]
    c["species_as_written"] = [k[4] for k in kinds]
    c["head_count"] = [k[3] for k in kinds]
    c["description"] = [d or "" for d in descriptions]
    c["place_seized"] = places
    c["owner_known"] = known
    c["dates"] = all_dates
    c["complaint_outcome"] = outcomes
    c["adjudged_illegal"] = lookup([outcomes_written], seizure_adjudged_illegal)
    for field, name in (
        ("fine", "fine_levied"),
        ("sale_proceeds", "sale_proceeds"),
        ("sale_expenses", "sale_expenses"),
    ):
        c[name] = lookup([f[field]], _money) if field in f else list(none)
    c["people"] = people
    c["source_part"] = list(none)
    c["raw"] = raws
    if slow:
        _read_slowly(entries, block, sorted(slow), pound_id, act, roster, raws)
    return entries


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
