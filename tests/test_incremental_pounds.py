"""Issue 26, the ingest: an ingest after a change recomputes only the pounds whose inputs changed (a register's bytes,
a rule file row that applies to them, their row of pounds.csv), by patching a copy of the previous pair, and its
result is a full ingest's row for row (not byte for byte: the SQLite files may differ).

Each step below changes the data directory, runs the default (incremental) ingest onto the pair, and a full ingest
(`full=True`) of the same files onto a copy of the same previous pair, so both compare with the same database before
them; then everything published is compared:
- every row of every table and view of both databases, sorted (the canonical order), but for what is by nature per
  run: the time an ingest ran (`ingests.ingested_at`, `changes.changed_at`) and the downloads' folder named by that
  time (`ingests.downloads`). The rowids themselves are not compared (the SQLite files need not be the same bytes), but
  the orders the portal reads by rowid are: the impoundments newest first, each auction's lots as rows next to each
  other in lot order, and the impoundments in the pound (stored as rowids: compared as the entries' ids). The notices,
  sales, auctions, scorecard and pound months are patched pound by pound (their rowid order is not a full ingest's):
  what the portal shows of them, it orders by their own columns to the end (test_what_the_portal_shows_...);
- what each full-text index returns for a set of queries, in its rowid order (the search's order);
- every file of the open data package, byte for byte, but for the files and descriptor fields that say when the
  ingest ran (ingests.csv, changes.csv read without those columns; datapackage.json without `created` and the sizes
  and digests of those files and of the SQLite file).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import ingest.build
from ingest.build import ingest as run_ingest
from ingest.shards import shard_folder

from .conftest import TODAY, incremental_demo

REGISTER = "registers/tvm-corp/register-2026.csv"
PER_RUN = {
    "ingests": ("ingested_at", "downloads"),
    "changes": ("changed_at",),
    "feed_changes": ("atom_updated",),  # the change's time: its ingest's
    "auction_versions": ("modified_at",),  # an auction changed in this ingest: changed at its time
    "feed_auctions": ("modified_at", "atom_updated"),  # dated by its version's time (ingest/auction_history.py)
}
QUERIES = ("cow", "black", "goat", "buffalo", "white", "calf", "tvm", "thrissur", "ernakulam", "tag", "bull")


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


def _rows(con: sqlite3.Connection, name: str) -> list[tuple[Any, ...]]:
    """A table's or view's rows, the per-run columns left out, sorted (None before any value)."""
    columns = [r[1] for r in con.execute(f'PRAGMA table_info("{name}")') if r[1] not in PER_RUN.get(name, ())]
    quoted = ", ".join(f'"{c}"' for c in columns)
    rows = con.execute(f'SELECT {quoted} FROM "{name}"').fetchall()
    return sorted(rows, key=lambda r: [(v is not None, str(type(v)), v) for v in r])


def _fts(con: sqlite3.Connection) -> dict[str, list[Any]]:
    """What each full-text index returns for QUERIES, in its rowid order where the search reads it so, as ids (rowids
    differ between files)."""
    found: dict[str, list[Any]] = {}
    for q in QUERIES:
        found[f"impoundments_fts {q}"] = [r[0] for r in con.execute(
            """SELECT i.id FROM impoundments_fts f JOIN impoundments i ON i.rowid = f.rowid
               WHERE impoundments_fts MATCH ? ORDER BY f.rowid""", (q,))]  # fmt: skip
        found[f"impoundments_fts_in_pound {q}"] = [r[0] for r in con.execute(
            """SELECT i.id FROM impoundments_fts_in_pound f JOIN impoundments_in_pound q ON q.rowid = f.rowid
               JOIN impoundments i ON i.rowid = q.impoundment WHERE impoundments_fts_in_pound MATCH ? ORDER BY f.rowid""",
            (q,))]  # fmt: skip
        # and no entry of a row gone (patched row by row: ingest/patch.py), which the join above would hide
        found[f"impoundments_fts_in_pound {q} entries"] = con.execute(
            "SELECT count(*) FROM impoundments_fts_in_pound WHERE impoundments_fts_in_pound MATCH ?", (q,)
        ).fetchone()[0]
        # the lots' index is read by auction (search.auctions_matching, matchsets.lot_ranges), in no order of its own
        found[f"impoundments_fts_lots {q}"] = sorted(tuple(r) for r in con.execute(
            """SELECT l.auction_id, l.lot_no FROM impoundments_fts_lots f JOIN auction_lots l ON l.rowid = f.rowid
               WHERE impoundments_fts_lots MATCH ?""", (q,)))  # fmt: skip
        # and no entry of a lot gone (patched lot by lot: ingest/patch.py), which the join above would hide
        found[f"impoundments_fts_lots {q} entries"] = con.execute(
            "SELECT count(*) FROM impoundments_fts_lots WHERE impoundments_fts_lots MATCH ?", (q,)
        ).fetchone()[0]
    return found


# Compared otherwise: the full-text indexes (by what they return), their shadow tables (FTS5's own b-trees), SQLite's
# statistics for the planner, and the in-pound table (rowids of impoundments: compared as ids in `orders`).
_SKIP = ("impoundments_fts", "impoundments_fts_in_pound", "impoundments_fts_lots", "sqlite_stat1",
         "impoundments_in_pound")  # fmt: skip


def _database(path: Path) -> dict[str, Any]:
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name")]
    out: dict[str, Any] = {
        n: _rows(con, n) for n in names if n not in _SKIP and not n.startswith(tuple(s + "_" for s in _SKIP[:3]))
    }
    if "impoundments" in names:
        out["full text"] = _fts(con)
        out["orders"] = {
            "impoundments": [r[0] for r in con.execute("SELECT id FROM impoundments ORDER BY rowid")],
            "auction_lots": _lot_runs(con),
            "in pound": [r[0] for r in con.execute(
                "SELECT i.id FROM impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment ORDER BY q.rowid"
            )],
        }  # fmt: skip
    con.close()
    return out


def _lot_runs(con: sqlite3.Connection) -> list[tuple[str, tuple[int, ...]]]:
    """The lots in rowid order, as runs of one auction's lots, sorted: each auction's lots must be rows next to each
    other in lot order (the lots' search reads an auction's lots as a rowid range, portal/matchsets.py lot_ranges),
    whichever auction comes first. [('a1', (1, 2)), ('a2', (1,))]; an auction split in two runs shows twice."""
    runs: list[tuple[str, list[int]]] = []
    for auction, lot in con.execute("SELECT auction_id, lot_no FROM auction_lots ORDER BY rowid"):
        if not runs or runs[-1][0] != auction:
            runs.append((auction, []))
        runs[-1][1].append(lot)
    return sorted((a, tuple(lots)) for a, lots in runs)


def _csv_without(data: bytes, columns: tuple[str, ...]) -> list[list[str]]:
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    keep = [i for i, c in enumerate(rows[0]) if c not in columns] if rows else []
    return [[r[i] for i in keep] for r in rows]


def _package(public: Path) -> dict[str, Any]:
    """The package's files: CSVs byte for byte (ingests and changes without their per-run columns), the descriptor
    without when it was made and the sizes and digests of the files that say so."""
    con = sqlite3.connect(f"file:{public}?mode=ro", uri=True)
    (named,) = con.execute("SELECT downloads FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    con.close()
    folder = public.with_suffix(".downloads") / named
    out: dict[str, Any] = {}
    for p in sorted(f for f in folder.rglob("*") if f.is_file()):  # a table split per pound: each pound's file
        if p.suffix == ".csv":
            name = str(p.relative_to(folder))
            table = name.removesuffix(".csv")
            out[name] = _csv_without(p.read_bytes(), PER_RUN[table]) if table in PER_RUN else p.read_bytes()
        elif p.name == "datapackage.json":
            package = json.loads(p.read_text(encoding="utf-8"))
            package.pop("created")
            for r in package["resources"]:
                if r["name"] in (*PER_RUN, "pinfold-sqlite"):
                    r.pop("bytes"), r.pop("hash", None)
            out[p.name] = package
        else:
            out[p.name] = "the public database itself (compared above)"
    return out


def published(pub: Path, priv: Path) -> dict[str, Any]:
    """Everything an ingest made, as compared (the module's docstring)."""
    return {"public": _database(pub), "private": _database(priv), "package": _package(pub)}


def _assert_same(incremental: dict[str, Any], full: dict[str, Any]) -> None:
    """Every table, view, index's answers and package file alike; else the names of those that differ."""
    for side in ("public", "private", "package"):
        assert incremental[side].keys() == full[side].keys(), side
    differ = [f"{side}: {name}" for side in full for name in full[side] if incremental[side][name] != full[side][name]]
    assert not differ


class Pair:
    """The pair an incremental ingest patches, at out/, and a full ingest of the same files onto a copy of the same
    previous pair, at full/."""

    def __init__(self, root: Path, data: Path):
        self.root, self.data = root, data
        self.pub, self.priv = root / "out" / "p.db", root / "out" / "q.db"
        self.pub.parent.mkdir()

    def again(self) -> tuple[Any, Any]:
        """An incremental ingest onto out/ and a full one onto a copy of out/ as it was, its kept shards left out:
        (incremental, full)."""
        full = self.root / "full"
        shutil.rmtree(full, ignore_errors=True)
        shutil.copytree(self.pub.parent, full)
        # and without the kept shards: a full ingest made from the files alone, so that a shard kept under a key that
        # missed an input (left stale in both) cannot make the two agree
        shutil.rmtree(shard_folder(full / "q.db"))
        incremental = run_ingest(self.data, self.pub, self.priv, workers=1)
        whole = run_ingest(self.data, full / "p.db", full / "q.db", workers=1, full=True)
        assert incremental.line() == whole.line()
        _assert_same(published(self.pub, self.priv), published(full / "p.db", full / "q.db"))
        return incremental, whole


def _edit_register(register: Path) -> None:
    """The clerk adds ten entries (the last ten again, numbered on), corrects one (its description) and removes one."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    last = max(int(r[0]) for r in body)
    body += [[str(last + n), *r[1:]] for n, r in enumerate(body[-10:], 1)]
    described = next(i for i, c in enumerate(header) if "escription" in c or "arks" in c)
    body[5][described] = (body[5][described] + " with a white blaze").strip()
    del body[9]
    with open(register, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([header, *body])


def _edit_csv(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    with open(path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    change(rows)
    with open(path, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)


def test_an_ingest_recomputes_the_changed_pounds_only_and_equals_a_full_ingest(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    first = run_ingest(data, pair.pub, pair.priv, workers=1)
    assert first.recomputed is None  # no pair before it: a full ingest

    _edit_register(data / REGISTER)
    incremental, full = pair.again()
    assert incremental.recomputed == ["tvm-corp"] and full.recomputed is None
    con = sqlite3.connect(pair.pub)
    added, removed, changed = con.execute("SELECT added, removed, changed FROM ingests ORDER BY id DESC").fetchone()
    assert (added, removed, changed) == (10, 1, 1)

    # Two pounds' registers at once: their new rows go among the newest of every pound (rows above them move down).
    for register in ("registers/ekm-muvattupuzha/register-2026.csv", "registers/mlp-tirur/register-2026.csv"):
        _edit_register(data / register)
    incremental, _ = pair.again()
    assert sorted(incremental.recomputed) == ["ekm-muvattupuzha", "mlp-tirur"]

    # A rule file row of one pound: an auction the Director fixed at Aluva.
    def fixed_at_aluva(rows: list[list[str]]) -> None:
        day = (TODAY + dt.timedelta(days=12)).isoformat()
        rows.append(["ekm-aluva", day, "10:00", "Aluva pound yard", "Cash", "EXAMPLE order (test)"])

    _edit_csv(data / "rules" / "auctions.csv", fixed_at_aluva)
    incremental, _ = pair.again()
    assert incremental.recomputed == ["ekm-aluva"]

    # pounds.csv's row of one pound: its name (in its notices' words) and its village (a place word its texts keep).
    def renamed(rows: list[list[str]]) -> None:
        row = next(r for r in rows if r[0] == "ktm-vaikom")
        row[1] = "Vaikom Town Pound"

    _edit_csv(data / "pounds.csv", renamed)
    incremental, _ = pair.again()
    assert incremental.recomputed == ["ktm-vaikom"]

    # Nothing changed: nothing recomputed, an ingests row all the same.
    incremental, _ = pair.again()
    assert incremental.recomputed == []


def test_a_pounds_place_named_in_another_pounds_register_is_a_full_ingest(data: Path, tmp_path: Path) -> None:
    # A pound's local authority, village and district are words of every pound's texts: the places the privacy filter
    # keeps, and the gazetteer a place of seizure is read against (K s.11(2): ingest/seizure_areas.py). The demo's
    # Pathanamthitta pound records cattle seized at 'Thiruvalla', which is Thiruvalla Municipality, the Thiruvalla
    # pound's local authority; renamed in pounds.csv, the Pathanamthitta pound's rows change too.
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    con = sqlite3.connect(pair.pub)
    seized = "SELECT count(*) FROM impoundments WHERE pound_id = 'pta-municipal' AND seizure_local_area = ?"
    assert con.execute(seized, ("Thiruvalla Municipality",)).fetchone()[0] > 0
    con.close()

    def council(rows: list[list[str]]) -> None:
        row = next(r for r in rows if r[0] == "pta-thiruvalla")
        row[3] = "Thiruvalla Municipal Council"

    _edit_csv(data / "pounds.csv", council)
    incremental, _ = pair.again()  # compares it with a full ingest of the same files
    assert incremental.recomputed is None
    con = sqlite3.connect(pair.pub)
    assert con.execute(seized, ("Thiruvalla Municipal Council",)).fetchone()[0] > 0
    con.close()


def test_a_change_for_every_pound_is_a_full_ingest(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    scales = data / "rules" / "fine_scales.csv"
    scales.write_text(scales.read_text(encoding="utf-8").replace(",500,", ",650,", 1), encoding="utf-8")
    incremental, _ = pair.again()
    assert incremental.recomputed is None  # the state's scale applies to every pound


def test_the_day_rolling_over_is_a_full_ingest(data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Statuses, notices due, auctions proposed and the scorecard count to today: at India's midnight every pound's
    # rows may change, so the first ingest of a new day rebuilds them all.
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    real = ingest.build.latest_day

    def a_day_later() -> dt.date:
        return real() + dt.timedelta(days=1)

    a_day_later.cache_clear = real.cache_clear  # type: ignore[attr-defined]
    monkeypatch.setattr(ingest.build, "latest_day", a_day_later)
    assert run_ingest(data, pair.pub, pair.priv, workers=1).recomputed is None
    assert run_ingest(data, pair.pub, pair.priv, workers=1).recomputed == []  # the same day again: nothing to do
