"""Read-only access to the public database. The file is immutable once built, so every connection opens it
with `immutable=1` (no locking, no change checks) and a new ingest swaps the file by rename."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from .errors import DatabaseUnavailable


def connect(path: Path) -> sqlite3.Connection:
    """A read-only connection that cannot write, whatever SQL it is given."""
    if not path.is_file():
        raise DatabaseUnavailable(f"the public database {path.name} is not there")
    con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
    con.row_factory = sqlite3.Row
    return con


# Tables only the private database has: names and residences of people (ingest/schema.py PRIVATE).
PRIVATE_TABLES = ("register_entries", "roster", "conflicts")


def refuse_private(path: Path) -> None:
    """Raises DatabaseUnavailable when the file is the private database: served, it would publish every name in
    the register under /data. 'pinfold serve --db private.db' is one slip of the hand away from 'public.db'."""
    if not path.is_file():
        return
    con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        marks = PRIVATE_TABLES
        found = con.execute(
            f"SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ({','.join('?' * len(marks))})", marks
        ).fetchall()
    except sqlite3.DatabaseError:
        found = []  # not a database at all: the pages say so when they cannot read it
    finally:
        con.close()
    if found:
        raise DatabaseUnavailable(
            "this file is the private database (it holds people's names): Pinfold serves only the public one"
        )


class Pool:
    """Idle connections to the database file as it is now, reused across requests: a new connection reads the
    schema before its first query (0.5 ms of a 3.7 ms page). Connections are keyed by the file's version, so
    after an ingest renames a new file into place the old ones are closed, never handed out again."""

    def __init__(self, path: Path, max_idle: int = 16):
        self.path, self.max_idle = path, max_idle
        self._lock = threading.Lock()
        self._version = ""
        self._idle: list[sqlite3.Connection] = []

    def take(self) -> tuple[str, sqlite3.Connection]:
        """(version, a connection to that version of the file)."""
        now = version(self.path)
        if now != self._version:
            refuse_private(self.path)  # once for each file an ingest renames into place
        with self._lock:
            if now != self._version:
                stale, self._idle, self._version = self._idle, [], now
            else:
                stale = []
                if self._idle:
                    return now, self._idle.pop()
        for con in stale:
            con.close()
        return now, connect(self.path)

    def give(self, taken: str, con: sqlite3.Connection) -> None:
        """Back to the pool if the file has not changed since it was taken; otherwise closed."""
        with self._lock:
            if taken == self._version and len(self._idle) < self.max_idle:
                self._idle.append(con)
                return
        con.close()


def version(path: Path) -> str:
    """Changes whenever a new ingest replaces the file: caches and ETags key on it."""
    return stamp(path)[0]


def stamp(path: Path) -> tuple[str, float | None]:
    """(version, modification time) from one stat, so the two always describe the same file:
    -> ('1a2b-17f0c3d4e5-4000', 1764400000.0), or ('missing', None)."""
    try:
        st = os.stat(path)
    except OSError:
        return "missing", None
    return f"{st.st_ino:x}-{st.st_mtime_ns:x}-{st.st_size:x}", st.st_mtime


def districts(con: sqlite3.Connection) -> list[str]:
    """The districts that have pounds, in order: ['Ernakulam', 'Kozhikode', 'Thrissur', ...]."""
    return [r[0] for r in con.execute("SELECT DISTINCT district FROM pounds WHERE district != '' ORDER BY 1")]


def rows(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    return [dict(r) for r in con.execute(sql, params)]


def one(con: sqlite3.Connection, sql: str, params: Any = ()) -> dict[str, Any] | None:
    r = con.execute(sql, params).fetchone()
    return dict(r) if r else None
