"""Issue 26: an incremental ingest patches the table of the animals in the pound (impoundments_in_pound) and its
full-text index row by row (ingest/patch.py _in_pound_out, _in_pound_in), and what the portal reads of them is a full
ingest's: the rows in its order (a day's animals are a rowid range, read backwards as notice-day order), what the
index finds, and the owner's searches of a running portal whose sets of rows (portal/matchsets.py) were carried from
the database before to the patched one.

The clerk's edit puts animals in and takes them out in the middle of the order, not only at its end: an entry's
description corrected (its words change, its place does not), one removed, one claimed (it leaves the table), twenty
more brought at the very hour of one in the middle (more than the free rowids there: the rows after it move), and
three brought today."""

from __future__ import annotations

import csv
import datetime as dt
import sqlite3
from pathlib import Path

import pytest

import ingest.patch
from ingest.build import ingest as run_ingest
from pinfold.vocabulary import SPECIES
from portal import db
from portal.matchsets import FOLLOWED, MATCH_SETS
from portal.scopes import Scopes
from portal.search import Query, parse_query, plan, search
from portal.warm import _make_sets

from .conftest import TODAY, incremental_demo
from .test_incremental_pounds import Pair

POUND = "tvm-corp"
REGISTER = f"registers/{POUND}/register-2026.csv"


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


def _in_pound(con: sqlite3.Connection, pound: str) -> list[str]:
    """A pound's entry numbers in the table of the animals in the pound, in its order: ['1', '4', '21', ...]."""
    return [r[0] for r in con.execute(
        """SELECT i.entry_no FROM impoundments_in_pound q JOIN impoundments i ON i.rowid = q.impoundment
           WHERE i.pound_id = ? ORDER BY q.rowid""", (pound,))]  # fmt: skip


def _edit(register: Path, in_pound: list[str]) -> None:
    """The module's edit, of the entries the table holds (`in_pound`, entry numbers in its order)."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        header, *body = list(csv.reader(f))
    col = {name: header.index(name) for name in ("Sl. No.", "Date brought", "Hour", "Description")}
    delivered = header.index("Date delivered to owner")
    by_no = {r[col["Sl. No."]]: r for r in body}
    middle, removed, claimed = in_pound[2], in_pound[1], in_pound[3]
    by_no[middle][col["Description"]] += " with a white blaze"
    body.remove(by_no[removed])
    brought = dt.datetime.strptime(by_no[claimed][col["Date brought"]], "%d/%m/%Y").date()
    by_no[claimed][delivered] = (brought + dt.timedelta(days=2)).strftime("%d/%m/%Y")
    last = max(int(r[col["Sl. No."]]) for r in body)
    more = []
    for k in range(1, 21):  # at the hour of `middle`: between the same two rows of the table
        row = list(by_no[middle])
        row[col["Sl. No."]], row[col["Description"]] = str(last + k), f"red roan, brand mark {k}"
        more.append(row)
    for k in range(1, 4):  # brought today
        row = list(by_no[in_pound[-1]])
        row[col["Sl. No."]], row[col["Date brought"]] = str(last + 20 + k), TODAY.strftime("%d/%m/%Y")
        row[col["Hour"]], row[col["Description"]] = f"{k}.00 AM", f"grey, new tag {k}"
        more.append(row)
    with open(register, "w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows([header, *body, *more])


def _queries(con: sqlite3.Connection) -> list[Query]:
    """Owners' searches: each kind, each pound, words of the edit and of the registers, and some together."""
    queries = [Query(species=s) for s in SPECIES] + [Query(pound=r[0]) for r in con.execute("SELECT id FROM pounds")]
    words = ("black", "white", "blaze", "roan", "brand", "grey", "tag", "horn", "brown", "ear")
    queries += [parse_query(w) for w in words]
    queries += [parse_query(q, pound=POUND) for q in ("red roan", "white", "cow")] + [parse_query("black cow")]
    return queries


def _answers(con: sqlite3.Connection, queries: list[Query]) -> list[tuple[int, int, list[str]]]:
    """Each search's counts and every row it lists, in its order: [(total, in the pound now, [ids]), ...]."""
    out = []
    for q in queries:
        r = search(con, q, TODAY, limit=1000)
        out.append((r.total, r.in_pound_now, [row["id"] for row in r.rows]))
    return out


def test_the_animals_in_the_pound_patched_row_by_row_equal_a_full_ingest(data: Path, tmp_path: Path) -> None:
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    served = db.ServedFile(pair.pub)
    scopes = Scopes(served)  # a running portal: its sets (MATCH_SETS) carried to each new file
    try:
        before = db.version(pair.pub)
        scopes.seen(before)
        con = db.connect_version(pair.pub, before)
        queries = _queries(con)
        for q in queries:  # every set these searches count from, kept for the file before (as the warmer makes them)
            _make_sets(con, before, plan(q))
        in_pound = _in_pound(con, POUND)
        assert len(in_pound) >= 6
        rowids = dict(con.execute("SELECT impoundment, rowid FROM impoundments_in_pound"))
        con.close()

        _edit(data / REGISTER, in_pound)
        incremental, _ = pair.again()  # every table, the in-pound order (as ids) and the indexes' answers: alike
        assert incremental.recomputed == [POUND]

        full = pair.root / "full" / "p.db"
        con = sqlite3.connect(pair.pub)
        entries = _in_pound(con, POUND)
        assert entries[0] == in_pound[0] and in_pound[1] not in entries and in_pound[3] not in entries
        assert len(entries) == len(in_pound) - 2 + 23
        # patched, not rebuilt: most rows kept their rowids (those after the twenty moved up to the free rowids)
        kept = dict(con.execute("SELECT impoundment, rowid FROM impoundments_in_pound"))
        stayed = sum(rowids.get(i) == r for i, r in kept.items())
        assert stayed > len(kept) // 2, (stayed, len(kept))
        (whole,) = sqlite3.connect(full).execute("SELECT group_concat(rowid) FROM impoundments_in_pound").fetchone()
        assert con.execute("SELECT group_concat(rowid) FROM impoundments_in_pound").fetchone()[0] != whole
        con.close()

        # The portal sees the new file, which changed one pound: its sets carried, then searched with.
        now = db.version(pair.pub)
        assert scopes.seen(now).changed == {POUND}
        carry = MATCH_SETS._carry
        assert carry is not None and carry.now == now and carry.carried.wait(60)
        assert all(carry.remap(t) is not None for t in FOLLOWED), "a table's rows could not be followed"
        assert any(k[0] == now and k[1] == "impoundments_fts_in_pound" for k in MATCH_SETS._sets)
        con = db.connect_version(pair.pub, now)
        found = _answers(con, queries)
        con.close()
        counted = _answers(db.connect(full), queries)  # another file: counted by SQL
        assert [a[:2] for a in found] == [a[:2] for a in counted]
        assert found == counted
        assert any(n for _, n, _ in found)
    finally:
        scopes.close()


def test_too_many_rows_to_move_rebuild_the_table_whole(
    data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ingest.patch, "MOST_MOVED", 0)  # the first row to move is one too many
    pair = Pair(tmp_path, data)
    run_ingest(data, pair.pub, pair.priv, workers=1)
    con = sqlite3.connect(pair.pub)
    in_pound = _in_pound(con, POUND)
    con.close()
    _edit(data / REGISTER, in_pound)
    incremental, _ = pair.again()
    assert incremental.recomputed == [POUND]
    rowids = "SELECT group_concat(rowid) FROM impoundments_in_pound"
    full = sqlite3.connect(pair.root / "full" / "p.db").execute(rowids).fetchone()
    assert sqlite3.connect(pair.pub).execute(rowids).fetchone() == full  # as a full ingest lays it out
