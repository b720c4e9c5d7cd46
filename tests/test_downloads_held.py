"""A download held open by a client that does not read leaves every other request answered (portal/middleware.py):
before, the second request for /downloads/pinfold.db waited for the first response to end (the cache let one render
of an address serve all who asked at once, even for a file too big to keep), so one slow client denied the database
download to everyone and `frictionless validate` timed out re-opening it. Also: a download's own ETag is a 304, and
HEAD is answered where GET is."""

from __future__ import annotations

import json
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from pinfold.schema import DATAPACKAGE, SQLITE_FILE, downloads_root
from portal.settings import Settings

from .conftest import TODAY, LiveServer

FRICTIONLESS = str(Path(sys.executable).with_name("frictionless"))
BIG = 64 << 20  # the database download made bigger than any socket's buffers can hold (loopback's: 4 MB)


@pytest.fixture(scope="module")
def served(demo_dbs: tuple[Path, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The demo's public database and downloads, its SQLite download padded to BIG bytes (a sparse file: a download
    is sent as the file is, whatever it holds)."""
    public = tmp_path_factory.mktemp("held") / "public.db"
    shutil.copy(demo_dbs[0], public)
    shutil.copytree(downloads_root(demo_dbs[0]), downloads_root(public))
    for big in downloads_root(public).glob(f"*/{SQLITE_FILE}"):
        big.unlink()
        shutil.copy(demo_dbs[0], big)
        con = sqlite3.connect(big)  # still a database (frictionless opens it), with a table of padding
        con.execute("CREATE TABLE padding (b BLOB)")
        con.execute("INSERT INTO padding VALUES (zeroblob(?))", (BIG,))
        con.commit()
        con.close()
        descriptor = big.with_name(DATAPACKAGE)
        package = json.loads(descriptor.read_text(encoding="utf-8"))
        for resource in package["resources"]:
            if resource["path"] == SQLITE_FILE:
                resource["bytes"] = big.stat().st_size
        descriptor.write_text(json.dumps(package), encoding="utf-8")
    return public


@pytest.fixture(scope="module")
def server(served: Path) -> Iterator[LiveServer]:
    with LiveServer(Settings(database=served, today=TODAY)) as s:
        yield s


@contextmanager
def held(server: LiveServer, path: str) -> Iterator[bytes]:
    """A GET of `path` whose response is never read past its first bytes (a tiny receive buffer, nothing read)."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    s.connect(("127.0.0.1", server.port))
    try:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n\r\n".encode())
        yield s.recv(200)
    finally:
        s.close()


def test_a_download_held_open_leaves_the_same_download_to_others(server: LiveServer, served: Path) -> None:
    size = next(downloads_root(served).glob(f"*/{SQLITE_FILE}")).stat().st_size
    with held(server, "/downloads/pinfold.db") as first:
        assert first.startswith(b"HTTP/1.1 200")
        with httpx.Client(base_url=server.url, timeout=30) as client:
            again = client.get("/downloads/pinfold.db")
            assert again.status_code == 200 and len(again.content) == size
            assert client.get("/downloads/impoundments.csv").status_code == 200


def test_the_package_validates_over_http_while_a_download_is_held(server: LiveServer) -> None:
    """`frictionless validate http://HOST/downloads/datapackage.json` re-opens pinfold.db while it reads: before, the
    first opening (held) made the second wait, and the validation timed out."""
    with held(server, "/downloads/pinfold.db"):
        done = subprocess.run(
            [FRICTIONLESS, "validate", "--json", f"{server.url}/downloads/datapackage.json"],
            capture_output=True,
            text=True,
            timeout=600,
        )
    report = json.loads(done.stdout)
    assert report["valid"], [t["errors"][:2] for t in report["tasks"] if not t["valid"]]


def test_a_downloads_own_etag_is_a_304(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for path in ("/downloads/pinfold.db", "/downloads/datapackage.json", "/downloads/impoundments.csv"):
            first = client.get(path)
            assert first.status_code == 200 and first.headers["etag"], path
            again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
            assert again.status_code == 304 and again.content == b"", path


@pytest.mark.parametrize("path", ["/downloads/pinfold.db", "/downloads", "/calendar/auctions.ics", "/", "/animals/"])
def test_head_is_answered_where_get_is(server: LiveServer, demo_dbs: tuple[Path, Path], path: str) -> None:
    if path == "/animals/":
        path += str(sqlite3.connect(demo_dbs[0]).execute("SELECT min(id) FROM impoundments").fetchone()[0])
    with httpx.Client(base_url=server.url, timeout=30) as client:
        head, got = client.head(path), client.get(path)  # HEAD first: not a replay of a stored GET
    assert got.status_code == 200, path
    assert head.status_code == 200 and head.content == b"", (path, head.status_code)
    assert head.headers["content-type"] == got.headers["content-type"]
