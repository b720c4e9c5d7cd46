"""The open data package: every public table as a CSV file and the SQLite file, described by a Frictionless Data
Package (`datapackage.json`: each table's fields, types and descriptions, primary and foreign keys, the licence).

The ingest builds it beside the public database, in `<--db without .db>.downloads/<generation>/`, right after the
database is switched into place (so the switch does not wait for it), from that very file and under the targets'
lock, so no other database can be switched in meanwhile; the new database names its generation (`ingests.downloads`).
Until the folder is whole the portal says the downloads are not built yet (never another database's); an ingest killed
before that leaves the next ingest (or `recover`) to build it first (complete). A server finds the
folder from the database it is serving, so the downloads switch with the database, whatever the ingest's swap is.
The SQLite file in the folder is a hard link to the database itself (no second copy on disk). The previous generation
stays a while for servers still reading the old file; older ones go at the next ingest.

Every table and column is read from the one declaration (schema.PUBLIC) and described by metadata.yml.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import multiprocessing
import os
import shutil
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pinfold.schema import DATAPACKAGE, PUBLIC, SQLITE_FILE, downloads_root

METADATA = Path(__file__).resolve().parents[1] / "metadata.yml"
SQL_TYPES = {"TEXT": "string", "INTEGER": "integer", "REAL": "number"}


def generation(data_version: str, now: dt.datetime | None = None) -> str:
    """A new folder name for one ingest's downloads: ('3f2a9c1e', 30 Nov 2026 18:02:11.5) -> '20261130T180211500000-3f2a9c1e'."""
    when = now or dt.datetime.now(dt.UTC)
    return f"{when:%Y%m%dT%H%M%S%f}-{data_version}"


@cache
def declared() -> dict[str, dict[str, Any]]:
    """Every public table as schema.PUBLIC declares it: {'impoundments': {'columns': [(name, type, not null, pk
    position)], 'foreign': [(column, table, column)]}, ...}, in declaration order."""
    con = sqlite3.connect(":memory:")
    con.executescript(PUBLIC)
    tables = {}
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid"):
        columns = [(r[1], r[2].upper(), bool(r[3]), r[5]) for r in con.execute(f"PRAGMA table_info({name})")]
        foreign = [(r[3], r[2], r[4]) for r in con.execute(f"PRAGMA foreign_key_list({name})")]
        tables[name] = {"columns": columns, "foreign": foreign}
    con.close()
    return tables


def _metadata() -> dict[str, Any]:
    try:
        return yaml.safe_load(METADATA.read_text(encoding="utf-8")) or {}
    except OSError:
        return {}


def field_type(column: str, sql_type: str) -> str:
    """A column's Table Schema type: ('sold_on', 'TEXT') -> 'date' (every *_on column holds YYYY-MM-DD);
    ('head_count', 'INTEGER') -> 'integer'; ('brought_at', 'TEXT') -> 'string' (a date, or a date and hour)."""
    if column.endswith("_on") and sql_type == "TEXT":
        return "date"
    return SQL_TYPES.get(sql_type, "any")


def descriptor(resources: list[dict[str, Any]], data_version: str, created: str) -> dict[str, Any]:
    """The Data Package: metadata.yml's title, licence and source around the resources."""
    meta = _metadata()
    licence = str(meta.get("license", "")).split(" ")[0]
    return {
        "profile": "data-package",
        "name": "pinfold",
        "title": meta.get("title", "Pinfold"),
        "description": "Every public table of the Pinfold database as CSV, and the SQLite file. "
        + str(meta.get("databases", {}).get("pounds", {}).get("description", "")),
        "version": data_version,
        "created": created,
        "licenses": [{"name": licence, "path": meta.get("license_url", ""), "title": meta.get("license", "")}],
        "sources": [{"title": meta.get("source", ""), "path": meta.get("source_url", "/")}],
        "resources": resources,
    }


def _schema(table: str, spec: dict[str, Any], docs: dict[str, Any]) -> dict[str, Any]:
    columns = docs.get("columns", {})
    fields = []
    for name, sql_type, not_null, _ in spec["columns"]:
        field: dict[str, Any] = {"name": name, "type": field_type(name, sql_type)}
        if columns.get(name):
            field["description"] = columns[name]
        if not_null:
            field["constraints"] = {"required": True}
        fields.append(field)
    schema: dict[str, Any] = {"fields": fields}
    keys = [name for name, _, _, pk in sorted(spec["columns"], key=lambda c: c[3]) if pk]
    if keys:
        schema["primaryKey"] = keys
    if spec["foreign"]:
        schema["foreignKeys"] = [
            {"fields": [column], "reference": {"resource": other, "fields": [target or "id"]}}
            for column, other, target in spec["foreign"]
        ]
    return schema


# Tables an incremental ingest rebuilds pound by pound (ingest/patch.py BY_POUND, the lots): written by their own keys in the
# order the finish inserts them (ingest/schema.py), so the package is the same bytes however the database was made,
# whatever its rowids. {table: (rows, order)}, the table's own rows as `t`.
ORDER = {
    "notices": ("notices t JOIN impoundments i ON i.id = t.impoundment_id", "i.rowid"),
    "sales": ("sales t", "t.sold_on, t.impoundment_id"),
    "auctions": ("auctions t", "t.auction_date, t.pound_id"),
    "compliance": ("compliance t", "t.pound_id, t.year, t.act"),
    "pound_months": ("pound_months t", "t.pound_id, t.month"),
    "auction_lots": ("auction_lots t", "t.auction_id, t.lot_no"),
}


def rows_csv(job: tuple[Path, str, list[str], int, int, Path]) -> Path:
    """(database, table, columns, first rowid, last rowid, path) -> those rows of the table, in rowid order (a table
    of ORDER: all its rows, in its order), as RFC 4180 CSV in UTF-8 (NULL as an empty cell, no header) at path;
    returns the path. Runs in a worker process."""
    database, table, columns, first, last, path = job
    con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    with open(path, "w", encoding="utf-8", newline="") as f:
        out = csv.writer(f)
        if table in ORDER:
            rows, order = ORDER[table]
            cursor = con.execute(f"SELECT {', '.join('t.' + c for c in columns)} FROM {rows} ORDER BY {order}")
        else:
            cursor = con.execute(
                f"SELECT {', '.join(columns)} FROM {table} WHERE rowid BETWEEN ? AND ? ORDER BY rowid", (first, last)
            )
        while batch := cursor.fetchmany(10_000):
            out.writerows(batch)
    con.close()
    return path


def _joined(target: Path, columns: list[str], parts: list[Path]) -> str:
    """The header and the parts, in order, written to target (each part removed once copied); returns the SHA-256 of
    the file."""
    digest = hashlib.sha256()
    with open(target, "wb") as out:
        header = io.StringIO()
        csv.writer(header).writerow(columns)
        head = header.getvalue().encode("utf-8")
        digest.update(head)
        out.write(head)
        for part in parts:
            with open(part, "rb") as f:
                for chunk in iter(lambda: f.read(1 << 20), b""):
                    digest.update(chunk)
                    out.write(chunk)
            part.unlink()
    return digest.hexdigest()


# A database this big has its tables written by two processes at once (at 1M entries: 17 s -> about 10 s).
PARALLEL_FROM_BYTES = 64 << 20
# Rows of a big table written as one part: the parts are shared among the processes, so the largest table is no
# longer one process's work while the other waits (at 1M entries, impoundments alone took 11 of the 14.5 s).
PART_ROWS = 100_000


def _write_tables(database: Path, work: Path) -> dict[str, str]:
    """Every declared table as work/<table>.csv, written in parts of PART_ROWS rows, by two processes for a big
    database; returns {table: sha256}."""
    con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    bounds = {t: con.execute(f"SELECT min(rowid), max(rowid) FROM {t}").fetchone() for t in declared()}
    con.close()
    jobs: list[tuple[Path, str, list[str], int, int, Path]] = []
    parts: dict[str, list[Path]] = {}
    for t, spec in declared().items():
        low, high = bounds[t]
        parts[t] = []
        if low is None:
            continue
        columns = [c[0] for c in spec["columns"]]
        if t in ORDER:  # one part, in its order
            jobs.append((database, t, columns, low, high, work / f".{t}.00000.part"))
            parts[t].append(jobs[-1][-1])
            continue
        for n, first in enumerate(range(low, high + 1, PART_ROWS)):
            path = work / f".{t}.{n:05d}.part"
            jobs.append((database, t, columns, first, min(first + PART_ROWS - 1, high), path))
            parts[t].append(path)
    workers = min(2, os.cpu_count() or 1) if database.stat().st_size >= PARALLEL_FROM_BYTES else 1
    if workers == 1:
        for job in jobs:
            rows_csv(job)
    else:
        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
        with ctx.Pool(processes=workers) as pool:
            for _ in pool.imap_unordered(rows_csv, jobs):
                pass
    return {t: _joined(work / f"{t}.csv", [c[0] for c in spec["columns"]], parts[t]) for t, spec in declared().items()}


def build(database: Path, public_db: Path, name: str) -> Path:
    """The downloads of a finished public database (`database`, about to be renamed to `public_db`) written to
    downloads_root(public_db)/name, whole: built under a temporary name and renamed when complete. Returns it."""
    root = downloads_root(public_db)
    root.mkdir(exist_ok=True)
    target, work = root / name, root / f".{name}.tmp{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        meta_tables = _metadata().get("databases", {}).get("pounds", {}).get("tables", {})
        con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        version, created = con.execute(
            "SELECT data_version, ingested_at FROM ingests ORDER BY id DESC LIMIT 1"
        ).fetchone()
        con.close()
        digests = _write_tables(database, work)
        resources = []
        for table, spec in declared().items():
            docs = meta_tables.get(table, {})
            resources.append({
                "name": table, "path": f"{table}.csv", "profile": "tabular-data-resource",
                "title": table, "description": docs.get("description", ""),
                "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
                "bytes": (work / f"{table}.csv").stat().st_size, "hash": f"sha256:{digests[table]}",
                "schema": _schema(table, spec, docs),
            })  # fmt: skip
        try:
            os.link(database, work / SQLITE_FILE)  # the database itself, not a copy: it never changes in place
        except OSError:
            shutil.copyfile(database, work / SQLITE_FILE)
        resources.append({
            "name": "pinfold-sqlite", "path": SQLITE_FILE, "profile": "data-resource", "format": "sqlite",
            "mediatype": "application/vnd.sqlite3", "bytes": (work / SQLITE_FILE).stat().st_size,
            "description": "The public database as one SQLite file: every table above, the views the feeds and "
                           "canned queries use, and the full-text index.",
        })  # fmt: skip
        (work / DATAPACKAGE).write_text(
            json.dumps(descriptor(resources, version, created), indent=2, ensure_ascii=False) + "\n",
            encoding="utf-8",
        )
        os.replace(work, target)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return target


def named(public_db: Path) -> str | None:
    """The downloads' folder the public database names (its last ingest's), or None (none, or not a database of
    Pinfold's)."""
    if not public_db.is_file():
        return None
    try:
        con = sqlite3.connect(f"file:{public_db}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT downloads FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
        finally:
            con.close()
    except sqlite3.Error:
        return None
    return row[0] if row and row[0] else None


def complete(public_db: Path) -> None:
    """Under the targets' lock, before an ingest: the downloads of the database in place built, when the ingest that
    switched it in was killed before they were whole (it builds them after its switch)."""
    name = named(public_db)
    if name is not None and not (downloads_root(public_db) / name / DATAPACKAGE).is_file():
        build(public_db, public_db, name)


def prune(public_db: Path, keep: set[str | None]) -> None:
    """After the switch: the downloads of the database now in place and of the one it replaced (keep: a server may
    be on the previous file for a moment) stay; other generations, and half-built folders of dead ingests, go."""
    from .swap import _alive

    root = downloads_root(public_db)
    if not root.is_dir():
        return
    for folder in root.iterdir():
        if not folder.is_dir():
            continue
        if not folder.name.startswith("."):
            if folder.name not in keep:
                shutil.rmtree(folder, ignore_errors=True)
        elif (pid := folder.name.rsplit(".tmp", 1)[-1]).isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
