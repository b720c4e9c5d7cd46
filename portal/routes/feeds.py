"""RSS 2.0 and Atom for impoundments, notices and auctions, and auctions as iCalendar. Rendered per request;
the response cache in front (portal/middleware.py) keeps each render per database version, day and URL."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response

from ..deps import DbDep, KnownParameters, SearchDep, SettingsDep, TodayDep
from ..errors import NotFound
from ..feeds import CALENDAR, CALENDAR_KEEPS_DAYS, FEEDS, calendar_rows, feed_rows, filters, render_feed
from ..i18n import t
from ..ical import render_calendar
from ..render import render

router = APIRouter(tags=["feeds"], dependencies=[KnownParameters])

# a feed's address answers a browser with a page and a reader with the feed (the response cache's key says which)
VARY = "Cookie, Accept-Encoding, Accept"
MEDIA = {"rss": "application/rss+xml; charset=utf-8", "atom": "application/atom+xml; charset=utf-8"}


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _lang(request: Request) -> str:
    """A feed's or calendar's language is its address's (?lang=ml), never the cookie's: a reader fetches the address
    it was given, and the response cache keeps one render per address."""
    return "ml" if request.query_params.get("lang") == "ml" else "en"


def _updated(request: Request) -> dt.datetime:
    """When the file served was made (a new one at the path may wait to be served: portal/scopes.py hold)."""
    modified = request.app.state.pool.served.stamp()[1]
    return dt.datetime.now(dt.UTC) if modified is None else dt.datetime.fromtimestamp(modified, dt.UTC)


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

    lang = _lang(request)
    where, params = filters(con, query, spec, today, settings.feed_size)
    rows = feed_rows(con, spec, where, params, today, settings.feed_size, lang)
    body = render_feed(spec, rows, fmt, _base(request), str(request.url), _updated(request), query, lang)
    if "text/html" in request.headers.get("accept", ""):
        # a browser shows a feed as a wall of XML (and is dropping XSLT): it gets a page saying what a feed is, how
        # to follow it, and the same entries; readers never ask for HTML
        label = query.label_in(lang)
        title = t(f"feed_title_{spec.view}", lang) + (f" — {label[:120]}" if label else "")
        page = render(request, "feed_page.html", lang, today, title=title, rows=rows, address=str(request.url))
        page.headers["Vary"] = VARY
        return page
    return Response(body, media_type=MEDIA[fmt], headers={"Vary": VARY})


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
    lang = _lang(request)
    body = render_calendar(rows, _base(request), _updated(request), query.label_in(lang), lang)
    return Response(body, media_type="text/calendar; charset=utf-8")
