"""A pound's or a district's printable daily list (issue 27), for a panchayat notice board: the animals brought in
since yesterday and those in the pound now whose last day to claim falls this week or has passed (they may be sold
any day: the most urgent of all), on one A4 page.

    daily(con, 2026-12-02, pound='tcr-ollur') -> Daily(brought=[...], closing=[...], brought_all=3, closing_all=5)
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from dataclasses import dataclass
from typing import Any

from pinfold.law.status import IN_POUND

from .search import decorate, select

# At most this many of each list are printed, so the page stays one A4 sheet; the rest are counted and linked.
PRINTED = 8
WEEK = 7  # today and the six days after it


@dataclass
class Daily:
    brought: list[dict[str, Any]]
    closing: list[dict[str, Any]]
    brought_all: int
    closing_all: int
    since: dt.date
    week_end: dt.date


def _where(pound: str | None, district: str | None) -> tuple[str, dict[str, str]]:
    """('p1', None) -> ('i.pound_id = :place', {'place': 'p1'}); (None, 'Thrissur') -> ('i.district = :place', ...)."""
    if pound is not None:
        return "i.pound_id = :place", {"place": pound}
    return "i.district = :place", {"place": district or ""}


def daily(con: sqlite3.Connection, today: dt.date, pound: str | None = None, district: str | None = None) -> Daily:
    """The day's list for a pound (or a district): brought on yesterday or today, oldest first; in the pound now
    (status.whereabouts: the register not silent on it) with its last day to claim six days on at the latest, passed
    ones first (may be sold any day), then the nearest."""
    where, params = _where(pound, district)
    since, week_end = today - dt.timedelta(days=1), today + dt.timedelta(days=WEEK - 1)
    brought_sql = f"{select(today)} WHERE {where} AND i.brought_on BETWEEN :since AND :today"
    in_pound = ", ".join(repr(s) for s in IN_POUND)
    closing_sql = f"""SELECT * FROM ({select(today)} WHERE {where} AND i.status IN ({in_pound}))
                      WHERE in_pound_now AND last_day_to_claim <= :week_end"""
    args = {**params, "since": since.isoformat(), "today": today.isoformat(), "week_end": week_end.isoformat()}
    brought = [dict(r) for r in con.execute(f"{brought_sql} ORDER BY i.brought_at, i.id LIMIT {PRINTED}", args)]
    closing = [dict(r) for r in con.execute(f"{closing_sql} ORDER BY last_day_to_claim, id LIMIT {PRINTED}", args)]
    return Daily(
        brought=decorate(brought, today),
        closing=decorate(closing, today),
        brought_all=con.execute(f"SELECT count(*) FROM ({brought_sql})", args).fetchone()[0],
        closing_all=con.execute(f"SELECT count(*) FROM ({closing_sql})", args).fetchone()[0],
        since=since,
        week_end=week_end,
    )
