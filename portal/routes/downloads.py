"""The open data package: every public table as CSV, the SQLite file and datapackage.json, from the folder the ingest
built beside the database being served (ingest/package.py). The folder is found from that database, so a page and
the files it links always belong to one ingest."""

from __future__ import annotations

import json
import sqlite3
from functools import lru_cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from pinfold.schema import DATAPACKAGE, SQLITE_FILE, downloads_root

from ..deps import DbDep, LangDep, SettingsDep, TodayDep
from ..errors import NotFound
from ..render import render

router = APIRouter(include_in_schema=False)

MEDIA = {".csv": "text/csv; charset=utf-8", ".json": "application/json", ".db": "application/vnd.sqlite3"}


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


@router.get("/downloads", response_class=HTMLResponse)
def downloads_page(  # counts rows (a tenth of a second at 1M): in the thread pool, not on the event loop
    request: Request, con: DbDep, lang: LangDep, today: TodayDep, settings: SettingsDep
) -> HTMLResponse:
    folder = package_folder(con, settings.database)
    package = _descriptor(folder) if folder else None
    tables = [r for r in package["resources"] if r["path"].endswith(".csv")] if package else []
    counts = {}
    for r in tables:  # rows per table: a count by rowid is a walk of the table's b-tree, milliseconds even at 1M
        counts[r["name"]] = con.execute(f'SELECT count(*) FROM "{r["name"]}"').fetchone()[0]
    sqlite = next((r for r in package["resources"] if r["path"] == SQLITE_FILE), None) if package else None
    return render(request, "downloads.html", lang, today, package=package, tables=tables, counts=counts, sqlite=sqlite)


@router.get("/downloads/{name}")
async def download(name: str, con: DbDep, settings: SettingsDep) -> FileResponse:
    folder = package_folder(con, settings.database)
    if folder is None:
        raise NotFound("The downloads of this database have not been built: ingest the registers again.")
    files = {r["path"] for r in _descriptor(folder)["resources"]} | {DATAPACKAGE}
    if name not in files:
        raise NotFound(
            f"There is no download called '{name[:60]}': the list is at /downloads.",
            ml=f"'{name[:60]}' എന്ന പേരിൽ ഡൗൺലോഡ് ഇല്ല: പട്ടിക /downloads-ൽ ഉണ്ട്.",
        )
    suffix = Path(name).suffix
    return FileResponse(
        folder / name,
        media_type=MEDIA.get(suffix, "application/octet-stream"),
        content_disposition_type="attachment" if suffix == ".db" else "inline",
        filename=name,
    )
