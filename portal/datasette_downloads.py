"""CSV exports from /data download as files (issue 28): a CSV asked for without `_dl` is answered as Datasette answers
`?_dl=1`, with `Content-Disposition: attachment; filename="<table or database>.csv"` and `text/csv`, whichever link,
form or typed address asked for it. Datasette's own behaviour, reached by an asgi_wrapper hook; registered on import
(portal/datasette_app.py imports it), before any Datasette app is built."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from datasette import hookimpl
from datasette.plugins import pm


def wants_file(path: str, query: bytes) -> bool:
    """A CSV export not yet asked to download: ('/pounds/sales.csv', b'_size=max') -> True; with `_dl=1`, or asked for
    `_trace` (a page, not a file) -> False; ('/pounds/sales.json', b'') -> False."""
    args = parse_qs(query.decode("latin-1"))
    is_csv = path.endswith(".csv") or args.get("_format") == ["csv"]
    return is_csv and "_dl" not in args and "_trace" not in args


@hookimpl
def asgi_wrapper(datasette: Any) -> Any:
    def wrap(app: Any) -> Any:
        async def downloads(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "http" and wants_file(scope["path"], scope.get("query_string", b"")):
                query = scope.get("query_string", b"")
                scope = dict(scope, query_string=query + (b"&" if query else b"") + b"_dl=1")
            await app(scope, receive, send)

        return downloads

    return wrap


if pm.get_plugin("pinfold-downloads") is None:
    pm.register(__import__(__name__, fromlist=["_"]), name="pinfold-downloads")
