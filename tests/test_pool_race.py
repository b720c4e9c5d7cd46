"""A connection a cancelled render may still be reading through is never handed out again, nor closed under it.

A request cancelled while its page renders in a worker thread (the warmer stopped mid-warm, a server shutting down)
has its connection given back at once, while the thread reads on (anyio cannot stop a thread). Kept by the pool, the
next request read through it from a second thread, and the next take after a new file closed it under the running
statement: a use-after-free in SQLite, seen once as a segmentation fault under tests/test_served_file.py."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Any

from portal.app import create_app
from portal.settings import Settings

from .conftest import TODAY


def _get(path: str) -> dict[str, Any]:
    return {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET", "scheme": "http",
        "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
        "headers": [(b"host", b"testserver")], "client": ("127.0.0.1", 0), "server": None,
    }  # fmt: skip


def test_a_cancelled_render_keeps_its_connection_to_itself(tmp_path: Path, demo_dbs: tuple[Path, Path]) -> None:
    """A pound page (a sync page: its SQL runs in a worker thread) held inside SQLite by a progress handler; the
    request is cancelled there, a new file is renamed into place and a connection taken for it: the held connection
    is not among the pool's idle ones (before: it was, and that take closed it under the held statement)."""
    served = tmp_path / "public.db"
    shutil.copy(demo_dbs[0], served)
    app = create_app(Settings(database=served, today=TODAY, warm=False))
    pool = app.portal.app.state.pool
    con = sqlite3.connect(served)
    pound = con.execute("SELECT id FROM pounds ORDER BY id LIMIT 1").fetchone()[0]
    con.close()
    inside, release = threading.Event(), threading.Event()
    held: list[sqlite3.Connection] = []
    take = pool.take

    def take_and_hold(newest: bool = False) -> tuple[str, sqlite3.Connection]:
        """The pool's own take; the first connection it gives stops inside its first long statement."""
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

    async def main() -> None:
        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message: dict[str, Any]) -> None:
            return None

        render = asyncio.create_task(app(_get(f"/pounds/{pound}"), receive, send))
        assert await asyncio.to_thread(inside.wait, 60), "the render never reached SQLite"
        render.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await render
        try:
            assert held[0] not in pool.idle(), "a connection still in use by a render thread went back to the pool"
            # a new file renamed into place: the next take closes the idle connections of the old one
            shutil.copy(demo_dbs[0], tmp_path / "next.db")
            os.replace(tmp_path / "next.db", served)
            _, fresh = pool.take()
            assert fresh is not held[0]
        finally:
            release.set()

    asyncio.run(main())
    app.close()
