"""Datasette at /data, in the same process and port.

Mounting Datasette under a path breaks its links unless it sees the path a reverse proxy would give it: so the
/data prefix is stripped from `path` and `raw_path` before Datasette sees the request, and `base_url` puts it
back on every link it makes (pagination, facets, exports, plugin assets).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

import yaml
from datasette.app import Datasette
from datasette.database import Database

from .settings import Settings

PREFIX = "/data"


def table_counts(path: Path) -> dict[str, dict[str, int]]:
    """Every table's row count, computed once: the file is immutable, so Datasette never has to count."""
    con = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        names = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {n: {"count": con.execute(f'SELECT count(*) FROM "{n}"').fetchone()[0]} for n in names}
    finally:
        con.close()


def make_datasette(settings: Settings) -> Datasette:
    metadata = yaml.safe_load(settings.metadata.read_text(encoding="utf-8"))
    ds = Datasette(
        metadata=metadata,
        template_dir=str(Path(__file__).with_name("datasette_templates")),
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
    path = settings.database
    if "_memory" in ds.databases:  # added when Datasette starts without files; only the public database is served
        ds.remove_database("_memory")
    ds.add_database(Database(ds, path=str(path), is_mutable=False), name="pounds")
    ds.inspect_data = {
        "pounds": {"hash": None, "size": path.stat().st_size, "file": str(path), "tables": table_counts(path)}
    }
    return ds


class StripPrefix:
    """ASGI: /data/pounds/impoundments -> /pounds/impoundments, as a reverse proxy would pass it on."""

    def __init__(self, app: Any, prefix: str = PREFIX):
        self.app, self.prefix = app, prefix

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope["path"][len(self.prefix) :] or "/"
        raw = scope.get("raw_path") or scope["path"].encode()
        raw = raw[len(self.prefix) :] or b"/"
        await self.app(dict(scope, path=path, raw_path=raw, root_path=""), receive, send)


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
