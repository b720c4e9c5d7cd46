"""A new database re-renders what it changed, and no more (issue 26): the pages of the pounds an ingest left as they
were stay in the response cache, with the same ETag, so a 304 still answers for them; the warmer renders only when no
reader's render waits. Renders are counted at the app behind the cache, never timed."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ingest.build import ingest
from ingest.demo import write_demo
from portal.app import create_app
from portal.middleware import WARMING
from portal.settings import Settings

from .conftest import TODAY

CHANGED = "tcr-corp"


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("scoped") / "data"
    write_demo(out, today=TODAY, rows=120, seed=3)
    shutil.rmtree(out / "earlier", ignore_errors=True)
    return out


def _counting(app: Any) -> list[tuple[str, str]]:
    """(who, path) of each request that reaches the app behind the response cache: a render (or a 304 it could not
    answer itself)."""
    seen: list[tuple[str, str]] = []
    inner = app.cache.app

    async def counted(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            seen.append(("warmer" if scope.get(WARMING) else "reader", scope["path"]))
        await inner(scope, receive, send)

    app.cache.app = counted
    return seen


def _correct_a_description(register: Path) -> str:
    """The first entry's description gains a mark, as a clerk's correction would: -> the new description."""
    with open(register, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    rows[1][5] = rows[1][5] + ", white forehead"
    with open(register, "w", encoding="utf-8-sig", newline="") as f:
        csv.writer(f).writerows(rows)
    return rows[1][5]


def _compliance(db: Path) -> list[Any]:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT * FROM compliance ORDER BY pound_id, year").fetchall()
    finally:
        con.close()


def test_an_unchanged_pounds_pages_stay_cached_across_a_new_database(data: Path, tmp_path: Path) -> None:
    work = tmp_path / "data"
    shutil.copytree(data, work)
    served, private = tmp_path / "public.db", tmp_path / "private.db"
    ingest(work, served, private)
    con = sqlite3.connect(served)
    other = con.execute("SELECT id FROM pounds WHERE id != ? ORDER BY id LIMIT 1", (CHANGED,)).fetchone()[0]
    (other_animal,) = con.execute("SELECT id FROM impoundments WHERE pound_id = ? LIMIT 1", (other,)).fetchone()
    con.close()
    app = create_app(Settings(database=served, today=TODAY, warm=False))
    renders = _counting(app)
    unchanged = [f"/pounds/{other}", f"/animals/{other_animal}", f"/api/impoundments/{other_animal}"]
    with TestClient(app, base_url="http://testserver") as client:
        etags = {}
        for path in [*unchanged, f"/pounds/{CHANGED}", "/"]:
            r = client.get(path)
            assert r.status_code == 200, path
            etags[path] = r.headers["etag"]
        before = _compliance(served)

        described = _correct_a_description(next((work / "registers" / CHANGED).glob("*.csv")))
        ingest(work, served, private)  # renamed into place under the running app, as `pinfold ingest` does
        # the premise: the correction moves no figure of the scorecard, which every pound page shows for the state
        assert _compliance(served) == before
        renders.clear()

        for path in unchanged:
            r = client.get(path)
            assert r.status_code == 200 and r.headers["etag"] == etags[path], path
            again = client.get(path, headers={"if-none-match": etags[path]})
            assert again.status_code == 304, path
        assert renders == [], "an unchanged pound's pages were rendered again"

        changed = client.get(f"/pounds/{CHANGED}")
        assert changed.status_code == 200 and changed.headers["etag"] != etags[f"/pounds/{CHANGED}"]
        con = sqlite3.connect(served)
        (corrected,) = con.execute(
            "SELECT id FROM impoundments WHERE pound_id = ? AND description LIKE '%white forehead'", (CHANGED,)
        ).fetchone()
        con.close()
        page = client.get(f"/animals/{corrected}")
        assert page.status_code == 200 and "white forehead" in page.text, described
        home = client.get("/")
        assert home.headers["etag"] != etags["/"]  # not one pound's: keyed by the file's version, rendered again
        assert renders == [("reader", f"/pounds/{CHANGED}"), ("reader", f"/animals/{corrected}"), ("reader", "/")]


def test_the_warmer_lets_a_waiting_reader_through_first(data: Path, tmp_path: Path) -> None:
    """A reader's page held inside SQLite (a progress handler) while a warm starts: the warmer renders nothing until
    that reader is answered."""
    served = tmp_path / "public.db"
    ingest(data, served, tmp_path / "private.db")
    app = create_app(Settings(database=served, today=TODAY, warm=False))
    app.warmer.origin = ("http", b"testserver")
    renders = _counting(app)
    pool = app.portal.app.state.pool
    inside, release = threading.Event(), threading.Event()
    take = pool.take
    held: list[sqlite3.Connection] = []

    def take_and_hold(newest: bool = False) -> tuple[str, sqlite3.Connection]:
        version, c = take(newest)
        if not held:
            held.append(c)

            def stop_here() -> int:
                inside.set()
                release.wait(60)  # a bound, should the test fail before releasing it
                return 0

            c.set_progress_handler(stop_here, 1000)
        return version, c

    pool.take = take_and_hold
    order: list[str] = []

    async def main() -> None:
        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                order.append(f"reader answered {message['status']}")

        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
            "path": "/pounds", "raw_path": b"/pounds", "query_string": b"", "root_path": "",
            "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 0), "server": None,
        }  # fmt: skip
        reader = asyncio.create_task(app(scope, receive, send))
        assert await asyncio.to_thread(inside.wait, 60), "the reader's render never reached SQLite"
        warm = asyncio.create_task(app.warmer.warm())
        for _ in range(50):  # the loop turns, as it would for the warmer to start rendering
            await asyncio.sleep(0.01)
        order.append(f"warmer renders before the reader is answered: {sum(w == 'warmer' for w, _ in renders)}")
        release.set()
        await reader
        asked = await warm
        assert asked > 0

    try:
        asyncio.run(main())
    finally:
        release.set()
        with contextlib.suppress(Exception):
            app.close()
    assert order[:2] == ["warmer renders before the reader is answered: 0", "reader answered 200"]
    first_warm = next(i for i, (w, _) in enumerate(renders) if w == "warmer")
    assert renders[:first_warm] == [("reader", "/pounds")]
