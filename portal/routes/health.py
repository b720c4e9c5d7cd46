from __future__ import annotations

from fastapi import APIRouter

from ..deps import DbDep

router = APIRouter(tags=["health"])


@router.get("/healthz", summary="200 when the public database is readable")
async def healthz(con: DbDep) -> dict[str, object]:
    n = con.execute("SELECT count(*) FROM pounds").fetchone()[0]
    version = con.execute("SELECT data_version FROM ingest_summary").fetchone()
    return {"ok": True, "pounds": n, "data_version": version[0] if version else None}
