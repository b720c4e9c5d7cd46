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

import bisect
import contextlib
import functools
import json
import logging
import os
import sqlite3
import sys
import threading
import time
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from pinfold.schema import FTS_COLUMNS

from . import db

log = logging.getLogger("pinfold.matchsets")

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
# The rowid of the full-text table's row in each EQUAL query, to look up a few rows by (Remap.fresh).
ONLY_ROWID = {"impoundments_fts": "i.rowid", "impoundments_fts_in_pound": "f.rowid"}
# The full-text index of the animals in auctions' lots (a row per lot, numbered as auction_lots), counted by term only.
LOTS = "impoundments_fts_lots"

Key = tuple[str, str, str, str]  # (version, table, a full-text term, "" or 'column=value' its rows also have)


# Each full-text table's rows of some pounds, to follow them from one version of the file to the next: (rowid, what the
# row is, what it holds and what orders it). The rows in the pound: a scan of them checked against the pounds' rowids
# (71 ms at 1M rows, where a look-up of each one's pound took 135, and the index on `impoundment` 7.8 s). Every other
# pound's rows keep their order among the others (every table is filled, and patched, in an order of its rows' own
# values: schema.search_index, ingest/patch.py, the lots by auction and animal), whatever their rowids (an incremental
# ingest deletes rows in place and moves some: Carry).
FOLLOWED = {
    "impoundments_fts": f"""SELECT i.rowid, i.id, i.brought_at, {", ".join("i." + c for c in FTS_COLUMNS)}
        FROM impoundments i WHERE i.pound_id IN (SELECT value FROM json_each(:pounds))""",
    "impoundments_fts_in_pound": f"""SELECT q.rowid, i.id, q.auction_earliest_on, i.brought_at,
        {", ".join("i." + c for c in FTS_COLUMNS)} FROM impoundments_in_pound q NOT INDEXED
        JOIN impoundments i ON i.rowid = q.impoundment WHERE +q.impoundment IN
        (SELECT rowid FROM impoundments WHERE pound_id IN (SELECT value FROM json_each(:pounds)))""",
    LOTS: f"""SELECT l.rowid, l.auction_id || '/' || l.lot_no, l.impoundment_id, a.status = 'held',
        {", ".join("i." + c for c in FTS_COLUMNS)} FROM auctions a JOIN auction_lots l ON l.auction_id = a.id
        JOIN impoundments i ON i.id = l.impoundment_id WHERE a.pound_id IN (SELECT value FROM json_each(:pounds))""",
}
# The table whose rowids each full-text table's are.
ROWS_OF = {
    "impoundments_fts": "impoundments",
    "impoundments_fts_in_pound": "impoundments_in_pound",
    LOTS: "auction_lots",
}
MOST_MOVED = 20_000  # more rows of a table added, removed or changed than this: its sets are made again
# The parts of searches asked for and not kept, waiting to be made in the background (the newest asked first).
MOST_WANTED = 1024
# How far below readers' renders the thread that makes sets runs (Linux nice, per thread): it takes a core only when
# no render wants it (0 = as readers).
BACKGROUND_NICENESS = 10


@dataclass(frozen=True)
class Remap:
    """How one table's rows moved between two versions: `runs` of rowids, (first rowid before, first rowid now, how
    many), each copied as it is (its rows that stayed, and between them rowids that hold no row that stayed, in
    neither version), the rowids before of rows removed or changed (`gone`, taken out of a set before the runs copy
    it), and the rowids now of rows added or changed (`fresh`, looked up one by one)."""

    runs: list[tuple[int, int, int]]
    fresh: list[int]
    gone: list[int] = field(default_factory=list)

    @functools.cached_property
    def _kept(self) -> int:
        """Every bit but those of `gone` (-1: every bit), made once for every set carried."""
        return ~_bitmap(self.gone)

    def carry(self, before: int) -> int:
        """A set of the version before, its rows that stayed moved to their rowids now (`fresh` not looked up)."""
        if self.gone:
            before &= self._kept
        out = 0
        for first_old, first_new, length in self.runs:
            out |= ((before >> first_old) & ((1 << length) - 1)) << first_new
        return out


def stayed(low: int, top: int, holes: list[tuple[int, int]], left: list[int]) -> list[tuple[int, int]]:
    """The rowids low..top less the `holes` (first, last: no row there) and the rows `left` (sorted), as ranges:
    (1, 10, [(4, 5)], [8]) -> [(1, 3), (6, 7), (9, 10)]."""
    out: list[tuple[int, int]] = []
    at = low
    for first, last in [*holes, (top + 1, top + 1)]:
        if at < first:
            out.append((at, first - 1))
        at = last + 1
    cut: list[tuple[int, int]] = []
    k = 0
    for first, last in out:
        while k < len(left) and left[k] < first:
            k += 1
        while k < len(left) and left[k] <= last:
            if first < left[k]:
                cut.append((first, left[k] - 1))
            first, k = left[k] + 1, k + 1
        if first <= last:
            cut.append((first, last))
    return cut


def runs_between(before: list[tuple[int, int]], now: list[tuple[int, int]]) -> list[tuple[int, int, int]] | None:
    """The rows that stayed, as ranges of rowids before and now (stayed), matched in order, as runs (first before,
    first now, how many), one run as long as the rows keep one distance (what lies between them is no row that stayed,
    in either version). None when they are not as many. ([(1, 5)], [(2, 6)]) -> [(1, 2, 5)] (an entry added at the
    top: every row one down); ([(1, 1), (3, 3)], [(1, 1), (3, 3)]) -> [(1, 1, 3)] (row 2 changed in place)."""
    if sum(b - a + 1 for a, b in before) != sum(b - a + 1 for a, b in now):
        return None
    out: list[tuple[int, int, int]] = []
    i = j = 0
    at_old, at_new = (before[0][0], now[0][0]) if before else (0, 0)
    while i < len(before) and j < len(now):
        length = min(before[i][1] - at_old, now[j][1] - at_new) + 1
        if out and at_new - at_old == out[-1][1] - out[-1][0]:
            out[-1] = (out[-1][0], out[-1][1], at_old + length - out[-1][0])
        else:
            out.append((at_old, at_new, length))
        at_old, at_new = at_old + length, at_new + length
        if at_old > before[i][1]:
            i += 1
            at_old = before[i][0] if i < len(before) else 0
        if at_new > now[j][1]:
            j += 1
            at_new = now[j][0] if j < len(now) else 0
    return out


def moved_to(runs: list[tuple[int, int, int]], rowid: int) -> int | None:
    """Where the runs move the row at `rowid` (None: no run holds it): ([(1, 2, 5)], 3) -> 4."""
    k = bisect.bisect_right(runs, (rowid, 1 << 62, 0)) - 1
    if k < 0 or rowid >= runs[k][0] + runs[k][2]:
        return None
    return rowid - runs[k][0] + runs[k][1]


def holes(con: sqlite3.Connection, table: str) -> list[tuple[int, int]]:
    """The rowids with no row between a table's first and its last, as ranges: [(16, 16), (32, 33)] (an incremental
    ingest's patch deletes rows in place; impoundments_in_pound leaves one rowid in 16 free)."""
    return [(a, b) for a, b in con.execute(
        f"""SELECT a.rowid + 1, (SELECT min(b.rowid) FROM {table} b WHERE b.rowid > a.rowid) - 1 FROM {table} a
            WHERE a.rowid < (SELECT max(rowid) FROM {table})
              AND NOT EXISTS (SELECT 1 FROM {table} b WHERE b.rowid = a.rowid + 1) ORDER BY a.rowid"""
    )]  # fmt: skip


# The span of each table's rowids in the last versions of the file (span): a file never changes, so the next carry
# reads the version before's here, not from its file again (180 ms at 1M rows, a scan to count each table).
_SPANS: dict[tuple[str, str], tuple[int, int, list[tuple[int, int]]]] = {}
_SPANS_LOCK = threading.Lock()


def span(con: sqlite3.Connection, version: str, table: str) -> tuple[int, int, list[tuple[int, int]]]:
    """(first rowid, last rowid, holes) of a table in `version` of the file, read through `con` once a version:
    -> (1, 323049, [(16, 16), (32, 32), ...]); only the two versions last asked for are kept."""
    with _SPANS_LOCK:
        kept = _SPANS.get((version, table))
    if kept is not None:
        return kept
    count, low, top = con.execute(
        f"SELECT count(*), coalesce(min(rowid), 1), coalesce(max(rowid), 0) FROM {table}"
    ).fetchone()
    made = (low, top, [] if count == top - low + 1 else holes(con, table))
    with _SPANS_LOCK:
        versions = list(dict.fromkeys(v for v, _ in _SPANS))
        for gone in versions[:-1] if version not in versions else []:
            for t in [k for k in _SPANS if k[0] == gone]:
                del _SPANS[t]
        _SPANS[(version, table)] = made
    return made


def spans_ahead(con: db.Connection) -> None:
    """The spans of every table a carry follows, in the version `con` reads, read now in a thread below readers'
    renders (and `con` closed there): the carry to the next version then reads only that one's."""

    def read() -> None:
        background()
        try:
            for table in ROWS_OF.values():
                span(con, con.version, table)
            auction_order(con, con.version)
        except sqlite3.Error:
            pass  # the carry reads them itself
        finally:
            con.close()

    threading.Thread(target=read, name="pinfold-spans", daemon=True).start()


CHUNK_ROWS = 2000  # the rows of a query in_chunks reads at a time


def in_chunks(con: sqlite3.Connection, sql: str, params: Any) -> Iterator[list[Any]]:
    """A query's rows as lists of values, in no order, read CHUNK_ROWS at a time as one value of JSON each (a query
    of integers, text and NULLs alone): "SELECT 1, 'a'" -> [1, 'a']. This thread runs beside readers' renders: a row
    at a time it waited for the interpreter's lock at every row (the rows followed in 7.9 s at 1M rows while
    readers were served the file before), and all in one step the JSON of a pound's 23,354 rows was decoded holding
    the lock 0.1 s, behind which every reader waited (new searches' p99 274-281 ms -> 372-380)."""
    cols = ", ".join(f"c{k}" for k in range(len(db.column_names(con, sql, params))))
    chunks = con.execute(
        f"""WITH r({cols}) AS ({sql}) SELECT json_group_array(json_array({cols})) FROM
            (SELECT (row_number() OVER ()) / {CHUNK_ROWS} AS chunk, * FROM r) GROUP BY chunk""",
        params,
    )
    for (chunk,) in chunks:
        yield from json.loads(chunk)


class Carry:
    """From the version `before` to `now`, which changed only `pounds`: each table's Remap, worked out once, in a
    thread of its own, from those pounds' rows in both files (work_out)."""

    def __init__(self, before: str, now: str, pounds: frozenset[str]):
        self.before, self.now, self.pounds = before, now, pounds
        self.done = threading.Event()
        # Set once every set kept for `before` has been carried to `now` (MatchSets._carry_over).
        self.carried = threading.Event()
        self._remaps: dict[str, Remap | None] = {}
        # How long work_out took: the new file waits for it to be served (scopes.Scopes.hold; in the carry's log line).
        self.followed_in = 0.0

    def work_out(self, old: sqlite3.Connection, new: sqlite3.Connection) -> None:
        """Every table's Remap, through a connection to each file (both this thread's; `old` closed here, `new`
        by the caller, who carries the kept sets through it)."""
        began = time.monotonic()
        try:
            for table in FOLLOWED:
                self._remaps[table] = self._work_out(old, new, table)
        except sqlite3.Error:
            self._remaps.clear()
        finally:
            old.close()
            self.followed_in = time.monotonic() - began
            self.done.set()

    def remap(self, table: str) -> Remap | None:
        self.done.wait()
        return self._remaps.get(table)

    def _work_out(self, old: sqlite3.Connection, new: sqlite3.Connection, table: str) -> Remap | None:
        """None when the rows cannot be followed: too many moved, or counts that do not add up. Every other row stays
        in the order it was, whatever its rowid (rowids with no row between are found and skipped: holes)."""
        pounds = json.dumps(sorted(self.pounds))
        spans = [span(old, self.before, ROWS_OF[table]), span(new, self.now, ROWS_OF[table])]
        before = {r[1]: (r[0], tuple(r[2:])) for r in in_chunks(old, FOLLOWED[table], {"pounds": pounds})}
        now = {r[1]: (r[0], tuple(r[2:])) for r in in_chunks(new, FOLLOWED[table], {"pounds": pounds})}
        gone = sorted(rowid for key, (rowid, row) in before.items() if key not in now or now[key][1] != row)
        fresh = sorted(rowid for key, (rowid, row) in now.items() if key not in before or before[key][1] != row)
        same = {before[key][0]: rowid for key, (rowid, row) in now.items() if key in before and before[key][1] == row}
        # The changed pounds' rows alike in both need not have kept their places (an incremental ingest's patch puts
        # an auction's lots back after every other): those the runs do not move to where they are now are followed
        # as removed and added, and the runs worked out again without them.
        for _ in range(3):
            if len(gone) + len(fresh) > MOST_MOVED:
                return None
            runs = runs_between(stayed(*spans[0], gone), stayed(*spans[1], fresh))
            if runs is None:
                return None
            wrong = {a: b for a, b in same.items() if moved_to(runs, a) != b}
            if not wrong:
                return Remap(runs, fresh, gone) if table != LOTS or self._lots_kept_order(old, new) else None
            gone, fresh = sorted([*gone, *wrong]), sorted([*fresh, *wrong.values()])
            same = {a: b for a, b in same.items() if a not in wrong}
        return None

    def _lots_kept_order(self, old: sqlite3.Connection, new: sqlite3.Connection) -> bool:
        """True when every other pound's auctions have their lots in the same order in both files, as many each: the
        runs then follow those lots too. The pounds that changed are not all the pounds whose lots moved: an
        incremental ingest puts back every pound it recomputed after all others, the same rows or not, and a full
        ingest puts every lot in auction order again; then the lots' sets are made from the index."""

        def others(order: list[tuple[str, str, int]]) -> list[tuple[str, int]]:
            return [(auction, n) for auction, pound, n in order if pound not in self.pounds]

        return others(auction_order(old, self.before)) == others(auction_order(new, self.now))


# Every auction with lots, its pound and its lots' count (the order of their first lot's rowid is sorted in Python)
AUCTION_ORDER = """SELECT l.auction_id, a.pound_id, count(*), min(l.rowid) FROM auction_lots l
    JOIN auctions a ON a.id = l.auction_id GROUP BY l.auction_id"""
# Each version's auction order (auction_order), kept as the spans are: the file before's is read ahead (spans_ahead)
_ORDERS: dict[str, list[tuple[str, str, int]]] = {}


def auction_order(con: sqlite3.Connection, version: str) -> list[tuple[str, str, int]]:
    """[(auction id, its pound, its lots' count)] of a version of the file, by their first lot's rowid, read once a
    version (35 ms at 200k rows, 96,099 lots): -> [('p1-2026-12-09', 'p1', 2), ...]; the two versions last asked
    for are kept."""
    with _SPANS_LOCK:
        kept = _ORDERS.get(version)
    if kept is not None:
        return kept
    made = [(a, p, n) for a, p, n, _ in sorted(in_chunks(con, AUCTION_ORDER, {}), key=lambda r: r[3])]
    with _SPANS_LOCK:
        for gone in list(_ORDERS)[:-1]:
            del _ORDERS[gone]
        _ORDERS[version] = made
    return made


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
        self._carry: Carry | None = None
        # A reader's count never makes a set while `connect` is given (by the app, portal/scopes.py): a part not
        # kept is counted by SQL (search.py) and made here later, in a thread of lower priority, from a connection
        # `connect(version)` opens (None: that version is no longer served). Without it (a script, a test), made
        # where it is asked, as before.
        self.connect: Callable[[str], sqlite3.Connection | None] | None = None
        self._wanted: OrderedDict[Key, None] = OrderedDict()
        self._wake = threading.Condition(self._lock)
        self._maker: threading.Thread | None = None

    def kept(self, con: sqlite3.Connection, key: Key) -> int | None:
        """The bitmap of `key` when it is kept, or can be carried now from the version before without waiting
        (Carry.done); otherwise None, and the key is made in the background (want) when a maker can be."""
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
                return found
        carry = self._carry
        if carry is not None and carry.now == key[0] and carry.done.is_set():
            carried = self._carried(con, key)
            if carried is not None:
                self._store(key, carried)
                return carried
        self.want(key)
        return None

    def peek(self, key: Key) -> int | None:
        """The bitmap of `key` if it is kept now, else None: nothing is made, carried or wanted."""
        with self._lock:
            found = self._sets.get(key)
            if found is not None:
                self._sets.move_to_end(key)
            return found

    def want(self, key: Key) -> None:
        """`key` made later by the background maker (a thread of lower priority), if the app gave one (connect)."""
        if self.connect is None:
            return
        with self._lock:
            if key in self._sets or key in self._making:
                return
            self._wanted[key] = None
            self._wanted.move_to_end(key, last=False)
            while len(self._wanted) > MOST_WANTED:
                self._wanted.popitem()
            if self._maker is None or not self._maker.is_alive():
                self._maker = threading.Thread(target=self._make_wanted, name="pinfold-sets", daemon=True)
                self._maker.start()
            self._wake.notify()

    def _make_wanted(self) -> None:
        """The maker: each wanted key in turn, through a connection of its own to the key's version, with a pause half
        as long as each took (at most two thirds of a core, and only what readers leave of it: BACKGROUND_NICENESS)."""
        background()
        con: sqlite3.Connection | None = None
        try:
            while True:
                with self._lock:
                    while not self._wanted:
                        if not self._wake.wait(60):  # idle a minute: the thread ends (want starts another)
                            self._maker = None
                            return
                    key, _ = self._wanted.popitem(last=False)
                connect = self.connect
                if connect is None:
                    continue
                if con is None or getattr(con, "version", "") != key[0]:
                    if con is not None:
                        con.close()
                    con = connect(key[0])
                    if con is None:
                        continue
                began = time.monotonic()
                try:
                    self.rows(con, key)
                except Exception as e:  # one part that cannot be made never stops the others (nor a warm waiting)
                    log.warning("a search's set of rows could not be made (%s): counted by SQL", e)
                    continue
                time.sleep(min(time.monotonic() - began, 1.0) / 2)
        finally:
            if con is not None:
                con.close()

    def made(self, timeout: float = 60) -> bool:
        """Waits until no wanted key is left to make (the warmer waits so, and tests): True if so, False at `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            with self._lock:
                if not self._wanted and not self._making:
                    return True
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.01)

    def _store(self, key: Key, made: int) -> None:
        with self._lock:
            if key in self._sets:
                return
            self._sets[key] = made
            self._bytes += _size(made)
            while len(self._sets) > 1 and self._bytes > self.max_bytes:
                _, dropped = self._sets.popitem(last=False)
                self._bytes -= _size(dropped)

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
            carried = self._carried(con, key)
            made = _make(con, key) if carried is None else carried  # outside the lock: other counts go on meanwhile
            self._store(key, made)
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
        make: bool = False,
    ) -> int | None:
        """How many rows of `table` from rowid `start` on match every one of `terms` (FTS5's `t1 AND t2 ...`) and
        have each (column, value) of `equal` (with the term of that value): what search.py's counts count with SQL.
        None when a set it needs is not kept (made later in the background, want), unless `make` or no background
        maker (connect): then made now, in this thread."""
        keys = [(version, table, t, "") for t in terms] + [(version, table, t, f"{c}={v}") for c, v, t in equal]
        found = self._sets_of(con, keys, make)
        if found is None:
            return None
        return (reduce(lambda a, b: a & b, found) >> start).bit_count()

    def _sets_of(self, con: sqlite3.Connection, keys: list[Key], make: bool) -> list[int] | None:
        """The bitmaps of `keys`, made now if `make` or no background maker; else those kept, or None (every one
        missing wanted: a reader never waits for a set, it counts by SQL meanwhile: 1.5 s a new search at 1M rows
        on a loaded machine when every set was made in the reader's request after a new database, 65 ms by SQL)."""
        if make or self.connect is None:
            return [self.rows(con, k) for k in keys]
        found = [self.kept(con, k) for k in keys]
        return None if any(f is None for f in found) else [f for f in found if f is not None]

    def auctions(self, con: sqlite3.Connection, version: str, terms: list[str], since: str) -> list[str] | None:
        """The auctions scheduled or proposed for `since` or later with a lot that matches every one of `terms`
        (what search.auctions_matching asks SQL for: 2,249 auctions of 27,225 lots for 'blind' at 1M, 7 ms), from
        the lots' sets and each auction's lots, which are rows next to each other in auction_lots (lot_ranges).
        None when they are not, or when a set is not kept yet (_sets_of)."""
        ranges = self.lot_ranges(con, version, since)
        if ranges is None:
            return None
        sets = self._sets_of(con, [(version, LOTS, t, "") for t in terms], False)
        if sets is None:
            return None
        lots = reduce(lambda a, b: a & b, sets)
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

    def keeps(self, version: str) -> bool:
        """True if a set of `version` is kept (one a carry to the next version would carry)."""
        with self._lock:
            return any(k[0] == version for k in self._sets)

    def following(self, version: str) -> bool:
        """True while a carry to `version` is still following the rows (until Carry.done: its searches count by
        SQL meanwhile)."""
        carry = self._carry
        return carry is not None and carry.now == version and not carry.done.is_set()

    def carry(
        self, before: str, now: str, pounds: frozenset[str], old: sqlite3.Connection, new: sqlite3.Connection
    ) -> None:
        """A new version `now` of the file, which changed only `pounds` since `before` (portal/scopes.py): its sets
        are made from before's where those are kept, through a Remap of each table worked out now, in a thread,
        from `old` and `new` (connections to the two files, closed by that thread)."""
        carry = Carry(before, now, pounds)
        with self._lock:
            self._carry = carry
        threading.Thread(target=self._carry_over, args=(carry, old, new), name="pinfold-carry", daemon=True).start()

    def _carry_over(self, carry: Carry, old: sqlite3.Connection, new: sqlite3.Connection) -> None:
        """In the carry's thread: its Remaps, then every set kept for the version before
        carried to the new one at once, the most recently used first (each a few shifts of a bitmap and a look-up of
        the changed rows, where a set made again from the index took 60 to 600 ms at 1M rows), the old set let go:
        a search after a new database finds the sets it found before, none pushed out meanwhile by the new version's.
        At the readers' priority, not below (background): until it is done every search counts by SQL, and niced on a
        loaded machine it took 14.9 s at 1M rows, where it takes 3.8 s (2.9 s following the rows, 0.9 s carrying
        436 sets)."""
        began, carried = time.monotonic(), 0
        try:
            carry.work_out(old, new)
            with self._lock:
                before = [k for k in reversed(self._sets) if k[0] == carry.before]
            for key in before:
                if self._carry is not carry:  # a newer file: its own carry takes over
                    break
                now = (carry.now, *key[1:])
                with self._lock:
                    if now in self._sets:
                        continue
                try:
                    made = self._carried(new, now)
                except Exception as e:  # the rest are made from the index when asked
                    log.warning("the search sets could not be carried to the new database (%s)", e)
                    break
                if made is None:
                    continue
                self._store(now, made)
                carried += 1
                with self._lock:
                    dropped = self._sets.pop(key, None)
                    if dropped is not None:
                        self._bytes -= _size(dropped)
        finally:
            new.close()
            carry.carried.set()
        # beside the server's own lines, where an operator reads them (as the warmer's 'Warmed ...')
        logging.getLogger("uvicorn.error").info(
            "Carried %d sets of searches to the new database in %.1f s (the rows followed in %.1f s)",
            carried, time.monotonic() - began, carry.followed_in,
        )  # fmt: skip

    def _carried(self, con: sqlite3.Connection, key: Key) -> int | None:
        """The bitmap of `key` from the same key's of the version before, when it is kept and the rows moved in a
        way Carry could follow: None otherwise (then made from the index)."""
        carry = self._carry
        version, table, term, equal = key
        if carry is None or carry.now != version or not getattr(con, "version", ""):
            return None
        with self._lock:
            before = self._sets.get((carry.before, table, term, equal))
        if before is None:
            return None
        remap = carry.remap(table)
        if remap is None:
            return None
        out = remap.carry(before)
        if remap.fresh:
            out |= _make(con, key, remap.fresh)
        return out


def _bitmap(rowids: Sequence[int]) -> int:
    """[1, 3] -> 0b1010: bit n for each rowid n."""
    bits = bytearray(max(rowids, default=0) // 8 + 1)
    for r in rowids:
        bits[r >> 3] |= 1 << (r & 7)
    return int.from_bytes(bits, "little")


def _make(con: sqlite3.Connection, key: Key, only: Sequence[int] | None = None) -> int:
    """The rows a key names as a bitmap: 32 rows a word, summed by SQLite, so the few thousand words and not the rows
    reach Python (60 ms for 'left', 326,740 rows at 1M, where a row at a time took 80 ms holding the interpreter).
    `only`: of these rowids alone, each looked up (the rows a new database added or changed, Remap.fresh)."""
    _, table, term, equal = key
    if table not in EQUAL and (table != LOTS or equal):
        raise ValueError(f"no full-text table {table}")
    column, _, value = equal.partition("=")
    if equal and column not in COLUMNS:
        raise ValueError(f"no column {column} to count by")
    rows = EQUAL[table].format(column=column) if equal else f"SELECT rowid AS n FROM {table} WHERE {table} MATCH :term"
    if only is not None:
        rowid = ONLY_ROWID[table] if equal else "rowid"
        rows += f" AND {rowid} IN (SELECT value FROM json_each(:only))"
    words = con.execute(
        f"SELECT n >> 5, sum(1 << (n & 31)) FROM ({rows}) GROUP BY 1",
        {"term": term, "value": value, "only": json.dumps(list(only or ()))},
    ).fetchall()
    bits = array("I", bytes(4 * (max((w for w, _ in words), default=-1) + 1)))  # rowids are positive
    for word, set_bits in words:
        bits[word] = set_bits
    if sys.byteorder == "big":
        bits.byteswap()
    return int.from_bytes(bits.tobytes(), "little")


def background() -> None:
    """The calling thread below readers' renders (Linux: a thread's own nice value; elsewhere nothing changes)."""
    with contextlib.suppress(OSError, AttributeError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)


def _size(bitmap: int) -> int:
    return bitmap.bit_length() // 8 + 64


# One per process: every connection to a version of the file reads the same sets.
MATCH_SETS = MatchSets()
