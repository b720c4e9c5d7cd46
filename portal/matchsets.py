"""How many rows a search matches, counted from sets of rowids kept in memory for each version of the file.

A search's full-text expression is its terms joined by AND (search.plan: a word with its other languages, an ear tag,
the kind, the district, the pound), and FTS5 answers `a AND b` with the rows that match `a` and match `b`. Counting
those rows with FTS5 decodes every posting of every term: 'left cow' at 1M rows is 117,425 of 430,853 cows, 15 ms,
and the count was most of a new search's time. The terms owners type are the registers' own words (kinds, colours,
marks, districts, pounds), so each term's rows are kept here as a bitmap (a Python int, bit n = rowid n) made once from
the index for each version of the file; a count is then an AND of a few bitmaps and a popcount (0.05 ms). A pound
asked for by an id of several words ('tcr-corp', which the phrase 'tcr corp' of 'tcr-corp-2' holds too) is the set of
rows that match the phrase and have that very id. Rows from a rowid on (those in the pound now, in
impoundments_fts_in_pound's order) are a shift of the same bitmap."""

from __future__ import annotations

import sqlite3
import sys
import threading
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from functools import reduce

assert array("I").itemsize == 4  # 32 bits a word, as _make sums them

MAX_BYTES = 64 * 1024 * 1024  # the sets of about 200 parts of searches at 1M impoundments (300 KB each)

# Each full-text table a count reads, and the rows of it, numbered by its rowid, whose impoundment `i` has a column's
# value: all of them in impoundments (from the column's index, 10 ms for a pound at 1M), those that match the value's
# term among the animals in the pound now (where a scan of them all took 92 ms). A count intersects them with the
# term's own rows either way.
EQUAL = {
    "impoundments_fts": "SELECT i.rowid AS n FROM impoundments i WHERE i.{column} = :value",
    "impoundments_fts_in_pound": "SELECT f.rowid AS n FROM impoundments_fts_in_pound f "
    "JOIN impoundments_in_pound q ON q.rowid = f.rowid JOIN impoundments i ON i.rowid = q.impoundment "
    "WHERE impoundments_fts_in_pound MATCH :term AND i.{column} = :value",
}
COLUMNS = ("district", "pound_id")
# The full-text index of the animals in auctions' lots (a row per lot, numbered as auction_lots), counted by term only.
LOTS = "impoundments_fts_lots"

Key = tuple[str, str, str, str]  # (version, table, a full-text term, "" or 'column=value' its rows also have)


class MatchSets:
    """Bitmaps of the rows each term or column value matches, least recently used dropped first, within max_bytes:
    (version, 'impoundments_fts', '"cow"', '') -> int with bit r set for each rowid r that matches "cow"."""

    def __init__(self, max_bytes: int = MAX_BYTES):
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._sets: OrderedDict[Key, int] = OrderedDict()
        self._bytes = 0
        self._making: dict[Key, threading.Event] = {}
        self._ranges: dict[tuple[str, str, str], list[tuple[str, int, int]]] = {}

    def rows(self, con: sqlite3.Connection, key: Key) -> int:
        """The bitmap of the rows `key` names, made from the database the first time it is asked (by one thread:
        others asking for it meanwhile wait for that one, as sixteen searches for 'cow' at once do)."""
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
                return found
            making = self._making.get(key)
            mine = making is None
            if mine:
                making = self._making[key] = threading.Event()
        assert making is not None
        if not mine:
            making.wait()
            with self._lock:
                found = self._sets.get(key)
            return found if found is not None else _make(con, key)
        try:
            made = _make(con, key)  # outside the lock: other counts go on meanwhile
            with self._lock:
                self._sets[key] = made
                self._bytes += _size(made)
                while len(self._sets) > 1 and self._bytes > self.max_bytes:
                    _, dropped = self._sets.popitem(last=False)
                    self._bytes -= _size(dropped)
        finally:
            with self._lock:
                del self._making[key]
            making.set()
        return made

    def count(
        self,
        con: sqlite3.Connection,
        version: str,
        table: str,
        terms: list[str],
        equal: Sequence[tuple[str, str, str]] = (),
        start: int = 0,
    ) -> int:
        """How many rows of `table` from rowid `start` on match every one of `terms` (FTS5's `t1 AND t2 ...`) and
        have each (column, value) of `equal` (with the term of that value): what search.py's counts count with SQL."""
        keys = [(version, table, t, "") for t in terms] + [(version, table, t, f"{c}={v}") for c, v, t in equal]
        both = reduce(lambda a, b: a & b, (self.rows(con, k) for k in keys))
        return (both >> start).bit_count()

    def auctions(self, con: sqlite3.Connection, version: str, terms: list[str], since: str) -> list[str] | None:
        """The auctions scheduled or proposed for `since` or later with a lot that matches every one of `terms`
        (what search.auctions_matching asks SQL for: 2,249 auctions of 27,225 lots for 'blind' at 1M, 7 ms), from
        the lots' sets and each auction's lots, which are rows next to each other in auction_lots (lot_ranges).
        None when they are not."""
        ranges = self.lot_ranges(con, version, since)
        if ranges is None:
            return None
        lots = reduce(lambda a, b: a & b, (self.rows(con, (version, LOTS, t, "")) for t in terms))
        raw = lots.to_bytes(lots.bit_length() // 8 + 1, "little")
        found = []
        for auction, first, last in ranges:
            window = int.from_bytes(raw[first >> 3 : (last >> 3) + 1], "little") >> (first & 7)
            if window & ((1 << (last - first + 1)) - 1):
                found.append(auction)
        return found

    def lot_ranges(self, con: sqlite3.Connection, version: str, since: str) -> list[tuple[str, int, int]] | None:
        """[(auction id, its first lot's rowid, its last's)] of the auctions with lots scheduled or proposed for
        `since` or later, kept for the version and day; None unless every one's lots are rows next to each other."""
        key = (version, "auction_lots", since)
        with self._lock:
            kept = self._ranges.get(key)
        if kept is not None:
            return kept or None
        made = con.execute(
            """SELECT a.id, min(l.rowid), max(l.rowid), count(*) FROM auctions a JOIN auction_lots l
               ON l.auction_id = a.id WHERE a.status IN ('scheduled', 'proposed') AND a.auction_date >= ?
               GROUP BY a.id""",
            (since,),
        ).fetchall()
        ranges = [(a, first, last) for a, first, last, n in made if last - first + 1 == n]
        contiguous = len(ranges) == len(made)
        with self._lock:
            if len(self._ranges) >= 8:
                self._ranges.clear()
            self._ranges[key] = ranges if contiguous else []
        return ranges if contiguous else None

    def __len__(self) -> int:
        return len(self._sets)


def _make(con: sqlite3.Connection, key: Key) -> int:
    """The rows a key names as a bitmap: 32 rows a word, summed by SQLite, so the few thousand words and not the rows
    reach Python (60 ms for 'left', 326,740 rows at 1M, where a row at a time took 80 ms holding the interpreter)."""
    _, table, term, equal = key
    if table not in EQUAL and (table != LOTS or equal):
        raise ValueError(f"no full-text table {table}")
    column, _, value = equal.partition("=")
    if equal and column not in COLUMNS:
        raise ValueError(f"no column {column} to count by")
    rows = EQUAL[table].format(column=column) if equal else f"SELECT rowid AS n FROM {table} WHERE {table} MATCH :term"
    words = con.execute(
        f"SELECT n >> 5, sum(1 << (n & 31)) FROM ({rows}) GROUP BY 1", {"term": term, "value": value}
    ).fetchall()
    bits = array("I", bytes(4 * (max((w for w, _ in words), default=-1) + 1)))  # rowids are positive
    for word, set_bits in words:
        bits[word] = set_bits
    if sys.byteorder == "big":
        bits.byteswap()
    return int.from_bytes(bits.tobytes(), "little")


def _size(bitmap: int) -> int:
    return bitmap.bit_length() // 8 + 64


# One per process: every connection to a version of the file reads the same sets.
MATCH_SETS = MatchSets()
