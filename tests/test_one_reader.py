"""One reader of a register row (issue 29): the column-wise reading (ingest/entries.py `read`, nearly every row) and the
row-wise one (ingest/records.py `to_entries`, the rows the columns do not read plainly) give the same entries, the same
rejects with the same reasons and the same private register, for every fixture register and the demo.

Each data directory is ingested twice for real: as the ingest runs, and with every row forced through the row-wise
path (the environment variable entries.ROW_BY_ROW, which nothing but this test sets; the worker processes inherit
it). The three tables are compared row for row in a canonical order (by file, sheet, row and part).
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import json
import os
import shutil
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from demo import write_demo
from ingest import entries, fields
from ingest.build import ingest
from ingest.normalise import hour_of
from ingest.readers import read_blocks
from pinfold.errors import PinfoldError, RecordRejected
from pinfold.law.packs import pack

from .conftest import FIXTURES, SAMPLE, TODAY

# Every fixture register is read under both Acts the messy files are written for: the Act decides which dates and
# kinds are rejected, so each reject rule is met by both paths.
ACTS = ("kerala-1961", "act-iii-1857")
POUNDS_HEADER = "id,name,act,local_authority,district,village,latitude,longitude\n"

# The canonical order of each table: a row's place in the registers, then every column (a row of a table has no
# other order both ingests agree on: the rejects' id counts in the order the shards were merged).
TABLES = {
    "public": {
        "impoundments": "SELECT * FROM impoundments ORDER BY source_file, source_sheet, source_row, source_part, id",
        "rejects": "SELECT pound_id, source_file, source_row, source_sheet, reason FROM rejects "
        "ORDER BY source_file, source_sheet, source_row, reason",
        "merged_duplicates": "SELECT * FROM merged_duplicates ORDER BY source_file, source_sheet, source_row, "
        "source_part, impoundment_id",
    },
    "private": {
        "register_entries": "SELECT * FROM register_entries ORDER BY source_file, source_sheet, source_row, kind, "
        "impoundment_id",
    },
}


def _readable(path: Path) -> bool:
    """A fixture file the ingest reads as a register (not a mapping, and not one made to be refused whole)."""
    return path.is_file() and not path.name.endswith(".mapping.json") and path.name not in ("corrupt.xlsx",)


def _fixture_registers() -> list[Path]:
    """Every register file under tests/fixtures but the sample registers (a data directory of their own)."""
    found = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".csv", ".tsv", ".jsonl", ".json", ".xlsx", ".ods",
                                                                   ".xls") and _readable(p))  # fmt: skip
    return [p for p in found if SAMPLE not in p.parents and p.name != "truth.json"]


def fixtures_dir(tmp: Path) -> Path:
    """A DATA_DIR with a pound for each fixture register and Act: 'messy-dates-csv-kerala-1961', ... (a file's own
    pound, so no file's rows are merged as duplicates of another's; a mapping goes beside its register)."""
    root = tmp / "data"
    lines = [POUNDS_HEADER]
    for f in _fixture_registers():
        for act in ACTS:
            pound = f"{f.parent.name}-{f.name.replace('.', '-')}-{act}".lower()
            (root / "registers" / pound).mkdir(parents=True)
            shutil.copy(f, root / "registers" / pound / f.name)
            mapping = f.with_name(f.name + ".mapping.json")
            if mapping.exists():
                shutil.copy(mapping, root / "registers" / pound / mapping.name)
            lines.append(f"{pound},Pound {len(lines)},{act},Test Panchayat,Thrissur,Ollur,10.47,76.25\n")
    (root / "pounds.csv").write_text("".join(lines), encoding="utf-8")
    return root


Tables = dict[str, list[tuple[object, ...]]]


def tables(pub: Path, priv: Path) -> Tables:
    """The compared tables' rows, in canonical order."""
    out: Tables = {}
    for db, path in (("public", pub), ("private", priv)):
        con = sqlite3.connect(path)
        try:
            for name, sql in TABLES[db].items():
                out[name] = [tuple(r) for r in con.execute(sql)]
        finally:
            con.close()
    return out


def both_ways(data: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Tables, Tables]:
    """The data directory ingested as the ingest reads it, then with every row read row-wise."""
    monkeypatch.delenv(entries.ROW_BY_ROW, raising=False)
    ingest(data, out / "a" / "p.db", out / "a" / "q.db")
    as_today = tables(out / "a" / "p.db", out / "a" / "q.db")
    monkeypatch.setenv(entries.ROW_BY_ROW, "1")
    ingest(data, out / "b" / "p.db", out / "b" / "q.db")
    row_wise = tables(out / "b" / "p.db", out / "b" / "q.db")
    monkeypatch.delenv(entries.ROW_BY_ROW)
    return as_today, row_wise


def differences(a: Tables, b: Tables) -> Iterator[str]:
    """Each row one ingest has and the other has not, as a line naming the table and the row."""
    for name in TABLES["public"] | TABLES["private"]:
        x, y = Counter(a[name]), Counter(b[name])
        for row in (x - y).elements():
            yield f"{name} as today only: {row}"
        for row in (y - x).elements():
            yield f"{name} row-wise only: {row}"


def assert_same(a: Tables, b: Tables) -> None:
    found = list(differences(a, b))
    assert not found, f"{len(found)} differences, the first:\n" + "\n".join(found[:10])
    assert a["impoundments"] and a["register_entries"]  # something was compared


def test_every_fixture_register_reads_alike_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = both_ways(fixtures_dir(tmp_path), tmp_path, monkeypatch)
    assert a["rejects"]  # the messy files' rejects are among those compared
    assert_same(a, b)


def test_the_sample_registers_read_alike_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = both_ways(SAMPLE, tmp_path, monkeypatch)
    assert_same(a, b)


def test_the_demo_reads_alike_both_ways(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=600, seed=1961)
    a, b = both_ways(data, tmp_path, monkeypatch)
    assert_same(a, b)


# --- any register, a block at a time ---------------------------------------------------------------------------------
# The fixtures hold the mess registers were found with; these cells put every rule of a row in reach of every other,
# in any combination: dates after tomorrow, before or after the Act, days that are no days, separate hours, kinds that
# are not cattle or name several, counts of none, outcome dates before the day brought (in their columns or in the
# remarks), owners by name and address, by first and last names, by the person who claimed the animal.
COLUMNS: dict[str, list[str]] = {
    "No.": ["1", "017", "", "12 A"],
    "Date brought": ["03/11/2025", "03-11-2025 14:30", "", "2025", "31/02/2025", "03/11/2099", "12/05/1858", "do",
                     "5 Nov 2025", "01/01/1850", "03/11/25"],
    "Hour": ["", "14:30", "2 pm", "25:99", " ", "7"],
    "Kind": ["cow", "2 cows", "dog", "cow with calf", "2 bullocks and a buffalo", "", "goat", "cows and calves",
             "elephant", "ആട്", "bull of Kunjan Nair"],
    "Number and description of cattle": ["", "3 goats (brown)", "one bull calf - brown", "2 dogs", "a cow and a calf"],
    "Number": ["", "2", "0", "-1", "two", "3.0", "1", "4"],
    "Description": ["black", "", "tied at Kunjan Nair field", "bell on neck 9447012345", "=HYPERLINK(1)"],
    "Place of seizure": ["Ollur junction", "", "near Leela's house", "+91 9447012345"],
    "Seized by": ["Police, Ollur", "", "Constable Raghavan, Pala"],
    "Owner": ["Kunjan Nair, Kizhakkemadathil House, Ollur", "", "unknown", "-", "Leela", "Owner not traced", ", Ollur"],
    "Owner first name": ["", "Suresh"],
    "Owner surname": ["", "Kumar"],
    "Claimed by": ["", "Raghavan, Pala", "unknown"],
    "Date of seizure": ["", "01/11/2025", "10/11/2025", "bad"],
    "Date delivered to owner": ["", "04/11/2025", "01/11/2025", "bad", "-", "04/11/2099"],
    "Notice posted on": ["", "06/11/2025", "30/10/2025"],
    "Date of sale": ["", "19/11/2025", "02/11/2025"],
    "Buyer": ["", "Mammen Mathew"],
    "Remarks": ["", "delivered to owner 05/11/2025", "sold on 01/01/2020", "notice 32/13/2025", "Kunjan came",
                "complaint 02/11/2025", "deposit paid 04/11/2025"],
    "Fine": ["", "Rs 50", "50", "abc", "Rs. 2 as. 6"],
    "Complaint outcome": ["", "Seizure illegal", "dismissed", "heard Mohanan Pillai"],
}  # fmt: skip


def _block_entries(path: Path, act: str, row_by_row: bool) -> list[tuple[object, ...]]:
    """Every block of a register file read by entries.read: its entries' columns and its rejects."""
    pack_ = pack(act)
    before = os.environ.pop(entries.ROW_BY_ROW, None)
    if row_by_row:
        os.environ[entries.ROW_BY_ROW] = "1"
    try:
        found: list[tuple[object, ...]] = []
        for block in read_blocks(path):
            e = entries.read(block, "p1", pack_)
            found.append((e.columns, e.rejects))
        return found
    finally:
        os.environ.pop(entries.ROW_BY_ROW, None)
        if before is not None:
            os.environ[entries.ROW_BY_ROW] = before


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    act=st.sampled_from(ACTS),
    columns=st.lists(st.sampled_from(sorted(COLUMNS)), min_size=2, max_size=len(COLUMNS), unique=True),
    picks=st.lists(st.lists(st.integers(0, 20), min_size=len(COLUMNS), max_size=len(COLUMNS)), min_size=1,
                   max_size=12),
    as_json=st.booleans(),
)  # fmt: skip
def test_any_rows_read_alike_both_ways(
    tmp_path: Path, act: str, columns: list[str], picks: list[list[int]], as_json: bool
) -> None:
    """CSV rows, or JSON entries that need not share their keys (a pick of 18 or more leaves the key out: a JSON
    entry without a claimant's key has none, one with a blank claimant has a blank one)."""
    if "Date brought" not in columns:  # a header names the date brought and the cattle (readers.py)
        columns = ["Date brought", *columns]
    if "Kind" not in columns and "Number and description of cattle" not in columns:
        columns = [*columns, "Kind"]
    rows = [[COLUMNS[c][p[i] % len(COLUMNS[c])] for i, c in enumerate(columns)] for p in picks]
    if as_json:
        path = tmp_path / "register.json"
        kept = [{c: v for i, (c, v) in enumerate(zip(columns, row, strict=True)) if p[i] < 18 or c == "Date brought"}
                for p, row in zip(picks, rows, strict=True)]  # fmt: skip
        path.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    else:
        path = tmp_path / "register.csv"
        with path.open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows([columns, *rows])
    assert _read_or_refused(path, act, False) == _read_or_refused(path, act, True)


def _read_or_refused(path: Path, act: str, row_by_row: bool) -> object:
    """_block_entries, or the one-line error refusing the whole file (JSON entries that all leave out the kind's key
    have no header naming the cattle: NoHeader, before any row is read, the same both ways)."""
    try:
        return _block_entries(path, act, row_by_row)
    except PinfoldError as e:
        return type(e).__name__, str(e)


def test_json_entries_with_and_without_a_claimants_key_read_alike_both_ways(tmp_path: Path) -> None:
    """The owner is the person who claimed the animal when the owner's name is blank and the entry has a claimant's
    key (privacy.people_of): an owner written as ', Ollur' (a residence, no name) keeps Ollur where the entry has
    no such key, and gives way to the claimant (blank here: no residence) where it has one."""
    path = tmp_path / "register.json"
    entries_ = [
        {"Date brought": "03/11/2025", "Kind": "cow", "Owner": ", Ollur", "Claimed by": "Raghavan, Pala"},
        {"Date brought": "03/11/2025", "Kind": "cow", "Owner": ", Ollur"},
        {"Date brought": "03/11/2025", "Kind": "cow", "Owner": ", Ollur", "Claimed by": None},
    ]
    path.write_text(json.dumps(entries_), encoding="utf-8")
    as_today, row_wise = (_block_entries(path, "kerala-1961", way) for way in (False, True))
    assert as_today == row_wise
    ((columns, _),) = as_today
    assert [p[2:4] for p in columns["people"]] == [("Raghavan", "Pala"), (None, "Ollur"), (None, None)]


# What a cell can be: a CSV's text, a JSON value, a spreadsheet's number, date, time or boolean.
CELLS = st.one_of(
    st.none(),
    st.text(max_size=40),
    st.from_regex(r"[0-9 /.:-]{1,20}|[0-9]{1,15}(\.[0-9]{1,4})?", fullmatch=True),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.dates(),
    st.datetimes(),
    st.times(),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=2),
)


@settings(max_examples=500)
@given(cell=CELLS, act=st.sampled_from(ACTS))
def test_a_field_read_from_any_cell_is_a_value_or_a_reject(cell: object, act: str) -> None:
    """The column-wise path lets records.to_entries decide a row when a field's rule raises RecordRejected, and only
    then: whatever a cell holds, no rule raises anything else (an exception the column-wise path once caught whole)."""
    ctx = fields.Context(pack(act), dt.date(2026, 12, 3))
    reads: list[Callable[[], object]] = [
        lambda: fields.day_allowed(fields.when_brought(cell)[0], ctx),
        lambda: hour_of(cell),
        lambda: fields.head(cell, None),
        lambda: fields.outcome_date("claimed_on", cell),
        lambda: fields.remarked(fields.text(cell)),
        lambda: fields.money(cell),
        lambda: fields.covered(fields.species(fields.kind_written(fields.text(cell), "", True)[0], ctx), "x", ctx),
        lambda: fields.kind_written("", fields.text(cell), False),
    ]
    for read in reads:
        with contextlib.suppress(RecordRejected):  # a reject; anything else raised fails the test
            read()
