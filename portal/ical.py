"""Auctions as iCalendar: stable UIDs, a VTIMEZONE for Asia/Kolkata (a 10:00 auction is 10:00 IST, never 15:30),
location and lots."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Calendar, Component, Event

from pinfold.law.clock import ZONE_NAME
from pinfold.vocabulary import head_of

from .i18n import FEED_ML, head_label, t

KOLKATA = ZoneInfo(ZONE_NAME)


# The fields of a feed_auctions row an event is made from: an event's text is a function of them (and the base URL and
# the stamp), so it is made once and kept (a calendar of 500 auctions took 123 ms to render, most of a new filter's).
EVENT_FIELDS = (
    "atom_id",
    "starts_at",
    "status",
    "lots",
    "head_count",
    "place",
    "district",
    "atom_summary",
    "atom_link",
    "sequence",
    "modified_at",
    "lots_json",
)


# A row's EVENT_FIELDS, in order, as event_ical takes them: one C call a row (500 a calendar), not a generator's twelve.
event_fields: Callable[[dict[str, Any]], tuple[Any, ...]] = itemgetter(*EVENT_FIELDS)


def lots_in_malayalam(lots_json: str | None, lots: int | None) -> str | None:
    """An auction's first lots (feed_auctions.lots_json) in Malayalam, as its lot_summary says them in English:
    ('[[1, 2, "cow", "black"]]', 1) -> 'ലോട്ട് 1: 2 പശു (black)'; more lots than listed: '...; കൂടാതെ 5 ലോട്ടുകൾ കൂടി';
    none -> None."""
    listed = [
        FEED_ML["auction_lot"].format(
            n=n, animal=head_label(head or 0, species or "", "ml"), description=f" ({about})" if about else ""
        )
        for n, head, species, about in json.loads(lots_json or "[]")
    ]
    if (lots or 0) > len(listed):
        listed.append(FEED_ML["auction_more"].format(n=(lots or 0) - len(listed)))
    return "; ".join(listed) or None


@lru_cache(maxsize=1)
def kolkata_vtimezone() -> Component:
    """Asia/Kolkata as the VTIMEZONE icalendar adds for an event at 10:00 IST, made once: icalendar makes it by
    walking the zone's offsets from 1970 to 2038, 13 ms a calendar (most of a new filter's render at 1M rows)."""
    cal, probe = Calendar(), Event()
    probe.add("dtstart", dt.datetime(2026, 1, 1, tzinfo=KOLKATA))
    cal.add_component(probe)
    cal.add_missing_timezones()
    (zone,) = cal.walk("VTIMEZONE")
    return zone


@lru_cache(maxsize=8192)
def event_ical(fields: tuple[Any, ...], base_url: str, stamp: dt.datetime, lang: str = "en") -> bytes:
    """One auction's VEVENT, as bytes ending in a line break: (values of EVENT_FIELDS, base URL, stamp, language)
    -> bytes; its words in English or Malayalam (lang='ml'), the register's own text as written."""
    r = dict(zip(EVENT_FIELDS, fields, strict=True))
    # a day alone (a proposed auction: no hour is fixed, K s.13(3)) is a day's event (RFC 5545 3.6.1: DTSTART as DATE)
    day_only = len(r["starts_at"]) == 10
    start = dt.datetime.fromisoformat(r["starts_at"]).replace(tzinfo=KOLKATA)
    ev = Event()
    ev.add("uid", f"{r['atom_id']}@pinfold")
    # Without a METHOD, DTSTAMP is when the event's information was last revised (RFC 5545 3.8.7.2): the ingest that
    # last changed the auction (ingest/auction_history.py), as LAST-MODIFIED, in UTC (3.8.7.3); SEQUENCE counts those
    # changes, so a client replaces the event it holds (3.8.7.4). A database without versions: the file's time.
    modified = dt.datetime.fromisoformat(r["modified_at"]).astimezone(dt.UTC) if r["modified_at"] else None
    ev.add("dtstamp", modified or stamp)
    if modified:
        ev.add("last-modified", modified)
    ev.add("sequence", r["sequence"] or 0)
    if day_only:
        ev.add("dtstart", start.date())
        ev.add("dtend", start.date() + dt.timedelta(days=1))
    else:
        ev.add("dtstart", start)
        ev.add("dtend", start + dt.timedelta(hours=2))
    proposed = r["status"] == "proposed"
    status = t("calendar_proposed_status", lang) if proposed else r["status"]
    if lang == "ml" and not proposed:
        status = t(f"auction_{r['status']}", lang)
    # a proposed auction is the earliest day the Act allows, not a day anyone fixed: tentative (RFC 5545)
    ev.add("status", "TENTATIVE" if proposed else "CONFIRMED")
    # an auction the Director fixed before any animal is known to be in it is one all the same (K s.13(3))
    if not r["lots"]:
        lots = t("calendar_no_lots", lang)
    elif lang == "ml":
        lots = f"{r['lots']} ലോട്ട്, {r['head_count']} {t('calendar_head', lang)}"
    else:
        lots = f"{head_of(r['lots'], 'lot')}, {r['head_count']} head"
    ev.add("summary", f"{t('calendar_proposed' if proposed else 'calendar_auction', lang)}: {lots} — {r['place']}")
    ev.add("location", f"{r['place']}, {r['district']}")
    said = lots_in_malayalam(r["lots_json"], r["lots"]) if lang == "ml" else r["atom_summary"]
    listed = said or t("calendar_none_yet", lang)
    ev.add("description", f"{t('calendar_public', lang)}, {status}. {listed}\n{base_url}{r['atom_link']}")
    ev.add("url", base_url + r["atom_link"])
    return bytes(ev.to_ical())


def render_calendar(
    rows: list[dict[str, Any]], base_url: str, stamp: dt.datetime, label: str = "", lang: str = "en"
) -> bytes:
    """Auction rows of the feed_auctions contract -> iCalendar bytes, named by the search's filters (`label`): the
    calendar's own lines and its VTIMEZONE around each event's kept text (event_ical)."""
    cal = Calendar()
    cal.add("prodid", "-//Pinfold//Cattle pound auctions//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", t("calendar_name", lang) + (f" — {label[:120]}" if label else ""))
    cal.add("x-wr-timezone", ZONE_NAME)
    if rows:  # the zone the events' times are in
        cal.add_component(kolkata_vtimezone())
    head, end = bytes(cal.to_ical()).rsplit(b"END:VCALENDAR", 1)
    events = b"".join(event_ical(event_fields(r), base_url, stamp, lang) for r in rows)
    return head + events + b"END:VCALENDAR" + end
