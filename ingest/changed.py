"""Which pounds an ingest changed: the public `ingest_pounds` table, read by the server to keep what it has cached of
every other pound across a new database (portal/warm.py).

A pound changed when anything a page of that pound, or of one of its animals, shows differs between the database
being built and the one it replaces: its row in `pounds`, its entries (every column), their merged duplicates, sales,
notices, auctions and lots, its rejects, its compliance rows, the history of its entries (this ingest's `changes` and
any older one rewritten) and their aliases, and the rule rows that apply to it (its Act, its local authority or `*`).
It is computed from the two databases alone, never from what the ingest read, so a full ingest and an incremental one
of the same files record the same pounds. The first ingest (nothing to compare with) changed every pound.

    record(pub) after history.record, `old` attached -> 2 (rows written: ('tcr-corp', 'ekm-muni') for this ingest)
"""

from __future__ import annotations

import sqlite3

# Each compared table: the pound of one of its rows `x`, read from the database `{db}` the row is in, and the join that
# finds it. Every column of a table is compared (what a page shows is some of them; a column no page shows yet costs a
# re-render at most).
POUND_OF: dict[str, tuple[str, str]] = {
    "pounds": ("x.id", ""),
    "impoundments": ("x.pound_id", ""),
    "merged_duplicates": ("i.pound_id", "JOIN {db}.impoundments i ON i.id = x.impoundment_id"),
    "rejects": ("x.pound_id", ""),
    "notices": ("x.pound_id", ""),
    "auctions": ("x.pound_id", ""),
    "auction_lots": ("a.pound_id", "JOIN {db}.auctions a ON a.id = x.auction_id"),
    "sales": ("x.pound_id", ""),
    "compliance": ("x.pound_id", ""),
    "changes": ("x.pound_id", ""),
    "aliases": ("i.pound_id", "JOIN {db}.impoundments i ON i.id = x.impoundment_id"),
}
# Columns not compared: a reject's number is its place in file order over every pound, so a register added to one
# pound renumbers the rejects of every pound after it (no page of a pound shows it: /data and the downloads do, and
# they are re-rendered with every new database).
NOT_COMPARED = {"rejects": {"id"}}
# Tables compared row against row by their key (the others, smaller, as sets).
KEYS = {"impoundments": "id", "notices": "id"}
# Rule tables: a row applies to the pounds of its Act whose local authority it names, or to all of them ('*').
RULES = {"fine_scales": "local_area", "habitual_areas": "local_area", "feeding_rates": "local_authority"}


def _columns(con: sqlite3.Connection, db: str, table: str) -> list[str]:
    return [r[1] for r in con.execute(f"PRAGMA {db}.table_info({table})")]


def _attached(con: sqlite3.Connection) -> bool:
    return any(r[1] == "old" for r in con.execute("PRAGMA database_list"))


def _within(pound: str, candidates: list[str] | None) -> str:
    """The rows of the candidate pounds, in SQL bound by _bound: 'x.pound_id IN (:c0, :c1)'; '1': every row. A list of
    values, not json_each: the planner then knows how few they are and reads their rows by a pound's index (with
    json_each it read all 163k sales at 1M rows, twice)."""
    return "1" if candidates is None else f"{pound} IN ({', '.join(f':c{i}' for i in range(len(candidates)))})"


def _bound(candidates: list[str] | None) -> dict[str, str]:
    """_within's parameters: ['p1', 'p2'] -> {'c0': 'p1', 'c1': 'p2'}."""
    return {f"c{i}": pound for i, pound in enumerate(candidates or [])}


def _rows_differ(con: sqlite3.Connection, table: str, cols: list[str], candidates: list[str] | None) -> set[str]:
    """The pounds of the rows of `table` in one database and not the other (every column compared)."""
    pound, join = POUND_OF[table]
    key = KEYS.get(table)
    found: set[str] = set()
    if key is not None:
        # Big tables with a key: each row against its own by key (an EXCEPT sorts both whole tables, 7.6 s for
        # impoundments at 200k rows against 3.3 s this way), and the keys gone.
        n, o = (", ".join(f'{t}."{c}"' for c in cols) for t in ("x", "o"))
        queries = [
            f"SELECT DISTINCT {pound} FROM main.{table} x LEFT JOIN old.{table} o ON o.{key} = x.{key} "
            f"WHERE {_within(pound, candidates)} AND ({n}) IS NOT ({o})",
            f"SELECT DISTINCT {pound} FROM old.{table} x WHERE {_within(pound, candidates)} "
            f"AND NOT EXISTS (SELECT 1 FROM main.{table} n WHERE n.{key} = x.{key})",
        ]
    else:
        c = ", ".join(f'x."{col}"' for col in cols)
        side = "SELECT {pound} AS _pound, {c} FROM {db}.{table} x {join} WHERE {within}"
        main, old = (
            side.format(
                pound=pound, c=c, db=db, table=table, join=join.format(db=db), within=_within(pound, candidates)
            )
            for db in ("main", "old")
        )
        queries = [
            f"SELECT DISTINCT _pound FROM ({main} EXCEPT {old})",
            f"SELECT DISTINCT _pound FROM ({old} EXCEPT {main})",
        ]
    for sql in queries:
        found.update(r[0] for r in con.execute(sql, _bound(candidates)) if r[0] is not None)
    return found


def changed_pounds(con: sqlite3.Connection, candidates: list[str] | None = None) -> set[str] | None:
    """The pounds whose published rows differ between main and the attached `old` (history.record attached it);
    None when they cannot be compared table for table (no `old`, or a table or column one of them lacks): every
    pound changed. `candidates`, when given, are the only pounds whose rows may differ (an incremental ingest's
    recomputed pounds: every other pound's rows are copies), so only theirs are compared. -> {'tcr-corp'}"""
    if not _attached(con):
        return None
    found: set[str] = set()
    for table in POUND_OF:
        cols = _columns(con, "main", table)
        if not cols or set(cols) - set(_columns(con, "old", table)):
            return None
        found |= _rows_differ(con, table, [c for c in cols if c not in NOT_COMPARED.get(table, set())], candidates)
    areas: set[tuple[str, str]] = set()
    for table, area in RULES.items():
        cols = _columns(con, "main", table)
        if not cols or set(cols) - set(_columns(con, "old", table)):
            return None
        for side, other in (("main", "old"), ("old", "main")):
            c = ", ".join(f'"{x}"' for x in cols)
            areas.update(
                con.execute(
                    f"SELECT DISTINCT act, {area} FROM (SELECT {c} FROM {side}.{table} "
                    f"EXCEPT SELECT {c} FROM {other}.{table})"
                ).fetchall()
            )
    for act, area in areas:
        found.update(
            r[0]
            for r in con.execute(
                "SELECT id FROM main.pounds WHERE (act = :act OR :act = '*') AND (local_authority = :area OR :area = '*')"
                " UNION SELECT id FROM old.pounds WHERE (act = :act OR :act = '*') "
                "AND (local_authority = :area OR :area = '*')",
                {"act": act, "area": area},
            )
        )
    return found


def record(con: sqlite3.Connection, candidates: list[str] | None = None) -> int:
    """This ingest's `ingest_pounds` rows (the last `ingests` row of main), with the earlier ingests' carried forward
    from `old`: every pound when there is nothing to compare with. -> rows written for this ingest."""
    ingest_id = con.execute("SELECT max(id) FROM main.ingests").fetchone()[0]
    con.execute("DELETE FROM main.ingest_pounds")  # an incremental ingest's copy holds them: carried from `old` again
    if _attached(con) and "ingest_pounds" in {
        r[0] for r in con.execute("SELECT name FROM old.sqlite_master WHERE type = 'table'")
    }:
        con.execute(
            "INSERT INTO main.ingest_pounds (ingest_id, pound_id) SELECT ingest_id, pound_id FROM old.ingest_pounds "
            "WHERE ingest_id IN (SELECT id FROM main.ingests WHERE id < ?) ORDER BY ingest_id, pound_id",
            (ingest_id,),
        )
    pounds = changed_pounds(con, candidates)
    if pounds is None:
        pounds = {r[0] for r in con.execute("SELECT id FROM main.pounds")}
    con.executemany(
        "INSERT INTO main.ingest_pounds (ingest_id, pound_id) VALUES (?, ?)", [(ingest_id, p) for p in sorted(pounds)]
    )
    return len(pounds)
