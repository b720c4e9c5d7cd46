"""RSS 2.0 and Atom for impoundments, notices and auctions, and auctions as iCalendar. Rendered per request;
the response cache in front (portal/middleware.py) keeps each render per database version, day and URL."""

from __future__ import annotations

import datetime as dt
import os
from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..deps import DbDep, KnownParameters, SearchDep, SettingsDep, TodayDep
from ..errors import NotFound
from ..feeds import CALENDAR, CALENDAR_KEEPS_DAYS, FEEDS, calendar_rows, feed_rows, filters, render_feed
from ..ical import render_calendar

router = APIRouter(tags=["feeds"], dependencies=[KnownParameters])

MEDIA = {"rss": "application/rss+xml; charset=utf-8", "atom": "application/atom+xml; charset=utf-8"}


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _updated(settings: SettingsDep) -> dt.datetime:
    try:
        return dt.datetime.fromtimestamp(os.stat(settings.database).st_mtime, dt.UTC)
    except OSError:
        return dt.datetime.now(dt.UTC)


@router.get(
    "/feeds/{name}.{fmt}",
    summary="Impoundments, notices, auctions or corrections to the registers as RSS 2.0 or Atom",
    response_class=Response,
    responses={200: {"content": {"application/rss+xml": {}, "application/atom+xml": {}}, "description": "The feed"}},
)
def feed(
    request: Request,
    name: str,
    fmt: Literal["rss", "atom"],
    con: DbDep,
    settings: SettingsDep,
    today: TodayDep,
    query: SearchDep,
) -> Response:
    spec = FEEDS.get(name)
    if spec is None:
        raise NotFound(
            f"There is no feed called '{name[:40]}': try impounded, notices, auctions or changes.",
            ml=f"'{name[:40]}' എന്ന പേരിൽ ഫീഡ് ഇല്ല: impounded, notices, auctions, changes എന്നിവയിലൊന്ന് ഉപയോഗിക്കുക.",
        )

    rows = feed_rows(con, spec, *filters(con, query, spec, today, settings.feed_size), today, settings.feed_size)
    body = render_feed(spec, rows, fmt, _base(request), str(request.url), _updated(settings), query)
    return Response(body, media_type=MEDIA[fmt])


@router.get(
    "/calendar/auctions.ics",
    summary="Auctions as iCalendar events (Asia/Kolkata)",
    response_class=Response,
    responses={200: {"content": {"text/calendar": {}}, "description": "The calendar"}},
)
def auctions_calendar(
    request: Request, con: DbDep, settings: SettingsDep, today: TodayDep, query: SearchDep
) -> Response:
    where, params = filters(con, query, CALENDAR, today, 500)
    params["since"] = (today - dt.timedelta(days=CALENDAR_KEEPS_DAYS)).isoformat()
    rows = calendar_rows(con, where, params, today, 500)
    body = render_calendar(rows, _base(request), _updated(settings), query.label)
    return Response(body, media_type="text/calendar; charset=utf-8")
