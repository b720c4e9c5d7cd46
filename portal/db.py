"""Read-only access to the public database. The file is immutable once built, so every connection opens it
with `immutable=1` (no locking, no change checks) and a new ingest swaps the file by rename."""

from __future__ import annotations

import os
import sqlite3
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


def version(path: Path) -> str:
    """Changes whenever a new ingest replaces the file: caches and ETags key on it."""
    try:
        st = os.stat(path)
    except OSError:
        return "missing"
    return f"{st.st_ino:x}-{st.st_mtime_ns:x}-{st.st_size:x}"


def rows(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    return [dict(r) for r in con.execute(sql, params)]


def one(con: sqlite3.Connection, sql: str, params: Any = ()) -> dict[str, Any] | None:
    r = con.execute(sql, params).fetchone()
    return dict(r) if r else None
