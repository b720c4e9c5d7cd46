"""A reader's search never waits for a set of rows to be made (portal/matchsets.py, issue 26: no slow minute after a
new database): a part of a search not kept for the file served is counted by SQL in the reader's request, with the
same counts, and made afterwards by the sets' own maker thread, below readers; kept sets are carried to a new file at
once. Which thread made each set is recorded at matchsets._make, never timed."""

from __future__ import annotations

import csv
import shutil
import sqlite3
import threading
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from ingest.demo import write_demo
from portal import db, matchsets
from portal.app import create_app
from portal.matchsets import MATCH_SETS
from portal.settings import Settings

from .conftest import TODAY

CHANGED = "tcr-corp"
FRESH: list[tuple[str, int]] = []  # (thread name, changed rows looked up) of each set carried


def _made_by(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[str, ...]]]:
    """(thread name, key) of each set made whole from the index from now on. A set carried to a new file is looked
    up only in its changed rows (`only`), by whichever thread asks first, a reader's too: not a set made, not
    recorded here but in `_fresh_by`."""
    made: list[tuple[str, tuple[str, ...]]] = []
    make = matchsets._make

    def recorded(con: Any, key: Any, only: Any = None) -> int:
        if only is None:
            made.append((threading.current_thread().name, key))
        else:
            FRESH.append((threading.current_thread().name, len(only)))
        return make(con, key, only)

    monkeypatch.setattr(matchsets, "_make", recorded)
    return made


def _correct_a_description(register: Path) -> None:
    """The first entry's description gains a mark, as a clerk's correction would: a new database that changes this
    pound alone, and no search for 'black cow'."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    rows[1][5] = rows[1][5] + ", white forehead"
    with open(register, "w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f).writerows(rows)


def served_rows(served: Path, pound: str) -> int:
    """How many impoundments of `pound` the served file holds."""
    with closing(sqlite3.connect(served)) as con:
        return int(con.execute("SELECT count(*) FROM impoundments WHERE pound_id = ?", (pound,)).fetchone()[0])


def test_a_readers_search_counts_by_sql_and_the_maker_makes_its_sets(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=150, seed=11)
    shutil.rmtree(data / "earlier", ignore_errors=True)
    served, private = tmp_path / "public.db", tmp_path / "private.db"
    ingest(data, served, private)
    made = _made_by(monkeypatch)
    app = create_app(Settings(database=served, today=TODAY, warm=False))
    try:
        with TestClient(app, base_url="http://testserver") as client:
            first = client.get("/api/impoundments", params={"q": "black cow"})
            assert first.status_code == 200
            assert all(name == "pinfold-sets" for name, _ in made), made  # none in the reader's request
            assert MATCH_SETS.made(60)
            version = db.version(served)
            kept = {k for _, k in made if k[0] == version}
            assert {
                (version, "impoundments_fts", 'species : "cow"'),
                (version, "impoundments_fts_in_pound", 'species : "cow"'),
            } <= {k[:3] for k in kept}, kept
            # the same search again (another page size: a render, not the response cache) counts from the sets kept,
            # and finds what the first found, counted by SQL
            made.clear()
            again = client.get("/api/impoundments", params={"q": "black cow", "limit": "7"})
            assert again.status_code == 200 and made == []
            assert again.json()["total"] == first.json()["total"] > 0

            # a new database that changed one pound: the sets kept are carried to it at once, in the carry's thread
            _correct_a_description(next((data / "registers" / CHANGED).glob("*.csv")))
            ingest(data, served, private)
            made.clear()
            FRESH.clear()
            third = client.get("/api/impoundments", params={"q": "black cow", "limit": "9"})
            assert third.status_code == 200
            carry = MATCH_SETS._carry
            assert carry is not None and carry.now == db.version(served) and carry.carried.wait(60)
            assert MATCH_SETS.made(60)
            assert all(name in ("pinfold-sets", "pinfold-carry") for name, _ in made), made
            # whichever thread carried a set looked up only the changed pound's rows, never the whole index
            in_pound = served_rows(served, CHANGED)
            assert FRESH and all(0 < n <= in_pound for _, n in FRESH), (FRESH, in_pound)
            assert third.json()["total"] == first.json()["total"]
    finally:
        app.close()


def test_a_reader_that_asks_before_the_carry_thread_carries_the_set_itself_from_the_changed_rows(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The carry's thread worked out how the rows moved, then was slow to reach 'cow': the reader's own search
    carries that set (the CI run of 2 December did so by chance), looking up the changed rows only."""
    work_out, asked = matchsets.Carry.work_out, threading.Event()

    def slow(self: matchsets.Carry, old: sqlite3.Connection, new: sqlite3.Connection) -> None:
        work_out(self, old, new)  # `done` is set: a reader may carry now, before this thread does
        if threading.current_thread().name == "pinfold-carry":
            asked.wait(60)  # until the reader's search is answered

    monkeypatch.setattr(matchsets.Carry, "work_out", slow)
    data = tmp_path / "data"
    write_demo(data, today=TODAY, rows=150, seed=11)
    shutil.rmtree(data / "earlier", ignore_errors=True)
    served, private = tmp_path / "public.db", tmp_path / "private.db"
    ingest(data, served, private)
    made = _made_by(monkeypatch)
    app = create_app(Settings(database=served, today=TODAY, warm=False))
    try:
        with TestClient(app, base_url="http://testserver") as client:
            first = client.get("/api/impoundments", params={"q": "black cow"})
            assert first.status_code == 200 and MATCH_SETS.made(60)
            _correct_a_description(next((data / "registers" / CHANGED).glob("*.csv")))
            ingest(data, served, private)
            assert client.get("/api/impoundments", params={"q": "goat"}).status_code == 200  # the new file seen
            carry = MATCH_SETS._carry
            assert carry is not None and carry.now == db.version(served) and carry.done.wait(60)
            made.clear()
            FRESH.clear()
            again = client.get("/api/impoundments", params={"q": "black cow", "limit": "9"})
            asked.set()
            assert again.status_code == 200 and again.json()["total"] == first.json()["total"]
            assert any(name.startswith("AnyIO") for name, _ in FRESH), FRESH  # carried in the reader's request
            in_pound = served_rows(served, CHANGED)
            assert all(0 < n <= in_pound for _, n in FRESH), (FRESH, in_pound)
            assert all(name in ("pinfold-sets", "pinfold-carry") for name, _ in made), made  # none made whole
    finally:
        asked.set()
        app.close()
