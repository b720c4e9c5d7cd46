"""The shared sample registers against truth.json, every row; privacy; idempotence."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from ingest.build import ingest

from .conftest import FIXTURES, SAMPLE

TRUTH = json.loads((SAMPLE / "truth.json").read_text(encoding="utf-8"))
ROWS = [(f, r) for f, rows in TRUTH["files"].items() for r in rows]


@pytest.fixture(scope="module")
def tables(sample_dbs: tuple[Path, Path]) -> dict[str, dict]:
    con = sqlite3.connect(sample_dbs[0])
    con.row_factory = sqlite3.Row
    imp = {(r["source_file"], r["source_row"]): dict(r) for r in con.execute("SELECT * FROM impoundments")}
    rej = {(r["source_file"], r["source_row"]): r["reason"] for r in con.execute("SELECT * FROM rejects")}
    dup = {
        (r["source_file"], r["source_row"]): r["impoundment_id"] for r in con.execute("SELECT * FROM merged_duplicates")
    }
    return {"imp": imp, "rej": rej, "dup": dup}


@pytest.mark.parametrize(("file", "row"), ROWS, ids=[f"{f.split('/')[1]}:{r['row']}" for f, r in ROWS])
def test_every_truth_row(tables: dict[str, dict], file: str, row: dict) -> None:
    key = (file, row["row"])
    if row["kind"] == "ok":
        got = tables["imp"][key]
        assert (got["pound_id"], got["species"], got["head_count"], got["brought_at"][:10]) == (
            row["pound_id"],
            row["species"],
            row["head_count"],
            row["date"],
        )
        if "time" in row:
            assert got["brought_at"][11:16] == row["time"]
        else:
            assert len(got["brought_at"]) == 10  # 1857 registers have no hour: none is invented
        if "claimed_on" in row:
            assert got["claimed_on"] == row["claimed_on"] and got["status"] == "claimed"
        else:
            # K s.13(1), s.13(3): from the day impounded, d + 8 and d + 16. K s.19: from the seizure, which the sample
            # does not record; at most 24 hours before impounding (K s.9, s.10), so the earliest it can be: d - 1 + 10.
            d = dt.date.fromisoformat(row["date"])
            assert got["notice_due_on"] == (d + dt.timedelta(8)).isoformat()
            assert got["auction_earliest_on"] == (d + dt.timedelta(16)).isoformat()
            assert got["complaint_deadline_on"] == (d + dt.timedelta(9)).isoformat()
            assert got["seizure_assumed"] == 1
    elif row["kind"] == "reject":
        assert key not in tables["imp"]
        assert len(tables["rej"][key]) > 20  # a sentence, not a code
    else:
        assert key not in tables["imp"] and key in tables["dup"]


def test_counts_add_up(sample_dbs: tuple[Path, Path]) -> None:
    con = sqlite3.connect(sample_dbs[0])
    files, records, stored, dups, rejects, _ = con.execute("SELECT * FROM ingest_summary").fetchone()
    assert (files, records, stored, dups, rejects) == (6, 721, 675, 1, 45)
    assert con.execute(
        "SELECT duplicates_merged FROM impoundments WHERE id = (SELECT impoundment_id FROM merged_duplicates)"
    ).fetchone() == (1,)


def test_no_personal_name_in_public_all_in_private(sample_dbs: tuple[Path, Path]) -> None:
    public = sample_dbs[0].read_bytes()
    private = sample_dbs[1].read_bytes()
    names = TRUTH["personal"]
    leaked = [n for n in names if n.encode() in public or (n[:2].endswith(".") and n[3:].encode() in public)]
    assert leaked == []
    assert all(n.encode() in private for n in names)


def test_checker_passes(sample_dbs: tuple[Path, Path]) -> None:
    out = subprocess.run(
        [
            sys.executable,
            str(FIXTURES / "check_registers.py"),
            str(sample_dbs[0]),
            str(sample_dbs[1]),
            str(SAMPLE),
            "--deadlines",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout
    assert "PASS: 675/675" in out.stdout


def dump(db: Path) -> list:
    con = sqlite3.connect(db)
    tables = [
        r[0]
        for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '%fts%' ORDER BY name"
        )
    ]
    # An ingest's row says when it ran and names its downloads' folder: the rest of it is the same each time.
    # An auction's version says when it was first published: the rest of it (its sequence, what it says) likewise.
    same = "id, data_version, compared_with, files, records, stored, duplicates, rejects, added, removed, changes"
    kept = {"ingests": same, "auction_versions": "auction_id, sequence, digest"}
    return [(t, con.execute(f'SELECT {kept.get(t, "*")} FROM "{t}" ORDER BY 1, 2').fetchall()) for t in tables]


def test_ingest_twice_changes_nothing(sample_dbs: tuple[Path, Path], tmp_path: Path) -> None:
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    ingest(SAMPLE, pub, priv)
    assert dump(pub) == dump(sample_dbs[0])
    assert dump(priv) == dump(sample_dbs[1])


def test_parallel_workers_build_exactly_what_one_process_builds(sample_dbs: tuple[Path, Path], tmp_path: Path) -> None:
    pub, priv = tmp_path / "p.db", tmp_path / "q.db"
    ingest(SAMPLE, pub, priv, workers=2)
    assert dump(pub) == dump(sample_dbs[0])
    assert dump(priv) == dump(sample_dbs[1])
