"""Each auction's published version: the public `auction_versions` table, one row per auction of the database.

A calendar client updates an event it holds only when the event's SEQUENCE grows (RFC 5545 3.8.7.4), so an auction
keeps a count of the times what it says changed: its day, hour, place, conditions, status or lots. An ingest compares
each auction with the version the database it replaces published (`old`, attached by ingest/history.py), on the
auction's id (its pound and day: an auction moved to another day is another auction, with another UID): unchanged,
it keeps its sequence and the time it last changed; changed, its sequence grows by one and it was modified at this
ingest's time; new, it starts at 0 modified at this ingest's time. Carried from one database to the next, as the
rest of the history is.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3

# What an auction says, as a calendar event shows it: the auction's own columns and its lots, in order; the auctions
# in a full ingest's order (ingest/schema.py). An incremental ingest writes its recomputed pounds' versions after the
# others', so the package writes `auction_versions` in this order whatever the rows' (ingest/package.py ORDER).
_SAID = """
SELECT a.id, a.auction_date, a.auction_time, a.starts_at, a.place, a.conditions, a.status, a.lots, a.head_count,
       (SELECT group_concat(l.lot_no || '|' || l.impoundment_id || '|' || coalesce(l.species, '') || '|'
                            || coalesce(l.head_count, '') || '|' || coalesce(l.description, ''), char(10))
        FROM (SELECT * FROM {db}.auction_lots WHERE auction_id = a.id ORDER BY lot_no) l)
FROM {db}.auctions a {where} ORDER BY a.auction_date, a.pound_id, a.id"""  # a full ingest's order, however the rows lie
# The auctions of the pounds an incremental ingest recomputed (a JSON list bound as :pounds).
_OF_POUNDS = "WHERE a.pound_id IN (SELECT value FROM json_each(:pounds))"


def digest(said: tuple[object, ...]) -> str:
    """An auction's columns and lots -> the start of their SHA-256: ('p1-2026-12-09', '2026-12-09', '10:00', ...)
    -> '5c1f0e2a9b7d4e31'. Equal when, and only when, nothing an event shows changed."""
    text = "\x1f".join("" if v is None else str(v) for v in said)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digests(con: sqlite3.Connection, db: str = "main", pounds: list[str] | None = None) -> dict[str, str]:
    """{auction id: digest} of every auction in a database (`main`, or the attached `old`), or of those `pounds`'."""
    if pounds is None:
        return {row[0]: digest(tuple(row)) for row in con.execute(_SAID.format(db=db, where=""))}
    rows = con.execute(_SAID.format(db=db, where=_OF_POUNDS), {"pounds": json.dumps(pounds)})
    return {row[0]: digest(tuple(row)) for row in rows}


def _attached(con: sqlite3.Connection, name: str) -> bool:
    return any(r[1] == name for r in con.execute("PRAGMA database_list"))


def _tables(con: sqlite3.Connection, db: str) -> set[str]:
    return {r[0] for r in con.execute(f"SELECT name FROM {db}.sqlite_master WHERE type = 'table'")}


def _before(con: sqlite3.Connection) -> dict[str, tuple[int, str, str]]:
    """{auction id: (sequence, modified_at, digest)} as the replaced database (`old`) published them; an older
    database without versions gives each of its auctions sequence 0, modified at its last ingest; none: {}."""
    if not _attached(con, "old"):
        return {}
    tables = _tables(con, "old")
    if "auction_versions" in tables:
        rows = con.execute("SELECT auction_id, sequence, modified_at, digest FROM old.auction_versions")
        return {r[0]: (r[1], r[2], r[3]) for r in rows}
    if not {"auctions", "auction_lots", "ingests"} <= tables:
        return {}
    last = con.execute("SELECT ingested_at FROM old.ingests ORDER BY id DESC LIMIT 1").fetchone()
    when = last[0] if last else ""
    return {i: (0, when, d) for i, d in digests(con, "old").items()}


def record(con: sqlite3.Connection, pounds: list[str] | None = None) -> int:
    """Writes `auction_versions` for the database being built (con, in its transaction, its auctions and this
    ingest's `ingests` row written; the replaced database attached as `old` when there is one) -> auctions changed.
    `pounds`: an incremental ingest's recomputed pounds, whose auctions alone are compared (every other pound's
    auctions and versions are copies of the database before: at 1M rows 6,120 auctions and 478,381 lots, 1.6 s).

    (an auction at 10:00 with sequence 0, now at 11:30) -> sequence 1, modified_at this ingest's ingested_at."""
    (when,) = con.execute("SELECT ingested_at FROM main.ingests ORDER BY id DESC LIMIT 1").fetchone()
    before = _before(con)
    if pounds is None:
        con.execute("DELETE FROM main.auction_versions")
    else:  # the copy's versions of the other pounds' auctions stay; those of recomputed or gone auctions go
        con.execute(
            """DELETE FROM main.auction_versions WHERE auction_id NOT IN (SELECT id FROM main.auctions
               WHERE pound_id NOT IN (SELECT value FROM json_each(:pounds)))""",
            {"pounds": json.dumps(pounds)},
        )
    rows, changed = [], 0
    for auction, now in digests(con, pounds=pounds).items():
        sequence, modified_at, was = before.get(auction, (-1, when, now))
        if sequence < 0:  # new: its first version
            sequence, modified_at = 0, when
        elif was != now:
            sequence, modified_at, changed = sequence + 1, when, changed + 1
        rows.append({"a": auction, "s": sequence, "m": modified_at, "d": now})
    con.executemany(
        "INSERT INTO auction_versions (auction_id, sequence, modified_at, digest) VALUES (:a, :s, :m, :d)",
        rows,
    )
    return changed
