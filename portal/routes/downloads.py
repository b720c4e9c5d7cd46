"""The open data package: every public table as CSV, the SQLite file and datapackage.json, from the folder the ingest
built beside the database being served (ingest/package.py). The folder is found from that database, so a page and
the files it links always belong to one ingest.

A table split per pound (a resource with several paths, one file per pound, each with the header) is still served
whole at /downloads/<table>.csv: the header, then each file's rows in the pounds' order, streamed; one pound's file
is /downloads/<table>/<file>.csv."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response, StreamingResponse

from pinfold.schema import DATAPACKAGE, SQLITE_FILE, downloads_root

from ..deps import DbDep, LangDep, SettingsDep, TodayDep
from ..errors import NotFound
from ..render import render

router = APIRouter(include_in_schema=False)

MEDIA = {".csv": "text/csv; charset=utf-8", ".json": "application/json", ".db": "application/vnd.sqlite3"}
CHUNK = 1 << 20


def package_folder(con: sqlite3.Connection, database: Path) -> Path | None:
    """The downloads of the database con reads, or None when it has none (a database from before them, or a folder
    not there)."""
    try:
        row = con.execute("SELECT downloads FROM ingests ORDER BY id DESC LIMIT 1").fetchone()
    except sqlite3.OperationalError:
        return None
    if not row or not row[0]:
        return None
    folder = downloads_root(database) / row[0]
    return folder if (folder / DATAPACKAGE).is_file() else None


@lru_cache(maxsize=8)
def _descriptor(folder: Path) -> dict[str, Any]:
    """datapackage.json of a generation (a folder never changes once built: read once)."""
    return dict(json.loads((folder / DATAPACKAGE).read_text(encoding="utf-8")))


def _paths(resource: dict[str, Any]) -> list[str]:
    """A resource's files: {'path': 'pounds.csv'} -> ['pounds.csv']; a split table's {'path': ['sales/a.csv',
    'sales/b.csv']} -> both."""
    path = resource["path"]
    return [path] if isinstance(path, str) else list(path)


def _whole(resource: dict[str, Any]) -> str:
    """The address of a table whole: its file, or for a split table '<name>.csv' (served from its parts)."""
    return resource["path"] if isinstance(resource["path"], str) else f"{resource['name']}.csv"


@router.get("/downloads", response_class=HTMLResponse)
def downloads_page(  # counts rows (a tenth of a second at 1M): in the thread pool, not on the event loop
    request: Request, con: DbDep, lang: LangDep, today: TodayDep, settings: SettingsDep
) -> HTMLResponse:
    folder = package_folder(con, settings.database)
    package = _descriptor(folder) if folder else None
    tables = [dict(r, whole=_whole(r)) for r in package["resources"] if "schema" in r] if package else []
    counts = {}
    for r in tables:  # rows per table: a count by rowid is a walk of the table's b-tree, milliseconds even at 1M
        counts[r["name"]] = con.execute(f'SELECT count(*) FROM "{r["name"]}"').fetchone()[0]
    sqlite = next((r for r in package["resources"] if r["path"] == SQLITE_FILE), None) if package else None
    return render(request, "downloads.html", lang, today, package=package, tables=tables, counts=counts, sqlite=sqlite)


def _missing(name: str) -> NotFound:
    return NotFound(
        f"There is no download called '{name[:60]}': the list is at /downloads.",
        ml=f"'{name[:60]}' എന്ന പേരിൽ ഡൗൺലോഡ് ഇല്ല: പട്ടിക /downloads-ൽ ഉണ്ട്.",
    )


def _folder(con: sqlite3.Connection, database: Path) -> Path:
    folder = package_folder(con, database)
    if folder is None:
        raise NotFound("The downloads of this database have not been built: ingest the registers again.")
    return folder


def _file(folder: Path, name: str) -> FileResponse:
    suffix = Path(name).suffix
    return FileResponse(
        folder / name,
        media_type=MEDIA.get(suffix, "application/octet-stream"),
        content_disposition_type="attachment" if suffix == ".db" else "inline",
        filename=Path(name).name,
    )


def joined(folder: Path, paths: list[str]) -> Iterator[bytes]:
    """A split table whole: the first file, then each other's bytes after its header line (every file has the same
    header; a header holds no line break). Files ['a.csv' (H, r1), 'b.csv' (H, r2)] -> H r1 r2."""
    for n, path in enumerate(paths):
        with open(folder / path, "rb") as f:
            if n:
                f.readline()
            while chunk := f.read(CHUNK):
                yield chunk


@router.get("/downloads/{name}")
async def download(name: str, con: DbDep, settings: SettingsDep) -> Response:
    folder = _folder(con, settings.database)
    package = _descriptor(folder)
    files = {r["path"] for r in package["resources"] if isinstance(r["path"], str)} | {DATAPACKAGE}
    if name in files:
        return _file(folder, name)
    split = {f"{r['name']}.csv": r for r in package["resources"] if not isinstance(r["path"], str)}
    if name not in split:
        raise _missing(name)
    resource = split[name]
    # The ETag names the data version and the table: a new ingest is a new version, whichever pounds it rewrote.
    etag = hashlib.sha1(f"{package.get('version')}|{name}".encode()).hexdigest()[:20]
    return StreamingResponse(
        joined(folder, _paths(resource)),
        media_type=MEDIA[".csv"],
        headers={
            "content-length": str(resource["bytes"]),
            "etag": f'"{etag}"',
            "content-disposition": f'inline; filename="{name}"',
        },
    )


@router.get("/downloads/{table}/{name}")
async def download_part(table: str, name: str, con: DbDep, settings: SettingsDep) -> FileResponse:
    """One pound's file of a split table, as datapackage.json lists it: /downloads/sales/tvm-corp.csv."""
    folder = _folder(con, settings.database)
    listed = {p for r in _descriptor(folder)["resources"] if not isinstance(r["path"], str) for p in r["path"]}
    if f"{table}/{name}" not in listed:
        raise _missing(f"{table}/{name}")
    return _file(folder, f"{table}/{name}")
