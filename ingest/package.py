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

The big tables of the pounds (SPLIT) are one file per pound (`impoundments/<pound>.csv`, a multipart resource): an
incremental ingest writes the files of the pounds it recomputed and hard-links every other pound's from the previous
generation (their rows are the ones it left as they were), so the package of a one-pound change takes about as long
as that pound's rows; a full ingest writes them all. Either way the files are the bytes a full write gives.

Every table and column is read from the one declaration (schema.PUBLIC) and described by metadata.yml.
"""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import re
import shutil
import sqlite3
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from pinfold.schema import DATAPACKAGE, METADATA, PUBLIC, SQLITE_FILE, downloads_root

from .shards import plain_sigterm, pool_context

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
        # libyaml's safe loader where PyYAML has it: the same answer, ten times as fast (40 ms a read)
        return (
            yaml.load(METADATA.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
        )
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
    # an incremental ingest writes the recomputed pounds' versions after the others (ingest/auction_history.py)
    "auction_versions": (
        "auction_versions t LEFT JOIN auctions a ON a.id = t.auction_id",
        "a.auction_date, a.pound_id, t.auction_id",
    ),
}


# Tables written one file per pound (issue 26): an incremental ingest writes the recomputed pounds' files and links
# the others' from the previous generation. {table: (its rows as `t` and what they join, the pound of a row)}; a
# notice's pound is its entry's (the index on impoundments(pound_id) finds one pound's notices), a lot's its
# auction's. Not rejects: a reject's number is its place over every pound (ingest/changed.py), so a register added to
# one pound renumbers the rejects of the pounds after it; the table is small and written whole.
SPLIT: dict[str, tuple[str, str]] = {
    "impoundments": ("impoundments t", "t.pound_id"),
    "merged_duplicates": ("merged_duplicates t LEFT JOIN impoundments i ON i.id = t.impoundment_id", "i.pound_id"),
    "notices": (ORDER["notices"][0], "i.pound_id"),
    "auctions": ("auctions t", "t.pound_id"),
    "auction_lots": ("auction_lots t LEFT JOIN auctions a ON a.id = t.auction_id", "a.pound_id"),
    "sales": ("sales t", "t.pound_id"),
}
# A pound id that is a plain name is its file's name; any other (pounds.csv does not restrict them) is named by its
# digest, so that no id makes a path of its own ('..', '/', a space); rows with no pound go to NO_POUND.
_PLAIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
NO_POUND = "_none"
# Files held open at once by one writer of per-pound files (a deployment may have thousands of pounds).
OPEN_FILES = 64


def part_name(pound_id: str | None) -> str:
    """The name of a pound's file of a split table, without '.csv': 'tvm-corp' -> 'tvm-corp'; 'Aluva pound' ->
    '_pound-3b1f0c9a2e4d' (its digest: never a plain name); None -> '_none'."""
    if pound_id is None:
        return NO_POUND
    if _PLAIN.fullmatch(pound_id):
        return pound_id
    return "_pound-" + hashlib.sha256(pound_id.encode("utf-8")).hexdigest()[:12]


def _order(table: str) -> str:
    return ORDER[table][1] if table in ORDER else "t.rowid"


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


# (database, table, columns, first and last rowid or None (all), pounds or None (all), folder)
PoundJob = tuple[Path, str, list[str], int | None, int | None, list[str] | None, Path]


def pound_rows_csv(job: PoundJob) -> dict[str, str | None]:
    """A split table's rows (those rowids of the table, or all; of those pounds, or all), in the table's order, each
    appended to folder/<part_name(its pound)> as CSV without a header; returns {file name: pound} of the files
    written. Runs in a worker process. (db, 'sales', [...], None, None, ['tvm-corp'], f) -> {'tvm-corp': 'tvm-corp'},
    f/tvm-corp holding that pound's sales."""
    database, table, columns, first, last, pounds, folder = job
    rows, pound = SPLIT[table]
    where: list[str] = []
    args: list[Any] = []
    if first is not None:
        where.append("t.rowid BETWEEN ? AND ?")
        args += [first, last]
    if pounds is not None:
        where.append(f"{pound} IN ({', '.join('?' * len(pounds))})")
        args += pounds
    query = f"SELECT {pound}, {', '.join('t.' + c for c in columns)} FROM {rows}"
    query += f" WHERE {' AND '.join(where)}" if where else ""
    folder.mkdir(parents=True, exist_ok=True)
    seen: dict[str, str | None] = {}
    files: dict[str | None, Any] = {}  # pound -> (file, writer); all closed for room, reopened to append
    con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        cursor = con.execute(f"{query} ORDER BY {_order(table)}", args)
        while batch := cursor.fetchmany(10_000):
            for row in batch:
                if row[0] not in files:
                    if len(files) >= OPEN_FILES:
                        for f, _ in files.values():
                            f.close()
                        files.clear()
                    seen[part_name(row[0])] = row[0]
                    f = open(folder / part_name(row[0]), "a", encoding="utf-8", newline="")  # noqa: SIM115 (closed below)
                    files[row[0]] = (f, csv.writer(f))
                files[row[0]][1].writerow(row[1:])
    finally:
        for f, _ in files.values():
            f.close()
        con.close()
    return seen


def _header(columns: list[str]) -> bytes:
    """A CSV header row: ['id', 'pound_id'] -> b'id,pound_id\\r\\n'."""
    header = io.StringIO()
    csv.writer(header).writerow(columns)
    return header.getvalue().encode("utf-8")


def _joined(target: Path, columns: list[str], parts: list[Path]) -> str:
    """The header and the parts, in order, written to target (each part removed once copied; a part not there is
    no rows); returns the SHA-256 of the file."""
    digest = hashlib.sha256()
    with open(target, "wb") as out:
        head = _header(columns)
        digest.update(head)
        out.write(head)
        for part in parts:
            if not part.exists():  # no rows of this pound among the part's
                continue
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


def _run(database: Path, jobs: list[Any]) -> list[dict[str, str | None]]:
    """_job(job) for every job, answers in the jobs' order: by two processes for a big database, else here."""
    if database.stat().st_size < PARALLEL_FROM_BYTES or len(jobs) < 2 or (os.cpu_count() or 1) < 2:
        return [_job(job) for job in jobs]
    ctx = pool_context()
    # forked with a watch's SIGTERM handler, a worker ended by the pool could raise KeyboardInterrupt inside a queue's
    # lock and leave it held: the other worker then waited on it for ever (a watch's ingest hung after its switch)
    with ctx.Pool(processes=2, initializer=plain_sigterm) as pool:
        return list(pool.imap(_job, jobs))


@dataclass
class Part:
    """One pound's file of a split table, as datapackage.json lists it under the resource's `parts`."""

    pound_id: str | None
    path: str  # 'impoundments/tvm-corp.csv', relative to the package's folder
    bytes: int = 0
    hash: str = ""

    def entry(self) -> dict[str, Any]:
        return {"pound_id": self.pound_id, "path": self.path, "bytes": self.bytes, "hash": self.hash}


def _pounds(database: Path) -> list[str]:
    """The pounds, in their order (pounds.csv's): the order of a split table's files."""
    con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    try:
        return [r[0] for r in con.execute("SELECT id FROM pounds ORDER BY rowid")]
    finally:
        con.close()


def _reusable(previous: Path | None, table: str, columns: list[str], pounds: list[str]) -> dict[str, Part]:
    """The files of a split table the previous generation (folder) holds, by pound, when it lists the table with the
    same columns and a file for no pound but these: {'tvm-corp': Part(...)}; else {} (no previous, another layout,
    other columns, or rows of no pound of these, which only a full write places)."""
    if previous is None:
        return {}
    try:
        package = json.loads((previous / DATAPACKAGE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    for r in package.get("resources", []):
        if r.get("name") == table and "parts" in r and [f["name"] for f in r["schema"]["fields"]] == columns:
            found = {p["pound_id"]: Part(p["pound_id"], p["path"], p["bytes"], p["hash"]) for p in r["parts"]}
            there = all((previous / p.path).is_file() for p in found.values())  # a file gone: written again
            return found if there and set(found) <= set(pounds) else {}
    return {}


def _link(source: Path, target: Path) -> None:
    """target made the same file as source (a hard link; a copy where the file system has none)."""
    try:
        os.link(source, target)
    except OSError:
        shutil.copyfile(source, target)


def _split_jobs(
    database: Path, work: Path, table: str, bounds: tuple[int | None, int | None], write: list[str] | None
) -> list[PoundJob]:
    """The jobs that write a split table's rows of the pounds `write` (None: all, in parts of PART_ROWS rowids
    shared among the processes) into work/.<table>/<job number>/."""
    columns = [c[0] for c in declared()[table]["columns"]]
    low, high = bounds
    folder = work / f".{table}"
    if low is None or high is None or write == []:
        return []
    if write is not None or table in ORDER:  # a few pounds (found by their index), or one pass in the table's order
        return [(database, table, columns, None, None, write, folder / "00000")]
    return [
        (database, table, columns, first, min(first + PART_ROWS - 1, high), None, folder / f"{n:05d}")
        for n, first in enumerate(range(low, high + 1, PART_ROWS))
    ]


def _split_files(
    work: Path, table: str, plan: list[Part], found: dict[str, str | None], previous: Path | None
) -> list[Part]:
    """A split table's files in work/<table>/: each Part of plan without a hash written from its fragments (the
    header, then the fragments of work/.<table>/ in order), the others linked from previous; then a file for each
    pound `found` among the rows ({file name: pound}) the plan has none for (a row whose pound is not in pounds, or
    none: only a full write places them). Returns the parts, in order."""
    columns = [c[0] for c in declared()[table]["columns"]]
    (work / table).mkdir()
    fragments = sorted((work / f".{table}").iterdir()) if (work / f".{table}").is_dir() else []
    named = {part_name(p.pound_id) for p in plan}
    extra = [Part(found[n], f"{table}/{n}.csv") for n in sorted(set(found) - named)]
    for p in [*plan, *extra]:
        target = work / p.path
        if p.hash:  # an unchanged pound's file: the previous generation's
            assert previous is not None
            _link(previous / p.path, target)
        else:
            p.hash = "sha256:" + _joined(target, columns, [f / Path(p.path).stem for f in fragments])
            p.bytes = target.stat().st_size
    shutil.rmtree(work / f".{table}", ignore_errors=True)
    return [*plan, *extra]


def _write_tables(
    database: Path, work: Path, previous: Path | None = None, recomputed: list[str] | None = None
) -> dict[str, str | list[Part]]:
    """Every declared table written into work: a split table (SPLIT) as work/<table>/<pound>.csv, one file per pound
    in the pounds' order, each with the header; the others as work/<table>.csv. With `previous` (the last
    generation's folder) and `recomputed` (the pounds this ingest recomputed; None: all), the files of the other
    pounds are linked from previous instead of written. Returns {table: sha256 of its file, or its Parts}."""
    con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    # min and max apart: together in one SELECT, SQLite scans the table for them (notices at 1M rows: 0.14 s)
    bounds = {
        t: con.execute(f"SELECT (SELECT min(rowid) FROM {t}), (SELECT max(rowid) FROM {t})").fetchone()
        for t in declared()
    }
    con.close()
    pounds = _pounds(database)
    split = [t for t in SPLIT if pounds]  # no pounds, no rows: every table whole (a file per pound needs pounds)
    jobs: list[Any] = []
    parts: dict[str, list[Path]] = {}
    plans: dict[str, list[Part]] = {}
    for t in split:
        columns = [c[0] for c in declared()[t]["columns"]]
        reusable = {} if recomputed is None else _reusable(previous, t, columns, pounds)
        plans[t] = [Part(p, f"{t}/{part_name(p)}.csv") for p in pounds]
        for p in plans[t]:
            if p.pound_id in reusable and p.pound_id not in set(recomputed or []):
                p.bytes, p.hash = reusable[p.pound_id].bytes, reusable[p.pound_id].hash  # linked, not written
        write = [pound for pound, p in zip(pounds, plans[t], strict=True) if not p.hash]
        jobs += _split_jobs(database, work, t, bounds[t], None if len(write) == len(pounds) else write)
    for t, spec in declared().items():
        low, high = bounds[t]
        parts[t] = []
        if t in split or low is None:
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
    found: dict[str, dict[str, str | None]] = {t: {} for t in split}
    for job, seen in zip(jobs, _run(database, jobs), strict=True):
        if len(job) == 7:
            found[job[1]].update(seen)
    out: dict[str, str | list[Part]] = {}
    for t, spec in declared().items():
        if t in split:
            out[t] = _split_files(work, t, plans[t], found[t], previous)
        else:
            out[t] = _joined(work / f"{t}.csv", [c[0] for c in spec["columns"]], parts[t])
    return out


def _job(job: Any) -> dict[str, str | None]:
    """One job of _write_tables: a split table's (PoundJob, 7 items: returns {file name: pound} of the rows it
    wrote) or a whole table's part (6 items: returns {})."""
    if len(job) == 7:
        return pound_rows_csv(job)
    rows_csv(job)
    return {}


def _multipart(parts: list[Part], header: int) -> dict[str, Any]:
    """A split table's resource fields: its files as `path` (Frictionless reads them as one table, the header of
    every file but the first skipped), `bytes` of that table (the header once: what frictionless counts), and each
    file's size and SHA-256 under `parts` (no digest of the whole: it would read every file again, at 1M 770 MB).
    ([Part(.., 'sales/a.csv', 100, ..), Part(.., 'sales/b.csv', 80, ..)], 40) -> {'path': [...], 'bytes': 140, ..}."""
    return {
        "path": [p.path for p in parts],
        "bytes": sum(p.bytes for p in parts) - header * (len(parts) - 1),
        "parts": [p.entry() for p in parts],
    }


def build(
    database: Path, public_db: Path, name: str, previous: str | None = None, recomputed: list[str] | None = None
) -> Path:
    """The downloads of a finished public database (`database`, about to be renamed to `public_db`) written to
    downloads_root(public_db)/name, whole: built under a temporary name and renamed when complete. Returns it.
    An incremental ingest names the previous generation (`previous`, a folder beside) and the pounds it recomputed:
    the split tables' files of every other pound are linked from there (unchanged: the same bytes a write gives)."""
    root = downloads_root(public_db)
    root.mkdir(exist_ok=True)
    target, work = root / name, root / f".{name}.tmp{os.getpid()}"
    before = root / previous if previous and previous != name and (root / previous / DATAPACKAGE).is_file() else None
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    try:
        meta_tables = _metadata().get("databases", {}).get("pounds", {}).get("tables", {})
        con = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        version, created = con.execute(
            "SELECT data_version, ingested_at FROM ingests ORDER BY id DESC LIMIT 1"
        ).fetchone()
        con.close()
        written = _write_tables(database, work, before, recomputed if before else None)
        resources = []
        for table, spec in declared().items():
            docs = meta_tables.get(table, {})
            resource: dict[str, Any] = {
                "name": table, "path": f"{table}.csv", "profile": "tabular-data-resource",
                "title": table, "description": docs.get("description", ""),
                "format": "csv", "mediatype": "text/csv", "encoding": "utf-8",
            }  # fmt: skip
            files = written[table]
            if isinstance(files, str):
                resource["bytes"] = (work / f"{table}.csv").stat().st_size
                resource["hash"] = f"sha256:{files}"
            else:
                resource.update(_multipart(files, len(_header([c[0] for c in spec["columns"]]))))
            resources.append({**resource, "schema": _schema(table, spec, docs)})
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
