"""Dependencies as named Annotated aliases."""

from __future__ import annotations

import asyncio
import datetime as dt
import sqlite3
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import Depends, Query, Request

from . import db
from .errors import BadRequest
from .i18n import LANGS, district_label
from .scopes import scoped_path
from .search import Query as SearchQuery
from .search import parse_query
from .settings import Settings


async def app_settings(request: Request) -> Settings:
    """The Settings the app was made with (create_app(settings); by default get_settings(), from the environment).

    Kept on the app rather than swapped in with FastAPI's dependency_overrides: an override makes FastAPI
    inspect the replacement's signature again on every request, which cost an uncached page 1.5 ms."""
    settings: Settings = request.app.state.settings
    return settings


SettingsDep = Annotated[Settings, Depends(app_settings)]


# The dependencies are async: they never block (a stat, opening a read-only file), and a sync dependency costs a
# hop through the thread pool each, which was most of an uncached page's time.


async def get_db(request: Request) -> AsyncIterator[sqlite3.Connection]:
    """A connection to the file served; for one pound's or one animal's page, to the newest file even while it
    waits to be served (portal/scopes.py Scopes.hold): an animal a clerk just published, or an alert links, is
    there at once."""
    pool: db.Pool = request.app.state.pool
    taken, con = pool.take(newest=scoped_path(request.scope["path"]))
    try:
        yield con
    except BaseException as e:  # cancelled: a sync page may still be reading through it in its thread (Pool.give)
        pool.give(taken, con, finished=not isinstance(e, asyncio.CancelledError))
        raise
    pool.give(taken, con)


DbDep = Annotated[sqlite3.Connection, Depends(get_db)]


def lang_of(request: Request) -> str:
    """?lang= wins, then the remembered cookie, then English."""
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "en"
    return lang if lang in LANGS else "en"


async def get_lang(request: Request) -> str:
    return lang_of(request)


LangDep = Annotated[str, Depends(get_lang)]


async def get_today(settings: SettingsDep) -> dt.date:
    return settings.today_in_india()


TodayDep = Annotated[dt.date, Depends(get_today)]


async def get_version(con: DbDep, settings: SettingsDep) -> str:
    """The version of the file this request reads (its connection's), else the path's."""
    return getattr(con, "version", "") or db.version(settings.database)


VersionDep = Annotated[str, Depends(get_version)]


async def get_search(
    con: DbDep,
    q: str = Query("", description="words of the kind, colour and marks, or an ear tag (KL-07-1234, a 12-digit UID)"),
    species: str = Query("", description="kind of cattle, in any of the register's words"),
    district: str = Query(""),
    pound: str = Query("", description="pound id"),
    date_from: str = Query("", alias="from", description="brought on or after, YYYY-MM-DD"),
    date_to: str = Query("", alias="to", description="brought on or before, YYYY-MM-DD"),
) -> SearchQuery:
    """The owner's search, read one way for the page, the JSON API, the feeds and the calendar.

    A district or pound the database does not know is a 400 naming the known ones: a saved search's feed with a
    misspelt district would otherwise stay empty for ever, and its reader would never know why."""
    query = parse_query(q, species, district, pound, date_from, date_to)
    if query.district:
        known = db.districts(con)
        match = next((d for d in known if d.lower() == query.district.lower()), None)
        if match is None:
            raise BadRequest(
                f"there is no district called '{query.district[:60]}': use one of {', '.join(known)}",
                ml=f"'{query.district[:60]}' എന്ന ജില്ല ഇല്ല: ഇവയിലൊന്ന് ഉപയോഗിക്കുക: "
                + ", ".join(district_label(d, "ml") for d in known),
                param="district",
            )
        query.district = match
    found = con.execute("SELECT name FROM pounds WHERE id = ?", (query.pound,)).fetchone() if query.pound else None
    query.pound_name = str(found[0]) if found else ""
    if query.pound and found is None:
        raise BadRequest(
            f"there is no pound with id '{query.pound[:60]}': the pounds and their ids are at /pounds",
            ml=f"'{query.pound[:60]}' എന്ന ഐഡിയുള്ള പൗണ്ട് ഇല്ല: പൗണ്ടുകളും ഐഡികളും /pounds എന്ന പേജിൽ",
            param="pound",
        )
    return query


SearchDep = Annotated[SearchQuery, Depends(get_search)]

# Added by newsletters and social sites to any link; never a filter, so never refused.
TRACKING = ("utm_", "fbclid", "gclid", "mc_")


def _query_names(dependant: Any) -> set[str]:
    """The query parameters a route and its dependencies declare, by the names a URL uses."""
    names = {p.alias for p in dependant.query_params}
    for sub in dependant.dependencies:
        names |= _query_names(sub)
    return names


async def known_parameters(
    request: Request,
    lang: Literal["en", "ml"] | None = Query(
        None, description="language of pages and messages: en (English) or ml (Malayalam); remembered in a cookie"
    ),
) -> None:
    """Refuses a query parameter the route does not take: `?distrct=Thrissur` is a 400 naming what it takes,
    not a feed of all Kerala. Used by the API, the feeds and the calendar (pages ignore strangers)."""
    route = request.scope.get("route")
    if route is None or not hasattr(route, "dependant"):
        return
    known = _query_names(route.dependant)
    unknown = sorted(k for k in request.query_params if k not in known and not k.startswith(TRACKING))
    if unknown:
        raise BadRequest(f"unknown parameter '{unknown[0][:40]}': this address takes {', '.join(sorted(known))}")


KnownParameters = Depends(known_parameters)
