"""The file a server serves, decided from the file it opened: the private database renamed onto the served path
never answers, replaced files are let go, and a damaged or overwritten file is a 503 that says why."""

from __future__ import annotations

import os
import shutil
import threading
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from portal import db
from portal.app import create_app
from portal.errors import DatabaseDamaged, DatabaseUnavailable
from portal.settings import Settings

from .conftest import TODAY, LiveServer

# Every way into the file: Datasette's tables, its SQL box, the download, its CSV, and the portal's own pages.
PROBES = [
    "/data/pounds/register_entries.json?_shape=array",
    "/data/pounds.json?sql=select+*+from+register_entries&_shape=array",
    "/data/pounds.json?sql=select+name+from+sqlite_master&_shape=array",
    "/data/pounds.db",
    "/data/pounds/impoundments.csv?_size=max",
    "/api/impoundments?limit=100",
    "/",
]


def _swap_in(source: Path, served: Path) -> None:
    """As `mv` does it: a hard link of `source` renamed over the served path (the same two files back and forth)."""
    aside = served.with_name(served.name + ".new")
    os.link(source, aside)
    os.replace(aside, served)


def test_the_private_database_swapped_in_and_out_under_load_never_answers(
    tmp_path: Path, demo_dbs: tuple[Path, Path], demo_names: set[str]
) -> None:
    """An operator's `mv private.db public.db` and back, over and over, while readers ask every way they can.

    Before: the refusal was by the path, once per version; Datasette's threads opened the path later, so 147
    responses in 15 s held names. Now each connection checks the file it opened, and the download is read from
    the very file examined."""
    public, private = tmp_path / "public.db", tmp_path / "private.db"
    shutil.copy(demo_dbs[0], public)
    shutil.copy(demo_dbs[1], private)
    served = tmp_path / "served.db"
    _swap_in(public, served)
    leaks: list[str] = []
    statuses: list[int] = []
    done = threading.Event()

    with LiveServer(Settings(database=served, today=TODAY, cache_seconds=0)) as server:

        def reader(offset: int) -> None:
            with httpx.Client(base_url=server.url, timeout=30) as client:
                i = offset
                while not done.is_set():
                    path = PROBES[i % len(PROBES)]
                    i += 1
                    r = client.get(path)
                    statuses.append(r.status_code)
                    body = r.content.decode("utf-8", "replace")
                    found = [n for n in demo_names if n in body]
                    if found or b"register_entries" in r.content and r.status_code == 200 and ".db" not in path:
                        leaks.append(f"{path} {r.status_code} {found[:2]}")

        readers = [threading.Thread(target=reader, args=(k,)) for k in range(4)]
        for t in readers:
            t.start()
        try:
            # Swapped until the readers have been answered both ways, however slow the machine (at least 400
            # swaps; 20,000 at most, then the assertion below says which way was never answered).
            i = 0
            while i < 400 or not (200 in statuses and 503 in statuses):
                if i >= 20_000:
                    break
                _swap_in(private if i % 2 == 0 else public, served)
                i += 1
                threading.Event().wait(0.005)
        finally:
            done.set()
            for t in readers:
                t.join(60)
    assert leaks == []
    # The readers were answered while the public file was there, and refused while the private one was.
    assert 200 in statuses and 503 in statuses


def _deleted_files_open(folder: Path) -> list[str]:
    """Files in `folder` this process holds open after they were deleted (renamed over)."""
    held = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            target = os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        if target.startswith(str(folder)) and target.endswith(" (deleted)"):
            held.append(target)
    return held


def test_replaced_files_are_let_go(tmp_path: Path, demo_dbs: tuple[Path, Path]) -> None:
    """Each ingest renames a new file over the served one. Before: every replaced file stayed open in each server
    process (a retired Datasette's connections, closed only at exit): 7 ingests of 100k rows held 770 MB of disk."""
    served = tmp_path / "served.db"
    shutil.copy(demo_dbs[0], served)
    app = create_app(Settings(database=served, today=TODAY))
    with TestClient(app) as client:
        for i in range(8):
            fresh = tmp_path / f"ingest-{i}.db"
            shutil.copy(demo_dbs[0], fresh)
            os.replace(fresh, served)  # a new inode each time, as `pinfold ingest` makes it
            for path in ("/data/pounds/impoundments.json", "/data/pounds.json?sql=select+count(*)+from+pounds", "/"):
                assert client.get(path).status_code == 200, path
        assert _deleted_files_open(tmp_path) == []
        app.close()
        assert _deleted_files_open(tmp_path) == [] and not any(
            os.readlink(f"/proc/self/fd/{fd}").startswith(str(served)) for fd in _open_fds()
        )


def _open_fds() -> list[str]:
    fds = []
    for fd in os.listdir("/proc/self/fd"):
        try:
            os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            continue
        fds.append(fd)
    return fds


def _garbage(path: Path, source: Path) -> None:
    path.write_bytes(bytes(range(256)) * 400)


def _truncated(path: Path, source: Path) -> None:
    path.write_bytes(source.read_bytes()[:100_000])


@pytest.mark.parametrize("damage", [_garbage, _truncated], ids=["garbage", "truncated"])
def test_a_damaged_file_is_a_503_in_each_pages_shape(tmp_path: Path, demo_dbs: tuple[Path, Path], damage) -> None:
    """Before: a plain-text 500 'Internal Server Error' on every route, /healthz included."""
    served = tmp_path / "served.db"
    damage(served, demo_dbs[0])
    with TestClient(create_app(Settings(database=served, today=TODAY)), raise_server_exceptions=False) as client:
        health = client.get("/healthz")
        assert health.status_code == 503 and health.json()["error"] == "Database damaged"
        assert "truncated" in health.json()["message"] or "not an SQLite database" in health.json()["message"]
        page = client.get("/")
        assert page.status_code == 503 and page.headers["content-type"].startswith("text/html")
        assert "<html" in page.text and "damaged" in page.text.lower()
        api = client.get("/api/impoundments")
        assert api.status_code == 503 and api.json()["status"] == 503
        for path in ("/data/pounds/impoundments", "/data/pounds.json", "/feeds/impounded.rss", "/pounds"):
            r = client.get(path)
            assert r.status_code == 503, path


def test_a_file_copied_over_the_served_one_in_place_is_refused_until_one_is_renamed_in(
    tmp_path: Path, demo_dbs: tuple[Path, Path]
) -> None:
    """`cp new.db served.db` writes into the file the server has open and promised SQLite would never change:
    under load, 4-15 requests in 8 s failed or read a half-copied file. The server sees the same file (inode)
    with a new size or time, and answers a 503 naming the safe way, until a new file is renamed into place."""
    served = tmp_path / "served.db"
    shutil.copy(demo_dbs[0], served)
    with TestClient(create_app(Settings(database=served, today=TODAY)), raise_server_exceptions=False) as client:
        assert client.get("/healthz").status_code == 200
        assert client.get("/data/pounds/pounds.json").status_code == 200
        inode = served.stat().st_ino
        with served.open("r+b") as f:  # what cp does to an existing file: the same inode, rewritten
            f.write(demo_dbs[0].read_bytes())
            f.truncate()
        os.utime(served, ns=(served.stat().st_atime_ns, served.stat().st_mtime_ns + 1_000_000))
        assert served.stat().st_ino == inode
        for path in ("/healthz", "/", "/data/pounds/pounds.json"):
            r = client.get(path)
            assert r.status_code == 503 and "written over in place" in r.text and "renamed into place" in r.text
        fresh = tmp_path / "fresh.db"
        shutil.copy(demo_dbs[0], fresh)
        os.replace(fresh, served)
        assert client.get("/healthz").status_code == 200
        assert client.get("/data/pounds/pounds.json").status_code == 200


def test_the_file_examined_is_read_from_its_descriptor(tmp_path: Path, demo_dbs: tuple[Path, Path]) -> None:
    """db.tables_in_file reads the schema from an open file, whatever its path holds by then."""
    public, private = tmp_path / "public.db", tmp_path / "private.db"
    shutil.copy(demo_dbs[0], public)
    shutil.copy(demo_dbs[1], private)
    fd = os.open(public, os.O_RDONLY)
    try:
        os.replace(private, public)  # the path now names the private database; the descriptor, the public one
        tables = db.tables_in_file(fd)
    finally:
        os.close(fd)
    assert {"pounds", "impoundments", "rejects"} <= tables and not tables & set(db.PRIVATE_TABLES)
    fd = os.open(public, os.O_RDONLY)
    try:
        assert {"register_entries", "roster"} <= db.tables_in_file(fd)
        problem = db.examine(fd)
    finally:
        os.close(fd)
    assert isinstance(problem, DatabaseUnavailable) and "private database" in problem.message
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(b"SQLite format 3\x00" + bytes(5000))
    fd = os.open(garbage, os.O_RDONLY)
    try:
        with pytest.raises(DatabaseDamaged):
            db.tables_in_file(fd)
    finally:
        os.close(fd)
