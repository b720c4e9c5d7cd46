"""Pinfold's Datasette plugin: what every /data connection may do, how /data answers an error, and the few things
its pages show differently. Registered once, for every Datasette this process makes (portal/datasette_app.py).

A query from the SQL box runs in one of Datasette's threads under a time limit that SQLite checks between steps
of the query; one step can be a whole function call, and a few built-in functions take time in the square of
their arguments' lengths (`trim`, `instr`, `replace`, `glob` with a long class) or in a count given to them
(`printf('%.*c', 1e9, 'x')`: 18 s and 3 GB before). So each value is bounded in length (its memory, and the
time of `glob`), `trim`, `instr` and `replace` of two values are computed in time linear in their lengths, `%c`
counts are bounded, and so are the bytes of a result.
"""

from __future__ import annotations

import functools
import logging
import re
import sqlite3
import threading
import traceback
from typing import Any
from urllib.parse import quote

import datasette_cluster_map
from datasette import hookimpl
from datasette.plugins import pm
from datasette.utils.asgi import Base400, Response
from datasette.views.base import DatasetteError
from markupsafe import Markup, escape

from . import sql_functions
from .errors import DatabaseUnavailable

log = logging.getLogger("pinfold.data")

# Longest value (text or blob) a /data query may make or read: 2 MB. A value the database holds must stay readable
# (SQLite refuses to read a longer one): the longest is an auction's list of lots, 52 KB in the 100k-row demo (1,078
# lots), so about 0.5 MB at a million rows. Register cells are at most 4,000 characters (ingest/fields.py MAX_CELL).
VALUE_LIMIT = 2_000_000
# LIKE and GLOB patterns: a GLOB character class is tried at every position of the value, so a call costs the
# value's length times the pattern's: 2 MB by 100 characters, about 0.7 s.
PATTERN_LIMIT = 100
# Bytes of one query's rows (Datasette already stops at max_returned_rows): 1,000 rows of 2 MB values would be 2 GB
# a column. 1,000 rows of auctions at a million rows are well under it.
RESULT_LIMIT = 64 * 2**20
# Functions no query may call: fts3_tokenizer('simple') returns the address of a function in memory.
DENIED_FUNCTIONS = frozenset({"fts3_tokenizer", "load_extension"})


def _authorizer(action: int, arg1: str | None, arg2: str | None, database: str | None, source: str | None) -> int:
    """SQLite asks before compiling each part of a statement: no other database attached, no denied function, and
    `pragma_database_list`'s `file` (the database's path on the server's disk) reads as NULL."""
    if action in (sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH):
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_READ and (arg1 or "").lower() == "pragma_database_list" and arg2 == "file":
        return sqlite3.SQLITE_IGNORE
    return sqlite3.SQLITE_OK


# printf's conversions: flags, width, precision (a number or * for the next argument), size, conversion.
PRINTF_SPEC = re.compile(r"%[-+ 0#!,]*(\*|\d+)?(?:\.(\*|\d+)?)?l{0,2}(.)", re.S)
_side = threading.local()


def _count(value: Any) -> int:
    """A printf width or precision argument as SQLite reads it: '12' -> 12, -5 -> 5, 'x' -> 0."""
    try:
        return abs(int(float(value)))
    except (TypeError, ValueError, OverflowError):
        return 0


def _builtin(name: str, args: tuple[Any, ...]) -> Any:
    """SQLite's own function, called in a private in-memory database of this thread (the /data connection's
    name is taken by the guard): ('printf', ('%d.%02d', 3, 5)) -> '3.05'."""
    con = getattr(_side, "con", None)
    if con is None:
        con = _side.con = sqlite3.connect(":memory:")
        con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, VALUE_LIMIT)
    return con.execute(f"SELECT {name}({', '.join('?' * len(args))})", args).fetchone()[0]


def _guarded(name: str) -> Any:
    """printf (or format) as SQLite's, except that a `%c` repeated more times than a value may be long gives NULL
    at once, as SQLite does after it has counted to the end (one step of the query, which no time limit stops)."""

    def printf(fmt: Any = None, *args: Any) -> Any:
        if isinstance(fmt, str):
            taken = 0
            for width, precision, conversion in PRINTF_SPEC.findall(fmt):
                if width == "*":
                    taken += 1
                if precision == "*":
                    precision = args[taken] if taken < len(args) else 0
                    taken += 1
                if conversion != "%":
                    taken += 1
                if conversion == "c" and _count(precision or 0) > VALUE_LIMIT:
                    return None
        return _builtin(name, (fmt, *args))

    return printf


def _linear(name: str) -> Any:
    """trim, ltrim, rtrim (of two arguments), instr and replace of text, in time linear in the arguments' lengths.

    SQLite's own compare the second argument at every position of the first, or test each character against every
    character of the set: 2 MB by 1 MB is minutes in one step that no time limit stops. Python's str.find and
    str.replace are linear; a trim tests characters against a set. The results are SQLite's: instr of two blobs
    counts bytes, of text characters; replace by '' gives its first argument; NULL in, NULL out; numbers are
    passed to SQLite's own function."""

    def instr(haystack: Any, needle: Any) -> Any:
        if haystack is None or needle is None:
            return None
        if isinstance(haystack, bytes) and isinstance(needle, bytes):
            return haystack.find(needle) + 1
        if isinstance(haystack, bytes | str) and isinstance(needle, bytes | str):
            return _str(haystack).find(_str(needle)) + 1
        return _builtin("instr", (haystack, needle))

    def replace(value: Any, old: Any, new: Any) -> Any:
        if value is None or old is None or new is None:
            return None
        if old in ("", b""):
            return value
        if all(isinstance(a, bytes | str) for a in (value, old, new)):
            value, old, new = _str(value), _str(old), _str(new)
            if len(value) + value.count(old) * (len(new) - len(old)) > VALUE_LIMIT:
                return _too_big()  # counted first: a 100 KB value with each letter made 10 KB would be 1 GB
            return value.replace(old, new)
        return _builtin("replace", (value, old, new))

    def trim(value: Any, chars: Any) -> Any:
        if value is None or chars is None:
            return None
        if not (isinstance(value, bytes | str) and isinstance(chars, bytes | str)):
            return _builtin(name, (value, chars))
        value, kept = _str(value), set(_str(chars))
        start, end = 0, len(value)
        if name in ("trim", "ltrim"):
            while start < end and value[start] in kept:
                start += 1
        if name in ("trim", "rtrim"):
            while end > start and value[end - 1] in kept:
                end -= 1
        return value[start:end]

    return {"instr": instr, "replace": replace}.get(name, trim)


@functools.cache
def _too_big() -> str:
    """A value one character over VALUE_LIMIT, which SQLite refuses as its own replace would: 'string or blob too
    big' (made once; a Python function cannot raise SQLite's own error)."""
    return "x" * (VALUE_LIMIT + 1)


def _str(value: str | bytes) -> str:
    """Text as SQLite reads a blob given as text: its bytes as UTF-8."""
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


# The functions above, by name and number of arguments (trim of one argument trims spaces, linear in SQLite).
LINEAR = {"trim": 2, "ltrim": 2, "rtrim": 2, "instr": 2, "replace": 3}


class _ResultSize:
    """Bytes of the rows one cursor has returned so far, in this thread (a thread runs one query at a time)."""

    def __init__(self) -> None:
        self.local = threading.local()

    def row(self, cursor: sqlite3.Cursor, row: tuple[Any, ...]) -> sqlite3.Row:
        state = self.local
        if getattr(state, "cursor", None) is not cursor:
            state.cursor, state.size = cursor, 0
        state.size += sum(len(v) if isinstance(v, str | bytes) else 8 for v in row)
        if state.size > RESULT_LIMIT:
            raise sqlite3.DataError(
                f"the result is larger than {RESULT_LIMIT // 2**20} MB: ask for fewer rows or columns"
            )
        return sqlite3.Row(cursor, row)


_result_size = _ResultSize()


def harden(con: sqlite3.Connection) -> None:
    """Bounds what any SQL may make a /data connection do: value length, patterns, functions, result size."""
    con.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, VALUE_LIMIT)
    con.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, PATTERN_LIMIT)
    con.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
    con.set_authorizer(_authorizer)
    for name in ("printf", "format"):
        con.create_function(name, -1, _guarded(name), deterministic=True)
    for name, arguments in LINEAR.items():
        con.create_function(name, arguments, _linear(name), deterministic=True)
    con.row_factory = _result_size.row


@hookimpl
def prepare_connection(conn: sqlite3.Connection, database: str, datasette: Any) -> None:
    """Every /data connection is bounded (harden) and can call the law's own functions (sql_functions), which the
    canned queries use rather than restating the rules in SQL."""
    if database != "_internal":
        harden(conn)
        sql_functions.register(conn)


# -- errors ------------------------------------------------------------------------------------------------------


def _classified(exception: Exception, datasette: Any) -> tuple[int, str, str | Markup]:
    """(status, title, message) for an error under /data. A request Datasette cannot answer as asked is a 4xx;
    a file it cannot read is a 503, as the portal's pages say; only a fault in the code is a 500."""
    if isinstance(exception, Base400):
        return exception.status, "", str(exception.args[0] if exception.args else "")
    if isinstance(exception, DatasetteError):
        if exception.title == "SQL Interrupted":  # Datasette's message carries an inline script (and the SQL)
            limit = datasette.setting("sql_time_limit_ms")
            return 400, "SQL Interrupted", f"The query took longer than the time limit ({limit:,} ms) and was stopped."
        message = Markup(exception.message) if exception.message_is_html else exception.message
        # Datasette raises its 500 for a request it cannot answer (`_sort=unknown`): a bad request.
        return (400 if exception.status == 500 else exception.status), exception.title or "", message
    if isinstance(exception, DatabaseUnavailable):
        return exception.status, exception.title, exception.message
    if isinstance(exception, sqlite3.DataError):  # a value or a result over its limit
        return 400, "Too big", str(exception)
    if isinstance(exception, sqlite3.OperationalError):
        return 400, "Invalid SQL", str(exception)
    if isinstance(exception, sqlite3.DatabaseError):  # malformed, not a database: the file, not the request
        return 503, "Database damaged", f"the public database cannot be read: {exception}"
    return 500, "Error", "Something went wrong on the server; it has been logged."


async def error_response(datasette: Any, request: Any, status: int, title: str, message: str | Markup) -> Response:
    """An error as Datasette shows one: JSON for a .json address, otherwise its error page."""
    info = {"ok": False, "error": message, "status": status, "title": title or None}
    if request.path.split("?")[0].endswith(".json"):
        return Response.json(info, status=status)
    html = await datasette.render_template([f"{status}.html", "error.html"], info, request=request)
    return Response.html(html, status=status)


@hookimpl(tryfirst=True)
def handle_exception(datasette: Any, request: Any, exception: Exception) -> Any:
    """One line in the log for an error a request caused (bad SQL, the time limit, an unknown table), a traceback
    only for a fault in the code. Datasette's own handler printed every error, 404s too, as a traceback with its
    local variables, and answered 500 for an unreadable file."""

    async def inner() -> Response:
        status, title, message = _classified(exception, datasette)
        # A query SQLite refused has had its line already: Datasette's Database.execute writes it, with the SQL.
        logged = isinstance(exception, sqlite3.Error) or isinstance(exception.__context__, sqlite3.Error)
        if status == 500:
            log.error("/data%s: %s", request.path, "".join(traceback.format_exception(exception)).rstrip())
        elif status != 404 and not logged:
            log.warning("/data%s: %s %s: %s", request.path, status, title, str(message)[:200].replace("\n", " "))
        return await error_response(datasette, request, status, title, message)

    return inner


# -- pages -------------------------------------------------------------------------------------------------------


@hookimpl
def extra_template_vars(request: Any) -> dict[str, Any]:
    """The nonce the Content-Security-Policy of this response names (portal/middleware.py): inline scripts that
    carry it run; any other inline script does not."""
    return {"csp_nonce": request.scope.get("pinfold.nonce", "") if request is not None else ""}


ANIMAL_ID = re.compile(r"[a-z0-9-]+-[0-9a-f]{16}")


@hookimpl
def render_cell(row: Any, value: Any, column: str, table: str | None, database: str) -> Any:
    """In a query's results (canned or typed), an animal's id links to the animal on the portal: its dues, its
    deadlines, its notice. `impoundment_id` is always one; an `id` beside its `pound_id` is one when it is that
    pound's id and a hash, as the ingest makes them (`tcr-corp-02b0e739ca37b2af`)."""
    if table is not None or not isinstance(value, str):
        return None
    keys = row.keys() if hasattr(row, "keys") else []
    animal = column == "impoundment_id" and ANIMAL_ID.fullmatch(value)
    if column == "id" and "pound_id" in keys and isinstance(row["pound_id"], str):
        animal = value.startswith(row["pound_id"] + "-") and ANIMAL_ID.fullmatch(value)
    if not animal:
        return None
    return Markup(f'<a href="/animals/{quote(value, safe="")}">{escape(value)}</a>')


# -- the map of pounds -------------------------------------------------------------------------------------------
# datasette-cluster-map's own script puts any value of a popup's `link` in an href: a query of the SQL box could
# make it `javascript:...` (a reflected XSS on the portal's origin). Pinfold serves its own copy of the script
# (portal/datasette_static/cluster-map.js: http(s) links only, and the map framed on where most pounds are) in
# place of the plugin's, and keeps the plugin's configuration and its marker-cluster files.


@hookimpl
def extra_js_urls(database: str, table: str, columns: Any, view_name: str, datasette: Any) -> list[dict[str, Any]]:
    if not datasette_cluster_map.find_columns(database, table, columns, view_name, datasette):
        return []
    return [{"url": datasette.urls.path("-/pinfold/cluster-map.js"), "module": True}]


@hookimpl
def extra_body_script(database: str, table: str, columns: Any, view_name: str, datasette: Any) -> Any:
    return datasette_cluster_map.extra_body_script(database, table, columns, view_name, datasette)


@hookimpl
def extra_css_urls(datasette: Any) -> list[str]:
    """Labels, contrast and wrapping for /data's pages (portal/datasette_static/data.css)."""
    return [datasette.urls.path("-/pinfold/data.css")]


# Plugins taken out: datasette-cluster-map's script (replaced, above), Datasette's handler that printed every error
# as a traceback (replaced, above), and datasette-vega (no longer a dependency; unregistered should an install bring
# it), whose charts compile field names into functions with
# `new Function` (eval), which /data's Content-Security-Policy forbids: on every page it raised a CSP error.
UNREGISTERED = ("cluster_map", "datasette.handle_exception", "vega")


def register() -> None:
    """Once per process: this plugin in, the plugins it replaces out (UNREGISTERED)."""
    if pm.get_plugin("pinfold") is not None:
        return
    for name in UNREGISTERED:
        if pm.get_plugin(name) is not None:
            pm.unregister(name=name)
    pm.register(__import__(__name__, fromlist=["_"]), name="pinfold")
