"""The JSON API: what an animal costs to claim on a day, and search. Errors are JSON with their status."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, Response
from pydantic_core import to_json

from ..deps import DbDep, KnownParameters, SearchDep, TodayDep, VersionDep
from ..errors import BadRequest, NotFound
from ..law import auction_of, due_for, due_json, rulebook, shown_on
from ..models import Due, Impoundment, SearchPage
from ..render import ENV
from ..search import animal, animal_on, parse_date, search

router = APIRouter(prefix="/api", tags=["api"], dependencies=[KnownParameters])


@router.get(
    "/impoundments/{impoundment_id}/due",
    summary="What it costs to claim an animal on a day, and its deadlines",
    response_model=Due,
)
async def due(  # by key, so on the event loop, as the animal pages (routes/pages.py)
    impoundment_id: str,
    con: DbDep,
    today: TodayDep,
    version: VersionDep,
    on: str | None = Query(
        None,
        description="YYYY-MM-DD; default today in India, or the last day to claim before auction when the register "
        "records no outcome a month after the earliest auction day (register_silent)",
    ),
) -> dict[str, Any]:
    asked = parse_date(on[:40] if on else on, "on")
    # its whereabouts on the day asked: a day gone by, as the register stood then (an outcome later had not happened)
    a = (
        animal_on(con, impoundment_id, asked)
        if asked and asked < today
        else animal(con, impoundment_id, asked or today)
    )
    if a is None:
        raise NotFound(f"no impoundment with id '{impoundment_id[:80]}'")
    day = asked or shown_on(a, today)
    if day < dt.date.fromisoformat(a["brought_on"]):
        raise BadRequest(f"on={day.isoformat()} is before the animal was brought ({a['brought_on']})")
    return due_json(a, due_for(a, rulebook(con, version), day), today, auction_of(con, impoundment_id))


@router.get("/impoundments/{impoundment_id}", summary="One impoundment (public columns)", response_model=Impoundment)
async def impoundment(impoundment_id: str, con: DbDep, today: TodayDep) -> dict[str, Any]:
    a = animal(con, impoundment_id, today)  # days_in_pound and whereabouts counted as the list counts them
    if a is None:
        raise NotFound(f"no impoundment with id '{impoundment_id[:80]}'")
    return a


@router.get("/impoundments", summary="Search impoundments as an owner would", response_model=SearchPage)
def search_json(
    con: DbDep,
    today: TodayDep,
    query: SearchDep,
    limit: int = Query(50, ge=1, le=500),
    offset: int = Query(0, ge=0, le=1_000_000),
) -> Response:
    """A page of search() as SearchPage's JSON. Written here, in the model's field order, with the serialiser FastAPI
    uses after validating a returned dict against the model (the same bytes: tests/test_api.py holds them to it), but
    without that validation of rows the search itself made: FastAPI runs it for a sync route in a second trip through
    the render threads, so each new search waited for a thread twice (at 16 connections, behind 15 others' renders)."""
    found = search(con, query, today, limit=limit, offset=offset)
    page = {"total": found.total, "in_pound_now": found.in_pound_now, "limit": limit, "offset": offset}
    return Response(to_json({**page, "rows": found.rows}), media_type="application/json")


@router.get("/docs", include_in_schema=False)
async def docs() -> HTMLResponse:
    """The API's interactive documentation: Swagger UI over /api/openapi.json, every file served from here."""
    return HTMLResponse(ENV.get_template("api_docs.html").render())
