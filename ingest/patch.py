"""The incremental ingest (issue 26): the unit of change is the pound. An ingest after a change recomputes only the
pounds whose inputs changed, by patching a copy of the previous pair, and gives a full ingest's result row for row.

What a pound's rows depend on (`pound_digests`): its row of pounds.csv, its register files (path, bytes, mapping
file) and the rule file rows that name it (rules/auctions.csv). What every pound's rows depend on (`common_salt`):
Pinfold's code and libraries, the rule packs, the other rule files (scales, rates and habitual areas apply by Act and
area; the roster hides names in every pound's text; places.csv's places are kept in it and name local areas), the list
of pounds and their places (PLACE_FIELDS: another pound's register may name them), and the day (an entry dated after
tomorrow is a reject, the scorecard counts to today). The manifest (`Manifest`, in the kept shards' folder) holds both as of the
pair in place; an ingest whose common salt differs, or with no manifest of the pair in place, is a full one.

The patch (`patch_public`, `patch_private`): the changed pounds' rows are finished on their own in a small database
(the same finish as a full ingest's, on their shards alone: duplicates, notices, lots, auctions, the scorecard), then
swapped into the copy pound by pound. What the portal reads in rowid order keeps a full ingest's order:
- impoundments, newest first (the search reads pages of results as a rowid range of the full-text index): rows that
  did not change keep their rowid; a row changed in place keeps its key's rowid; a new row takes a free rowid between
  its neighbours, and where there is none, the rows newer than it move down by as many (a full ingest leaves RESERVE
  rowids free below its newest row, so a new entry of today moves only the few rows newer than it). When the reserve
  is used up, the ingest is a full one (`Fallback`), which makes it again;
- the animals in the pound (impoundments_in_pound, a day's animals are a rowid range of it, read backwards as notice
  day order) and its full-text index, by day then newest first: the row of an impoundment alike in mini keeps its
  rowid; those of the impoundments that differ leave (before the impoundments change: a contentless index forgets
  a row by the words it went in with) and mini's come in between their neighbours, the rows after them moved up to
  the next free rowids where there are too few (a full ingest leaves one in 16 free: schema.IN_POUND_SPACING). Its
  column `impoundment` (a rowid of impoundments) moves with the impoundments `_place` moves. More than MOST_MOVED
  rows to move: rebuilt whole, as a full ingest builds it;
- the rejects (their id is their order in the registers) and the merged duplicates: rebuilt whole, in order (small).
What nothing reads in rowid order is patched pound by pound, in proportion to the changed pounds' rows, not the table:
- notices, sales, auctions, the scorecard and the pound months (BY_POUND): the changed pounds' rows deleted, mini's
  added after the others. Their readers order them by their own columns to the end (a key breaks every tie: the
  feeds, the calendar, the pages, the API, metadata.yml's queries; the package writes them by key), so a rowid order
  other than a full ingest's shows nowhere but in Datasette's default table order;
- the lots: those of the changed pounds' auctions deleted, mini's added after the others, auction by auction in lot
  order (an auction's lots stay a rowid range, which the lots' search reads: portal/matchsets.py lot_ranges), and
  the full-text index of the lots to come likewise, by the lots' rowids (LOTS_INDEX).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pinfold.schema import FTS_COLUMNS, IN_POUND_ROWS, search_index

from .shards import owner_only, shard_folder
from .stages import Stages

# Rowids a full ingest leaves free below its newest impoundment, for the entries incremental ingests add among the
# newest (a bitmap of the search's matchsets grows by RESERVE bits: 8 KB).
RESERVE = 1 << 16
# The rule file whose rows each name a pound (pound_id): a change to one of its rows recomputes that pound only.
POUND_RULES = "auctions.csv"
MANIFEST = "ingest.json"
# Above this share of the registers' bytes in changed pounds, a full ingest is the shorter way.
AT_MOST = 0.5
_FTS = ", ".join(FTS_COLUMNS)


class Fallback(Exception):
    """The change cannot be patched in: the ingest is a full one."""


@dataclass
class Manifest:
    """What the pair in place was made from: its data version, the common salt, each pound's digest, the published
    paths of its register files (the private register's rows are found by them), the pair's files as switched in
    (swap._identity: device, inode, size, mtime; a file written since, or another file, is not the pair); each
    register's digest by its published path, as read (a register grown since is read on from its shard:
    ShardCache.previous); and the stamps of the registers settled when stamped, with their digests
    (sources.file_digests: {path: [device, inode, size, mtime_ns, ctime_ns, digest]}), so the next ingest reads again
    only a register whose stamp changed (a register saved just before is in `registers`, not in `files`)."""

    version: str
    salt: str
    pounds: dict[str, str]
    sources: dict[str, list[str]]
    pair: list[list[int] | None] = field(default_factory=list)
    registers: dict[str, str] = field(default_factory=dict)
    files: dict[str, list[Any]] = field(default_factory=dict)

    @staticmethod
    def read(private_db: Path) -> Manifest | None:
        try:
            return Manifest(**json.loads((shard_folder(private_db) / MANIFEST).read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            return None

    def write(self, private_db: Path) -> None:
        """Written whole or not at all, after the switch (a manifest older than the pair names another version)."""
        path = shard_folder(private_db) / MANIFEST
        pending = path.with_name(f"{MANIFEST}.tmp{os.getpid()}")
        with open(owner_only(pending), "w", encoding="utf-8") as f:
            json.dump(dataclasses.asdict(self), f)
        os.replace(pending, path)


# pounds.csv's fields that are words of every pound's texts, not its own rows only: the places the privacy filter
# keeps (public_cells.deployment_places) and the local areas a place of seizure is read against (K s.11(2):
# seizure_areas.gazetteer). A change to one of them in any row changes other pounds' rows: a full ingest.
PLACE_FIELDS = ("village", "local_authority", "district")


def common_digest(data_dir: Path, pounds: dict[str, Any]) -> str:
    """What every pound's rows depend on among the inputs: every rule file but POUND_RULES (the roster too), the
    list of pounds in order and each one's PLACE_FIELDS as pounds.csv writes them. ('DATA_DIR', {'p1': Pound(...)})
    -> 'e3b0c442...'."""
    places = [[pid, *(getattr(p, f) for f in PLACE_FIELDS)] for pid, p in pounds.items()]
    h = hashlib.sha256(json.dumps(places).encode())
    rules = data_dir / "rules"
    for p in sorted(rules.glob("*.csv")) if rules.is_dir() else []:
        if p.name != POUND_RULES:
            h.update(p.name.encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def pound_rules(book: Any) -> dict[str, str]:
    """Each pound's rows of POUND_RULES, digested: {'tvm-corp': '9c1e...'} (a pound without any: absent)."""
    rows: dict[str, list[Any]] = {}
    for a in book.auctions:
        rows.setdefault(a.pound_id, []).append(dataclasses.astuple(a))
    return {pid: hashlib.sha256(json.dumps(r, default=str).encode()).hexdigest() for pid, r in rows.items()}


def pound_digests(
    pounds: dict[str, Any], files: list[tuple[str, str, str, str]], rules: dict[str, str]
) -> dict[str, str]:
    """Each pound's inputs digested: its row, its files [(pound, published path, digest, mapping digest)] and its
    rule rows. {'p1': '5f1c...'}."""
    mine: dict[str, list[Any]] = {pid: [] for pid in pounds}
    for pid, rel, digest, mapping in files:
        mine[pid].append([rel, digest, mapping])
    return {
        pid: hashlib.sha256(
            json.dumps([dataclasses.astuple(p), mine[pid], rules.get(pid, "")], default=str).encode()
        ).hexdigest()
        for pid, p in pounds.items()
    }


def changed(before: Manifest | None, pair: list[list[int] | None], salt: str, now: dict[str, str]) -> list[str] | None:
    """The pounds to recompute, in order, or None for a full ingest: no manifest of the pair in place (`pair`: its
    files' identities now), or a change to what every pound depends on. (Manifest(..., pounds={'p1': 'a', 'p2': 'b'}),
    ..., {'p1': 'a', 'p2': 'c'}) -> ['p2']."""
    if before is None or None in pair or before.pair != pair or before.salt != salt:
        return None
    if list(before.pounds) != list(now):
        return None
    return [pid for pid, digest in now.items() if before.pounds[pid] != digest]


def reserve(pub: sqlite3.Connection) -> None:
    """Before a full ingest's impoundments go in: a placeholder row at rowid RESERVE, so theirs start above it
    (SQLite gives a new row the largest rowid + 1). It is no pound's (no notice, lot or scorecard joins it), counts as
    no record (source_part 0: schema.finish counts parts 1 and none) and goes before anything reads the table whole
    (release)."""
    pub.execute(
        """INSERT INTO impoundments (rowid, id, pound_id, brought_at, brought_on, brought_month, species, head_count,
               owner_known, status, act, source_file, source_row, source_part)
           VALUES (?, '', '', '', '', '', '', 1, 0, '', '', '', 0, 0)""",
        (RESERVE,),
    )


def release(pub: sqlite3.Connection) -> None:
    pub.execute("DELETE FROM impoundments WHERE rowid = ? AND id = ''", (RESERVE,))


def _changed_table(pub: sqlite3.Connection, pounds: list[str], order: list[str]) -> None:
    """temp._changed (the pounds recomputed) and temp._pound_order (each pound's place in the registers' order)."""
    pub.execute("CREATE TEMP TABLE _changed (pound_id TEXT PRIMARY KEY)")
    pub.executemany("INSERT INTO temp._changed (pound_id) VALUES (?)", [(p,) for p in pounds])
    pub.execute("CREATE TEMP TABLE _pound_order (pound_id TEXT PRIMARY KEY, n INTEGER)")
    pub.executemany("INSERT INTO temp._pound_order (pound_id, n) VALUES (?, ?)", [(p, n) for n, p in enumerate(order)])


def _columns(pub: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in pub.execute(f"PRAGMA main.table_info({table})")]


CHANGED = "(SELECT pound_id FROM temp._changed)"
# Tables patched pound by pound (each row names its pound): the changed pounds' rows deleted, mini's inserted in the
# order the finish inserted them there (ingest/schema.py finish()). Their rowid order is then not a full ingest's:
# every reader orders them by their own columns to the end (tests/test_incremental_pounds.py), and the package writes
# them by key (ingest/package.py ORDER).
BY_POUND = ("notices", "sales", "auctions", "compliance", "pound_months")
# The full-text index of the lots of auctions to be held, by the lots' rowids (pinfold/schema.py search_index).
LOTS_INDEX = "impoundments_fts_lots"
# The animals in the pound (a day's are a rowid range of it) and its full-text index, by its rowids
# (pinfold/schema.py search_index), patched row by row where it is read in rowid order (_in_pound_in).
IN_POUND = "impoundments_in_pound"
IN_POUND_INDEX = "impoundments_fts_in_pound"
# Rows of IN_POUND moved to make room for the new ones of an ingest: above, the table is rebuilt whole (1.7 s at 1M).
MOST_MOVED = 1 << 14


def patch_public(pub: sqlite3.Connection, pounds: list[str], order: list[str], stages: Stages | None = None) -> None:
    """The public copy (pub, in a transaction, the changed pounds' finished rows attached as `mini`) patched: see
    the module's docstring. `order`: every pound, in the registers' order. Each step timed in `stages`."""
    step = stages or Stages()
    _changed_table(pub, pounds, order)
    with step("patch: rejects, merged duplicates"):
        # before the impoundments change: a merged duplicate's pound is its entry's
        owner = "(SELECT i.pound_id FROM {}.impoundments i WHERE i.id = r.impoundment_id)"
        _in_order(pub, "merged_duplicates", owner.format("main"), owner.format("mini"))
        _in_order(pub, "rejects", "r.pound_id", "r.pound_id")
    with step("patch: the lots to come's full-text index"):
        # before the impoundments change: an entry leaves a contentless index by the words it went in with
        _lots_to_come(pub, "'delete', ")
    with step("patch: impoundments and their full-text index"):
        _compare_impoundments(pub)
    with step("patch: the animals in the pound, their full-text index"):
        # before the impoundments change: an entry leaves a contentless index by the words it went in with
        _in_pound_out(pub)
    with step("patch: impoundments and their full-text index"):
        _impoundments(pub)
    with step("patch: lots"):
        # an auction's lots stay rows next to each other, in lot order (portal/matchsets.py lot_ranges): those of the
        # changed pounds' auctions go, mini's come in after the others, auction by auction
        pub.execute(
            f"DELETE FROM main.auction_lots WHERE auction_id IN (SELECT id FROM main.auctions WHERE pound_id IN {CHANGED})"
        )
        lots = ", ".join(_columns(pub, "auction_lots"))
        pub.execute(
            f"INSERT INTO main.auction_lots ({lots}) SELECT {lots} FROM mini.auction_lots ORDER BY auction_id, lot_no"
        )
    with step("patch: notices, sales, auctions, scorecard, pound months (pound by pound)"):
        for table in BY_POUND:
            cols = ", ".join(_columns(pub, table))
            pub.execute(f"DELETE FROM main.{table} WHERE pound_id IN {CHANGED}")
            pub.execute(f"INSERT INTO main.{table} ({cols}) SELECT {cols} FROM mini.{table} ORDER BY rowid")
    with step("patch: the lots to come's full-text index"):
        _lots_to_come(pub, "")
    with step("patch: the animals in the pound, their full-text index"):
        _in_pound_in(pub)


def _lots_to_come(pub: sqlite3.Connection, command: str) -> None:
    """The changed pounds' lots of auctions to be held into LOTS_INDEX (command ''), or out of it ("'delete', ": the
    words must be those they went in with, as pinfold/schema.py search_index indexed them), by the lots' rowids.
    From the changed pounds' auctions to their lots (CROSS JOIN: SQLite's planner scanned every lot, 0.28 s at 1M
    against 0.03 s)."""
    columns = ", ".join("i." + c for c in FTS_COLUMNS)
    first = f"{LOTS_INDEX}, " if command else ""
    pub.execute(
        f"""INSERT INTO main.{LOTS_INDEX} ({first}rowid, {_FTS})
            SELECT {command}l.rowid, {columns} FROM main.auctions a
            CROSS JOIN main.auction_lots l ON l.auction_id = a.id
            CROSS JOIN main.impoundments i ON i.id = l.impoundment_id
            WHERE a.pound_id IN {CHANGED} AND a.status != 'held' ORDER BY l.rowid"""
    )


def _in_pound_out(pub: sqlite3.Connection) -> None:
    """The rows of IN_POUND of the impoundments that differ (_compare_impoundments) out of it and of its index, and
    mini's that are animals in the pound noted (temp._ip_come: id, day) to go in once the impoundments are patched
    (_in_pound_in). A row of IN_POUND is its impoundment's columns: one alike in both, every column, is alike here too,
    and stays where it is, its impoundment's rowid with it (_place moves the references with the rows it moves)."""
    pub.execute(
        f"""CREATE TEMP TABLE _ip_gone AS SELECT q.rowid AS r, {", ".join("o." + c for c in FTS_COLUMNS)}
            FROM temp._gone g JOIN main.impoundments o ON o.rowid = g.r
            JOIN main.{IN_POUND} q ON q.auction_earliest_on = o.auction_earliest_on AND q.impoundment = o.rowid"""
    )
    pub.execute(
        f"""CREATE TEMP TABLE _ip_come AS SELECT m.id, m.auction_earliest_on FROM (
              SELECT i.* FROM temp._come c JOIN mini.impoundments i ON i.rowid = c.m) m
            WHERE {IN_POUND_ROWS}"""
    )
    pub.execute(
        f"""INSERT INTO main.{IN_POUND_INDEX} ({IN_POUND_INDEX}, rowid, {_FTS})
            SELECT 'delete', r, {_FTS} FROM temp._ip_gone ORDER BY r"""
    )
    pub.execute(f"DELETE FROM main.{IN_POUND} WHERE rowid IN (SELECT r FROM temp._ip_gone)")
    pub.execute("DROP TABLE temp._ip_gone")


def _in_pound_in(pub: sqlite3.Connection) -> None:
    """mini's animals in the pound noted by _in_pound_out into IN_POUND and its index, each at a rowid between the
    rows before and after it in the order a full ingest gives (schema.IN_POUND_ORDER: by day, then by the
    impoundment's rowid, which is its place newest first), the new rows next to the same two rows together. Where
    there are too few rowids free between those two, the rows after move up to the next free ones (a full ingest leaves
    one in IN_POUND_SPACING). When more than MOST_MOVED rows would move, the table is rebuilt whole instead (as a full
    ingest builds it, its free rowids with it)."""
    come = pub.execute(
        """SELECT c.auction_earliest_on, i.rowid FROM temp._ip_come c JOIN main.impoundments i ON i.id = c.id
            ORDER BY 1, 2"""
    ).fetchall()
    pub.execute("DROP TABLE temp._ip_come")
    groups: list[tuple[tuple[str, int] | None, list[tuple[str, int]]]] = []
    for day, impoundment in come:
        before = _in_pound_before(pub, day, impoundment)
        if groups and groups[-1][0] == before:
            groups[-1][1].append((day, impoundment))
        else:
            groups.append((before, [(day, impoundment)]))
    moved = 0
    # from the first in the order up: making room moves only rows after a group, so none placed already
    for before, group in groups:
        moved += _in_pound_place(pub, before, group, MOST_MOVED - moved)
        if moved > MOST_MOVED:
            _in_pound_whole(pub)
            return


def _in_pound_before(pub: sqlite3.Connection, day: str, impoundment: int) -> tuple[str, int] | None:
    """The row of IN_POUND just before an animal of `day` whose impoundment's rowid is `impoundment`, as its day and
    impoundment (which stay that row's while rows move): ('2026-12-01', 65601) -> ('2026-12-01', 65590); None: none."""
    row = pub.execute(
        f"""SELECT auction_earliest_on, impoundment FROM main.{IN_POUND}
            WHERE (auction_earliest_on, impoundment) < (?, ?)
            ORDER BY auction_earliest_on DESC, impoundment DESC LIMIT 1""",
        (day, impoundment),
    ).fetchone()
    return None if row is None else (row[0], row[1])


def _in_pound_place(
    pub: sqlite3.Connection, before: tuple[str, int] | None, group: list[tuple[str, int]], most: int
) -> int:
    """`group` (day, impoundment) inserted into IN_POUND and its index right after the row `before` (None: first),
    the rows after it moved up to the free rowids they need first; -> how many rows moved (more than `most`: none
    moved, none inserted: the caller rebuilds the table)."""
    p = 0
    if before is not None:
        (p,) = pub.execute(
            f"SELECT rowid FROM main.{IN_POUND} WHERE auction_earliest_on = ? AND impoundment = ?", before
        ).fetchone()
    (s,) = pub.execute(f"SELECT min(rowid) FROM main.{IN_POUND} WHERE rowid > ?", (p,)).fetchone()
    n = len(group)
    moving: list[int] = []
    if s is not None and s - p - 1 < n:
        # the rows from s on, each to the rowid just after the one before it, until one is there already
        last = s - 1
        while True:
            chunk = [r for (r,) in pub.execute(
                f"SELECT rowid FROM main.{IN_POUND} WHERE rowid > ? ORDER BY rowid LIMIT 256", (last,)
            )]  # fmt: skip
            for r in chunk:
                if r >= p + n + 1 + len(moving):
                    break
                moving.append(r)
            else:
                if chunk and len(moving) <= most:
                    last = chunk[-1]
                    continue
            break
        if len(moving) > most:
            return len(moving)
        _in_pound_index(pub, "'delete', ", moving[0], moving[-1])
        pub.executemany(
            f"UPDATE main.{IN_POUND} SET rowid = ? WHERE rowid = ?",
            [(p + n + 1 + k, r) for k, r in reversed(list(enumerate(moving)))],
        )
        _in_pound_index(pub, "", p + n + 1, p + n + len(moving))
    pub.executemany(
        f"INSERT INTO main.{IN_POUND} (rowid, impoundment, auction_earliest_on) VALUES (?, ?, ?)",
        [(p + k, impoundment, day) for k, (day, impoundment) in enumerate(group, 1)],
    )
    _in_pound_index(pub, "", p + 1, p + n)
    return len(moving)


def _in_pound_index(pub: sqlite3.Connection, command: str, first: int, last: int) -> None:
    """The rows of IN_POUND from rowid `first` to `last` into its index (command ''), or out of it ("'delete', ": by
    the words they went in with, their impoundments' as they are: no row moved is one that changed)."""
    head = f"{IN_POUND_INDEX}, " if command else ""
    pub.execute(
        f"""INSERT INTO main.{IN_POUND_INDEX} ({head}rowid, {_FTS})
            SELECT {command}q.rowid, {", ".join("i." + c for c in FTS_COLUMNS)}
            FROM main.{IN_POUND} q JOIN main.impoundments i ON i.rowid = q.impoundment
            WHERE q.rowid BETWEEN ? AND ? ORDER BY q.rowid""",
        (first, last),
    )


def _in_pound_whole(pub: sqlite3.Connection) -> None:
    """IN_POUND and its index rebuilt whole, as a full ingest builds them (pinfold/schema.py search_index)."""
    for table in (IN_POUND, IN_POUND_INDEX):
        pub.execute(f"DROP TABLE main.{table}")
    for statement in search_index():
        # the partial indexes of impoundments are kept up by SQLite, the lots' index pound by pound
        if " ON impoundments(" not in statement and LOTS_INDEX not in statement:
            pub.execute(statement)


def _in_order(pub: sqlite3.Connection, table: str, owner: str, new_owner: str) -> None:
    """A table whose rowid order is the registers' (rejects: their id; merged duplicates) rebuilt whole: the
    unchanged pounds' rows as they were, the changed pounds' from mini, pound by pound in the registers' order.
    `owner`, `new_owner`: a row's pound, in SQL over the row `r` of the copy, of mini."""
    columns = [c for c in _columns(pub, table) if c != "id"]  # rejects' id is its place: numbered again
    cols, rows = ", ".join(columns), ", ".join("r." + c for c in columns)
    pub.execute(
        f"""CREATE TEMP TABLE _ordered AS
            SELECT coalesce((SELECT o.n FROM temp._pound_order o WHERE o.pound_id = {owner}), -1) AS n, 0 AS side,
                   r.rowid AS r, {rows} FROM main.{table} r WHERE coalesce({owner}, '') NOT IN {CHANGED}"""
    )
    pub.execute(
        f"""INSERT INTO temp._ordered (n, side, r, {cols})
            SELECT (SELECT o.n FROM temp._pound_order o WHERE o.pound_id = {new_owner}), 1, r.rowid, {rows}
            FROM mini.{table} r"""
    )
    pub.execute(f"DELETE FROM main.{table}")
    pub.execute(f"INSERT INTO main.{table} ({cols}) SELECT {cols} FROM temp._ordered ORDER BY n, side, r")
    pub.execute("DROP TABLE temp._ordered")


def _compare_impoundments(pub: sqlite3.Connection) -> None:
    """The changed pounds' impoundments that differ: temp._gone (the copy's rows not alike in mini: rowid r, key)
    and temp._come (mini's not alike in the copy: rowid m, key); every other is alike in both, every column."""
    columns = _columns(pub, "impoundments")
    same = f"({', '.join('m.' + c for c in columns)}) IS ({', '.join('o.' + c for c in columns)})"
    pub.execute(
        f"""CREATE TEMP TABLE _gone AS SELECT o.rowid AS r, o.brought_at, o.id FROM main.impoundments o
            WHERE o.pound_id IN {CHANGED}
              AND NOT EXISTS (SELECT 1 FROM mini.impoundments m WHERE m.id = o.id AND {same})"""
    )
    pub.execute(
        f"""CREATE TEMP TABLE _come AS SELECT m.rowid AS m, m.brought_at, m.id FROM mini.impoundments m
            WHERE NOT EXISTS (SELECT 1 FROM main.impoundments o WHERE o.id = m.id AND {same})
            ORDER BY m.brought_at DESC, m.id"""
    )
    pub.execute("CREATE UNIQUE INDEX temp._come_id ON _come(id)")


def _impoundments(pub: sqlite3.Connection) -> None:
    """The changed pounds' impoundments (_compare_impoundments): rows alike in both kept as they are (rowid and
    full-text index), the others deleted and inserted in the newest-first rowid order (the module's docstring)."""
    columns = _columns(pub, "impoundments")
    pub.execute(
        f"""INSERT INTO main.impoundments_fts (impoundments_fts, rowid, {_FTS})
            SELECT 'delete', i.rowid, {", ".join("i." + c for c in FTS_COLUMNS)}
            FROM temp._gone g JOIN main.impoundments i ON i.rowid = g.r"""
    )
    pub.execute("DELETE FROM main.impoundments WHERE rowid IN (SELECT r FROM temp._gone)")
    cols = ", ".join(columns)
    # a row corrected under its key (day and hour brought, id) goes where it was
    pub.execute(
        f"""INSERT INTO main.impoundments (rowid, {cols})
            SELECT g.r, {", ".join("m." + c for c in columns)} FROM temp._come c
            JOIN temp._gone g ON g.brought_at = c.brought_at AND g.id = c.id JOIN mini.impoundments m ON m.rowid = c.m"""
    )
    new = [r for (r,) in pub.execute(
        """SELECT c.m FROM temp._come c WHERE NOT EXISTS
           (SELECT 1 FROM temp._gone g WHERE g.brought_at = c.brought_at AND g.id = c.id) ORDER BY c.rowid"""
    )]  # fmt: skip
    # The new rows between the same two rows of the table go in together, top to bottom: making room for a group
    # moves only rows above it (those placed already among them), so the rows found before the groups below hold.
    groups: dict[int, list[int]] = {}
    for m in new:
        groups.setdefault(_before(pub, m), []).append(m)
    for before, group in groups.items():
        _place(pub, before, group, cols)
    # indexed once all are placed (a row placed may have moved since): by id, which does not move
    pub.execute(
        f"""INSERT INTO main.impoundments_fts (rowid, {_FTS})
            SELECT i.rowid, {", ".join("i." + c for c in FTS_COLUMNS)} FROM temp._come c
            JOIN main.impoundments i ON i.id = c.id"""
    )
    for t in ("_gone", "_come"):
        pub.execute(f"DROP TABLE temp.{t}")


def _before(pub: sqlite3.Connection, m: int) -> int:
    """The rowid of the row of the table just before mini's impoundment `m` in the newest-first order (0: none)."""
    brought_at, id_ = pub.execute("SELECT brought_at, id FROM mini.impoundments WHERE rowid = ?", (m,)).fetchone()
    before = pub.execute(
        "SELECT max(rowid) FROM main.impoundments WHERE brought_at = ? AND id < ?", (brought_at, id_)
    ).fetchone()[0]
    if before is None:
        before = pub.execute(
            """SELECT max(rowid) FROM main.impoundments
               WHERE brought_at = (SELECT min(brought_at) FROM main.impoundments WHERE brought_at > ?)""",
            (brought_at,),
        ).fetchone()[0]
    return int(before or 0)


def _place(pub: sqlite3.Connection, before: int, group: list[int], cols: str) -> None:
    """mini's impoundments `group`, in order, inserted at the rowids after `before` (0: above the newest, at the
    rowids just above it); where there are too few free before the next row, the rows from `before` up move down by
    as many as are missing (the animals in the pound's references with them). Raises Fallback when the reserve is
    used up."""
    after = pub.execute("SELECT min(rowid) FROM main.impoundments WHERE rowid > ?", (before,)).fetchone()[0]
    missing = len(group) - (after - before - 1) if after is not None else 0
    if before == 0 and after is not None:
        # not from rowid 1 up, which used the reserve up at once: the next newest entry found none free above it
        if missing > 0:
            raise Fallback("the rowids free below the newest entry are used up")
        before = after - 1 - len(group)
    elif missing > 0:
        first = pub.execute("SELECT min(rowid) FROM main.impoundments").fetchone()[0]
        if first - missing < 1:
            raise Fallback("the rowids free below the newest entry are used up")
        fts = ", ".join("i." + c for c in FTS_COLUMNS)
        # moved rows leave the full-text index under their old rowid and come back under the new (the rows coming
        # in are indexed at the end)
        pub.execute(
            f"""INSERT INTO main.impoundments_fts (impoundments_fts, rowid, {_FTS})
                SELECT 'delete', i.rowid, {fts} FROM main.impoundments i
                WHERE i.rowid <= ? AND i.id NOT IN (SELECT id FROM temp._come)""",
            (before,),
        )
        # the animals in the pound name their impoundments by rowid: theirs move with them
        pub.execute(
            f"""UPDATE main.{IN_POUND} SET impoundment = impoundment - ? WHERE rowid IN
                  (SELECT q.rowid FROM main.impoundments i CROSS JOIN main.{IN_POUND} q
                   ON q.auction_earliest_on = i.auction_earliest_on AND q.impoundment = i.rowid WHERE i.rowid <= ?)""",
            (missing, before),
        )
        # ascending, each row into rowids those before it have left
        moving = pub.execute(
            "SELECT rowid FROM main.impoundments WHERE rowid <= ? ORDER BY rowid", (before,)
        ).fetchall()
        pub.executemany(
            "UPDATE main.impoundments SET rowid = rowid - ? WHERE rowid = ?", [(missing, r) for (r,) in moving]
        )
        before -= missing
        pub.execute(
            f"""INSERT INTO main.impoundments_fts (rowid, {_FTS})
                SELECT i.rowid, {fts} FROM main.impoundments i
                WHERE i.rowid <= ? AND i.id NOT IN (SELECT id FROM temp._come)""",
            (before,),
        )
    for k, m in enumerate(group, 1):
        _insert_at(pub, m, cols, before + k)


def _insert_at(pub: sqlite3.Connection, m: int, cols: str, rowid: int) -> None:
    pub.execute(
        f"INSERT INTO main.impoundments (rowid, {cols}) SELECT ?, {cols} FROM mini.impoundments WHERE rowid = ?",
        (rowid, m),
    )


def patch_private(priv: sqlite3.Connection, sources: set[str]) -> None:
    """The private copy: the rows of the changed pounds' register files (their published paths, before and now)
    and their conflicts deleted; their new rows are merged after (finish._merge_private)."""
    priv.execute("CREATE TEMP TABLE _sources (source_file TEXT PRIMARY KEY)")
    priv.executemany("INSERT INTO temp._sources (source_file) VALUES (?)", [(s,) for s in sorted(sources)])
    tables = {r[0] for r in priv.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "register_names" in tables:  # the private register holds a renamed file's real name (privacy.keep_real_names)
        priv.execute(
            """INSERT OR IGNORE INTO temp._sources (source_file)
               SELECT file FROM register_names WHERE public_name IN (SELECT source_file FROM temp._sources)"""
        )
    if "register_sheets" in tables:
        priv.execute("DELETE FROM register_sheets WHERE file IN (SELECT source_file FROM temp._sources)")
    priv.execute(
        """DELETE FROM conflicts WHERE impoundment_id IN
           (SELECT impoundment_id FROM register_entries WHERE source_file IN (SELECT source_file FROM temp._sources))"""
    )
    priv.execute("DELETE FROM register_entries WHERE source_file IN (SELECT source_file FROM temp._sources)")
    priv.execute("DROP TABLE temp._sources")
