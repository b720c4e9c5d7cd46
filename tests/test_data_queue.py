"""/data keeps a thread for tables whatever the parameters, and a streamed export stops when its client goes
(portal/datasette_app.py DataGuard): before, only `sql=` was queued, so `_where=`, many `_facet`s, `_searchmode=raw`
and streams took every thread Datasette has; and a stream whose client hung up ran to its end (41 s of CPU at 200k
rows), uvicorn dropping its output without a word. Real servers on loopback, a served copy of the demo's public
database with a table of PADDING rows (a stream of it is far longer than the queue's 10 s wait)."""

from __future__ import annotations

import shutil
import socket
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest

from portal.datasette_app import SQL_AT_ONCE
from portal.settings import Settings

from .conftest import TODAY, LiveServer

PADDING = 2_000_000
STREAM = "/data/pounds/padding.csv?_stream=on&_size=max"


@pytest.fixture(scope="module")
def server(demo_dbs: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    public = tmp_path_factory.mktemp("queue") / "public.db"
    shutil.copy(demo_dbs[0], public)
    con = sqlite3.connect(public)
    con.execute("CREATE TABLE padding (n INTEGER PRIMARY KEY, word TEXT)")
    con.execute(
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?)"
        " INSERT INTO padding SELECT n, 'pound' FROM c",
        (PADDING,),
    )
    con.commit()
    con.close()
    with LiveServer(Settings(database=public, today=TODAY, cache_seconds=0)) as s:
        yield s


@contextmanager
def stream(server: LiveServer, read: int = 0) -> Iterator[socket.socket]:
    """A streamed export asked for, `read` bytes of it read, then left unread (a tiny receive buffer)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", server.port))
    try:
        s.sendall(f"GET {STREAM} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        got = b""
        while len(got) < max(read, 1):
            chunk = s.recv(65536)
            assert chunk, got[:200]
            got += chunk
        assert got.startswith(b"HTTP/1.1 200"), got[:200]
        yield s
    finally:
        s.close()


COSTLY = {
    "where": {"_where": "head_count > 0"},
    "facets": {"_facet": ["species", "status", "district"]},  # each fine alone: 200
    "raw search": {"_search": "cow", "_searchmode": "raw"},
}


def test_costly_table_requests_wait_their_turn_and_tables_keep_a_thread(server: LiveServer) -> None:
    answers: dict[str, int] = {}
    with ExitStack() as held, httpx.Client(base_url=server.url, timeout=60) as client:
        for _ in range(SQL_AT_ONCE):
            held.enter_context(stream(server))  # the queue's places taken by streams not read

        def ask(name: str) -> None:
            answers[name] = client.get("/data/pounds/impoundments.json", params=COSTLY[name]).status_code

        askers = [threading.Thread(target=ask, args=(name,)) for name in COSTLY]
        for t in askers:
            t.start()
        plain = client.get("/data/pounds/pounds.json")  # a table page is not queued: a thread is free for it
        for t in askers:
            t.join(120)
    assert plain.status_code == 200
    assert answers == dict.fromkeys(COSTLY, 503)  # queued behind the streams, then told the server is busy


def test_a_stream_whose_client_goes_stops(server: LiveServer) -> None:
    for _ in range(SQL_AT_ONCE):
        with stream(server, read=64 * 1024):
            pass  # 64 KB read, then the client hangs up
    with httpx.Client(base_url=server.url, timeout=60) as client:
        r = client.get("/data/pounds.json", params={"sql": "select count(*) from pounds"})
    # The streams stopped and gave their places back; before, they ran on (minutes here) and this waited its
    # 10 s in the queue, then was refused.
    assert r.status_code == 200, r.text[:300]
