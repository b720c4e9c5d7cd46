"""The finish: the shards merged, in file order, into the staging database and the private register; then, in SQL
(ingest/schema.py finish()), duplicates merged, s.13 notices, auction lots and auctions, indexes; the rule files
published; the full-text index.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from pinfold.law.rules import RateRow, RuleBook, ratio_text
from pinfold.schema import FTS_COLUMNS, search_index
from pinfold.tables import columns_of, insert_rows

from . import compliance
from .rows import _iso
from .schema import PRIVATE, PRIVATE_INDEXES, STAGED, STAGED_REJECTS, STAGED_SALES
from .schema import finish as statements
from .stages import Stages, step_name

# Register records, not impoundments: a record naming two kinds is one record stored as two (source_part 1, 2).
RECORDS = "(source_part IS NULL OR source_part = 1)"


def _rate_row(r: RateRow, area: str, amount: str, display: str) -> dict[str, Any]:
    """A fine scale or feeding rate as published, the area, the amount and its display under its table's names:
    exact decimal, the era's notation, dates, its source. (<Rs 2, 1950>, 'local_area', 'amount_rupees',
    'amount_display') -> {'id': 1, ..., 'amount_rupees': '2.00', 'amount_display': 'Rs 2', ...}."""
    return {"id": r.id, "act": r.act, area: r.area, "species": r.species, amount: r.amount.decimal_str(),
            display: r.amount.display(r.effective_from), "effective_from": _iso(r.effective_from),
            "effective_to": _iso(r.effective_to), "reference": r.reference, "status": r.status, "note": r.note}  # fmt: skip


def publish_rules(pub: sqlite3.Connection, book: RuleBook) -> None:
    """The rule book's fine scales, feeding rates and habitual areas -> their public tables (read back by the
    portal's law, portal/law.py rulebook: tests/test_law_tables.py holds the two equal)."""
    fines = (_rate_row(r, "local_area", "amount_rupees", "amount_display") for r in book.fine_scales)
    insert_rows(pub, "fine_scales", fines)
    # a feeding rate says how it counts days, or Pinfold's default applies and is published as such
    insert_rows(
        pub,
        "feeding_rates",
        (
            {**_rate_row(r, "local_authority", "rate_per_day_rupees", "rate_display"),
             "days_counted": r.counts_days, "days_counted_stated": int(bool(r.days_counted))}
            for r in book.feeding_rates
        ),
    )  # fmt: skip
    # K s.11(2): any exact multiplier up to double; the INTEGER column holds it when it is whole
    insert_rows(
        pub,
        "habitual_areas",
        (
            {"id": r.id, "act": r.act, "local_area": r.area, "species": r.species,
             "multiplier": int(m) if (m := r.amount.rupees).denominator == 1 else None,
             "effective_from": _iso(r.effective_from), "effective_to": _iso(r.effective_to),
             "reference": r.reference, "status": r.status, "multiplier_exact": ratio_text(m)}
            for r in book.habitual
        ),
    )  # fmt: skip


def _placed(table: str, columns: tuple[str, ...]) -> str:
    """A shard's rows copied into the staging database, each record's place (seq) counted from its file's:
    'INSERT INTO scratch._rejects (pound_id, ..., seq) SELECT pound_id, ..., seq + ? FROM shard._rejects'."""
    values = ", ".join("seq + ?" if c == "seq" else c for c in columns)
    return f"INSERT INTO scratch.{table} ({', '.join(columns)}) SELECT {values} FROM shard.{table}"


def merge_public(pub: sqlite3.Connection, shards: list[tuple[Path, int]]) -> None:
    """Copy every shard's entries, rejects and sales, in file order, into the staging database: (shard, file number)
    -> rows whose seq is (file number << 32) + the record's number in its file."""
    for shard, file_no in shards:
        pub.execute("ATTACH DATABASE ? AS shard", (f"file:{shard}?mode=ro",))
        for table, columns in (("_staged", STAGED), ("_rejects", STAGED_REJECTS), ("_sales", STAGED_SALES)):
            pub.execute(_placed(table, columns), (file_no << 32,))
        pub.execute("COMMIT")
        pub.execute("DETACH DATABASE shard")
        pub.execute("BEGIN")


def _copied(table: str, staged: str) -> str:
    """A shard's private rows copied by name: 'conflicts', '_conflicts' -> 'INSERT INTO conflicts (impoundment_id,
    buyer_name, roster_name, role) SELECT impoundment_id, ... FROM shard._conflicts'."""
    columns = ", ".join(columns_of(table, PRIVATE))
    return f"INSERT INTO {table} ({columns}) SELECT {columns} FROM shard.{staged}"


def merge_private(priv: sqlite3.Connection, shards: list[tuple[Path, int]], stages: Stages) -> None:
    """Copy every shard's people and raw cells, in file order, into the private register."""
    with stages("private: merge"):
        _merge_private(priv, shards)


def _merge_private(priv: sqlite3.Connection, shards: list[tuple[Path, int]]) -> None:
    for shard, _ in shards:
        priv.execute("ATTACH DATABASE ? AS shard", (f"file:{shard}?mode=ro",))
        priv.execute(_copied("register_entries", "_private"))
        priv.execute(_copied("conflicts", "_conflicts"))
        priv.execute("COMMIT")
        priv.execute("DETACH DATABASE shard")
        priv.execute("BEGIN")


def finish(
    pub: sqlite3.Connection, book: RuleBook, summary: Any, stages: Stages
) -> tuple[list[tuple[str, int, str]], list[tuple[str, int, str, str, str]]]:
    """Duplicates, notices, lots and auctions, set-based (schema.finish()). Returns, for the private register, the
    merged duplicates' (file, row, sheet or '') and the rows of entries told apart from another with their id
    (file, row, sheet or '', id given, id as published: 'p1-6c3e...', 'p1-6c3e...-2')."""
    insert_rows(
        pub,
        "scratch._scheduled",
        (
            {"pound_id": a.pound_id, "date": a.date.isoformat(), "time": a.time.strftime("%H:%M"), "place": a.place,
             "conditions": a.conditions, "reference": a.reference}
            for a in book.auctions
        ),
    )  # fmt: skip
    for statement in statements():
        with stages(f"finish: {step_name(statement)}"):
            pub.execute(statement)
    with stages("finish: compliance"):
        compliance.build(pub)  # the scorecard, from the columns just computed
    summary.duplicates = pub.execute(f"SELECT count(*) FROM merged_duplicates WHERE {RECORDS}").fetchone()[0]
    summary.stored = pub.execute(f"SELECT count(*) FROM impoundments WHERE {RECORDS}").fetchone()[0]
    summary.rejects = pub.execute("SELECT count(*) FROM rejects").fetchone()[0]
    dups = pub.execute("SELECT source_file, source_row, coalesce(source_sheet, '') FROM merged_duplicates").fetchall()
    renamed = pub.execute(
        """SELECT source_file, source_row, coalesce(source_sheet, ''), id, final_id
           FROM scratch._copy_rows WHERE final_id != id"""
    ).fetchall()
    return dups, renamed


def mark_duplicates(
    priv: sqlite3.Connection,
    dups: list[tuple[str, int, str]],
    renamed: list[tuple[str, int, str, str, str]],
    stages: Stages,
) -> None:
    """The private register's duplicates and renamed entries marked (_mark_duplicates), then its index."""
    with stages("private: duplicates"):
        _mark_duplicates(priv, dups, renamed)
    with stages("private: index"):
        for statement in PRIVATE_INDEXES:
            priv.execute(statement)


def _mark_duplicates(
    priv: sqlite3.Connection, dups: list[tuple[str, int, str]], renamed: list[tuple[str, int, str, str, str]]
) -> None:
    """The private register says which of its entries were merged as duplicates, and holds the published id of an
    entry told apart from another with its identity (schema.FINISH, 'p1-6c3e...-2')."""
    priv.execute("CREATE TEMP TABLE _dups (source_file, source_row, source_sheet)")
    insert_rows(priv, "temp._dups", ({"source_file": f, "source_row": r, "source_sheet": sh} for f, r, sh in dups))
    priv.execute(
        """UPDATE register_entries SET kind = 'duplicate'
           WHERE (source_file, source_row, coalesce(source_sheet, '')) IN (SELECT * FROM _dups)"""
    )
    priv.execute("DROP TABLE _dups")
    for file, row, sheet, given, final in renamed:  # a few rows: entries numbered alike on one day
        buyers = priv.execute(
            """UPDATE register_entries SET impoundment_id = ?
               WHERE source_file = ? AND source_row = ? AND coalesce(source_sheet, '') = ? RETURNING buyer_name""",
            (final, file, row, sheet),
        ).fetchall()
        for (buyer,) in buyers:
            if buyer:
                priv.execute(
                    "UPDATE conflicts SET impoundment_id = ? WHERE impoundment_id = ? AND buyer_name = ?",
                    (final, given, buyer),
                )


def _full_text(path: Path) -> None:
    import sqlite_utils

    db = sqlite_utils.Database(path)
    # district and pound_id too: a search with filters is then one index intersection (portal/search.py)
    db.table("impoundments").enable_fts(FTS_COLUMNS, tokenize="porter", create_triggers=False)
    for statement in search_index():  # the animals in the pound, the nearest last day first (pinfold/schema.py)
        db.conn.execute(statement)
    db.conn.execute("ANALYZE")
    db.conn.commit()
    db.conn.close()
