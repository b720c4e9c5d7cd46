from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response

from ..deps import DbDep
from ..errors import DatabaseUnavailable

router = APIRouter(tags=["health"])


@router.get("/healthz", summary="200 when the public database is readable")
async def healthz(con: DbDep) -> dict[str, object]:
    n = con.execute("SELECT count(*) FROM pounds").fetchone()[0]
    version = con.execute("SELECT data_version FROM ingest_summary").fetchone()
    return {"ok": True, "pounds": n, "data_version": version[0] if version else None}


@router.head("/healthz", include_in_schema=False)
async def healthz_head(con: DbDep) -> Response:
    """A load balancer's or uptime monitor's HEAD: the same check, no body (FastAPI answers HEAD on a GET route 405)."""
    con.execute("SELECT count(*) FROM pounds").fetchone()
    return Response(status_code=200)


@router.get("/data/{rest:path}", include_in_schema=False)
async def data_unavailable(con: DbDep, rest: str) -> None:
    """/data when Datasette cannot serve the file (missing, or the private database): taking a connection raises
    the 503 that says why. Reached only then: otherwise Datasette answers every /data path first."""
    raise DatabaseUnavailable("the open data is not available just now")
