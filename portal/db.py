"""Read-only access to the public database. The file is immutable once built, so every connection opens it
with `immutable=1` (no locking, no change checks) and a new ingest swaps the file by rename.

Which file is served is decided from files actually opened, never from the path alone: the path can be renamed
over between a check and an open (an ingest does it every time; an operator's `mv private.db public.db` once). So
every connection checks its own schema before it is used (`connect`), and the file this process serves (its
version, its health, the bytes of a download) is one descriptor opened once per version (`ServedFile`)."""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DatabaseDamaged, DatabaseUnavailable

# Tables only the private database has: names and residences of people (ingest/schema.py PRIVATE).
PRIVATE_TABLES = ("register_entries", "roster", "conflicts")
PRIVATE = "this file is the private database (it holds people's names): Pinfold serves only the public one"
IN_PLACE = (
    "the database file was written over in place (cp, touch or rsync --inplace onto the served file): a new file "
    "must be renamed into place (README 'Serving'); served again once one is, or after a restart"
)


def check_public(con: sqlite3.Connection) -> None:
    """Raises DatabaseUnavailable (503) unless the file this very connection opened is a public database.

    A connection keeps the file it opened, whatever is renamed onto the path later: checked once, it stays
    checked. The private database's tables -> 'this file is the private database ...'; garbage -> DatabaseDamaged."""
    marks = PRIVATE_TABLES
    try:
        found = con.execute(
            f"SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ({','.join('?' * len(marks))})", marks
        ).fetchall()
    except sqlite3.DatabaseError as e:
        raise DatabaseDamaged(f"the public database cannot be read: {e}") from None
    if found:
        raise DatabaseUnavailable(PRIVATE)


class Connection(sqlite3.Connection):
    """A connection that knows which version of the file it reads (Pool.take), when it is known for sure: what is
    kept in memory about a version (matchsets.py) is read only through its own connections. "" = not known."""

    version: str = ""


def connect(path: Path) -> Connection:
    """A read-only connection that cannot write, whatever SQL it is given, to a file it has checked is public."""
    if not path.is_file():
        raise DatabaseUnavailable(f"the public database {path.name} is not there")
    con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False, factory=Connection)
    try:
        check_public(con)
    except DatabaseUnavailable:
        con.close()
        raise
    con.row_factory = sqlite3.Row
    return con


def connect_version(path: Path, version: str) -> Connection:
    """connect(path), knowing it reads `version` (the path's version just before) if the path still has it after:
    an ingest renaming a new file into place in between gives the path another inode, so another version."""
    con = connect(path)
    try:
        if _version(os.stat(path)) == version:
            con.version = version
    except OSError:
        pass
    return con


def refuse_private(path: Path) -> None:
    """Raises DatabaseUnavailable when the file is the private database: served, it would publish every name in
    the register under /data. 'pinfold serve --db private.db' is one slip of the hand away from 'public.db'."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        problem = examine(fd)
    finally:
        os.close(fd)
    if problem is not None and problem.message == PRIVATE:
        raise problem


def _varint(buf: bytes, at: int) -> tuple[int, int]:
    """SQLite's variable-length integer at buf[at:] -> (value, where the next field starts)."""
    value = 0
    for i in range(8):
        b = buf[at + i]
        value = (value << 7) | (b & 0x7F)
        if b < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def _field_size(serial_type: int) -> int:
    """Bytes a record field of this serial type takes (sqlite.org/fileformat2.html#record_format)."""
    if serial_type >= 12:
        return (serial_type - 12 - serial_type % 2) // 2
    return (0, 1, 2, 3, 4, 6, 8, 8, 0, 0, 0, 0)[serial_type]


def tables_in_file(fd: int) -> set[str]:
    """The tables an open database file's own schema names, read from the descriptor (SQLite itself can only open
    a path, which may by then be another file): public.db -> {'pounds', 'impoundments', ...}.

    Walks the sqlite_schema b-tree from page 1 and reads the first two fields (type, name) of each row. Raises
    DatabaseDamaged for anything that is not a whole database (garbage, truncated, a damaged schema)."""
    header = os.pread(fd, 100, 0)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        raise DatabaseDamaged("the public database file is not an SQLite database")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    usable = page_size - header[20]
    local = (usable - 12) * 32 // 255 - 23  # the least of a row that is always on its page (overflow aside)
    encoding = {1: "utf-8", 2: "utf-16-le", 3: "utf-16-be"}.get(int.from_bytes(header[56:60], "big"), "utf-8")
    size, pages = os.fstat(fd).st_size, int.from_bytes(header[28:32], "big")
    if header[92:96] == header[24:28] and pages * page_size > size:  # the page count in the header is valid
        raise DatabaseDamaged(f"the public database file is truncated: {size:,} of {pages * page_size:,} bytes")
    names: set[str] = set()
    todo, seen = [1], set[int]()
    try:
        while todo:
            number = todo.pop()
            if number in seen or len(seen) > 10_000:
                raise ValueError("a loop in the schema")
            seen.add(number)
            page = os.pread(fd, page_size, (number - 1) * page_size)
            at = 100 if number == 1 else 0
            kind, cells = page[at], int.from_bytes(page[at + 3 : at + 5], "big")
            if len(page) < page_size or kind not in (5, 13):  # interior or leaf page of a table b-tree
                raise ValueError(f"page {number} is not a schema page")
            pointers = at + (12 if kind == 5 else 8)
            for i in range(cells):
                cell = int.from_bytes(page[pointers + 2 * i : pointers + 2 * i + 2], "big")
                if kind == 5:
                    todo.append(int.from_bytes(page[cell : cell + 4], "big"))
                    continue
                _, start = _varint(page, cell)  # payload size
                _, start = _varint(page, start)  # rowid
                header_size, p = _varint(page, start)
                row_type, p = _varint(page, p)
                name_type, p = _varint(page, p)
                type_at = start + header_size
                name_at = type_at + _field_size(row_type)
                end = name_at + _field_size(name_type)
                if end - start > local or end > page_size:
                    raise ValueError("a schema row too long to read")
                if page[type_at:name_at] == "table".encode(encoding):
                    names.add(page[name_at:end].decode(encoding, "replace"))
            if kind == 5:
                todo.append(int.from_bytes(page[at + 8 : at + 12], "big"))
    except (ValueError, IndexError) as e:
        raise DatabaseDamaged(f"the public database file is damaged: {e}") from None
    return names


def examine(fd: int) -> DatabaseUnavailable | None:
    """Why an open file cannot be served (not a database, truncated, the private database), or None."""
    try:
        tables = tables_in_file(fd)
    except DatabaseDamaged as e:
        return e
    if tables & set(PRIVATE_TABLES):
        return DatabaseUnavailable(PRIVATE)
    if "pounds" not in tables:
        return DatabaseDamaged("the file is an SQLite database, but not one Pinfold built: it has no pounds table")
    return None


@dataclass(frozen=True)
class Opened:
    """One version of the served file, open: `fd` is the file examined, whatever the path holds by now."""

    version: str
    fd: int
    size: int
    problem: DatabaseUnavailable | None
    modified: float = 0.0  # its st_mtime: the Last-Modified of what is read from it


class ServedFile:
    """The file at the served path, as this process serves it: opened and examined once for each version.

    Holding the current file open also keeps its inode number from being given to a new file, so a file written
    over in place (the same inode, a new size or time: `cp new.db public.db`) is told apart from a new one
    renamed into place. A file written in place is read by connections that were promised an immutable file,
    which then return garbage or fail; it is refused with a 503 saying so until a new file is renamed in."""

    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._now: Opened | None = None
        # Asked (the version served, the path's), while the path holds a new version, whether to go on serving the
        # one open (portal/scopes.py: while the search sets are carried to the new one, so that no reader counts by
        # SQL meanwhile). None: never held.
        self.hold: Callable[[str, str], bool] | None = None

    def check(self) -> Opened:
        """The file served -> Opened: the path's, unless `hold` keeps the one before a while; raises the
        DatabaseUnavailable (503) saying why it cannot be served."""
        try:
            version = _version(os.stat(self.path))
        except OSError:
            raise DatabaseUnavailable(f"the public database {self.path.name} is not there") from None
        now = self._now
        if now is not None and now.version != version and self._held_back(now, version):
            return now
        if now is None or now.version != version:
            with self._lock:
                now = self._now
                if now is None or now.version != version:
                    now = self._now = self._open(now)
        if now.problem is not None:
            raise now.problem
        return now

    def _held_back(self, now: Opened, version: str) -> bool:
        hold = self.hold
        return now.problem is None and hold is not None and hold(now.version, version)

    def stamp(self) -> tuple[str, float | None]:
        """(version, modification time) of the file served, as stamp(path) of the path: ('missing', None) when there
        is none, the path's when it cannot be served (its requests answer 503)."""
        try:
            opened = self.check()
        except DatabaseUnavailable:
            return stamp(self.path)
        return opened.version, opened.modified

    def _open(self, before: Opened | None) -> Opened:
        try:
            fd = os.open(self.path, os.O_RDONLY | os.O_CLOEXEC)
        except OSError:
            raise DatabaseUnavailable(f"the public database {self.path.name} is not there") from None
        st = os.fstat(fd)
        if before is not None and _same_file(os.fstat(before.fd), st):
            os.close(fd)
            damaged = DatabaseDamaged(IN_PLACE)
            return Opened(_version(st), before.fd, st.st_size, damaged, st.st_mtime)
        if before is not None:
            os.close(before.fd)  # downloads in flight read their own duplicate (dup)
        return Opened(_version(st), fd, st.st_size, examine(fd), st.st_mtime)

    def dup(self, opened: Opened) -> int:
        """A descriptor of its own on the file `opened` examined (for a download), or DatabaseUnavailable when a
        new version has replaced it meanwhile (its descriptor may already be closed, or its number reused)."""
        with self._lock:
            if self._now is not opened:
                raise DatabaseUnavailable("the public database was replaced just now: try again")
            return os.dup(opened.fd)

    def close(self) -> None:
        with self._lock:
            if self._now is not None:
                os.close(self._now.fd)
                self._now = None


def _same_file(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_dev, a.st_ino) == (b.st_dev, b.st_ino)


class Pool:
    """Idle connections to the database file as it is now, reused across requests: a new connection reads the
    schema before its first query (0.5 ms of a 3.7 ms page). Connections are keyed by the file's version, so
    after an ingest renames a new file into place the old ones are closed, never handed out again."""

    def __init__(self, served: ServedFile, max_idle: int = 16):
        self.served, self.max_idle = served, max_idle
        self._lock = threading.Lock()
        self._version = ""
        self._idle: list[sqlite3.Connection] = []

    def take(self, newest: bool = False) -> tuple[str, sqlite3.Connection]:
        """(version, a connection to that version of the file): the file served, or with `newest` the one at the
        path even while it waits to be served (ServedFile.hold), through a connection of its own, not kept."""
        now = self.served.check().version
        if newest:
            latest = version(self.served.path)
            if latest not in (now, "missing"):
                return latest, connect_version(self.served.path, latest)
        with self._lock:
            if now != self._version:
                stale, self._idle, self._version = self._idle, [], now
            else:
                stale = []
                if self._idle:
                    return now, self._idle.pop()
        for con in stale:
            con.close()  # idle: no thread is using it (give keeps only connections whose user has finished)
        # None idle while a new file waits (ServedFile.hold): a file renamed over cannot be opened again, so this
        # request reads the new one, as any request did before there was a wait (its connection not kept: give)
        return now, connect_version(self.served.path, now)

    def give(self, taken: str, con: sqlite3.Connection, finished: bool = True) -> None:
        """Back to the pool if its user has `finished` with it and the file has not changed since it was taken;
        otherwise let go, never closed here: CPython closes it when its last user drops it.

        A request cancelled while its page renders in a worker thread (a warmer stopped, a server shutting down)
        gives its connection back at once while the thread goes on reading through it (anyio cannot stop a thread):
        kept, the next request would read through it from another thread too, and the next take after a new file
        (or close) would close it under a running statement, a use-after-free in SQLite (the segmentation fault seen
        once under tests/test_served_file.py). Such a connection is given with finished=False and is only let go."""
        if finished and getattr(con, "version", taken) == taken:  # of the version taken for, known for sure
            with self._lock:
                if taken == self._version and len(self._idle) < self.max_idle:
                    self._idle.append(con)
                    return
        del con

    def idle(self) -> list[sqlite3.Connection]:
        """The connections waiting to be taken again (for tests: which connections the pool may hand out)."""
        with self._lock:
            return list(self._idle)

    def close(self) -> None:
        with self._lock:
            idle, self._idle, self._version = self._idle, [], ""
        for con in idle:
            con.close()


def _version(st: os.stat_result) -> str:
    return f"{st.st_ino:x}-{st.st_mtime_ns:x}-{st.st_size:x}"


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
    return _version(st), st.st_mtime


# Small lists every page of a version reads alike (the pounds, their districts), by (version, what): a search page
# read its 43 pounds row by row each time, SQLite giving up and taking back the interpreter's lock at every row.
_OF_VERSION: dict[tuple[str, str], Any] = {}
_OF_VERSION_LOCK = threading.Lock()


def of_version(con: sqlite3.Connection, what: str, read: Callable[[], Any]) -> Any:
    """read(), kept for the version of the file the connection reads (Connection.version), the last version's alone;
    read each time when the version is not known: (con of v1, 'pounds', f) -> f() once for v1, then the same list."""
    version = getattr(con, "version", "")
    if not version:
        return read()
    with _OF_VERSION_LOCK:
        found = _OF_VERSION.get((version, what), _OF_VERSION)
    if found is not _OF_VERSION:
        return found
    made = read()
    with _OF_VERSION_LOCK:
        if any(v != version for v, _ in _OF_VERSION):
            _OF_VERSION.clear()  # a new file's: the old version's go
        _OF_VERSION[(version, what)] = made
    return made


def districts(con: sqlite3.Connection) -> list[str]:
    """The districts that have pounds, in order: ['Ernakulam', 'Kozhikode', 'Thrissur', ...] (a new list each call)."""
    sql = "SELECT DISTINCT district FROM pounds WHERE district != '' ORDER BY 1"
    return list(of_version(con, "districts", lambda: tuple(r[0] for r in con.execute(sql))))


def pounds_by_name(con: sqlite3.Connection) -> list[dict[str, Any]]:
    """Every pound's id and name, by name: [{'id': 'tcr-ollur', 'name': 'Ollur Pound'}, ...] (new dicts each call)."""
    kept = of_version(con, "pounds_by_name", lambda: tuple(rows(con, "SELECT id, name FROM pounds ORDER BY name")))
    return [dict(p) for p in kept]


def rows(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    """A query's rows as dicts by column name, in the query's column order: 'SELECT id, name FROM pounds' ->
    [{'id': 'tcr-ollur', 'name': 'Ollur Pound'}, ...]; of two columns of one name, the first (as sqlite3.Row reads).
    Read as tuples and named once from the cursor: dict(sqlite3.Row) looks each column up by name, comparing it with
    every name before it (4.5 us a search's row of 23 columns, 1.8 this way)."""
    cursor = con.cursor()
    cursor.row_factory = None  # tuples, whatever the connection's factory
    cursor.execute(sql, params)
    names = [d[0] for d in cursor.description or ()]
    if len(set(names)) < len(names):
        return [_first_of_each(names, r) for r in cursor]
    return [dict(zip(names, r, strict=True)) for r in cursor]


# The column names of each query read in one step (column_names), by its SQL (a few queries, a new day's text each day).
_NAMES: dict[str, list[str]] = {}
_MOST_NAMES = 64


def column_names(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[str]:
    """A query's column names, learnt once a query (its first row read): 'SELECT id, name FROM pounds' -> ['id',
    'name']."""
    names = _NAMES.get(sql)
    if names is None:
        names = [d[0] for d in con.execute(sql, params).description or ()]
        if len(_NAMES) >= _MOST_NAMES:
            _NAMES.clear()
        _NAMES[sql] = names
    return names


def rows_in_one_step(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    """rows(), read as one row of JSON: Python's sqlite3 gives up the interpreter's lock and takes it back at every row
    it steps to, a wait each under 16 connections. Only for queries whose values are integers, text and NULLs, which
    JSON carries exactly (a REAL would come back rounded, a BLOB is refused): 'SELECT id, name FROM pounds' ->
    [{'id': 'tcr-ollur', 'name': 'Ollur Pound'}, ...], the query's names distinct."""
    names = column_names(con, sql, params)
    if len(set(names)) < len(names):
        return rows(con, sql, params)  # two columns of one name: the first of each, as rows() reads them
    columns = ", ".join(quoted(n) for n in names)
    got = con.execute(f"WITH r({columns}) AS ({sql}) SELECT json_group_array(json_array({columns})) FROM r", params)
    return [dict(zip(names, values, strict=True)) for values in json.loads(got.fetchone()[0])]


def ids_in_one_step(con: sqlite3.Connection, sql: str, params: Any = ()) -> list[int]:
    """The integers of a one-column query, in its order, read as one row (as rows_in_one_step, for the same reason):
    ('SELECT 7 UNION ALL SELECT 3', []) -> [7, 3]. For a search's page of rowids, new searches at 1M rows went from
    338-353 to 381-401 a second. The aggregate reads the query's rows in its order: SQLite never flattens a query with
    an ORDER BY or a LIMIT into an aggregate, and an aggregate without GROUP BY sorts nothing (tests/test_search.py
    compares every page with a row-by-row read)."""
    got = con.execute(f"WITH ids(r) AS ({sql}) SELECT group_concat(r) FROM ids", params).fetchone()[0]
    return [int(r) for r in got.split(",")] if got else []


def quoted(name: str) -> str:
    """An SQL identifier: 'pound_name' -> '"pound_name"', 'a"b' -> '"a""b"'."""
    return '"' + name.replace('"', '""') + '"'


def _first_of_each(names: list[str], values: tuple[Any, ...]) -> dict[str, Any]:
    """(['id', 'x', 'id'], (1, 2, 3)) -> {'id': 1, 'x': 2}: a name's first column, where the name first comes."""
    row: dict[str, Any] = {}
    for name, value in zip(names, values, strict=True):
        row.setdefault(name, value)
    return row


def one(con: sqlite3.Connection, sql: str, params: Any = ()) -> dict[str, Any] | None:
    r = con.execute(sql, params).fetchone()
    return dict(r) if r else None
