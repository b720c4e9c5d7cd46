"""Rows by name (issue 29 part 2): every row the ingest writes goes in by its table's declared column names
(pinfold/tables.py), so moving a column in a declaration moves no value, and a row with a name missing or a name the
table does not have is refused in one line."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from pinfold.tables import ColumnsMismatch, columns_of, declared, insert_columns, insert_row, insert_rows

ROOT = Path(__file__).resolve().parents[1]

# Columns moved within their declarations: public tables (pinfold/schema.py), the private register and the ingest's
# scratch tables (ingest/schema.py), the history's list of what it found (ingest/history.py). Each is a table an
# insert by position wrote: the sale account's 22 places, the rule tables, the private register's people, ...
MOVED = {
    "pinfold/schema.py": [
        ("fines_rupees TEXT, feeding_rupees TEXT", "feeding_rupees TEXT, fines_rupees TEXT"),  # sales
        ("proceeds_minor INTEGER, balance_minor INTEGER", "balance_minor INTEGER, proceeds_minor INTEGER"),
        ("reference TEXT, status TEXT, note TEXT", "note TEXT, status TEXT, reference TEXT"),  # fine scales, feeding
        (
            "multiplier INTEGER, effective_from TEXT, effective_to TEXT, reference TEXT, status TEXT,",
            "multiplier INTEGER, effective_to TEXT, effective_from TEXT, status TEXT, reference TEXT,",
        ),
        ("phone TEXT, hours TEXT, address TEXT", "address TEXT, hours TEXT, phone TEXT"),  # pounds
        ("files INTEGER, records INTEGER", "records INTEGER, files INTEGER"),  # ingest_summary
        ("files INTEGER NOT NULL, records INTEGER NOT NULL", "records INTEGER NOT NULL, files INTEGER NOT NULL"),
        # the finish's own: copied from the staged rows and the lots in SQL
        (
            "impoundment_id TEXT NOT NULL REFERENCES impoundments(id), source_part INTEGER",
            "source_part INTEGER, impoundment_id TEXT NOT NULL REFERENCES impoundments(id)",
        ),
        (
            "place_seized TEXT, place_impounded TEXT, auction_earliest_on TEXT, notice_text TEXT, section TEXT",
            "notice_text TEXT, place_impounded TEXT, auction_earliest_on TEXT, place_seized TEXT, section TEXT",
        ),
        (
            "auction_time TEXT, starts_at TEXT, place TEXT, conditions TEXT, status TEXT NOT NULL, lots INTEGER",
            "place TEXT, starts_at TEXT, auction_time TEXT, status TEXT NOT NULL, conditions TEXT, lots INTEGER",
        ),
        (
            "impoundment_id TEXT NOT NULL REFERENCES impoundments(id), species TEXT, head_count INTEGER, description TEXT",
            "description TEXT, head_count INTEGER, species TEXT, impoundment_id TEXT NOT NULL REFERENCES impoundments(id)",
        ),
    ],
    "ingest/schema.py": [
        (
            "seizer_name TEXT, seizer_residence TEXT, owner_name TEXT, owner_residence TEXT, buyer_name TEXT",
            "buyer_name TEXT, owner_residence TEXT, owner_name TEXT, seizer_residence TEXT, seizer_name TEXT",
        ),
        ("CREATE TABLE roster (name TEXT, role TEXT,", "CREATE TABLE roster (role TEXT, name TEXT,"),
        (
            "CREATE TABLE _lots (pound_id, auction_date, auction_time, place, status, conditions, reference,",
            "CREATE TABLE _lots (reference, auction_date, auction_time, conditions, status, place, pound_id,",
        ),
        ("buyer_name TEXT, roster_name TEXT, role TEXT", "role TEXT, roster_name TEXT, buyer_name TEXT"),
        (
            "_scheduled (pound_id, date, time, place, conditions, reference)",
            "_scheduled (reference, conditions, place, time, date, pound_id)",
        ),
    ],
    "ingest/history.py": [
        (
            "value_before, value_after, status_before, left_on_before)",
            "left_on_before, status_before, value_after, value_before)",
        ),
    ],  # fmt: skip
}

# Two ingests of the demo (its `earlier/` registers, then today's: changes found) into both databases; then every
# table's rows as mappings of column name to value, what differs from run to run (times, versions) left out.
SCRIPT = """
import datetime as dt, json, sqlite3, sys
from pathlib import Path
from ingest.build import ingest
from ingest.demo import write_demo
from ingest.demo_history import write_earlier

out = Path(sys.argv[1])
day = dt.date(2026, 12, 2)
write_demo(out / "data", today=day, rows=400, seed=29)
write_earlier(out / "data", day)
pub, priv = out / "pinfold.db", out / "private.db"
ingest(out / "data" / "earlier", pub, priv, workers=1)
ingest(out / "data", pub, priv, workers=1)
varies = {"ingested_at", "changed_at", "modified_at", "data_version", "compared_with", "pinfold_version", "downloads", "rule_files"}
tables = {}
for path in (pub, priv):
    con = sqlite3.connect(path)
    con.row_factory = sqlite3.Row
    names = [r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%'")]
    for t in names:
        rows = [json.dumps({k: r[k] for k in sorted(r.keys()) if k not in varies}) for r in con.execute(f'SELECT * FROM "{t}"')]
        tables[f"{path.stem}:{t}"] = sorted(rows)
    con.close()
(out / "tables.json").write_text(json.dumps(tables))
"""


def _tables_written(code: Path, out: Path) -> dict[str, list[str]]:
    """The ingest of the code in `code` run on the demo -> {'pinfold:sales': [row as JSON, ...], ...}."""
    out.mkdir()
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(out)], cwd=code, capture_output=True, text=True, timeout=600
    )
    assert run.returncode == 0, run.stderr.strip().splitlines()[-1]  # e.g. a NOT NULL column given another's NULL
    return json.loads((out / "tables.json").read_text())


def _copy_of_the_code(to: Path) -> Path:
    """The ingest's code, the law and the demo's rules copied, as the ingest finds them beside each other."""
    for part in ("pinfold", "ingest", "data/rules"):
        shutil.copytree(ROOT / part, to / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "metadata.yml", to / "metadata.yml")
    return to


def test_moving_a_column_in_its_declaration_moves_no_value(tmp_path: Path) -> None:
    # Before: a sale account was a 22-place tuple and the rule tables, the private register, the roster, the
    # summary and the history's findings were written by position, so 'fines_rupees' declared after
    # 'feeding_rupees' published each sale's fine as its feeding charges and the reverse, with no error.
    moved = _copy_of_the_code(tmp_path / "moved")
    for name, swaps in MOVED.items():
        text = (moved / name).read_text(encoding="utf-8")
        for before, after in swaps:
            assert before in text, f"{name} no longer declares {before!r}: update the test"
            text = text.replace(before, after)
        (moved / name).write_text(text, encoding="utf-8")
    as_declared = _tables_written(ROOT, tmp_path / "as-declared")
    reordered = _tables_written(moved, tmp_path / "reordered")
    assert as_declared["pinfold:sales"] and as_declared["pinfold:changes"] and as_declared["private:roster"]
    assert as_declared.keys() == reordered.keys()
    differ = [t for t in as_declared if as_declared[t] != reordered[t]]
    assert differ == []


@pytest.fixture
def con() -> sqlite3.Connection:
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE roster (name TEXT, role TEXT, pound_id TEXT, local_authority TEXT)")
    c.execute("CREATE TEMP TABLE _seen (id INTEGER PRIMARY KEY, what TEXT)")
    return c


def test_a_row_is_written_by_its_names_in_any_order(con: sqlite3.Connection) -> None:
    insert_rows(con, "roster", [{"pound_id": "p1", "local_authority": "Ollur", "role": "clerk", "name": "A"}])
    insert_columns(con, "roster", {"role": ["keeper", "vet"], "name": ["B", "C"], "pound_id": ["p1", None],
                                   "local_authority": ["", "Pala"]})  # fmt: skip
    assert con.execute("SELECT * FROM roster").fetchall() == [
        ("A", "clerk", "p1", "Ollur"), ("B", "keeper", "p1", ""), ("C", "vet", None, "Pala")
    ]  # fmt: skip
    assert insert_row(con, "temp._seen", {"id": None, "what": "x"}) == 1  # an INTEGER PRIMARY KEY given as None
    assert insert_row(con, "temp._seen", {"id": None, "what": "y"}) == 2


def test_a_row_with_a_name_missing_or_extra_is_refused_in_one_line(con: sqlite3.Connection) -> None:
    with pytest.raises(ColumnsMismatch) as missing:
        insert_rows(con, "roster", [{"name": "A", "role": "clerk", "pound_id": "p1"}])
    assert str(missing.value) == "rows for roster: missing local_authority; extra none"
    with pytest.raises(ColumnsMismatch) as extra:
        insert_row(con, "roster", {"name": "A", "role": "clerk", "pound_id": "p1", "local_authority": "", "phone": 1})
    assert str(extra.value) == "rows for roster: missing none; extra phone"
    with pytest.raises(ColumnsMismatch, match="missing role; extra rank"):
        insert_columns(con, "roster", {"name": ["A"], "rank": ["clerk"], "pound_id": ["p1"], "local_authority": [""]})
    with pytest.raises(ValueError):  # columns of unequal length: no row is cut short or padded
        insert_columns(con, "roster", {"name": ["A", "B"], "role": ["x"], "pound_id": ["p1"], "local_authority": [""]})
    with pytest.raises(ColumnsMismatch, match="rows for nothing_here: missing a table of that name"):
        insert_rows(con, "nothing_here", [])
    assert con.execute("SELECT count(*) FROM roster").fetchone()[0] == 0  # a refused row writes nothing


def test_one_reading_of_a_declaration() -> None:
    assert columns_of("ingest_summary") == ("files", "records", "stored", "duplicates", "rejects", "data_version")
    ids = declared("fine_scales")[0]
    assert (ids.name, ids.type, ids.primary_key) == ("id", "INTEGER", True)


# An INSERT that names no columns: its values, or a SELECT's, land by position. The scan is of the code, so a new one
# is caught.
POSITIONAL = re.compile(r"INSERT\s+(?:OR\s+\w+\s+)?INTO\s+[\w.{}]+\s+(?:VALUES|SELECT)\b", re.IGNORECASE)


def test_no_insert_lists_its_values_by_position() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}"
        for package in ("ingest", "portal", "pinfold", "intake", "alerts")
        for path in sorted((ROOT / package).rglob("*.py"))
        for text in [path.read_text(encoding="utf-8")]
        for m in POSITIONAL.finditer(text)
    ]
    assert found == []
