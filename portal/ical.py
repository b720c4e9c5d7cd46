"""Auctions as iCalendar: stable UIDs, a VTIMEZONE for Asia/Kolkata (a 10:00 auction is 10:00 IST, never 15:30),
location and lots."""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Calendar, Event

from pinfold.vocabulary import head_of

KOLKATA = ZoneInfo("Asia/Kolkata")


def render_calendar(rows: list[dict[str, Any]], base_url: str, stamp: dt.datetime, label: str = "") -> bytes:
    """Auction rows of the feed_auctions contract -> iCalendar bytes, named by the search's filters (`label`)."""
    cal = Calendar()
    cal.add("prodid", "-//Pinfold//Cattle pound auctions//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", "Pinfold: cattle pound auctions" + (f" — {label[:120]}" if label else ""))
    cal.add("x-wr-timezone", "Asia/Kolkata")
    for r in rows:
        start = dt.datetime.fromisoformat(r["starts_at"]).replace(tzinfo=KOLKATA)
        ev = Event()
        ev.add("uid", f"{r['atom_id']}@pinfold")
        ev.add("dtstamp", stamp)
        ev.add("dtstart", start)
        ev.add("dtend", start + dt.timedelta(hours=2))
        status = (
            "proposed for the earliest day the Act allows, not a day fixed for the sale"
            if r["status"] == "proposed"
            else r["status"]
        )
        proposed = r["status"] == "proposed"
        # a proposed auction is the earliest day the Act allows, not a day anyone fixed: tentative (RFC 5545)
        ev.add("status", "TENTATIVE" if proposed else "CONFIRMED")
        # an auction the Director fixed before any animal is known to be in it is one all the same (K s.13(3))
        lots = f"{head_of(r['lots'], 'lot')}, {r['head_count']} head" if r["lots"] else "lots not yet known"
        ev.add("summary", f"{'Proposed cattle auction' if proposed else 'Cattle auction'}: {lots} — {r['place']}")
        ev.add("location", f"{r['place']}, {r['district']}")
        listed = r["atom_summary"] or (
            "No animal is yet known to be in it: animals unclaimed by then may be sold (the pound's page lists them)."
        )
        ev.add("description", f"Public auction of unclaimed cattle, {status}. {listed}\n{base_url}{r['atom_link']}")
        ev.add("url", base_url + r["atom_link"])
        cal.add_component(ev)
    cal.add_missing_timezones()
    return cal.to_ical()
