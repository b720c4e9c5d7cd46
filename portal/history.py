"""The history of an entry as the public database records it (ingest/history.py): its changes, the id it moved to,
its removal. A database from before the history has none of these tables: then there is no history to show."""

from __future__ import annotations

import sqlite3
from typing import Any

from . import db


def changes_of(con: sqlite3.Connection, animal_id: str) -> list[dict[str, Any]]:
    """The entry's changes, oldest first: [{'changed_at': '2026-11-30T18:02:11+05:30', 'change': 'changed',
    'field': 'fine_levied_rupees', 'value_before': '500.00', 'value_after': '300.00', ...}]."""
    try:
        return db.rows(con, "SELECT * FROM changes WHERE impoundment_id = ? ORDER BY id", (animal_id,))
    except sqlite3.OperationalError:
        return []


def moved_to(con: sqlite3.Connection, animal_id: str) -> str | None:
    """The id an entry has now, when animal_id is one it had before (its day brought corrected): 'p1-6c3e...' ->
    'p1-9a01...'; None when it is no such id."""
    try:
        row = con.execute("SELECT impoundment_id FROM aliases WHERE alias = ?", (animal_id,)).fetchone()
    except sqlite3.OperationalError:
        return None
    return row[0] if row else None


def removal(con: sqlite3.Connection, animal_id: str) -> dict[str, Any] | None:
    """The change that removed an entry from the register after it was published, or None."""
    found = [c for c in changes_of(con, animal_id) if c["change"] == "removed"]
    return found[-1] if found else None
