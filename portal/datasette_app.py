"""Datasette at /data, in the same process and port.

Mounting Datasette under a path breaks its links unless it sees the path a reverse proxy would give it: so the
/data prefix is stripped from `path` and `raw_path` before Datasette sees the request, and `base_url` puts it
back on every link it makes (pagination, facets, exports, plugin assets).

One Datasette serves one version of the file (`Mounted`): made when an ingest renames a new file into place,
retired when the next one comes, and closed (its SQL threads stopped, its connections closed) once the last
request inside it has finished, so a replaced file is not held open.
"""

from __future__ import annotations

import asyncio
import codecs
import csv
import functools
import io
import os
import re
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, parse_qsl, urlencode

import datasette_cluster_map
import yaml
from datasette.app import Datasette
from datasette.database import Database
from datasette.utils.asgi import Request

from pinfold.csv_cells import inert_cell

from . import datasette_downloads, datasette_plugin  # noqa: F401 (CSV exports download as files)
from .db import ServedFile, check_public
from .errors import DatabaseUnavailable
from .settings import Settings

PREFIX = "/data"
STATIC = Path(__file__).with_name("datasette_static")
# Debugging pages that tell a stranger the server's versions and threads; /-/databases loses the file's path.
HIDDEN_ROUTES = re.compile(r"^/-/(versions|threads|plugins)\b")
# Queries typed into the SQL box run at most this many at once; the rest wait (up to SQL_WAIT_SECONDS), so the
# tables, canned queries and the map keep a thread of Datasette's three while someone runs heavy SQL.
SQL_AT_ONCE = 2
SQL_WAIT_SECONDS = 10.0
# More facets than this in one request queue it as typed SQL does (each facet is a GROUP BY over the table).
FACETS_FREE = 2


def costly(path: str, query: str) -> bool:
    """A /data request that may hold one of Datasette's threads for long -> queued with typed SQL: SQL typed in the
    box, a WHERE clause (`_where=`), raw full-text syntax, a streamed export (`_stream=`) and many facets. A plain
    table page is not: '/pounds/impoundments', '_where=1' -> True; '/pounds/impoundments', '_size=50' -> False."""
    q = parse_qs(query, keep_blank_values=True)
    facets = sum(len(v) for k, v in q.items() if k.startswith("_facet"))
    return (
        (path.split(".")[0] == "/pounds" and "sql" in q)
        or "_where" in q
        or "raw" in q.get("_searchmode", [])
        or "_stream" in q
        or facets > FACETS_FREE
    )


class ClientGone(BaseException):
    """The client of a queued request has hung up: what it asked for is not computed further. A BaseException,
    so that Datasette's CSV stream (which writes an Exception into the stream) lets it through."""


async def while_connected(app: Any, scope: dict[str, Any], receive: Any, send: Any) -> None:
    """app(scope, receive, send), stopped at its next message once the client has gone (uvicorn drops what is
    sent to a closed connection without a word, so a streamed export ran to its end, 41 s at 200k rows)."""
    gone = asyncio.Event()
    first = await receive()  # a GET's request message (no body to wait for)

    async def listen() -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        gone.set()

    listener = asyncio.create_task(listen())
    given = False

    async def receiving() -> dict[str, Any]:
        nonlocal given
        if not given:
            given = True
            return dict(first)
        await gone.wait()
        return {"type": "http.disconnect"}

    async def sending(message: dict[str, Any]) -> None:
        if gone.is_set():
            raise ClientGone
        await send(message)

    try:
        await app(scope, receiving, sending)
    except ClientGone:
        pass
    finally:
        listener.cancel()


class PublicDatasette(Datasette):
    """Datasette without the pages that describe the server rather than the data."""

    def _routes(self) -> list[tuple[Any, Any]]:
        return [(regex, view) for regex, view in super()._routes() if not HIDDEN_ROUTES.match(regex.pattern)]

    def _connected_databases(self) -> list[dict[str, Any]]:
        """/-/databases.json: name, size, ... but not where the file is on the server's disk."""
        return [{k: v for k, v in d.items() if k != "path"} for d in super()._connected_databases()]


class CheckedDatabase(Database):
    """Datasette's database, each of whose connections checks the file it opened is the public database.

    Datasette's SQL threads each open the path when they first need it, any time after the Datasette was made:
    by then an operator's `mv` may have put the private database there. A check of the path before the open
    cannot see that; a check of the connection's own schema can (db.check_public)."""

    def connect(self, write: bool = False) -> sqlite3.Connection:
        con: sqlite3.Connection = super().connect(write)
        try:
            check_public(con)
        except DatabaseUnavailable:
            con.close()
            raise
        return con


def table_counts(con: sqlite3.Connection) -> dict[str, dict[str, int]]:
    """Every table's row count, computed once: the file is immutable, so Datasette never has to count."""
    names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {n: {"count": con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]} for n in names}


def make_datasette(settings: Settings, size: int) -> Datasette:
    """A Datasette for the database file at settings.database (`size` bytes, as the served file examined)."""
    datasette_plugin.register()
    metadata = yaml.safe_load(settings.metadata.read_text(encoding="utf-8"))
    cluster_map = metadata.setdefault("plugins", {}).setdefault("datasette-cluster-map", {})
    cluster_map["tile_layer"] = settings.map_tiles
    ds = PublicDatasette(
        metadata=metadata,
        template_dir=str(Path(__file__).with_name("datasette_templates")),
        static_mounts=[
            ("-/pinfold", str(STATIC)),
            # The plugin's marker-cluster files, at the address its configuration names (its script is replaced).
            ("-/static-plugins/datasette-cluster-map", str(Path(datasette_cluster_map.__file__).with_name("static"))),
        ],
        settings={
            "base_url": PREFIX + "/",
            "sql_time_limit_ms": settings.sql_time_limit_ms,
            "max_returned_rows": settings.max_returned_rows,
            "facet_time_limit_ms": 300,
            "facet_suggest_time_limit_ms": 50,
            "suggest_facets": False,
            "default_cache_ttl": settings.cache_seconds,
            "allow_download": True,
            "allow_csv_stream": True,
            "default_page_size": 50,
            "num_sql_threads": 3,
        },
    )
    if "_memory" in ds.databases:  # added when Datasette starts without files; only the public database is served
        ds.remove_database("_memory")
    internal = ds.databases["_internal"]
    internal._execute_writes = functools.partial(_writes_until_closed, internal)
    database = CheckedDatabase(ds, path=str(settings.database), is_mutable=False)
    ds.add_database(database, name="pounds")
    con = database.connect()
    try:
        counts = table_counts(con)
    finally:
        con.close()
    ds.inspect_data = {"pounds": {"hash": None, "size": size, "file": "pounds.db", "tables": counts}}
    return ds


def _writes_until_closed(database: Database) -> None:
    """Datasette's thread for writes to its internal (in-memory) database, as Datasette 0.65 runs it, except that
    a None on its queue ends it: Datasette's own loops for ever, a thread left behind by every retired Datasette."""
    conn = database.connect(write=True)
    database.ds._prepare_connection(conn, database.name)
    while (task := database._write_queue.get()) is not None:
        try:
            result = task.fn(conn)
        except Exception as e:
            result = e
        task.reply_queue.sync_q.put(result)
    conn.close()


def close_datasette(ds: Datasette) -> None:
    """Everything a retired Datasette holds: its connections (files an ingest has replaced stay on disk while
    one is open), its SQL threads and the thread of its internal database."""
    for database in ds.databases.values():
        database.close()
        if database._write_queue is not None:
            database._write_queue.put(None)
    if ds.executor is not None:
        ds.executor.shutdown(wait=False)


class Mounted:
    """One Datasette for one version of the file, and a count of the requests inside it."""

    def __init__(self, version: str, ds: Datasette, served: ServedFile):
        self.version, self.ds = version, ds
        self.app = StripPrefix(CsvFormulas(OneFacetEach(DataGuard(ds.app(), ds, served), ds.metadata())))
        self.inflight = 0
        self.retired = False

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.inflight += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.inflight -= 1
            if self.retired and self.inflight == 0:
                close_datasette(self.ds)

    def retire(self) -> None:
        """No new requests come here; closed now, or when the last one in it ends."""
        self.retired = True
        if self.inflight == 0:
            close_datasette(self.ds)


class DataGuard:
    """ASGI in front of Datasette: the database download streamed from the very file examined (not from the path,
    which Datasette would open afresh), and costly requests (typed SQL, `_where=`, streams, many facets: `costly`)
    queued SQL_AT_ONCE at a time, each stopped when its client hangs up."""

    def __init__(self, app: Any, ds: Datasette, served: ServedFile):
        self.app, self.ds, self.served = app, ds, served
        self.sql = asyncio.Semaphore(SQL_AT_ONCE)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] == "http" and path == "/pounds.db":
            await self._download(scope, send)
            return
        typed = scope["type"] == "http" and costly(path, scope.get("query_string", b"").decode("latin-1"))
        if not typed:
            await self.app(scope, receive, send)
            return
        try:
            await asyncio.wait_for(self.sql.acquire(), SQL_WAIT_SECONDS)
        except TimeoutError:
            message = "the server is running as many SQL queries as it may: try again in a few seconds"
            await self._error(scope, send, 503, "Busy", message)
            return
        try:
            await while_connected(self.app, scope, receive, send)
        finally:
            self.sql.release()

    async def _error(self, scope: dict[str, Any], send: Any, status: int, title: str, message: str) -> None:
        response = await datasette_plugin.error_response(self.ds, Request(scope, None), status, title, message)
        await response.asgi_send(send)

    async def _download(self, scope: dict[str, Any], send: Any) -> None:
        try:
            fd = self.served.dup(self.served.check())
        except DatabaseUnavailable as e:
            await self._error(scope, send, e.status, e.title, e.message)
            return
        loop = asyncio.get_running_loop()
        try:
            size = os.fstat(fd).st_size
            headers = [
                (b"content-type", b"application/octet-stream"),
                (b"content-disposition", b'attachment; filename="pounds.db"'),
                (b"content-length", str(size).encode()),
            ]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            sent = 0
            while sent < size and scope["method"] != "HEAD":
                chunk = await loop.run_in_executor(None, os.pread, fd, min(1 << 20, size - sent), sent)
                if not chunk:
                    break
                sent += len(chunk)
                await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b""})
        finally:
            os.close(fd)


class StripPrefix:
    """ASGI: /data/pounds/impoundments -> /pounds/impoundments, as a reverse proxy would pass it on; a redirect
    Datasette makes from that path (`/pounds/` -> `/pounds`) gets the prefix back."""

    def __init__(self, app: Any, prefix: str = PREFIX):
        self.app, self.prefix = app, prefix

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope["path"][len(self.prefix) :] or "/"
        raw = scope.get("raw_path") or scope["path"].encode()
        raw = raw[len(self.prefix) :] or b"/"
        prefix = self.prefix.encode()

        async def prefixed(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and 300 <= message["status"] < 400:
                headers = []
                for k, v in message.get("headers", []):
                    if k.lower() == b"location" and v.startswith(b"/") and not v.startswith((b"//", prefix + b"/")):
                        v = prefix + v
                    headers.append((k, v))
                message = dict(message, headers=headers)
            await send(message)

        await self.app(dict(scope, path=path, raw_path=raw, root_path=""), receive, prefixed)


class CsvFormulas:
    """ASGI: every cell of a CSV export made inert (inert_cell), as it streams.

    Datasette writes a record per chunk; records are still re-cut here at line ends outside quotes, so a cell
    with a line break, or a chunk that ends mid-record, is read whole."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        is_csv = scope["type"] == "http" and (scope["path"].endswith(".csv") or query.get("_format") == ["csv"])
        if not is_csv or query.get("_trace"):
            await self.app(scope, receive, send)
            return
        state: dict[str, Any] = {"ok": False, "rest": "", "decode": codecs.getincrementaldecoder("utf-8")().decode}

        async def rewriting(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                state["ok"] = message["status"] == 200
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"content-length"]
                message = dict(message, headers=headers)
            elif message["type"] == "http.response.body" and state["ok"]:
                more = message.get("more_body", False)
                text = state["rest"] + state["decode"](message.get("body", b""), final=not more)
                whole, state["rest"] = _complete_records(text) if more else (text, "")
                message = dict(message, body=_inert_records(whole).encode("utf-8"))
            await send(message)

        await self.app(scope, receive, rewriting)


def _complete_records(text: str) -> tuple[str, str]:
    """'a,b\\r\\n"c\\nd",e' -> ('a,b\\r\\n', '"c\\nd",e'): the records that are whole, and the rest."""
    if text.endswith("\n") and text.count('"') % 2 == 0:  # as Datasette writes them: whole records
        return text, ""
    quoted, end = False, 0
    for i, ch in enumerate(text):
        if ch == '"':
            quoted = not quoted
        elif ch == "\n" and not quoted:
            end = i + 1
    return text[:end], text[end:]


def _inert_records(text: str) -> str:
    if not text:
        return text
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for record in csv.reader(io.StringIO(text, newline="")):
        writer.writerow([inert_cell(cell) for cell in record])
    return out.getvalue()


class OneFacetEach:
    """ASGI: a table page asked to facet by a column metadata already facets by is sent to the page without it.

    Datasette 0.65 lists such a facet twice, and its column menu offers "Facet by this" for a default facet
    (simonw/datasette#1469), so a journalist one click away from the table meets the double. JSON and CSV are
    left alone: their facets are keyed by name, so nothing is doubled there.
    /pounds/impoundments?_facet=species&status=sold -> 302 /data/pounds/impoundments?status=sold
    """

    def __init__(self, app: Any, metadata: dict[str, Any], prefix: str = PREFIX):
        self.app, self.prefix = app, prefix
        self.defaults = {
            f"/{db}/{table}": set(meta.get("facets", []))
            for db, d in metadata.get("databases", {}).items()
            for table, meta in d.get("tables", {}).items()
        }

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        defaults = self.defaults.get(scope.get("path", "")) if scope["type"] == "http" else None
        if defaults:
            params = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
            kept = [(k, v) for k, v in params if not (k == "_facet" and v in defaults)]
            if len(kept) < len(params):
                location = self.prefix + scope["path"] + ("?" + urlencode(kept) if kept else "")
                await send(
                    {"type": "http.response.start", "status": 302, "headers": [(b"location", location.encode())]}
                )
                await send({"type": "http.response.body", "body": b""})
                return
        await self.app(scope, receive, send)
