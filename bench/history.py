"""`make bench`: what the history (ingest/history.py) and the open data package (ingest/package.py) cost.

    python bench/history.py [--rows 1000000] [--out bench/out]

`pinfold demo-data --rows N`, then three ingests into one database, in this process (the ingest's workers are its
own processes), each timed whole and by the history's phase (history.record: compare with the database replaced,
copy its history forward) and the package's (package.build: every table as CSV, datapackage.json):

  1. the first: nothing to compare with;
  2. the same files again: a comparison of N entries that finds nothing (the idempotent case);
  3. after editing the registers: 1 entry in 100 has its description corrected, 1 in 1,000 is struck out, and 1 in
     1,000 is written again as a new entry at the end of its file.

It reports the changes found, the bytes the history tables take in the database (SQLite's dbstat) and on disk as
CSV, per ingest and per million entries. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ingest import build, history, package  # noqa: E402

BIN = Path(sys.executable).parent
TODAY = "2026-11-29"
HISTORY_TABLES = ("changes", "ingests", "aliases")
DESCRIPTION_WORDS = ("description", "marks", "വിവരണം")


class Timed:
    """Wraps a module function to add up the seconds spent in it."""

    def __init__(self, module: Any, name: str):
        self.module, self.name, self.seconds = module, name, 0.0
        self.inner: Callable[..., Any] = getattr(module, name)

    def __enter__(self) -> Timed:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t = time.perf_counter()
            try:
                return self.inner(*args, **kwargs)
            finally:
                self.seconds += time.perf_counter() - t

        setattr(self.module, self.name, timed)
        return self

    def __exit__(self, *exc: object) -> None:
        setattr(self.module, self.name, self.inner)


def edit_registers(data: Path) -> int:
    """The pounds' corrections: every 100th entry's description gets ' (corrected)', every 1,000th is struck out and
    every 1,000th (another) written again at the end of its file with a new number. Returns entries edited."""
    edited = k = 0  # k counts entries across every file, so small files get their share
    for path in sorted((data / "registers").rglob("*")):
        if path.suffix == ".jsonl":
            lines = path.read_text(encoding="utf-8").splitlines()
            out, extra = [], []
            for line in lines:
                k += 1
                i = k
                rec = json.loads(line)
                if i % 1000 == 0:
                    edited += 1
                    continue
                if i % 100 == 0 and isinstance(rec.get("animal"), dict):
                    rec["animal"]["description"] = f"{rec['animal'].get('description', '')} (corrected)"
                    edited += 1
                if i % 1000 == 500:
                    again = json.loads(line)
                    again["entryNo"] = 900000 + i
                    extra.append(json.dumps(again, ensure_ascii=False))
                    edited += 1
                out.append(json.dumps(rec, ensure_ascii=False))
            path.write_text("\n".join(out + extra) + "\n", encoding="utf-8")
        elif path.suffix in (".csv", ".txt"):
            encoding = "utf-16" if path.suffix == ".txt" else "utf-8-sig"
            delimiter = ";" if path.suffix == ".txt" else ","
            with open(path, encoding=encoding, newline="") as f:
                rows = list(csv.reader(f, delimiter=delimiter))
            header, body = rows[0], rows[1:]
            col = next((i for i, h in enumerate(header) if any(w in h.lower() for w in DESCRIPTION_WORDS)), None)
            if col is None:
                continue
            kept, extra = [], []
            for row in body:
                k += 1
                i = k
                if i % 1000 == 0:
                    edited += 1
                    continue
                if i % 100 == 0 and len(row) > col:
                    row = [*row[:col], row[col] + " (corrected)", *row[col + 1 :]]
                    edited += 1
                if i % 1000 == 500 and row:
                    extra.append([str(900000 + i), *row[1:]])
                    edited += 1
                kept.append(row)
            with open(path, "w", encoding=encoding, newline="") as f:
                csv.writer(f, delimiter=delimiter).writerows([header, *kept, *extra])
    return edited


def table_bytes(db: Path, tables: tuple[str, ...]) -> int:
    """Bytes the tables and their indexes take in the database file (dbstat)."""
    con = sqlite3.connect(db)
    marks = ",".join("?" * len(tables))
    names = {r[0] for r in con.execute(f"SELECT name FROM sqlite_master WHERE tbl_name IN ({marks})", tables)}
    total = sum(con.execute("SELECT sum(pgsize) FROM dbstat WHERE name = ?", (n,)).fetchone()[0] or 0 for n in names)
    con.close()
    return total


def one_ingest(data: Path, db: Path) -> dict[str, Any]:
    with Timed(history, "record") as h, Timed(package, "build") as p:
        t = time.perf_counter()
        summary = build.ingest(data, db, db.with_name("private.db"))
        seconds = time.perf_counter() - t
    con = sqlite3.connect(db)
    last = con.execute("SELECT added, removed, changed, changes, downloads FROM ingests ORDER BY id DESC LIMIT 1")
    added, removed, changed, changes, folder = last.fetchone()
    rows = con.execute("SELECT count(*) FROM changes").fetchone()[0]
    con.close()
    csv_bytes = sum(f.stat().st_size for f in (package.downloads_root(db) / folder).glob("*.csv"))
    history_csv = sum((package.downloads_root(db) / folder / f"{t}.csv").stat().st_size for t in HISTORY_TABLES)
    return {
        "stored": summary.stored, "seconds": seconds, "history_seconds": h.seconds, "package_seconds": p.seconds,
        "added": added, "removed": removed, "changed": changed, "changes": changes, "change_rows": rows,
        "history_bytes": table_bytes(db, HISTORY_TABLES), "history_csv_bytes": history_csv, "csv_bytes": csv_bytes,
        "db_bytes": db.stat().st_size,
    }  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    args = ap.parse_args()
    folder = args.out / f"history-{args.rows}"
    data, db = folder / "data", folder / "pinfold.db"
    subprocess.run([str(BIN / "pinfold"), "demo-data", str(data), "--rows", str(args.rows), "--today", TODAY],
                   check=True, stdout=subprocess.DEVNULL)  # fmt: skip
    for old in (db, db.with_name("private.db")):
        old.unlink(missing_ok=True)
    runs = [("first ingest (nothing to compare)", one_ingest(data, db))]
    runs.append(("the same files again", one_ingest(data, db)))
    edited = edit_registers(data)
    runs.append((f"after {edited:,} entries edited", one_ingest(data, db)))
    print(f"\n{runs[0][1]['stored']:,} impoundments ({args.rows:,} demo rows)\n")
    print("| ingest | seconds | history.record s | package.build s | added | removed | changed | change rows "
          "| history in db | history CSV | all CSV |")  # fmt: skip
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in runs:
        print(f"| {name} | {r['seconds']:.1f} | {r['history_seconds']:.2f} | {r['package_seconds']:.1f} | "
              f"{r['added']:,} | {r['removed']:,} | {r['changed']:,} | {r['changes']:,} | "
              f"{r['history_bytes'] / 1e6:.2f} MB | {r['history_csv_bytes'] / 1e6:.2f} MB | "
              f"{r['csv_bytes'] / 1e6:.0f} MB |")  # fmt: skip
    grown = runs[2][1]["history_bytes"] - runs[1][1]["history_bytes"]
    per_row = grown / max(1, runs[2][1]["changes"])
    print(f"\nHistory grew {grown / 1e6:.2f} MB in the database for {runs[2][1]['changes']:,} change rows "
          f"({per_row:.0f} bytes a row), {grown / 1e6 / (runs[0][1]['stored'] / 1e6):.2f} MB per million entries "
          "at this rate of correction; an ingest that changes nothing adds one ingests row.")  # fmt: skip
    (folder / "results.json").write_text(json.dumps(runs, indent=2))


if __name__ == "__main__":
    main()
