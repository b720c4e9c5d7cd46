"""Dependencies as named Annotated aliases."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Query, Request

from . import db
from .i18n import LANGS
from .search import Query as SearchQuery
from .search import parse_query
from .settings import Settings, get_settings

SettingsDep = Annotated[Settings, Depends(get_settings)]


def get_db(settings: SettingsDep) -> Iterator[sqlite3.Connection]:
    con = db.connect(settings.database)
    try:
        yield con
    finally:
        con.close()


DbDep = Annotated[sqlite3.Connection, Depends(get_db)]


def get_lang(request: Request) -> str:
    """?lang= wins, then the remembered cookie, then English."""
    lang = request.query_params.get("lang") or request.cookies.get("lang") or "en"
    return lang if lang in LANGS else "en"


LangDep = Annotated[str, Depends(get_lang)]


def get_today(settings: SettingsDep) -> dt.date:
    return settings.today_in_india()


TodayDep = Annotated[dt.date, Depends(get_today)]


def get_version(settings: SettingsDep) -> str:
    return db.version(settings.database)


VersionDep = Annotated[str, Depends(get_version)]


def get_search(
    q: str = Query("", description="words of the kind, colour and marks, or an ear tag (KL-07-1234, a 12-digit UID)"),
    species: str = Query("", description="kind of cattle, in any of the register's words"),
    district: str = Query(""),
    pound: str = Query("", description="pound id"),
    date_from: str = Query("", alias="from", description="brought on or after, YYYY-MM-DD"),
    date_to: str = Query("", alias="to", description="brought on or before, YYYY-MM-DD"),
) -> SearchQuery:
    """The owner's search, read one way for the page, the JSON API, the feeds and the calendar."""
    return parse_query(q, species, district, pound, date_from, date_to)


SearchDep = Annotated[SearchQuery, Depends(get_search)]
