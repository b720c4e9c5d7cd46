"""Issue 26, the patch pound by pound: an incremental ingest deletes the changed pounds' notices, sales, auctions,
scorecard rows, pound months and lots from the copy and inserts theirs anew (ingest/patch.py BY_POUND), so it costs
the changed pounds' rows, not the tables'. Their rowid order is then not a full ingest's; what must hold:
- each changed pound's rows are a full ingest's, each once: none left as they were, none twice;
- what the portal shows of them (the feeds, the calendar, a pound's page, the scorecard) is a full ingest's, byte for
  byte but for the times an ingest ran: its readers order them by their own columns to the end, not by rowid.
"""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from ingest.build import ingest as run_ingest
from ingest.patch import BY_POUND

from .conftest import TODAY, incremental_demo
from .test_incremental_pounds import REGISTER, _edit_register

POUND = "tvm-corp"  # REGISTER's pound
# Each patched table's rows of a pound, in a canonical order (the lots by their auction's pound).
ROWS = {
    **{t: f"SELECT * FROM {t} WHERE pound_id = ?" for t in BY_POUND},
    "auction_lots": "SELECT l.* FROM auction_lots l JOIN auctions a ON a.id = l.auction_id WHERE a.pound_id = ?",
}
# What says when it was made: the ingest's time, the database's version, a page's nonce, the calendar's DTSTAMP and
# the time a query took.
PER_RUN = re.compile(rb"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?|\d{8}T\d{6}Z?|nonce=\"[^\"]*\"|"
                     rb"[0-9a-f]{16,}|W/\"[^\"]*\"|\"query_ms\": [\d.e-]+|took [\d.]+ ?ms")  # fmt: skip


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return incremental_demo(tmp_path / "data")


def _pound_rows(db: Path, pound: str) -> dict[str, list[tuple[Any, ...]]]:
    """{table: the pound's rows, sorted}: ('p.db', 'p1') -> {'notices': [('notice-p1-...', ...), ...], ...}."""
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    out = {t: sorted(con.execute(sql, (pound,)).fetchall(), key=repr) for t, sql in ROWS.items()}
    con.close()
    return out


def _both(data: Path, tmp_path: Path) -> tuple[Path, Path, dict[str, list[tuple[Any, ...]]]]:
    """A full ingest, REGISTER edited (ten entries added, one corrected, one removed), then an incremental ingest onto
    the pair and a full one onto a copy of it: (incremental's public db, full's, POUND's rows before the edit)."""
    out, full = tmp_path / "out", tmp_path / "full"
    out.mkdir()
    run_ingest(data, out / "p.db", out / "q.db", workers=1)
    before = _pound_rows(out / "p.db", POUND)
    _edit_register(data / REGISTER)
    shutil.copytree(out, full)
    assert run_ingest(data, out / "p.db", out / "q.db", workers=1).recomputed == [POUND]
    run_ingest(data, full / "p.db", full / "q.db", workers=1, full=True)
    return out / "p.db", full / "p.db", before


def test_a_changed_pounds_rows_are_replaced_not_left_or_doubled(data: Path, tmp_path: Path) -> None:
    incremental, full, before = _both(data, tmp_path)
    patched, whole = _pound_rows(incremental, POUND), _pound_rows(full, POUND)
    # the edit changed the pound's rows of every table, so rows left as they were would show
    assert all(whole[t] != before[t] for t in ROWS), [t for t in ROWS if whole[t] == before[t]]
    assert {t: len(r) for t, r in patched.items()} == {t: len(r) for t, r in whole.items()}
    assert patched == whole
    # and the other pounds' rows are as they were
    con = sqlite3.connect(incremental)
    others = [r[0] for r in con.execute("SELECT id FROM pounds WHERE id != ? ORDER BY id", (POUND,))]
    con.close()
    for pound in others[:: max(1, len(others) // 6)]:
        assert _pound_rows(incremental, pound) == _pound_rows(full, pound), pound


def _shown(db: Path, paths: list[str]) -> dict[str, bytes]:
    """Each path's body as the portal serves it from db, what says when it was made masked (PER_RUN)."""
    from fastapi.testclient import TestClient

    from portal.app import create_app
    from portal.settings import Settings

    with TestClient(create_app(Settings(database=db, today=TODAY)), base_url="http://testserver") as c:
        return {p: PER_RUN.sub(b"<run>", c.get(p).content) for p in paths}


def test_what_the_portal_shows_of_the_patched_tables_is_a_full_ingests(data: Path, tmp_path: Path) -> None:
    incremental, full, _ = _both(data, tmp_path)
    con = sqlite3.connect(full)
    districts = [r[0] for r in con.execute("SELECT DISTINCT district FROM pounds WHERE id = ?", (POUND,))]
    con.close()
    paths = [
        *(f"/feeds/{name}.{fmt}" for name in ("notices", "auctions") for fmt in ("atom", "json")),
        "/feeds/notices.atom?q=cow",
        "/feeds/auctions.json?q=cow",
        "/calendar/auctions.ics",
        f"/pounds/{POUND}",
        "/compliance",
        *(f"/compliance?district={d}" for d in districts),
        "/data/pounds/notices_due_this_week.json",
        "/data/pounds/conflict_of_interest_sales.json",
        "/data/pounds/surplus_held_past_three_months.json",
        "/data/pounds/compliance_by_pound.json",
    ]
    patched, whole = _shown(incremental, paths), _shown(full, paths)
    assert [p for p in paths if patched[p] != whole[p]] == []
