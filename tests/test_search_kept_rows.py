"""The rows a search shows are kept (portal/search.py KeptRows, by the file's version and the day) and so are they as
rendered (portal/render.py KeptRowHtml, by language and the values a row shows): a kept row is never another file's,
another day's or another language's. Each check compares with the same search made with nothing kept."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from portal import db
from portal.render import KEPT_ROW_HTML, ROW_TEMPLATE, row_fields
from portal.search import KEPT_ROWS, Query, Results, search

from .conftest import TODAY


@pytest.fixture
def served(demo_dbs: tuple[Path, Path], tmp_path: Path) -> Iterator[Path]:
    """A copy of the demo's public database, to be replaced as an ingest replaces it (a new file renamed into place)."""
    path = tmp_path / "public.db"
    shutil.copyfile(demo_dbs[0], path)
    KEPT_ROWS.clear()
    yield path
    KEPT_ROWS.clear()


def _found(path: Path, today: dt.date, query: Query | None = None, limit: int = 50) -> Results:
    con = db.connect_version(path, db.version(path))
    try:
        assert con.version, "a connection of known version keeps rows"
        return search(con, query or Query(species="cow"), today, limit=limit)
    finally:
        con.close()


def _found_afresh(path: Path, today: dt.date, query: Query | None = None) -> Results:
    """The same search with no row kept: what the kept rows must equal."""
    KEPT_ROWS.clear()
    return _found(path, today, query)


def test_rows_kept_for_the_file_before_are_not_shown_from_a_new_file(served: Path) -> None:
    before = _found(served, TODAY)
    first = before.rows[0]
    new = served.with_name("new.db")
    shutil.copyfile(served, new)
    con = sqlite3.connect(new)
    con.execute("UPDATE impoundments SET description = 'a new mark' WHERE id = ?", (first["id"],))
    con.commit()
    con.close()
    os.replace(new, served)  # as an ingest switches: a new file (another version) at the same path
    after = _found(served, TODAY)
    assert after.rows[0]["id"] == first["id"]
    assert after.rows[0]["description"] == "a new mark"
    assert after.rows == _found_afresh(served, TODAY).rows


def test_rows_kept_for_one_day_are_not_shown_on_the_next(served: Path) -> None:
    today = _found(served, TODAY).rows
    tomorrow = _found(served, TODAY + dt.timedelta(days=1)).rows
    assert tomorrow == _found_afresh(served, TODAY + dt.timedelta(days=1)).rows
    # the test means something: a day later an animal in the pound has been there a day longer
    days = {r["id"]: r["days_in_pound"] for r in today if r["in_pound_now"] and r["status"] == "impounded"}
    assert days
    assert any(r["id"] in days and r["days_in_pound"] == days[r["id"]] + 1 for r in tomorrow)


def test_every_page_of_kept_rows_is_the_page_read_afresh(served: Path) -> None:
    query = Query(species="cow")
    total = _found(served, TODAY, query).total
    for offset in range(0, total, 37):
        con = db.connect_version(served, db.version(served))
        kept = search(con, query, TODAY, limit=37, offset=offset)
        KEPT_ROWS.clear()
        afresh = search(con, query, TODAY, limit=37, offset=offset)
        con.close()
        assert kept == afresh


def test_a_row_shown_is_a_copy_of_the_kept_one(served: Path) -> None:
    shown = _found(served, TODAY).rows
    shown[0]["description"] = "changed by a caller"
    assert _found(served, TODAY).rows[0]["description"] != "changed by a caller"


def _row(r: dict[str, Any], lang: str, in_pound_page: bool) -> str:
    return str(KEPT_ROW_HTML.shown([r], lang, in_pound_page))


def _row_afresh(r: dict[str, Any], lang: str, in_pound_page: bool) -> str:
    KEPT_ROW_HTML.clear()
    return _row(r, lang, in_pound_page)


def test_a_row_rendered_in_one_language_is_not_shown_in_the_other(served: Path) -> None:
    r = next(r for r in _found(served, TODAY).rows if r["in_pound_now"])
    english = _row(r, "en", False)
    malayalam = _row(r, "ml", False)
    assert malayalam != english
    assert malayalam == _row_afresh(r, "ml", False)
    assert _row(r, "en", False) == _row_afresh(r, "en", False)
    # a pound's own page has no pound column
    assert _row(r, "en", True) == _row_afresh(r, "en", True) != english


def test_a_row_rendered_is_kept_by_every_value_it_shows(served: Path) -> None:
    r = next(r for r in _found(served, TODAY).rows if r["in_pound_now"] and r["last_day_to_claim"])
    _row(r, "en", False)
    for column, value in (("description", "another mark"), ("days_in_pound", 999), ("last_day_to_claim", None),
                          ("status", "claimed"), ("pound_name", "Another Pound"), ("in_pound_now", False)):  # fmt: skip
        changed = {**r, column: value}
        assert _row(changed, "en", False) == _row_afresh(changed, "en", False), column
        _row(r, "en", False)


def test_the_row_template_reads_only_what_its_key_holds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert {"id", "description", "days_in_pound", "last_day_to_claim", "status"} <= set(row_fields())
    from portal import render

    for source in ("{{ r.get('colour') }}", "{% for k in r %}{{ k }}{% endfor %}", "{{ r['id'] }} {{ today }}"):
        (tmp_path / ROW_TEMPLATE).write_text(source)
        monkeypatch.setattr(render.ENV.loader, "searchpath", [str(tmp_path)])
        with pytest.raises(ValueError):
            row_fields()
