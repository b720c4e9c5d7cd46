"""A search's sets of rows (portal/matchsets.py) are carried to a new database that changed one pound: made from the
sets of the database before, moved to the rows' new rowids, with the changed pound's added or changed rows looked up,
and equal, bit for bit, to the sets made from the new file's index (issue 26: no slow minute after a new database)."""

from __future__ import annotations

import csv
import shutil
import time
from pathlib import Path

from ingest.build import ingest
from ingest.demo import write_demo
from portal import db, matchsets
from portal.matchsets import FOLLOWED, LOTS, ROWS_OF, MatchSets, Remap, _make, holes, moved_to, runs_between, stayed
from portal.scopes import Scopes
from portal.search import common_plans

from .conftest import TODAY

CHANGED = "tcr-corp"


def _edit_register(register: Path) -> None:
    """Two entries added (one brought today, the newest of all), the first entry's description corrected and the
    last entry removed: rows added at the top, changed in place and gone."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    head, body = rows[0], rows[1:]
    body[0][5] = body[0][5] + ", white forehead"
    removed = body.pop()
    top = max(int(r[0]) for r in body if r[0].isdigit())
    for i, day in enumerate((TODAY.isoformat(), body[-1][1])):
        added = list(removed)
        added[0], added[1], added[5] = str(top + 1 + i), day, f"brown, new mark {i}"
        body.append(added)
    with open(register, "w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f).writerows([head, *body])


def _served_demo(tmp_path: Path) -> tuple[Path, Path, Path, MatchSets, Scopes]:
    """A small demo DATA_DIR ingested, and the server's sets and scopes over it: (data, public, private, sets,
    scopes), the file not yet seen."""
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=300, seed=5)
    shutil.rmtree(data / "earlier", ignore_errors=True)
    served, private = tmp_path / "public.db", tmp_path / "private.db"
    ingest(data, served, private)
    sets = MatchSets()
    return data, served, private, sets, Scopes(db.ServedFile(served), sets)


def test_sets_carried_to_a_new_database_equal_those_made_from_it(tmp_path: Path) -> None:
    data, served, private, sets, scopes = _served_demo(tmp_path)
    before = db.version(served)
    scopes.seen(before)
    con = db.connect_version(served, before)
    # What the carry will read of the file before (its tables' spans of rowids, holes and all) is read ahead, in the
    # background, as the file is first served: the carry below reads it from there, not from the file.
    deadline = time.monotonic() + 60
    while not all((before, t) in matchsets._SPANS for t in ROWS_OF.values()) and time.monotonic() < deadline:
        time.sleep(0.01)
    for t in ROWS_OF.values():
        assert matchsets._SPANS[(before, t)] == (*con.execute(f"SELECT min(rowid), max(rowid) FROM {t}").fetchone(),
                                                 holes(con, t)), t  # fmt: skip
    assert matchsets._SPANS[(before, "impoundments_in_pound")][2], "no rowid without a row: the holes untested"
    plans = common_plans(con)
    keys = []
    for p in plans:
        for table in ("impoundments_fts", "impoundments_fts_in_pound"):
            sets.count(con, before, table, p.terms, p.equal, make=True)
            keys += [(table, t, "") for t in p.terms] + [(table, t, f"{c}={v}") for c, v, t in p.equal]
        for term in p.terms:
            sets.rows(con, (before, LOTS, term, ""))
            keys.append((LOTS, term, ""))
    con.close()
    assert len(keys) > 50

    _edit_register(next((data / "registers" / CHANGED).glob("*.csv")))
    ingest(data, served, private)
    now = db.version(served)
    assert scopes.seen(now).changed == {CHANGED}
    carry = sets._carry
    assert carry is not None and carry.now == now
    assert carry.done.wait(60)
    assert all(carry.remap(t) is not None for t in FOLLOWED), "a table's rows could not be followed"
    assert any(carry.remap(t).fresh for t in FOLLOWED)  # type: ignore[union-attr]
    # every set kept for the file before is carried at once, in the carry's thread, and the old one let go
    assert carry.carried.wait(60)
    con = db.connect_version(served, now)
    try:
        for table, term, equal in keys:
            key = (now, table, term, equal)
            carried = sets._sets.get(key)
            assert carried is not None, key
            assert carried == _make(con, key), key
            assert (before, table, term, equal) not in sets._sets, key
    finally:
        con.close()
        scopes.close()


def test_rows_followed_across_rowids_with_no_row() -> None:
    # before: rows at 1..10 but 5 (free), row 3 removed; now: at 1..11 but 5 and 9, a row added at 2: the rows that
    # stayed, 1, 2, 4, 6..10 before and 1, 3, 4, 6..8, 10, 11 now, matched in order
    before, now = stayed(1, 10, [(5, 5)], [3]), stayed(1, 11, [(5, 5), (9, 9)], [2])
    assert before == [(1, 2), (4, 4), (6, 10)] and now == [(1, 1), (3, 4), (6, 8), (10, 11)]
    runs = runs_between(before, now)
    assert runs == [(1, 1, 1), (2, 3, 1), (4, 4, 5), (9, 10, 2)]  # one run across the free rowid 5
    assert [moved_to(runs, r) for r in (1, 2, 4, 6, 7, 8, 9, 10)] == [1, 3, 4, 6, 7, 8, 10, 11]
    assert runs_between(before, now[:-1]) is None  # not as many
    # row 3 changed in place: one run over it, its bit before not carried (the row now is looked up: fresh)
    runs = runs_between(stayed(1, 8, [], [3]), stayed(1, 8, [], [3]))
    assert runs == [(1, 1, 8)]
    assert Remap(runs, [3], [3]).carry(0b1001100) == 0b1000100


def test_lots_put_back_in_another_place_are_not_carried_as_if_they_had_stayed(tmp_path: Path) -> None:
    """The review of 7 Dec: after a clerk published a pound's register again (its entries as before, the file's bytes
    not), the calendar of Thrissur's auctions listed Wayanad's and Malappuram's. An incremental ingest puts back the
    lots of every pound it recomputed after all others, and a full ingest puts every lot back in auction order, while
    the pounds recorded as changed are those whose rows differ: none here. Sets of lots carried by the runs of the
    changed pounds' rows alone then named other auctions' lots. A set carried must equal one made from the index."""
    data, served, private, sets, scopes = _served_demo(tmp_path)
    version = db.version(served)
    scopes.seen(version)
    register = next((data / "registers" / CHANGED).glob("*.csv"))
    lot_of = (
        f"SELECT min(l.rowid) FROM auction_lots l JOIN auctions a ON a.id = l.auction_id WHERE a.pound_id = '{CHANGED}'"
    )

    def carried_equal_made(full: bool) -> int:
        """Ingest again; the lots' sets of the version before, carried to the new one, each equal to one made."""
        nonlocal version
        con = db.connect_version(served, version)
        terms = sorted({t for p in common_plans(con) for t in p.terms})
        for term in terms:
            sets.rows(con, (version, LOTS, term, ""))
        first_lot = con.execute(lot_of).fetchone()[0]
        con.close()
        ingest(data, served, private, full=full)
        version = db.version(served)
        assert scopes.seen(version).changed == frozenset()  # no pound's rows differ
        carry = sets._carry
        assert carry is not None and carry.now == version and carry.carried.wait(60)
        con = db.connect_version(served, version)
        try:
            assert con.execute(lot_of).fetchone()[0] != first_lot, "the pound's lots did not move: nothing tested"
            for term in terms:
                got = sets._sets.get((version, LOTS, term, ""))
                assert got is None or got == _make(con, (version, LOTS, term, "")), term
            return len(terms)
        finally:
            con.close()

    try:
        register.write_bytes(register.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n") + b"\r\n")
        assert carried_equal_made(full=False) > 10  # the pound recomputed: its lots put back after all others
        assert carried_equal_made(full=True) > 10  # and then in auction order again
    finally:
        scopes.close()
