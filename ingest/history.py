"""What each ingest changed in what was published: the public `ingests`, `changes` and `aliases` tables.

An ingest compares the public database it is about to publish with the one it replaces (the file at --db, opened
read-only) and writes what it finds into the new database before that is renamed into place, with the old history
copied forward: a crash or a refused ingest leaves the old database, and its history, whole.

What is compared is FIELDS: public columns of `impoundments` and `sales` that say what the register records and what
the law made of it. Nothing else is read, so nothing private can enter the history: a name changed in the private
register changes no public column. Text that now reads `[name]` or `[number]` where the database it replaces held
something else is hidden the same way in the history (`masked`), so a name an older reading of a register let
through is not kept for ever by the record of its removal.

An entry is the same entry from one ingest to the next while its id holds (records.identity_key: pound, number and
day brought). An entry whose id changed (its day brought corrected; or the ids of an older Pinfold) is found where it
was, at the same row of the same register file with the same number; its old id becomes an alias of the new one, so
its page's old address redirects.
"""

from __future__ import annotations

import datetime as dt
import difflib
import hashlib
import json
import re
import sqlite3
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any
from urllib.parse import quote

from pinfold.law.clock import IST
from pinfold.law.packs import PACKS_DIR
from pinfold.schema import FIELDS
from pinfold.tables import insert_row, insert_rows

from .privacy import EMPTY, NUMBER, PLACEHOLDERS, Persons, hide, roster_of

# Fields read from the sale account (`sales`), and its column for each.
SALE_COLUMNS = {"sale_proceeds_rupees": "proceeds_rupees", "sale_expenses_rupees": "expenses_rupees"}
# Free text, where a name may stand: the history hides what the published text hides (masked).
TEXT_FIELDS = ("description", "place_seized", "complaint_outcome")
# The rule file of people (K s.18(1)): private, so not even its digest is published.
PRIVATE_RULE_FILE = "roster.csv"


@dataclass
class Found:
    """What one ingest found, for its `ingests` row: entries added, removed and changed, and change rows written."""

    added: int = 0
    removed: int = 0
    changed: int = 0
    changes: int = 0
    compared_with: str | None = None  # the data version of the database it replaced; None when there was none
    previous_downloads: str | None = None


_TOKEN = re.compile(r"\[(?:name|number|email|…)\]|\w+|\s+|[^\w\s]")


def masked(before: str | None, after: str | None) -> str | None:
    """before, with what after hides as [name] or [number] hidden the same way: a name an older reading of the
    register left in public text never enters the history. Where the two differ around a placeholder, only the
    placeholder is kept of that stretch of before.

    ('owned by Kunjan Nair of Ollur', 'owned by [name] of Ollur') -> 'owned by [name] of Ollur';
    ('black cow', 'black cow, owner [name]') -> 'black cow' (the name was added: nothing before it is hidden);
    ('grey near Kunjan's house', 'grey, owned by [name]') -> 'grey [name]'.
    """
    if not before or not after or not any(p in after for p in PLACEHOLDERS):
        return before
    a, b = _TOKEN.findall(before), _TOKEN.findall(after)
    out: list[str] = []
    matcher = difflib.SequenceMatcher(lambda token: token.isspace(), a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        hidden = [token for token in b[j1:j2] if token in PLACEHOLDERS]
        if tag == "replace" and hidden:
            stretch = "".join(a[i1:i2])
            out.append(stretch[: len(stretch) - len(stretch.lstrip())] + " ".join(hidden))
            out.append(stretch[len(stretch.rstrip()) :])
        else:
            out += a[i1:i2]
    return "".join(out)


def rule_digests(data_dir: Path) -> dict[str, str]:
    """The public rule files and the rule packs an ingest read, each with the start of its SHA-256:
    {'rules/fine_scales.csv': '3f2a...', 'packs/kerala-1961.toml': '9c1e...'}."""
    found = {}
    rules = sorted((data_dir / "rules").glob("*.csv")) if (data_dir / "rules").is_dir() else []
    for path in rules:
        if path.name != PRIVATE_RULE_FILE:
            found[f"rules/{path.name}"] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    for path in sorted(PACKS_DIR.glob("*.toml")):
        found[f"packs/{path.name}"] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    return found


def _pinfold_version() -> str:
    try:
        return metadata.version("pinfold")
    except metadata.PackageNotFoundError:
        return "unknown"


def _columns(con: sqlite3.Connection, schema: str, table: str) -> list[str]:
    return [r[1] for r in con.execute(f"PRAGMA {schema}.table_info({table})")]


def _attach_previous(pub: sqlite3.Connection, previous: Path) -> bool:
    """The database at --db attached read-only as `old`, when it is a public database Pinfold wrote; else False
    (the first ingest, or a file that is not one: the history then starts here)."""
    if not previous.is_file():
        return False
    uri = "file:" + quote(str(previous.resolve())) + "?mode=ro&immutable=1"
    try:
        pub.execute("ATTACH DATABASE ? AS old", (uri,))
    except sqlite3.Error:
        return False
    try:
        tables = {r[0] for r in pub.execute("SELECT name FROM old.sqlite_master WHERE type = 'table'")}
    except sqlite3.DatabaseError:
        tables = set()
    # Not a public database: left unread. (Attached databases go when the connection is closed: a DETACH inside the
    # ingest's transaction is refused.)
    return "impoundments" in tables and "register_entries" not in tables


def _compared(pub: sqlite3.Connection) -> list[str]:
    """FIELDS both databases hold (a database from an older Pinfold may lack some: those are not compared)."""
    have = set(_columns(pub, "old", "impoundments"))
    sales = set(_columns(pub, "old", "sales"))
    return [f for f in FIELDS if (SALE_COLUMNS[f] in sales if f in SALE_COLUMNS else f in have)]


def refiltered(text: str | None, places: Persons = EMPTY) -> str | None:
    """An old value of free text as today's filter publishes it (privacy.hide: only what is recognised), so a value
    an older reading let through never stays in the history: ('red cow, tied at Kochouseph Pallan's gate') ->
    'red cow, tied at […] gate'."""
    return hide(text, places) if text else text


def _places(pub: sqlite3.Connection) -> dict[str, Persons]:
    """Each pound's own place words (village, area, district), public in its texts as in the entries'."""
    return {
        r[0]: roster_of((), r[1:])
        for r in pub.execute("SELECT id, village, local_authority, district FROM main.pounds")
    }


def _published(fields: list[str], row: str, sale: str) -> str:
    """The fields as SQL over an impoundments row and its sale: 'n.entry_no, ..., ns.proceeds_rupees, ...'."""
    return ", ".join(f"{sale}.{SALE_COLUMNS[f]}" if f in SALE_COLUMNS else f"{row}.{f}" for f in fields)


# Context kept with every change row: the entry as it is after the change (as last published, when removed), and
# where it stood before it.
_CONTEXT = "n.id, n.pound_id, n.entry_no, n.brought_on, n.species, n.head_count, o.status, o.left_on"
# What a change row says, by name: temp._found's columns as rows are written to it and copied from it to changes.
_FOUND = ("impoundment_id, pound_id, entry_no, brought_on, species, head_count, change, field, value_before, "
          "value_after, status_before, left_on_before")  # fmt: skip
_CONTEXT_NAMES = ("impoundment_id", "pound_id", "entry_no", "brought_on", "species", "head_count", "status_before",
                  "left_on_before")  # fmt: skip


def _differences(pub: sqlite3.Connection, fields: list[str], source: str, where: str) -> None:
    """Change rows for entries in both databases into temp._found, one per field that differs (text masked):
    (impoundment id, pound, entry no, brought on, species, head, 'changed', field, before, after, status before,
    left on before). Written in batches as they are found: a new fine scale may change a million entries."""
    new, old = _published(fields, "n", "ns"), _published(fields, "o", "os")
    rows = pub.execute(
        f"""SELECT {_CONTEXT}, {new}, {old} FROM {source}
            LEFT JOIN main.sales ns ON ns.impoundment_id = n.id LEFT JOIN old.sales os ON os.impoundment_id = o.id
            WHERE {where.format(new=new, old=old)}"""
    )
    found: list[dict[str, Any]] = []
    width = len(fields)
    places = _places(pub)
    for r in rows:
        context, after, before = r[:8], r[8 : 8 + width], r[8 + width :]
        for field, b, a in zip(fields, before, after, strict=True):
            if b == a:
                continue
            b, a = (None if b is None else str(b)), (None if a is None else str(a))
            if field in TEXT_FIELDS:
                b = refiltered(masked(b, a), places.get(context[1], EMPTY))
                if b == a:
                    continue
            found.append({**dict(zip(_CONTEXT_NAMES, context, strict=True)), "change": "changed", "field": field,
                          "value_before": b, "value_after": a})  # fmt: skip
        if len(found) >= 10_000:
            insert_rows(pub, "temp._found", found)
            found.clear()
    insert_rows(pub, "temp._found", found)


def _carry_forward(pub: sqlite3.Connection, table: str) -> None:
    """The old database's rows of a history table copied, ids and all, into the new one."""
    old_tables = {r[0] for r in pub.execute("SELECT name FROM old.sqlite_master WHERE type = 'table'")}
    if table not in old_tables:
        return
    common = [c for c in _columns(pub, "main", table) if c in set(_columns(pub, "old", table))]
    cols = ", ".join(common)
    pub.execute(f"INSERT INTO main.{table} ({cols}) SELECT {cols} FROM old.{table} ORDER BY rowid")


def record(
    pub: sqlite3.Connection,
    previous: Path,
    data_dir: Path,
    counts: tuple[int, int, int, int, int],
    data_version: str,
    downloads: str | None = None,
    now: dt.datetime | None = None,
    pounds: list[str] | None = None,
) -> Found:
    """Writes this ingest's `ingests` row and `changes`, and the history and `aliases` carried forward, into the
    public database being built (pub, in its transaction, its impoundments and sales complete). `previous` is the
    file at --db; counts are (files, records, stored, duplicates, rejects). Returns what was found. `pounds`: the
    pounds an incremental ingest recomputed in a copy of `previous` (ingest/patch.py): only theirs are compared, the
    history is already there; None: all of them."""
    when = (now or dt.datetime.now(IST)).astimezone(IST).replace(microsecond=0).isoformat()
    found = Found()
    have_old = _attach_previous(pub, previous)
    pub.execute("CREATE TEMP TABLE _found (impoundment_id, pound_id, entry_no, brought_on, species, head_count, "
                "change, field, value_before, value_after, status_before, left_on_before)")  # fmt: skip
    scope = ""
    if pounds is not None:
        pub.execute("CREATE TEMP TABLE _recomputed (pound_id TEXT PRIMARY KEY)")
        pub.executemany("INSERT INTO temp._recomputed (pound_id) VALUES (?)", [(p,) for p in pounds])
        scope = " AND {}.pound_id IN (SELECT pound_id FROM temp._recomputed)"
    if have_old:
        for table in ("ingests", "changes", "aliases") if pounds is None else ():
            _carry_forward(pub, table)
        last = pub.execute("SELECT data_version FROM old.ingest_summary").fetchone()
        found.compared_with = last[0] if last else ""
        if "downloads" in _columns(pub, "old", "ingests"):
            row = pub.execute("SELECT downloads FROM old.ingests ORDER BY id DESC LIMIT 1").fetchone()
            found.previous_downloads = row[0] if row else None
        _compare(pub, found, scope)
    files, records, stored, duplicates, rejects = counts
    ingest_id = insert_row(
        pub,
        "ingests",
        {"id": None, "ingested_at": when, "data_version": data_version, "compared_with": found.compared_with,
         "pinfold_version": _pinfold_version(), "files": files, "records": records, "stored": stored,
         "duplicates": duplicates, "rejects": rejects, "added": found.added, "removed": found.removed,
         "changed": found.changed, "changes": found.changes,
         "rule_files": json.dumps(rule_digests(data_dir), sort_keys=True), "downloads": downloads},
    )  # fmt: skip
    pub.execute(
        f"""INSERT INTO changes (ingest_id, changed_at, {_FOUND})
           SELECT ?, ?, {_FOUND} FROM temp._found ORDER BY pound_id, brought_on, impoundment_id, rowid""",
        (ingest_id, when),
    )
    pub.execute("DROP TABLE temp._found")
    if have_old:
        _follow(pub, ingest_id)
        _mask_carried(pub, scope)
    if pounds is not None:
        pub.execute("DROP TABLE temp._recomputed")
    return found


def _compare(pub: sqlite3.Connection, found: Found, scope: str = "") -> None:
    """Fills temp._found, and temp._pairs with the (old id, new id) of entries whose id changed. scope: ' AND
    {}.pound_id IN ...' for the pounds compared, '' for all."""
    fields = _compared(pub)
    _differences(
        pub,
        fields,
        "main.impoundments n JOIN old.impoundments o ON o.id = n.id",
        "({new}) IS NOT ({old})" + scope.format("n"),
    )
    # Gone from the ids, and new to them: the same entry under a new id, where it stood in the same register
    # file, or an entry removed and another added.
    place = "source_file, source_row, coalesce(source_sheet, '') AS sheet, coalesce(entry_no, '') AS no"
    pub.execute(f"""CREATE TEMP TABLE _gone AS SELECT id, {place} FROM old.impoundments o
                    WHERE NOT EXISTS (SELECT 1 FROM main.impoundments n WHERE n.id = o.id){scope.format("o")}""")
    pub.execute(f"""CREATE TEMP TABLE _new AS SELECT id, {place} FROM main.impoundments n
                    WHERE NOT EXISTS (SELECT 1 FROM old.impoundments o WHERE o.id = n.id){scope.format("n")}""")
    pub.execute("CREATE INDEX temp._new_place ON _new(source_file, source_row, sheet, no)")
    # One to one only: a row that became two entries (or two that became one) is a removal and additions.
    pub.execute(
        """CREATE TEMP TABLE _pairs AS
           SELECT g.id AS old_id, min(a.id) AS new_id FROM temp._gone g
           JOIN temp._new a ON (a.source_file, a.source_row, a.sheet, a.no) = (g.source_file, g.source_row, g.sheet, g.no)
           GROUP BY g.id HAVING count(*) = 1"""
    )
    pub.execute("DELETE FROM temp._pairs WHERE new_id IN (SELECT new_id FROM temp._pairs GROUP BY new_id HAVING count(*) > 1)")  # fmt: skip
    pub.execute("CREATE UNIQUE INDEX temp._pairs_old ON _pairs(old_id)")
    pub.execute("CREATE UNIQUE INDEX temp._pairs_new ON _pairs(new_id)")
    _differences(
        pub,
        fields,
        # CROSS JOIN: the pairs (a few) lead; the planner, knowing nothing of a temp table, read all impoundments
        "temp._pairs p CROSS JOIN main.impoundments n ON n.id = p.new_id CROSS JOIN old.impoundments o ON o.id = p.old_id",
        "1",
    )
    found.changed = pub.execute("SELECT count(DISTINCT impoundment_id) FROM temp._found").fetchone()[0]
    found.removed = pub.execute(
        f"""INSERT INTO temp._found ({_FOUND})
           SELECT o.id, o.pound_id, o.entry_no, o.brought_on, o.species, o.head_count, 'removed', NULL, NULL, NULL,
                  o.status, o.left_on
           FROM temp._gone g JOIN old.impoundments o ON o.id = g.id
           WHERE g.id NOT IN (SELECT old_id FROM temp._pairs)"""
    ).rowcount
    found.added = pub.execute(
        f"""INSERT INTO temp._found ({_FOUND})
           SELECT n.id, n.pound_id, n.entry_no, n.brought_on, n.species, n.head_count, 'added', NULL, NULL, NULL,
                  NULL, NULL
           FROM temp._new a JOIN main.impoundments n ON n.id = a.id
           WHERE a.id NOT IN (SELECT new_id FROM temp._pairs)"""
    ).rowcount
    found.changes = pub.execute("SELECT count(*) FROM temp._found").fetchone()[0]
    for table in ("_gone", "_new"):
        pub.execute(f"DROP TABLE temp.{table}")


def _follow(pub: sqlite3.Connection, ingest_id: int) -> None:
    """Entries whose id changed (temp._pairs): their history and older aliases follow them to the new id, the old
    id becomes an alias, and an id that is an entry's again is no longer an alias."""
    for table in ("changes", "aliases"):
        pub.execute(
            f"""UPDATE main.{table} SET impoundment_id = (SELECT new_id FROM temp._pairs WHERE old_id = impoundment_id)
                WHERE impoundment_id IN (SELECT old_id FROM temp._pairs)"""
        )
    # An entry whose number was a person's number ('[number]' in public) keeps no old id as an alias: an older
    # Pinfold hashed the number as written into the id (records.identity_key), and the hash of a phone is found again
    # by trying every ten-digit number; its history follows it all the same. (A name beside the number hashed by an
    # older Pinfold, '12 (Lonappan)', is not told apart here from a day corrected: README, Privacy.)
    pub.execute(
        "DELETE FROM temp._pairs WHERE old_id IN (SELECT id FROM old.impoundments WHERE entry_no = ?)", (NUMBER,)
    )
    pub.execute(
        """INSERT INTO main.aliases (alias, impoundment_id, ingest_id) SELECT old_id, new_id, ? FROM temp._pairs
           WHERE true ON CONFLICT(alias) DO UPDATE SET impoundment_id = excluded.impoundment_id,
                                                       ingest_id = excluded.ingest_id""",
        (ingest_id,),
    )
    # each alias looked up among the entries (the aliases are few), not every entry among the aliases
    pub.execute("DELETE FROM main.aliases WHERE EXISTS (SELECT 1 FROM main.impoundments i WHERE i.id = aliases.alias)")
    pub.execute("DROP TABLE temp._pairs")


def _mask_carried(pub: sqlite3.Connection, scope: str = "") -> None:
    """The whole history of free text, filtered again as today's filter publishes text (refiltered), and hidden as
    the entry's text is hidden now (masked): a leak fixed today is gone from every page, feed and download of the
    history too. A change row left saying nothing (its before now reads as its after) is deleted."""
    places = _places(pub)
    for field in TEXT_FIELDS:
        rows = pub.execute(
            f"""SELECT c.id, c.pound_id, c.value_before, c.value_after, i.{field} FROM main.changes c
                LEFT JOIN main.impoundments i ON i.id = c.impoundment_id WHERE c.field = ?{scope.format("c")}""",
            (field,),
        ).fetchall()
        for change_id, pound, before, after, now in rows:
            where = places.get(pound, EMPTY)
            hidden = (refiltered(masked(before, now), where), refiltered(masked(after, now), where))
            if hidden != (before, after):
                pub.execute(
                    "UPDATE main.changes SET value_before = ?, value_after = ? WHERE id = ?", (*hidden, change_id)
                )
